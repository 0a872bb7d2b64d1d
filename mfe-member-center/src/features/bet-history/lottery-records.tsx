import { Button, formatDateTime, useCall, usePagedList, useT } from '@platform/shared';
import { BET_HISTORY_DEFAULT_PAGE_SIZE, LOTTERY_BET_STATES, type LotteryBetState } from '@platform/contract';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { useId, useState } from 'react';
import { useLotteryNames } from '../lottery-names';
import styles from './bet-history.module.css';
import { LotteryStatus } from './lottery-cells';
import { betContentText } from './lottery-format';
import { loadLotteryBets, loadLotteryGames, type LotteryBetRow, type LotteryTabDefinition, type LotteryTotals } from './lottery-records-api';
import { OrderDetailDialog } from './order-detail-dialog';
import { NAMESPACE } from './translations';

interface Filters {
  period: RecordsPeriod;
  gameCode: string;
  status: LotteryBetState | 'all';
}

const ALL = 'all';

interface LotteryRecordsProps {
  tab: LotteryTabDefinition;
  /** The period the list opens on: the one chosen last, on any tab. */
  period: RecordsPeriod;
  onPeriodChange: (period: RecordsPeriod) => void;
}

/**
 * A lottery tab of the Betting Record: the member's bets (every bet, the bets of chase orders, or
 * the Vietnam lottery's) in a period, by game and status, with the period's totals. A bet's
 * Details open its order: every round of it, and the cancel of a bet whose round is still open.
 */
export function LotteryRecords({ tab, period, onPeriodChange }: LotteryRecordsProps) {
  const { t } = useT(NAMESPACE);
  const names = useLotteryNames();
  const gameId = useId();
  const statusId = useId();
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const records = usePagedList<LotteryBetRow, Filters, LotteryTotals>(
    ({ page, pageSize, filters }, signal) =>
      loadLotteryBets(
        {
          lottoArea: tab.lottoArea,
          chaseOnly: tab.chaseOnly,
          range: periodRange(filters.period),
          gameCode: filters.gameCode === ALL ? null : filters.gameCode,
          status: filters.status === ALL ? null : filters.status,
          page,
          size: pageSize,
        },
        signal,
      ),
    { filters: { period, gameCode: ALL, status: ALL }, pageSize: BET_HISTORY_DEFAULT_PAGE_SIZE, requiresSession: true },
  );
  // The game filter's choices; without them the filter offers every game only.
  const games = useCall((signal) => loadLotteryGames(tab.lottoArea, signal), [tab.lottoArea]);

  const columns: RecordsColumn<LotteryBetRow, LotteryTotals>[] = [
    { id: 'gameName', headerKey: 'col_gameName', render: (row) => names.game(row.gameCode, row.gameName) },
    { id: 'numero', headerKey: 'col_numero', render: (row) => <span className={styles.numero}>{row.numero}</span> },
    { id: 'playName', headerKey: 'col_playName', render: (row) => names.play(row.playCode) },
    { id: 'betContent', headerKey: 'col_betContent', render: (row) => <span className={styles.betContent}>{betContentText(row.betContent)}</span> },
    { id: 'betTime', headerKey: 'col_betTime', render: (row) => <span className={styles.nowrap}>{formatDateTime(row.timeMs)}</span> },
    { id: 'betAmount', headerKey: 'col_betAmount', money: (row) => row.betMinor, total: (footer) => footer.betMinor },
    { id: 'winAmount', headerKey: 'col_winAmount', money: (row) => row.winMinor, total: (footer) => footer.winMinor },
    { id: 'rebateAmount', headerKey: 'col_rebateAmount', money: (row) => row.rebateMinor, total: (footer) => footer.rebateMinor },
    { id: 'status', headerKey: 'col_status', render: (row) => <LotteryStatus status={row.status} /> },
    {
      id: 'details',
      headerKey: 'col_details',
      render: (row) => (
        <Button variant="ghost" size="sm" aria-label={t('details_of', { orderNo: row.orderNo })} onClick={() => setOpenOrder(row.orderNo)}>
          {t('details')}
        </Button>
      ),
    },
  ];

  const gameOptions = games.status === 'success' ? games.data : [];
  return (
    <>
      <RecordsTable
        records={records}
        columns={columns}
        rowKey={(row) => row.orderDetailId}
        label={t(`tab_${tab.tab}`)}
        namespace={NAMESPACE}
        emptyTitle={t('lottery_empty')}
        filters={
          <>
            <PeriodSelect
              value={records.filters.period}
              onChange={(next) => {
                records.setFilter('period', next);
                onPeriodChange(next);
              }}
            />
            <div className={styles.filterField}>
              <label htmlFor={gameId} className={styles.filterLabel}>
                {t('filter_game')}
              </label>
              <select id={gameId} className={styles.select} value={records.filters.gameCode} onChange={(event) => records.setFilter('gameCode', event.target.value)}>
                <option value={ALL}>{t('game_all')}</option>
                {gameOptions.map((game) => (
                  <option key={game.gameCode} value={game.gameCode}>
                    {names.game(game.gameCode, game.gameName)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.filterField}>
              <label htmlFor={statusId} className={styles.filterLabel}>
                {t('filter_status')}
              </label>
              <select
                id={statusId}
                className={styles.select}
                value={records.filters.status}
                onChange={(event) => records.setFilter('status', event.target.value as Filters['status'])}
              >
                <option value={ALL}>{t('status_all')}</option>
                {LOTTERY_BET_STATES.map((status) => (
                  <option key={status} value={status}>
                    {t(`lottery_status_${status}`)}
                  </option>
                ))}
              </select>
            </div>
          </>
        }
      />
      <p className={styles.note}>{t(tab.chaseOnly ? 'chase_note' : 'lottery_note')}</p>
      {openOrder !== null && <OrderDetailDialog orderNo={openOrder} onClose={() => setOpenOrder(null)} onChanged={records.refresh} />}
    </>
  );
}

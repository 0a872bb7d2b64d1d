import { formatDateTime, usePagedList, useT } from '@platform/shared';
import { BET_HISTORY_DEFAULT_PAGE_SIZE, LOTTERY_BET_STATES, type LotteryBetState } from '@platform/contract';
import { DEFAULT_RECORDS_PERIOD, PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { FilterSelect } from '../account-details/filter-select';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import layout from '../agent-page/agent-page.module.css';
import { isUnknownMember, TeamScopeBar, TeamSearch, UnknownMember } from '../team-scope/team-scope';
import { BetStatus } from './bet-status';
import { betContentText, loadTeamBets, LOTTO_AREAS, type LottoArea, type TeamBetRow, type TeamBetTotals } from './team-betting-api';
import styles from './team-betting.module.css';
import { NAMESPACE } from './translations';
import { useLotteryNames } from './use-lottery-names';

const ALL = 'all';

interface Filters {
  period: RecordsPeriod;
  lottoArea: LottoArea;
  status: LotteryBetState | typeof ALL;
  /** A member of the downline whose team to read; '' for the agent's whole downline. */
  subordinateName: string;
}

/**
 * Team Betting: the lottery bets of the agent's whole downline, or of one member's team (typed, or
 * picked from the direct downlines), by period, lottery area and status, with the period's totals.
 * A name outside the team is said so in place of the table.
 */
export default function TeamBettingPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const names = useLotteryNames();
  const records = usePagedList<TeamBetRow, Filters, TeamBetTotals>(
    ({ filters, page, pageSize }, signal) =>
      loadTeamBets(
        {
          range: periodRange(filters.period),
          lottoArea: filters.lottoArea,
          status: filters.status === ALL ? null : filters.status,
          subordinateName: filters.subordinateName || null,
          page,
          size: pageSize,
        },
        signal,
      ),
    { filters: { period: DEFAULT_RECORDS_PERIOD, lottoArea: 'LOTT', status: ALL, subordinateName: '' }, pageSize: BET_HISTORY_DEFAULT_PAGE_SIZE, requiresSession: true },
  );
  const team = records.filters.subordinateName;

  const showTeamOf = (username: string) => records.setFilter('subordinateName', username);

  const columns: RecordsColumn<TeamBetRow, TeamBetTotals>[] = [
    { id: 'username', headerKey: 'col_username', render: (row) => <span className={styles.username}>{row.username || '-'}</span> },
    { id: 'gameName', headerKey: 'col_gameName', render: (row) => names.game(row.gameCode, row.gameName) },
    { id: 'playName', headerKey: 'col_playName', render: (row) => names.play(row.playCode) },
    { id: 'betContent', headerKey: 'col_betContent', render: (row) => <span className={styles.betContent}>{betContentText(row.betContent)}</span> },
    { id: 'numero', headerKey: 'col_numero', render: (row) => <span className={styles.numero}>{row.numero}</span> },
    { id: 'betTime', headerKey: 'col_betTime', render: (row) => <span className={styles.nowrap}>{formatDateTime(row.timeMs)}</span> },
    { id: 'betAmount', headerKey: 'col_betAmount', money: (row) => row.betMinor, total: (footer) => footer.betMinor },
    { id: 'status', headerKey: 'col_status', render: (row) => <BetStatus status={row.status} /> },
    { id: 'winAmount', headerKey: 'col_winAmount', money: (row) => row.winMinor, total: (footer) => footer.winMinor },
    { id: 'rebateAmount', headerKey: 'col_rebateAmount', money: (row) => row.rebateMinor, total: (footer) => footer.rebateMinor },
  ];

  const unknownMember = records.status === 'error' && isUnknownMember(records.error);

  return (
    <div className={layout.page} data-testid="team-betting">
      <TeamSearch team={team} onChoose={showTeamOf} testIdPrefix="team-betting" />
      <TeamScopeBar team={team} onWholeTeam={() => showTeamOf('')} testIdPrefix="team-betting">
        {team ? t('scope_team_of', { username: team }) : t('scope_whole_team')}
      </TeamScopeBar>
      {unknownMember ? (
        <UnknownMember description={t('member_unknown_hint', { username: team })} onWholeTeam={() => showTeamOf('')} testId="team-betting-unknown" />
      ) : (
        <RecordsTable
          records={records}
          columns={columns}
          rowKey={(row) => row.orderDetailId}
          label={team ? t('records_label_of', { username: team }) : t('records_label')}
          namespace={NAMESPACE}
          emptyTitle={t('empty')}
          filters={
            <>
              <PeriodSelect value={records.filters.period} onChange={(period) => records.setFilter('period', period)} />
              <FilterSelect
                label={t('filter_area')}
                value={records.filters.lottoArea}
                options={LOTTO_AREAS.map((area) => ({ value: area, label: t(`area_${area}`) }))}
                onChange={(area) => records.setFilter('lottoArea', area)}
                testId="team-betting-area"
              />
              <FilterSelect
                label={t('filter_status')}
                value={records.filters.status}
                options={[{ value: ALL, label: t('status_all') }, ...LOTTERY_BET_STATES.map((status) => ({ value: status, label: t(`status_${status}`) }))]}
                onChange={(status) => records.setFilter('status', status)}
                testId="team-betting-status"
              />
            </>
          }
        />
      )}
      <p className={layout.note}>{t('note')}</p>
    </div>
  );
}

import { Button, EmptyState, formatMoney, usePagedList, useT } from '@platform/shared';
import { RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { LoadError } from '@platform/ui-blocks';
import { useEffect, useId } from 'react';
import layout from '../agent-page/agent-page.module.css';
import { PageLoading } from '../agent-page/page-loading';
import { agentPeriodRange, useAnsweredZone } from '../agent-period';
import { formatCount } from '../team-overview/chart-scale';
import { loadTeamProfitLoss, type ProfitLossRow, type TeamFigures } from './profit-loss-api';
import styles from './team-profit-loss.module.css';
import { teamResultOf, TeamSummary } from './team-summary';
import { NAMESPACE } from './translations';

const PAGE_SIZE = 10;

const PROFIT_LOSS_CLASS = { loss: styles.loss, win: styles.win, even: styles.amount } as const;

interface TeamLevelProps {
  period: RecordsPeriod;
  /** The agent time zone the period's days are of. */
  utcOffsetMinutes: number;
  /** The member whose team to show; null for the agent's own. */
  head: string | null;
  /** Opens the team of one of this team's direct downline agents. */
  onDrill: (username: string) => void;
  /** Back to the agent's own team (the member is not in it). */
  onBackToMyTeam: () => void;
  /** The answer counted the days in another time zone: the page asks again in that one. */
  onZone: (utcOffsetMinutes: number) => void;
}

/**
 * One level of the team: the team's figures of the period and its head's direct downlines, each
 * with its own team's figures. Mounted anew for each head, so that one team's figures never stand
 * under another's name while the next level loads.
 */
export function TeamLevel({ period, utcOffsetMinutes, head, onDrill, onBackToMyTeam, onZone }: TeamLevelProps) {
  const { t } = useT(NAMESPACE);
  const headingId = useId();
  const report = usePagedList<ProfitLossRow, { period: RecordsPeriod }, TeamFigures>(
    ({ filters, page, pageSize }, signal) =>
      loadTeamProfitLoss({ range: agentPeriodRange(filters.period, utcOffsetMinutes), subordinateName: head, page, size: pageSize }, signal),
    { filters: { period }, pageSize: PAGE_SIZE, requiresSession: true },
  );
  // Another period tab: its first page (the previous period's figures stay, dimmed, meanwhile).
  const { filters, setFilter } = report;
  useEffect(() => {
    if (filters.period !== period) setFilter('period', period);
  }, [filters.period, period, setFilter]);

  const shown = report.status === 'success' ? report.data : report.status === 'loading' ? report.staleData : undefined;
  useAnsweredZone(report.status === 'success' ? report.data.footer?.utcOffsetMinutes : undefined, utcOffsetMinutes, onZone);

  if (report.status === 'error' && report.error.errorCode === 'agent.downline.unknown' && head !== null) {
    return (
      <div role="alert" data-testid="pnl-unknown">
        <EmptyState
          title={t('unknown_title')}
          description={t('unknown_hint', { username: head })}
          action={
            <Button variant="secondary" size="sm" onClick={onBackToMyTeam}>
              {t('back_to_my_team')}
            </Button>
          }
        />
      </div>
    );
  }
  if (report.status === 'error') {
    return (
      <LoadError title={t('load_failed')} error={report.error} onRetry={report.refresh} testId="pnl-error" />
    );
  }
  if (shown?.footer === undefined) {
    return <PageLoading />;
  }

  // No column has a total: the team's figures (the footer) include its head's own, so they are
  // not the rows' sum; the summary above shows them.
  const columns: RecordsColumn<ProfitLossRow, TeamFigures>[] = [
    {
      id: 'username',
      headerKey: 'col_username',
      render: (row) =>
        row.accountType === 'agent' ? (
          <button type="button" className={styles.drill} onClick={() => onDrill(row.username)} data-testid={`pnl-drill-${row.memberId}`}>
            {row.username}
          </button>
        ) : (
          <span className={styles.username}>{row.username}</span>
        ),
    },
    { id: 'type', headerKey: 'col_type', render: (row) => (row.accountType === 'agent' ? t('type_agent') : t('type_player')) },
    { id: 'teamSize', headerKey: 'col_team_size', align: 'end', render: (row) => formatCount(row.teamSize) },
    { id: 'deposits', headerKey: 'col_deposits', money: (row) => row.depositsMinor },
    { id: 'withdrawals', headerKey: 'col_withdrawals', money: (row) => row.withdrawalsMinor },
    { id: 'bets', headerKey: 'col_bets', money: (row) => row.betsMinor },
    { id: 'wins', headerKey: 'col_wins', money: (row) => row.winsMinor },
    { id: 'rebates', headerKey: 'col_rebates', money: (row) => row.rebatesMinor },
    { id: 'salaries', headerKey: 'col_salaries', money: (row) => row.salariesMinor },
    { id: 'promotions', headerKey: 'col_promotions', money: (row) => row.promotionsMinor },
    {
      id: 'profitLoss',
      headerKey: 'col_profit_loss',
      align: 'end',
      render: (row) => <span className={PROFIT_LOSS_CLASS[teamResultOf(row.profitLossMinor)]}>{formatMoney(row.profitLossMinor)}</span>,
    },
  ];
  const downlinesTitle = head === null ? t('my_downlines') : t('downlines_of', { username: head });

  return (
    <>
      <div className={report.status === 'loading' ? styles.stale : undefined}>
        <TeamSummary team={shown.footer} title={head === null ? t('my_team') : t('team_of', { username: head })} />
      </div>
      <div className={layout.section} aria-labelledby={headingId} role="group" data-testid="pnl-downlines">
        <h2 id={headingId} className={styles.heading}>
          {downlinesTitle}
        </h2>
        {shown.list.some((row) => row.accountType === 'agent') && <p className={layout.note}>{t('drill_hint')}</p>}
        <RecordsTable records={report} columns={columns} rowKey={(row) => row.memberId} label={downlinesTitle} namespace={NAMESPACE} emptyTitle={t('empty')} />
      </div>
    </>
  );
}

import { Button, EmptyState, formatMoney, Spinner, Tabs, useCall, useT } from '@platform/shared';
import { DEFAULT_RECORDS_PERIOD, RECORDS_PERIODS, type RecordsPeriod } from '@platform/shared/records';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { isUnknownMember, TeamScopeBar, TeamSearch, UnknownMember } from '../team-scope/team-scope';
import { agentPeriodRange, DEFAULT_AGENT_UTC_OFFSET_MINUTES, gmtLabel } from './agent-period';
import { formatCount } from './chart-scale';
import { GrossView } from './gross-view';
import { loadTeamOverview, type TeamOverview } from './overview-api';
import styles from './team-overview.module.css';
import { NAMESPACE } from './translations';

/** One figure of a card grid: its label, its value, and a second line (a count beside an amount). */
function FigureCard({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId: string }) {
  return (
    <div className={styles.figure} data-testid={testId}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue} data-testid={`${testId}-value`}>
        {value}
      </dd>
      {detail && <dd className={styles.figureDetail}>{detail}</dd>}
    </div>
  );
}

function TeamFigures({ overview }: { overview: TeamOverview }) {
  const { t } = useT(NAMESPACE);
  const teamId = useId();
  const statsId = useId();
  const { totals } = overview;
  return (
    <>
      <section className={styles.section} aria-labelledby={teamId}>
        <h2 id={teamId} className={styles.heading}>
          {t('team_now_title')}
        </h2>
        <dl className={styles.cards} data-testid="team-cards">
          <FigureCard testId="team-size" label={t('team_size')} value={formatCount(overview.teamSize)} />
          <FigureCard testId="direct-count" label={t('direct_count')} value={formatCount(overview.directCount)} />
          <FigureCard testId="online-users" label={t('online_users')} value={formatCount(overview.onlineUsers)} />
          <FigureCard testId="total-balance" label={t('total_balance')} value={formatMoney(overview.totalBalanceMinor)} />
        </dl>
      </section>
      <section className={styles.section} aria-labelledby={statsId}>
        <h2 id={statsId} className={styles.heading}>
          {t('stats_title')}
        </h2>
        <dl className={styles.stats} data-testid="team-stats">
          <FigureCard testId="stat-logins" label={t('stat_logins')} value={formatCount(totals.logins)} />
          <FigureCard testId="stat-registrations" label={t('stat_registrations')} value={formatCount(totals.registrations)} />
          <FigureCard testId="stat-first-deposits" label={t('stat_first_deposits')} value={formatCount(totals.firstDeposits)} />
          <FigureCard testId="stat-first-bets" label={t('stat_first_bets')} value={formatCount(totals.firstBets)} />
          <FigureCard
            testId="stat-deposits"
            label={t('stat_deposits')}
            value={formatMoney(totals.depositsMinor)}
            detail={
              <>
                {t('stat_deposit_count')} <span data-testid="stat-deposits-count">{formatCount(totals.depositCount)}</span>
              </>
            }
          />
          <FigureCard testId="stat-withdrawals" label={t('stat_withdrawals')} value={formatMoney(totals.withdrawalsMinor)} />
          <FigureCard
            testId="stat-bets"
            label={t('stat_bets')}
            value={formatMoney(totals.betsMinor)}
            detail={
              <>
                {t('stat_bet_count')} <span data-testid="stat-bets-count">{formatCount(totals.betCount)}</span>
              </>
            }
          />
          <FigureCard testId="stat-wins" label={t('stat_wins')} value={formatMoney(totals.winsMinor)} />
          <FigureCard testId="stat-promotions" label={t('stat_promotions')} value={formatMoney(totals.promotionsMinor)} />
        </dl>
      </section>
      <GrossView days={overview.days} />
    </>
  );
}

/**
 * Team Overview: whose team (the agent's whole downline, or one member's team, typed or picked from
 * the direct downlines), period tabs (days of the agent time zone the answer names, GMT+8 until it
 * says otherwise), the team now (size, direct downlines, online, balance), its statistics over the
 * period, and the gross view chart of the period's days. A name outside the team is said so in
 * place of the figures.
 */
export default function TeamOverviewPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [period, setPeriod] = useState<RecordsPeriod>(DEFAULT_RECORDS_PERIOD);
  const [utcOffsetMinutes, setUtcOffsetMinutes] = useState(DEFAULT_AGENT_UTC_OFFSET_MINUTES);
  /** A member of the downline whose team to show; '' for the agent's whole downline. */
  const [team, setTeam] = useState('');
  const overview = useCall(
    (signal) => loadTeamOverview({ range: agentPeriodRange(period, utcOffsetMinutes), subordinateName: team || null }, signal),
    [period, utcOffsetMinutes, team],
    { requiresSession: true },
  );
  const shown = overview.status === 'success' ? overview.data : overview.status === 'loading' ? overview.staleData : undefined;

  // The merchant's agent time zone is not GMT+8: ask again for the period's days in it.
  const answeredOffset = overview.status === 'success' ? overview.data.utcOffsetMinutes : null;
  useEffect(() => {
    if (answeredOffset !== null && answeredOffset !== utcOffsetMinutes) setUtcOffsetMinutes(answeredOffset);
  }, [answeredOffset, utcOffsetMinutes]);

  let content: ReactNode;
  if (overview.status === 'error' && isUnknownMember(overview.error)) {
    content = <UnknownMember description={t('member_unknown_hint', { username: team })} onWholeTeam={() => setTeam('')} testId="team-overview-unknown" />;
  } else if (overview.status === 'error') {
    content = (
      <EmptyState
        title={t('load_failed')}
        description={overview.error.message}
        action={
          <Button variant="secondary" onClick={overview.refresh}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (shown === undefined) {
    content = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else {
    content = <TeamFigures overview={shown} />;
  }

  return (
    <div className={styles.page} data-testid="team-overview">
      <TeamSearch team={team} onChoose={setTeam} testIdPrefix="team-overview" />
      <TeamScopeBar team={team} onWholeTeam={() => setTeam('')} testIdPrefix="team-overview">
        {team ? t('scope_team_of', { username: team }) : t('scope_whole_team')}
      </TeamScopeBar>
      <Tabs<RecordsPeriod>
        items={RECORDS_PERIODS.map((value) => ({ value, label: t(`period_${value}`) }))}
        value={period}
        onChange={setPeriod}
        label={t('periods_label')}
      >
        <div className={overview.status === 'loading' && shown ? `${styles.body} ${styles.stale}` : styles.body} aria-busy={overview.status === 'loading'}>
          <p className={styles.note} data-testid="team-overview-zone">
            {t('zone_note', { zone: gmtLabel(shown?.utcOffsetMinutes ?? utcOffsetMinutes) })}
          </p>
          {content}
        </div>
      </Tabs>
    </div>
  );
}

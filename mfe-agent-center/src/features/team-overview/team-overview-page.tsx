import { formatMoney, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useId, useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import layout from '../agent-page/agent-page.module.css';
import { FigureCard } from '../agent-page/figure-card';
import { PageLoading } from '../agent-page/page-loading';
import { AgentPeriodTabs, useAgentPeriodCall } from '../agent-period';
import { isUnknownMember, TeamScopeBar, TeamSearch, UnknownMember } from '../team-scope/team-scope';
import { formatCount } from './chart-scale';
import { GrossView } from './gross-view';
import { loadTeamOverview, type TeamOverview } from './overview-api';
import { NAMESPACE } from './translations';

function TeamFigures({ overview }: { overview: TeamOverview }) {
  const { t } = useT(NAMESPACE);
  const teamId = useId();
  const statsId = useId();
  const { totals } = overview;
  return (
    <>
      <section className={layout.section} aria-labelledby={teamId}>
        <h2 id={teamId} className={layout.heading}>
          {t('team_now_title')}
        </h2>
        <dl className={layout.cards} data-testid="team-cards">
          <FigureCard variant="raised" testId="team-size" label={t('team_size')} value={formatCount(overview.teamSize)} />
          <FigureCard variant="raised" testId="direct-count" label={t('direct_count')} value={formatCount(overview.directCount)} />
          <FigureCard variant="raised" testId="online-users" label={t('online_users')} value={formatCount(overview.onlineUsers)} />
          <FigureCard variant="raised" testId="total-balance" label={t('total_balance')} value={formatMoney(overview.totalBalanceMinor)} />
        </dl>
      </section>
      <section className={layout.section} aria-labelledby={statsId}>
        <h2 id={statsId} className={layout.heading}>
          {t('stats_title')}
        </h2>
        <dl className={layout.cards} data-testid="team-stats">
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
  /** A member of the downline whose team to show; '' for the agent's whole downline. */
  const [team, setTeam] = useState('');
  const { call: overview, shown, tabs } = useAgentPeriodCall((range, signal) => loadTeamOverview({ range, subordinateName: team || null }, signal), [team]);

  let content: ReactNode;
  if (overview.status === 'error' && isUnknownMember(overview.error)) {
    content = <UnknownMember description={t('member_unknown_hint', { username: team })} onWholeTeam={() => setTeam('')} testId="team-overview-unknown" />;
  } else if (overview.status === 'error') {
    content = (
      <LoadError title={t('load_failed')} error={overview.error} onRetry={overview.refresh} />
    );
  } else if (shown === undefined) {
    content = <PageLoading />;
  } else {
    content = <TeamFigures overview={shown} />;
  }

  return (
    <div className={layout.page} data-testid="team-overview">
      <TeamSearch team={team} onChoose={setTeam} testIdPrefix="team-overview" />
      <TeamScopeBar team={team} onWholeTeam={() => setTeam('')} testIdPrefix="team-overview">
        {team ? t('scope_team_of', { username: team }) : t('scope_whole_team')}
      </TeamScopeBar>
      <AgentPeriodTabs {...tabs} zoneTestId="team-overview-zone">
        {content}
      </AgentPeriodTabs>
    </div>
  );
}

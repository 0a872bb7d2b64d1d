import { DEFAULT_RECORDS_PERIOD, type RecordsPeriod } from '@platform/shared/records';
import { useState } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import layout from '../agent-page/agent-page.module.css';
import { AgentPeriodTabs, useAgentZone } from '../agent-period';
import { TeamBreadcrumb } from './team-breadcrumb';
import { TeamLevel } from './team-level';

/**
 * User Profit and Loss: period tabs (days of the agent time zone), the team's figures with its net
 * result, and its head's direct downlines with their teams' figures. An agent's username opens its
 * team one level down; the breadcrumb leads back up to "My team".
 */
export default function TeamProfitLossPage(_props: AgentCenterPageProps) {
  const [period, setPeriod] = useState<RecordsPeriod>(DEFAULT_RECORDS_PERIOD);
  /** The usernames drilled into, from one of the agent's direct downlines down; [] for the agent's own team. */
  const [path, setPath] = useState<readonly string[]>([]);
  const head = path.at(-1) ?? null;
  // The agent time zone of the periods: the default until an answer names the merchant's.
  const { utcOffsetMinutes, onZone } = useAgentZone();

  return (
    <div className={layout.page} data-testid="team-profit-loss">
      <AgentPeriodTabs period={period} onChange={setPeriod} utcOffsetMinutes={utcOffsetMinutes} zoneTestId="pnl-zone">
        {path.length > 0 && <TeamBreadcrumb path={path} onGoTo={setPath} />}
        <TeamLevel
          key={`${utcOffsetMinutes}:${path.join('\n')}`}
          period={period}
          utcOffsetMinutes={utcOffsetMinutes}
          onZone={onZone}
          head={head}
          onDrill={(username) => setPath([...path, username])}
          onBackToMyTeam={() => setPath([])}
        />
      </AgentPeriodTabs>
    </div>
  );
}

import { Tabs, useT } from '@platform/shared';
import { DEFAULT_RECORDS_PERIOD, RECORDS_PERIODS, type RecordsPeriod } from '@platform/shared/records';
import { useState } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { DEFAULT_AGENT_UTC_OFFSET_MINUTES, gmtLabel } from '../team-overview/agent-period';
import { TeamBreadcrumb } from './team-breadcrumb';
import { TeamLevel } from './team-level';
import styles from './team-profit-loss.module.css';
import { NAMESPACE } from './translations';

/**
 * User Profit and Loss: period tabs (days of the agent time zone), the team's figures with its net
 * result, and its head's direct downlines with their teams' figures. An agent's username opens its
 * team one level down; the breadcrumb leads back up to "My team".
 */
export default function TeamProfitLossPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [period, setPeriod] = useState<RecordsPeriod>(DEFAULT_RECORDS_PERIOD);
  /** The usernames drilled into, from one of the agent's direct downlines down; [] for the agent's own team. */
  const [path, setPath] = useState<readonly string[]>([]);
  const head = path.at(-1) ?? null;
  // The agent time zone of the periods: the default until an answer names the merchant's.
  const [utcOffsetMinutes, setUtcOffsetMinutes] = useState(DEFAULT_AGENT_UTC_OFFSET_MINUTES);

  return (
    <div className={styles.page} data-testid="team-profit-loss">
      <Tabs<RecordsPeriod>
        items={RECORDS_PERIODS.map((value) => ({ value, label: t(`period_${value}`) }))}
        value={period}
        onChange={setPeriod}
        label={t('periods_label')}
      >
        <div className={styles.body}>
          <p className={styles.note} data-testid="pnl-zone">
            {t('zone_note', { zone: gmtLabel(utcOffsetMinutes) })}
          </p>
          {path.length > 0 && <TeamBreadcrumb path={path} onGoTo={setPath} />}
          <TeamLevel
            key={`${utcOffsetMinutes}:${path.join('\n')}`}
            period={period}
            utcOffsetMinutes={utcOffsetMinutes}
            onZone={setUtcOffsetMinutes}
            head={head}
            onDrill={(username) => setPath([...path, username])}
            onBackToMyTeam={() => setPath([])}
          />
        </div>
      </Tabs>
    </div>
  );
}

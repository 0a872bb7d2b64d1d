import { Tabs, useT } from '@platform/shared';
import { RECORDS_PERIODS, type RecordsPeriod } from '@platform/shared/records';
import type { ReactNode } from 'react';
import layout from '../agent-page/agent-page.module.css';
import { gmtLabel } from './agent-period';
import { NAMESPACE } from './translations';

/** What the tabs show of the page's state (useAgentPeriodCall gives it whole). */
export interface AgentPeriodTabsState {
  period: RecordsPeriod;
  onChange: (period: RecordsPeriod) => void;
  /** The agent time zone of the figures shown, said in a note above them ("Data are in GMT+8"). */
  utcOffsetMinutes: number;
  /** The previous period's figures stand, dimmed, while the chosen one's load. */
  stale?: boolean;
  /** The panel's aria-busy; left off when not given. */
  busy?: boolean;
}

export interface AgentPeriodTabsProps extends AgentPeriodTabsState {
  /** The zone note's data-testid (`income-zone`, `team-overview-zone`, `pnl-zone`). */
  zoneTestId: string;
  /** The period's figures. */
  children: ReactNode;
}

/**
 * The period tabs of a report in the agent time zone (Today … Last month, scrolling in their own
 * strip), and their panel: the note of the zone the figures are in, then the figures.
 */
export function AgentPeriodTabs({ period, onChange, utcOffsetMinutes, stale = false, busy, zoneTestId, children }: AgentPeriodTabsProps) {
  const { t } = useT(NAMESPACE);
  return (
    <Tabs<RecordsPeriod> items={RECORDS_PERIODS.map((value) => ({ value, label: t(`period_${value}`) }))} value={period} onChange={onChange} label={t('periods_label')}>
      <div className={stale ? `${layout.body} ${layout.stale}` : layout.body} aria-busy={busy}>
        <p className={layout.note} data-testid={zoneTestId}>
          {t('zone_note', { zone: gmtLabel(utcOffsetMinutes) })}
        </p>
        {children}
      </div>
    </Tabs>
  );
}

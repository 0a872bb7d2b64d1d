import { useCall, type CallResult } from '@platform/shared';
import { DEFAULT_RECORDS_PERIOD, type PeriodRange, type RecordsPeriod } from '@platform/shared/records';
import { useEffect, useState, type DependencyList } from 'react';
import { agentPeriodRange, DEFAULT_AGENT_UTC_OFFSET_MINUTES } from './agent-period';
import type { AgentPeriodTabsState } from './agent-period-tabs';

/** The agent time zone a page counts its periods' days in. */
export interface AgentZone {
  /** GMT+8 (DEFAULT_AGENT_UTC_OFFSET_MINUTES) until an answer names the merchant's own zone. */
  utcOffsetMinutes: number;
  /** An answer named another zone: it becomes the page's, which then asks again in it (stable). */
  onZone: (utcOffsetMinutes: number) => void;
}

/** The agent time zone of a page's periods: the default until an answer names the merchant's. */
export function useAgentZone(): AgentZone {
  const [utcOffsetMinutes, setUtcOffsetMinutes] = useState(DEFAULT_AGENT_UTC_OFFSET_MINUTES);
  return { utcOffsetMinutes, onZone: setUtcOffsetMinutes };
}

/**
 * The merchant's agent time zone is not the one asked in: hands the zone an answer names
 * (`answered`; null or undefined while there is no answer) to `onZone`, so that the page asks
 * again for the period's days in it.
 */
export function useAnsweredZone(answered: number | null | undefined, utcOffsetMinutes: number, onZone: (utcOffsetMinutes: number) => void): void {
  useEffect(() => {
    if (answered !== null && answered !== undefined && answered !== utcOffsetMinutes) onZone(answered);
  }, [answered, utcOffsetMinutes, onZone]);
}

export interface AgentPeriodCall<T> {
  /** The page's one call for the period chosen, in the agent time zone. */
  call: CallResult<T>;
  /** The answer to show: the call's, or while the next one loads the previous one (dimmed). */
  shown: T | undefined;
  /** What the period tabs show: the period chosen, the zone of the figures shown, loading or not. */
  tabs: AgentPeriodTabsState;
}

/**
 * A report of the agent time zone's periods (My Income, Team Overview): the period chosen in the
 * tabs (today first), and the page's one call for its days (`load`, again when `deps` change),
 * asked again in the zone the answer names when that is not GMT+8.
 */
export function useAgentPeriodCall<T extends { utcOffsetMinutes: number }>(
  load: (range: PeriodRange, signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): AgentPeriodCall<T> {
  const [period, setPeriod] = useState<RecordsPeriod>(DEFAULT_RECORDS_PERIOD);
  const { utcOffsetMinutes, onZone } = useAgentZone();
  const call = useCall((signal) => load(agentPeriodRange(period, utcOffsetMinutes), signal), [period, utcOffsetMinutes, ...deps], { requiresSession: true });
  const shown = call.status === 'success' ? call.data : call.status === 'loading' ? call.staleData : undefined;
  useAnsweredZone(call.status === 'success' ? call.data.utcOffsetMinutes : null, utcOffsetMinutes, onZone);
  return {
    call,
    shown,
    tabs: {
      period,
      onChange: setPeriod,
      utcOffsetMinutes: shown?.utcOffsetMinutes ?? utcOffsetMinutes,
      stale: call.status === 'loading' && shown !== undefined,
      busy: call.status === 'loading',
    },
  };
}

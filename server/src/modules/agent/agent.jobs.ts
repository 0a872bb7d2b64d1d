import type pg from 'pg';
import { REALTIME_SALARY_INTERVAL_MS } from '@platform/contract';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { payDividends } from './dividend.service';
import { paySalaries } from './salary.service';
import { payRealtimeWages, type WageRunResult } from './wages.service';

export interface AgentJobOptions {
  pool: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error?: unknown) => void;
}

// The real-time salary job (settled and distributed every 5 minutes): each pass pays the
// lottery rounds settled since the last one (wages.service.ts). Every replica runs it; the rounds
// a pass takes are locked (SKIP LOCKED) and marked paid in its transaction, so two replicas at once
// pay each round once. AGENT_WAGE_INTERVAL_MS shortens the period (tests, development).
export function createRealtimeWageJob(options: AgentJobOptions): PeriodicJob<WageRunResult> {
  return new PeriodicJob({
    name: 'agent_realtime_wages',
    intervalMs: options.intervalMs ?? REALTIME_SALARY_INTERVAL_MS,
    failureMessage: 'the real-time salary pass failed; retried next period',
    onProblem: options.onProblem,
    run: () => payRealtimeWages(options.pool, options.clock()),
  });
}

/** AGENT_WAGE_INTERVAL_MS (at least 1000), or 5 minutes. */
export function wageIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const value = Number(env.AGENT_WAGE_INTERVAL_MS);
  return Number.isInteger(value) && value >= 1000 ? value : REALTIME_SALARY_INTERVAL_MS;
}

/**
 * Daily and hourly salary and dividends: every minute (and once at start), each kind's (each
 * dividend cycle's) last finished period is settled for every merchant with contracts of the kind
 * (salary.service.ts, dividend.service.ts: once per (merchant, kind, cycle, period) whichever
 * replica or tick gets there first; the others find it paid). A kind that fails is reported and
 * retried next minute; the others are paid all the same.
 */
export function createSalaryJob(options: AgentJobOptions): PeriodicJob<void> {
  const { pool, clock, onProblem } = options;
  return new PeriodicJob({
    name: 'agent_salaries',
    intervalMs: options.intervalMs ?? 60_000,
    runAtStart: true,
    run: async () => {
      for (const kind of ['hourly', 'daily'] as const) {
        try {
          await paySalaries(pool, kind, clock());
        } catch (error) {
          onProblem?.(`the ${kind} salary run failed; retried next minute`, error);
        }
      }
      try {
        await payDividends(pool, clock());
      } catch (error) {
        onProblem?.('the dividend run failed; retried next minute', error);
      }
    },
  });
}

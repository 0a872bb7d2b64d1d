import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { runDueMonthEnds, type MonthEndResult } from './vip.month-end';

// Month ends decided by a job: every few minutes one replica at a time (a leader lock per run)
// looks for merchants whose last month has ended and was not decided yet, and decides it. The
// run's row is unique per merchant and month and written with the changes it makes, so runs that
// overlap across replicas, an operator's run at the same moment or a run after a crash decide a
// month once.

export interface VipJobOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export function createVipMonthEndJob(options: VipJobOptions): PeriodicJob<MonthEndResult[]> {
  return new PeriodicJob({
    name: 'vip_month_end',
    intervalMs: options.intervalMs ?? 10 * 60_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'deciding the VIP month end failed; retried next round',
    onProblem: options.onProblem,
    run: () => runDueMonthEnds(options.db, options.clock()),
  });
}

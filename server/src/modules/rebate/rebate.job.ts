import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { payAutoRebates, type AutoRunResult } from './rebate.service';

// The rebate of merchants in mode auto, paid by a job: every few minutes one replica at a time
// (a leader lock per run) counts each closed day of the claim window and pays what is unpaid.
// Each payment is keyed by member, day and category in the ledger and marked on its accrual row
// under that row's lock, so runs that overlap across replicas, or a run after a crash, pay once.

export interface RebateJobOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export function createRebateJob(options: RebateJobOptions): PeriodicJob<AutoRunResult> {
  return new PeriodicJob({
    name: 'rebate_auto_pay',
    intervalMs: options.intervalMs ?? 5 * 60_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'paying the automatic betting rebate failed; retried next round',
    onProblem: options.onProblem,
    run: () => payAutoRebates(options.db, options.clock()),
  });
}

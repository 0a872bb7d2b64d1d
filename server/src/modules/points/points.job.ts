import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { earnClosedDays, type EarnRunResult } from './points.service';

// Points earned on closed days, credited by a job: every few minutes one replica at a time (a
// leader lock per run) counts each closed day of the last few not counted yet. Every credit is
// keyed by its source in the ledger, so overlapping runs, a crash halfway or an operator's recount
// credit each source once.

export interface PointsJobOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export function createPointsJob(options: PointsJobOptions): PeriodicJob<EarnRunResult> {
  return new PeriodicJob({
    name: 'points_earn',
    intervalMs: options.intervalMs ?? 5 * 60_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'crediting earned points failed; retried next round',
    onProblem: options.onProblem,
    run: () => earnClosedDays(options.db, options.clock()),
  });
}

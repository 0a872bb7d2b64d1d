import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { settleDue } from './c2c.service';

// The C2C deadline sweep: every intervalMs (default 30 s) it applies every passed deadline
// (matched past the payment deadline → expired, paid past the confirmation deadline → received in
// full), under a PostgreSQL session advisory lock taken for each round (db/periodic-job.ts), so one
// replica sweeps at a time and the others skip that round. Each order moves in its own transaction
// under its row locks (c2c.service.ts), so a sweep racing a member's action, another sweep or a
// crash halfway moves every order once. Members' reads and actions also apply their own orders'
// deadlines first, so nobody sees a stale order between two sweeps.

export interface C2CSweepOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

/**
 * The sweep: a round's result is the orders it moved, or undefined when another replica (or
 * round) holds the lock. A failure is reported to onProblem and retried next round.
 */
export function createC2CSweep(options: C2CSweepOptions): PeriodicJob<number> {
  return new PeriodicJob({
    name: 'c2c_sweep',
    intervalMs: options.intervalMs ?? 30_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'C2C deadline sweep failed; retried next round',
    onProblem: options.onProblem,
    run: () => settleDue(options.db, options.clock()),
  });
}

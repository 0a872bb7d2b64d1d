import type pg from 'pg';
import type { Clock } from '../../config';
import { settleDue } from './c2c.service';

// The C2C deadline sweep: every intervalMs (default 30 s) it applies every passed deadline
// (matched past the payment deadline → expired, paid past the confirmation deadline → received in
// full), under a PostgreSQL session advisory lock taken with pg_try_advisory_lock, so one replica
// sweeps at a time and the others skip that round. Each order moves in its own transaction under
// its row locks (c2c.service.ts), so a sweep racing a member's action, another sweep or a crash
// halfway moves every order once. Members' reads and actions also apply their own orders'
// deadlines first, so nobody sees a stale order between two sweeps.

/** The advisory lock's key: hashtextextended('c2c_sweep', 0), computed by the database. */
const LOCK_KEY_SQL = "hashtextextended('c2c_sweep', 0)";

export interface C2CSweepOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export class C2CSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number | undefined> | undefined;
  private closed = false;

  constructor(private readonly options: C2CSweepOptions) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs ?? 30_000);
    this.timer.unref();
  }

  /**
   * One round: the orders it moved, or undefined when another replica (or round) holds the lock.
   * A failure is reported to onProblem and retried next round.
   */
  runOnce(): Promise<number | undefined> {
    if (this.running) return this.running;
    const round = this.round().finally(() => {
      this.running = undefined;
    });
    this.running = round;
    return round;
  }

  private async round(): Promise<number | undefined> {
    if (this.closed) return undefined;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.options.db.connect();
      const locked = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEY_SQL}) AS locked`);
      if (!locked.rows[0].locked) return undefined;
      try {
        return await settleDue(this.options.db, this.options.clock());
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY_SQL})`);
      }
    } catch (error) {
      this.options.onProblem?.('C2C deadline sweep failed; retried next round', error);
      return undefined;
    } finally {
      client?.release();
    }
  }

  /** Stops the timer and waits for a round in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

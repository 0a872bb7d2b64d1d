import type pg from 'pg';
import type { CrashGame } from './crash.service';
import { recoverPendingRounds, type InhouseDeps } from './slots.service';

// The recovery job: every intervalMs (default 30 s), on one replica at a time (a session advisory
// lock taken and released each round, as the C2C sweep does), it finishes what a crash or an
// unreachable wallet left between a bet and its win: slot rounds still pending, crash bets not
// settled. Everything it sends repeats the original transaction ids, so the provider answers a
// repeat with its first answer and no money moves twice. It runs once at start-up too.

const LOCK_KEY_SQL = "hashtextextended('inhouse_recovery', 0)";

export interface InhouseRecoveryOptions {
  deps: InhouseDeps;
  crash: CrashGame;
  intervalMs?: number;
  /** How old an unfinished round must be before the job takes it over from its request. */
  olderThanMs?: number;
  onProblem?: (message: string, error?: unknown) => void;
}

export class InhouseRecovery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number | undefined> | undefined;
  private closed = false;

  constructor(private readonly options: InhouseRecoveryOptions) {}

  start(): void {
    if (this.timer || this.closed) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs ?? 30_000);
    this.timer.unref();
  }

  /** One round: the rounds and bets finished, or undefined when another replica holds the lock. */
  runOnce(): Promise<number | undefined> {
    if (this.running) return this.running;
    this.running = this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async round(): Promise<number | undefined> {
    if (this.closed) return undefined;
    const { deps } = this.options;
    let client: pg.PoolClient | undefined;
    try {
      client = await deps.db.connect();
      const locked = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEY_SQL}) AS locked`);
      if (!locked.rows[0].locked) return undefined;
      try {
        const codes = new Map<number, string | undefined>();
        const merchantCodeOf = async (merchantId: number) => {
          if (!codes.has(merchantId)) codes.set(merchantId, (await deps.db.query<{ code: string }>('SELECT code FROM merchant WHERE id = $1', [merchantId])).rows[0]?.code);
          return codes.get(merchantId);
        };
        const olderThanMs = this.options.olderThanMs ?? 30_000;
        const rounds = await recoverPendingRounds(deps, merchantCodeOf, olderThanMs, this.options.onProblem);
        const bets = await this.options.crash.recover(merchantCodeOf, olderThanMs);
        return rounds + bets;
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY_SQL})`);
      }
    } catch (error) {
      this.options.onProblem?.('in-house recovery failed; retried next round', error);
      return undefined;
    } finally {
      client?.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { withTransaction } from '../../db/transaction';
import type { SecretsKey } from '../../secrets-key';
import { drawRoundIn, dueRounds, ensureRounds } from './rounds.service';
import { settleRound, voidRoundIn } from './settlement.service';

// The lottery's scheduler (ARCHITECTURE.md Scheduler): every tick (1 s by default, and once at
// start), on one replica at a time (a session advisory lock taken for the tick: db/periodic-job.ts), it
//   - keeps ROUNDS_AHEAD rounds of every enabled game created ahead (one query finds those short),
//   - draws every round whose draw time has come (a round whose seed cannot be opened is voided),
//   - settles every drawn round (settlement.service: exactly once, whatever crashed before).
// Each round is drawn and settled in transactions of its own, so one failure holds up nothing else;
// a round left drawn by a crash is settled by the next tick of whichever replica leads then.

export interface LotterySchedulerOptions {
  pool: pg.Pool;
  secretsKey: SecretsKey;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error?: unknown) => void;
}

export interface TickReport {
  created: number;
  drawn: number;
  voided: number;
  settled: number;
}

/** Draws every due round, then settles every drawn one; what it did. */
export async function drawAndSettle(pool: pg.Pool, secretsKey: SecretsKey, nowMs: number, onProblem?: (message: string, error?: unknown) => void): Promise<Omit<TickReport, 'created'>> {
  const report = { drawn: 0, voided: 0, settled: 0 };
  for (const roundId of await dueRounds(pool, nowMs)) {
    try {
      const outcome = await withTransaction(pool, async (client) => {
        const drawn = await drawRoundIn(client, secretsKey, roundId, nowMs);
        if (!drawn.drawn && drawn.reason === 'seed_unreadable') await voidRoundIn(client, roundId, 'the round’s seed could not be read', nowMs);
        return drawn;
      });
      if (outcome.drawn) report.drawn++;
      else if (outcome.reason === 'seed_unreadable') report.voided++;
    } catch (error) {
      onProblem?.(`lottery round ${roundId} could not be drawn; retried next tick`, error);
    }
  }
  const drawn = await pool.query<{ id: string }>("SELECT id FROM lottery_round WHERE state = 'drawn' ORDER BY draw_at, id LIMIT 1000");
  for (const row of drawn.rows) {
    try {
      if ((await settleRound(pool, Number(row.id), nowMs)).settled) report.settled++;
    } catch (error) {
      onProblem?.(`lottery round ${row.id} could not be settled; retried next tick`, error);
    }
  }
  return report;
}

/** The scheduler: one tick's result is what it did, or undefined when another replica holds the lock. */
export function createLotteryScheduler(options: LotterySchedulerOptions): PeriodicJob<TickReport> {
  const { pool, secretsKey, clock, onProblem } = options;
  return new PeriodicJob({
    name: 'lottery_scheduler',
    intervalMs: options.intervalMs ?? 1000,
    runAtStart: true,
    leaderLock: { pool, hold: 'per-run' },
    failureMessage: 'the lottery scheduler failed; retried next tick',
    onProblem,
    run: async () => {
      const nowMs = clock();
      const created = await ensureRounds(pool, secretsKey, nowMs);
      return { created, ...(await drawAndSettle(pool, secretsKey, nowMs, onProblem)) };
    },
  });
}

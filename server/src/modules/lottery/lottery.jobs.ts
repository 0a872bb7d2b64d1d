import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { withTransaction } from '../../db/transaction';
import type { SecretsKey } from '../../secrets-key';
import { drawRoundIn, dueRounds, ensureRounds } from './rounds.service';
import { settleRound, voidRoundIn } from './settlement.service';

// The lottery's scheduler: every tick (1 s by default, and once at
// start), on one replica at a time (a session advisory lock taken for the tick: db/periodic-job.ts), it
//   - keeps ROUNDS_AHEAD rounds of every enabled game created ahead (one query finds those short),
//   - draws every round whose draw time has come (a round whose seed cannot be opened is voided),
//   - settles every drawn round (settlement.service: exactly once, whatever crashed before), each
//     game's in draw order.
// Each round is drawn and settled in transactions of its own, so one failure holds up no other
// game; a round left drawn by a crash is settled by the next tick of whichever replica leads then.
// Within a game the order matters: a chase with stop-on-win that wins in one round refunds its
// bets of the later rounds not yet settled, so such a chase's later round must never be settled
// before its earlier one. After the scheduler was stopped several rounds of a game are due at
// once: all are drawn first, then settled oldest first. A drawn round waits while an earlier
// round of its game is still open (its draw failed, or its official result is not in yet) and a
// stop-on-win chase, not stopped, has a bet in both; rounds that share no such chase with it are
// settled meanwhile, so one missing official result holds up only the chases that span it. Once
// a round fails to settle, nothing later of its game is settled in that tick (it is tried again,
// in order, the next tick).

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
  // Drawn rounds oldest first, none tied by an open stop-on-win chase to an earlier round of its
  // game still waiting for its draw; an earlier drawn round comes before it in this list (the same
  // order), so is settled first. The search starts from the waiting rounds, which are few (none
  // most of the time), never from the drawn round's bets, which may be a million.
  const drawn = await pool.query<{ id: string; gameId: string }>(
    `SELECT r.id, r.game_id AS "gameId" FROM lottery_round r
      WHERE r.state = 'drawn'
        AND NOT EXISTS (
          SELECT 1 FROM lottery_round e
            JOIN lottery_bet waiting ON waiting.round_id = e.id AND waiting.state = 'open'
            JOIN lottery_order o ON o.id = waiting.order_id AND o.win_stop AND NOT o.stopped
            JOIN lottery_bet later ON later.order_id = o.id AND later.round_id = r.id
           WHERE e.game_id = r.game_id AND e.state = 'open' AND (e.draw_at, e.id) < (r.draw_at, r.id))
      ORDER BY r.draw_at, r.id LIMIT 1000`,
  );
  const held = new Set<string>();
  for (const row of drawn.rows) {
    // A game whose earlier round failed to settle settles nothing more this tick.
    if (held.has(row.gameId)) continue;
    try {
      if ((await settleRound(pool, Number(row.id), nowMs)).settled) report.settled++;
    } catch (error) {
      held.add(row.gameId);
      onProblem?.(`lottery round ${row.id} could not be settled; it and the later rounds of its game are retried next tick`, error);
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

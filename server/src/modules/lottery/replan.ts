import type pg from 'pg';
import type { SecretsKey } from '../../secrets-key';
import { GAME_COLUMNS, insertRounds, ROUNDS_AHEAD, type GameRow } from './rounds.service';
import { roundsAfter, type ScheduledRound, type ScheduleOf } from './schedule';
import { voidRoundIn } from './settlement.service';

// Re-planning a game's rounds after its weekdays changed (lottery_game.draw_weekdays, set by an
// operator: lottery.operator-routes.ts), in the caller's transaction, the game's row locked:
//   - a round that has opened (the round on sale, and every round closed, drawn or settled) stays
//     exactly as it is: members bought it as it was shown;
//   - a round not on sale yet (its sales open later) that the new schedule also has (the same
//     numero: the same local date and draw of the day) takes the new schedule's times: its draw
//     and close do not move, but its sales may open later or earlier, when the round before it in
//     the new schedule closes (schedule.ts: after days off, the round before them);
//   - one the new schedule does not have is deleted when nobody bet on it, and voided otherwise
//     (chases bet on rounds ahead): settlement.service voidRoundIn refunds each open bet once;
//   - the new schedule's rounds missing up to the last round the game had (ensureRounds only
//     appends after the last draw, so a gap left here would stay) and up to ROUNDS_AHEAD past now
//     are created as ensureRounds makes them, a sealed seed each.
// No round opens before the last opened one closes: sales of a round start at the earliest when
// the round on sale closes (its buyers were shown that close), so a new schedule never puts two
// rounds of a game on sale at once.

/** The reason a round is voided when its day is no longer one of the game's weekdays (kept on the round, at most 200 characters). */
export const REPLAN_VOID_REASON = 'no draw on this day any more: the game’s draw weekdays changed';

export interface Replanned {
  /** Rounds not on sale yet whose times changed. */
  moved: number;
  /** Rounds of the new schedule created. */
  created: number;
  /** Rounds without bets removed. */
  deleted: number;
  /** Rounds with bets voided, and their open bets refunded. */
  voided: number;
  refundedBets: number;
}

interface FutureRound {
  id: string;
  numero: string;
  state: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
}

/** The schedule's rounds after `afterMs`: at least `atLeast`, and every one drawn up to `throughMs`. */
function plannedRounds(schedule: ScheduleOf, afterMs: number, throughMs: number, atLeast: number): ScheduledRound[] {
  const rounds = roundsAfter(schedule, afterMs, atLeast);
  while (rounds[rounds.length - 1].drawAt < throughMs) rounds.push(...roundsAfter(schedule, rounds[rounds.length - 1].drawAt, ROUNDS_AHEAD));
  const end = Math.max(throughMs, rounds[atLeast - 1].drawAt);
  return rounds.filter((round) => round.drawAt <= end);
}

/**
 * Brings the rounds of game `gameId` not on sale yet to its schedule as stored now (the caller has
 * written the new weekdays in the same transaction). Running it again changes nothing.
 */
export async function replanRounds(client: pg.PoolClient, secretsKey: SecretsKey, gameId: number, nowMs: number): Promise<Replanned> {
  const found = await client.query<GameRow & { enabled: boolean }>(`SELECT ${GAME_COLUMNS}, g.enabled FROM lottery_game g WHERE g.id = $1 FOR UPDATE`, [gameId]);
  const game = found.rows[0];
  if (!game) throw new Error(`lottery game ${gameId} does not exist`);
  const now = new Date(nowMs);
  // The rounds that have opened, left as they are: the latest draw and close among them, and how
  // many of them are still ahead of now (the round on sale, those waiting for their draw).
  const opened = await client.query<{ lastDraw: Date | null; lastClose: Date | null; ahead: string }>(
    `SELECT max(draw_at) AS "lastDraw", max(close_at) AS "lastClose", count(*) FILTER (WHERE draw_at > $2) AS ahead
       FROM lottery_round WHERE game_id = $1 AND open_at <= $2`,
    [gameId, now],
  );
  // Locked before their bets are counted: a bet being placed on one (betting share-locks its
  // rounds) is either counted below or, after this commits, finds its round gone or void.
  const future = await client.query<FutureRound>(
    `SELECT id, numero, state, open_at AS "openAt", close_at AS "closeAt", draw_at AS "drawAt"
       FROM lottery_round WHERE game_id = $1 AND open_at > $2 ORDER BY draw_at FOR UPDATE`,
    [gameId, now],
  );
  // Any bet, whatever became of it, keeps its round: bets are never deleted (the sales hash of
  // rounds.service counts them all), so a round with a cancelled bet is voided, not deleted.
  const bets = await client.query<{ roundId: string; open: string }>(
    `SELECT round_id AS "roundId", count(*) FILTER (WHERE state = 'open') AS open
       FROM lottery_bet WHERE round_id = ANY($1::bigint[]) GROUP BY round_id`,
    [future.rows.map((round) => round.id)],
  );
  const openBetsOf = new Map(bets.rows.map((row) => [row.roundId, Number(row.open)]));

  const { lastDraw, lastClose } = opened.rows[0];
  const afterMs = Math.max(nowMs, lastDraw?.getTime() ?? nowMs);
  const lastFutureDraw = future.rows.length > 0 ? future.rows[future.rows.length - 1].drawAt.getTime() : afterMs;
  const atLeast = Math.max(1, game.enabled ? ROUNDS_AHEAD - Number(opened.rows[0].ahead) : 0);
  const floor = lastClose?.getTime() ?? -Infinity;
  const plan = plannedRounds(game, afterMs, lastFutureDraw, atLeast)
    // A round whose sales would already be over is never made.
    .filter((round) => round.closeAt > nowMs)
    .map((round) => ({ ...round, openAt: Math.max(round.openAt, floor) }));
  const planned = new Map(plan.map((round) => [round.numero, round]));

  const moved: ScheduledRound[] = [];
  const deleted: string[] = [];
  const voided: FutureRound[] = [];
  for (const round of future.rows) {
    // A round voided before (by staff) stays as it is; its numero is not made again.
    if (round.state !== 'open') continue;
    const next = planned.get(round.numero);
    if (next) {
      if (next.openAt !== round.openAt.getTime() || next.closeAt !== round.closeAt.getTime() || next.drawAt !== round.drawAt.getTime()) moved.push(next);
    } else if (openBetsOf.has(round.id)) voided.push(round);
    else deleted.push(round.id);
  }

  if (moved.length > 0) {
    await client.query(
      `UPDATE lottery_round r SET open_at = to_timestamp(x.open_at / 1000.0), close_at = to_timestamp(x.close_at / 1000.0), draw_at = to_timestamp(x.draw_at / 1000.0)
         FROM unnest($2::text[], $3::float8[], $4::float8[], $5::float8[]) AS x(numero, open_at, close_at, draw_at)
        WHERE r.game_id = $1 AND r.numero = x.numero`,
      [gameId, moved.map((round) => round.numero), moved.map((round) => round.openAt), moved.map((round) => round.closeAt), moved.map((round) => round.drawAt)],
    );
  }
  if (deleted.length > 0) await client.query('DELETE FROM lottery_round WHERE id = ANY($1::bigint[])', [deleted]);
  let refundedBets = 0;
  for (const round of voided) {
    await voidRoundIn(client, Number(round.id), REPLAN_VOID_REASON, nowMs);
    refundedBets += openBetsOf.get(round.id)!;
  }
  const existing = new Set(future.rows.map((round) => round.numero));
  const created = await insertRounds(client, secretsKey, game, plan.filter((round) => !existing.has(round.numero)));
  return { moved: moved.length, created, deleted: deleted.length, voided: voided.length, refundedBets };
}

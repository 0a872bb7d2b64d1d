import { PLAYS, rowWordCounts } from '@platform/lottery-rules';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { creditMembersIn, ensureHouseAccount, type MemberCredit, type StakeRefund } from '../ledger';
import { loadsOfBets, release } from './liability';

// Settlement of a drawn round, exactly once (the scheduler settles each drawn round: lottery.jobs.ts):
//   1. the round's state moves drawn → settled, under its row lock: a second settler (another
//      replica, a re-run) waits for the first, then finds nothing to do;
//   2. one statement settles every open bet of the round set-based in SQL, the play's part worked
//      out once: per play of the round, lottery_settle_terms (migration 090) turns its features
//      into the few (pick word, mask, weight) terms that decide its bets and a table of wins by
//      hits; per bet, lottery_win_count_by_terms, one expression the planner inlines, reads them
//      with a popcount per term, once per bet. The PL/pgSQL lottery_win_count (the SQL twin of
//      winCount, migration 039) is left to what the terms do not cover: a superset bet that holds
//      every drawn value, a play of over 20 terms, a bet or play whose pick word count differs
//      from lottery-rules' today. Only the won and pushed bets are written; a lost bet is left
//      open, the round's settlement making it lost (migration 096: lottery_bet_state), since
//      writing a row version of every bet cost twice what judging them does. The write changes
//      only columns no index of lottery_bet holds, on pages left more than half free (migration
//      093), so every new version is heap-only and enters no index; readers of settled bets by
//      time find them through their round, whose settlement time is theirs. A round without open
//      bets skips the statement. The prize is win count × the bet's ticket prize (rounded once at
//      its multiple, migration 045; bets from before it: unit prize × multiple), capped at the
//      bet's max prize; a push refunds the stake;
//   3. the prizes (kind win), the pushes (bet_refund) and the rebates (betting_rebate, on bets won
//      or lost) paid to every member (the ledger's creditMembersIn: movements of up to
//      MEMBERS_PER_MOVEMENT members keyed by kind, round and chunk, sent as one batch);
//   4. chases with stop-on-win that won here: their bets in later rounds not yet settled are
//      stopped and refunded (per member, in movements keyed lottery:stop:<round>:<chunk>): rounds
//      still on sale, and rounds already drawn but waiting behind this one (after the scheduler
//      was stopped, every due round is drawn before the first is settled: lottery.jobs.ts settles
//      a game's rounds in draw order, so a chase's later round is never settled before its win);
// all in one database transaction with the state change, so a crash at any point leaves the round
// drawn and nothing paid, and the next run settles it whole. The house side is house_lottery.

export const LOTTERY_HOUSE_ACCOUNT = 'house_lottery';

/**
 * The ledger key of an order's stake (betting.service: all its bets, every round, paid at once).
 * Every refund of its bets (cancelled, pushed, voided, stopped) names it with the amount refunded
 * of it, so the wagering requirement gets back that share of what the order met and never more in
 * all than it met (modules/wagering).
 */
export const orderStakeKey = (orderId: number | string): string => `lottery:order:${orderId}`;

/** A member's refunds of bets, by order: the credit and the stakes it names. */
function refundCredits(rows: readonly { memberId: number; orderId: number; refundMinor: number }[]): MemberCredit[] {
  const byMember = new Map<number, { amountMinor: number; refunds: StakeRefund[] }>();
  for (const row of rows) {
    if (row.refundMinor <= 0) continue;
    const member = byMember.get(row.memberId) ?? { amountMinor: 0, refunds: [] };
    member.amountMinor += row.refundMinor;
    member.refunds.push({ stakeKey: orderStakeKey(row.orderId), refundedMinor: row.refundMinor });
    byMember.set(row.memberId, member);
  }
  return [...byMember].map(([memberId, member]) => ({ memberId, ...member }));
}

/**
 * Pick words of every play of the catalogue (the length of its bets' picks: lottery-rules
 * rowWordCounts), for lottery_settle_terms to pair layered features with them.
 */
const PICK_WORDS = {
  playIds: PLAYS.map((play) => play.id),
  words: PLAYS.map((play) => rowWordCounts(play).reduce((sum, count) => sum + count, 0)),
};

/** A bet b's winning tickets from its play's row f of the plays below (migration 090). */
const WIN_COUNT = 'lottery_win_count_by_terms(f.rule, f.k, b.picks, f.f, f.n, f.pos, f.mask, f.weight, f.wins_by_hits)';

interface MemberTotals {
  memberId: number;
  prizeMinor: number;
  pushMinor: number;
  rebateMinor: number;
}

export interface SettlementResult {
  settled: boolean;
  bets: number;
  winners: number;
  paidMinor: number;
  stoppedOrders: number;
}

const NOTHING: SettlementResult = { settled: false, bets: 0, winners: 0, paidMinor: 0, stoppedOrders: 0 };

/** Per member of a round: what its settled bets pay, and the orders of its pushed bets. */
interface SettledMember {
  memberId: string;
  prizeMinor: string;
  pushMinor: string;
  rebateMinor: string;
  bets: string;
  pushOrders: string[] | null;
  pushAmounts: string[] | null;
}

/**
 * Step 2: every open bet of the round settled by one statement, the totals per member. The won and
 * pushed bets are written; a lost one is left open, its round's settlement making it lost
 * (migration 096).
 */
async function settleOpenBetsIn(client: pg.PoolClient, roundId: number, nowMs: number): Promise<SettledMember[]> {
  const settled = await client.query<SettledMember & { unknownPlays: string; uncounted: string }>(
    // plays: materialized, so that its terms are worked out once per play, never per bet.
    // judged: every open bet's win count, once (materialized: the update and the totals read it).
    `WITH plays AS MATERIALIZED (
       SELECT f.play_id, f.rule, f.k, f.f, f.push, w.n, t.pos, t.mask, t.weight, t.wins_by_hits
         FROM lottery_draw_feature f
              LEFT JOIN unnest($3::integer[], $4::integer[]) AS w (play_id, n) ON w.play_id = f.play_id
              CROSS JOIN LATERAL lottery_settle_terms(f.rule, f.k, w.n, f.f) AS t
        WHERE f.round_id = $1
     ), judged AS MATERIALIZED (
       SELECT b.id, b.member_id, b.order_id, b.amount_minor, b.rebate_minor, f.play_id IS NULL AS unknown_play, COALESCE(f.push, false) AS push,
              CASE WHEN f.play_id IS NULL OR f.push THEN 0 ELSE ${WIN_COUNT} END AS count,
              COALESCE(b.ticket_prize_minor, b.unit_prize_minor * b.multiple) AS ticket_prize_minor,
              -- NULL: no cap (max prize 0), which LEAST skips.
              NULLIF(b.max_prize_minor, 0) AS cap_minor
         FROM lottery_bet b LEFT JOIN plays f ON f.play_id = b.play_id
        WHERE b.round_id = $1 AND b.state = 'open'
     ), written AS (
       UPDATE lottery_bet b
          SET (win_count, prize_minor, state, settled_at) =
              (j.count, LEAST(j.count * j.ticket_prize_minor, j.cap_minor), CASE WHEN j.push THEN 'push' ELSE 'won' END, $2::timestamptz)
         FROM judged j
        WHERE b.id = j.id AND b.state = 'open' AND (j.push OR j.count > 0)
        RETURNING b.id
     ), by_order AS (
       SELECT member_id, order_id,
              sum(LEAST(count * ticket_prize_minor, cap_minor)) FILTER (WHERE NOT push) AS prize_minor,
              sum(amount_minor) FILTER (WHERE push) AS push_minor,
              sum(rebate_minor) FILTER (WHERE NOT push) AS rebate_minor,
              count(*) AS bets,
              count(*) FILTER (WHERE unknown_play) AS unknown_plays,
              count(*) FILTER (WHERE push OR count > 0) AS to_write
         FROM judged GROUP BY member_id, order_id
     )
     SELECT member_id AS "memberId",
            sum(prize_minor) AS "prizeMinor",
            sum(push_minor) AS "pushMinor",
            sum(rebate_minor) AS "rebateMinor",
            sum(bets) AS bets,
            array_agg(order_id ORDER BY order_id) FILTER (WHERE push_minor > 0) AS "pushOrders",
            array_agg(push_minor ORDER BY order_id) FILTER (WHERE push_minor > 0) AS "pushAmounts",
            sum(sum(unknown_plays)) OVER () AS "unknownPlays",
            sum(sum(to_write)) OVER () - (SELECT count(*) FROM written) AS uncounted
       FROM by_order GROUP BY member_id ORDER BY member_id`,
    [roundId, new Date(nowMs), PICK_WORDS.playIds, PICK_WORDS.words],
  );
  const totals = settled.rows[0];
  // A bet of a play the round has no features for (a play removed from the catalogue) would be
  // taken as lost: refuse to settle rather than leave it unjudged.
  if (totals && Number(totals.unknownPlays) > 0) throw new Error(`lottery round ${roundId}: ${totals.unknownPlays} bets have a play without features`);
  // Every bet judged won or pushed was written: the round's lock keeps every other writer of its
  // open bets out (migration 096), so a difference is a fault, never a payment to make.
  if (totals && Number(totals.uncounted) !== 0) throw new Error(`lottery round ${roundId}: ${totals.uncounted} judged bets were not written`);
  return settled.rows;
}

/** Settles a drawn round inside the caller's transaction. Nothing happens unless it is drawn. */
export async function settleRoundIn(client: pg.PoolClient, roundId: number, nowMs: number): Promise<SettlementResult> {
  const claimed = await client.query<{ merchantId: number; gameCode: string; numero: string }>(
    `UPDATE lottery_round r SET state = 'settled', settled_at = $2
       FROM lottery_game g
      WHERE r.id = $1 AND r.state = 'drawn' AND g.id = r.game_id
      RETURNING r.merchant_id AS "merchantId", g.game_code AS "gameCode", r.numero`,
    [roundId, new Date(nowMs)],
  );
  if (!claimed.rowCount) return NOTHING;
  const { merchantId, gameCode, numero } = claimed.rows[0];
  // A round nobody bet on (most rounds of the quieter games) has nothing to settle: one index probe
  // instead of planning the settling statement (its inlined expression takes milliseconds).
  const open = await client.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM lottery_bet WHERE round_id = $1 AND state = 'open') AS any", [roundId]);
  const settled = open.rows[0].any ? await settleOpenBetsIn(client, roundId, nowMs) : [];

  const house = await ensureHouseAccount(client, merchantId, LOTTERY_HOUSE_ACCOUNT, nowMs);
  const remark = `${gameCode} ${numero}`;
  const orderNo = `R${roundId}`;
  const totals: MemberTotals[] = settled.map((row) => ({
    memberId: Number(row.memberId),
    prizeMinor: Number(row.prizeMinor ?? 0),
    pushMinor: Number(row.pushMinor ?? 0),
    rebateMinor: Number(row.rebateMinor ?? 0),
  }));
  const credit = (kind: string, key: string, amountOf: (member: MemberTotals) => number) =>
    creditMembersIn(client, {
      merchantId, houseAccount: house, kind, keyPrefix: `lottery:${key}:${roundId}`, orderNo, remark, nowMs,
      credits: totals.map((member): MemberCredit => ({ memberId: member.memberId, amountMinor: amountOf(member) })),
    });
  await credit('win', 'win', (member) => member.prizeMinor);
  // A push gives each bet's stake back, naming its order's stake.
  await creditMembersIn(client, {
    merchantId, houseAccount: house, kind: 'bet_refund', keyPrefix: `lottery:push:${roundId}`, orderNo, remark, nowMs,
    credits: refundCredits(
      settled.flatMap((row) =>
        (row.pushOrders ?? []).map((orderId, index) => ({ memberId: Number(row.memberId), orderId: Number(orderId), refundMinor: Number(row.pushAmounts![index]) })),
      ),
    ),
  });
  await credit('betting_rebate', 'rebate', (member) => member.rebateMinor);
  const paidMinor = totals.reduce((sum, member) => sum + member.prizeMinor + member.pushMinor + member.rebateMinor, 0);
  const stoppedOrders = await stopWonChases(client, roundId, merchantId, house, nowMs);
  return {
    settled: true,
    bets: settled.reduce((sum, row) => sum + Number(row.bets), 0),
    winners: totals.filter((member) => member.prizeMinor > 0).length,
    paidMinor,
    stoppedOrders,
  };
}

/** 追中即停: chases with stop-on-win that won in this round give back their bets of later rounds not yet settled. */
async function stopWonChases(client: pg.PoolClient, roundId: number, merchantId: number, house: number, nowMs: number): Promise<number> {
  const stopped = await client.query<{ orderId: string; orderNo: string; memberId: string; refundMinor: string; betIds: string[] }>(
    `WITH won AS (
       UPDATE lottery_order o SET stopped = true
        WHERE o.win_stop AND NOT o.stopped
          AND o.id IN (SELECT order_id FROM lottery_bet WHERE round_id = $1 AND state = 'won')
        RETURNING o.id, o.order_no, o.member_id
     ), later AS MATERIALIZED (
       -- The later rounds locked before their bets are stopped: a round being settled at the same
       -- time (its lock held) is waited for and then left alone, settled, its lost bets being the
       -- open ones (migration 096); one not yet settled waits for this stop.
       SELECT r.id FROM lottery_round r
        WHERE r.id IN (SELECT b.round_id FROM lottery_bet b JOIN won ON b.order_id = won.id WHERE b.state = 'open')
          AND r.state IN ('open', 'drawn') AND r.draw_at > (SELECT draw_at FROM lottery_round WHERE id = $1)
        ORDER BY r.id FOR SHARE
     ), stopped AS (
       UPDATE lottery_bet b SET state = 'stopped', settled_at = $2
         FROM won, later
        WHERE b.order_id = won.id AND b.state = 'open' AND b.round_id = later.id
        RETURNING b.id, b.order_id, b.amount_minor
     )
     SELECT won.id AS "orderId", won.order_no AS "orderNo", won.member_id AS "memberId", COALESCE(sum(stopped.amount_minor), 0) AS "refundMinor",
            array_remove(array_agg(stopped.id), NULL) AS "betIds"
       FROM won LEFT JOIN stopped ON stopped.order_id = won.id
      GROUP BY won.id, won.order_no, won.member_id ORDER BY won.id`,
    [roundId, new Date(nowMs)],
  );
  await creditMembersIn(client, {
    merchantId, houseAccount: house, kind: 'bet_refund', keyPrefix: `lottery:stop:${roundId}`, orderNo: `R${roundId}`, remark: 'chase stopped on a win', nowMs,
    credits: refundCredits(stopped.rows.map((order) => ({ memberId: Number(order.memberId), orderId: Number(order.orderId), refundMinor: Number(order.refundMinor) }))),
  });
  // The stopped bets no longer count against their rounds' liability limits (after the house
  // account's lock, the order betting takes them in: liability.ts).
  await release(client, await loadsOfBets(client, stopped.rows.flatMap((order) => order.betIds.map(Number))));
  return stopped.rowCount ?? 0;
}

/**
 * Voids a round that cannot be drawn (or settled): every open bet refunded, per member one
 * movement; the round's state void with the reason. Inside the caller's transaction.
 */
export async function voidRoundIn(client: pg.PoolClient, roundId: number, reason: string, nowMs: number): Promise<number> {
  const claimed = await client.query<{ merchantId: number; gameCode: string; numero: string }>(
    `UPDATE lottery_round r SET state = 'void', void_reason = $2, numbers = NULL, server_seed = NULL
       FROM lottery_game g
      WHERE r.id = $1 AND r.state IN ('open', 'drawn') AND g.id = r.game_id
      RETURNING r.merchant_id AS "merchantId", g.game_code AS "gameCode", r.numero`,
    [roundId, reason],
  );
  if (!claimed.rowCount) return 0;
  const { merchantId, gameCode, numero } = claimed.rows[0];
  const refunds = await client.query<{ memberId: string; orderId: string; refundMinor: string }>(
    `WITH voided AS (
       UPDATE lottery_bet SET state = 'void', settled_at = $2 WHERE round_id = $1 AND state = 'open' RETURNING member_id, order_id, amount_minor
     ) SELECT member_id AS "memberId", order_id AS "orderId", sum(amount_minor) AS "refundMinor" FROM voided GROUP BY member_id, order_id ORDER BY member_id, order_id`,
    [roundId, new Date(nowMs)],
  );
  const house = await ensureHouseAccount(client, merchantId, LOTTERY_HOUSE_ACCOUNT, nowMs);
  // Per member one credit, naming each order whose bets it refunds (modules/wagering).
  const credits = refundCredits(refunds.rows.map((row) => ({ memberId: Number(row.memberId), orderId: Number(row.orderId), refundMinor: Number(row.refundMinor) })));
  await creditMembersIn(client, {
    merchantId, houseAccount: house, kind: 'bet_refund', keyPrefix: `lottery:void:${roundId}`, orderNo: `R${roundId}`, remark: `${gameCode} ${numero} void`, nowMs,
    credits,
  });
  await client.query('DELETE FROM lottery_draw_feature WHERE round_id = $1', [roundId]);
  await client.query("SELECT pg_notify('lottery_draw', $1)", [String(roundId)]);
  return new Set(refunds.rows.map((row) => row.memberId)).size;
}

/** Settles a round in a transaction of its own (retried after a deadlock). */
export const settleRound = (pool: pg.Pool, roundId: number, nowMs: number): Promise<SettlementResult> =>
  withTransaction(pool, async (client) => {
    const result = await settleRoundIn(client, roundId, nowMs);
    if (result.settled) await client.query("SELECT pg_notify('lottery_draw', $1)", [String(roundId)]);
    return result;
  });

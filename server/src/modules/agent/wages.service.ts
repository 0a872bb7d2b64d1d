import type pg from 'pg';
import { AGENT_MEMBER_TYPES, type AgentRealtimeWage } from '@platform/contract';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { creditMembersIn, ensureHouseAccount, minorToMajor } from '../ledger';
import type { AgentCaller } from './agent-access';

// Real-time salary (run every 5 minutes by agent.jobs.ts): every settled lottery round is paid
// once. For each member's bet share in a round (the stakes of its bets won or lost), a rate is the
// profit wage rate when the house won the share (the member got back less than it staked, prizes
// and rebates counted) and the loss wage rate when it lost, per lottery game (terms.games) or the
// contract's default, in 0.01 % units.
//
// THE INVARIANT (for every kind the agent module pays: real-time wages, agent rebate, daily and
// hourly salary, dividends): along any path from a bettor up to the top, what all agents together
// are paid for one stake is at most the terms of the topmost agent on the path holding a contract
// in force; each agent earns the difference between its terms and those of the nearest agent
// below it on the path holding one (the bettor itself counts when it holds one), never below 0.
// Two rules make the differences add up to at most the top's terms whatever the contracts are:
//   - terms in force: an agent's rate is capped by the rate in force of every contracted agent
//     above it (a lowered upline contract caps the downline's, whatever its row says), so the
//     rates in force never rise going down a path;
//   - nearest contracted below, not the member one level below: an agent without a contract in
//     between (ended, never signed) is skipped, it does not count as 0.
// So the amounts on a path telescope to the top's rate in force × the stake (each floored to the
// cent, so their sum is at most the floor of the whole). property.test.ts checks it over random
// trees, contracts and bets.
//
// The same pass pays the agent rebate (migration 041): for each member's stake on
// bets won or lost in a round and each agent above it, stake × (the agent's series in force − the
// series in force of the member one level below it on the path) / 2000, floored to the cent. A
// member's series is its rebate setting — its own, else its nearest upline's — clamped to the
// game's [min_series, max_series] as the lottery clamps it (rounds.service limitedBySetting; the
// game's max_series when none in its line has one), capped by the series in force above it, and
// never below the series the bettor's bets were placed under: the bet's series plus the own rebate
// it was paid at settlement (from the ceiling of its setting then), so a setting lowered after the
// bet, one below the game's minimum, or a bettor's ceiling above its agent's never lets the agents
// above earn the bettor's own share again. A stake's prize series, own rebate and agent rebates together
// never pass the top's series (at most the game's max_series). Kind agent_rebate.
//
// One pass (payRealtimeWages) takes the settled rounds not yet paid (FOR UPDATE SKIP LOCKED: two
// replicas take different rounds), writes every wage row, credits each agent's total through the
// ledger (house_wages → the agent, kind realtime_salary) and marks the rounds paid, in one
// transaction: a crash leaves nothing paid and the next pass pays it whole; a round is never
// paid twice.

export const WAGE_HOUSE_ACCOUNT = 'house_wages';
/** Rounds one pass takes at most (the rest are the next pass's). */
export const ROUNDS_PER_PASS = 500;

export interface WageRunResult {
  merchants: number;
  rounds: number;
  wages: number;
  paidMinor: number;
  /** Agent rebate rows written and their total. */
  rebates: number;
  rebateMinor: number;
}

export async function payRealtimeWages(pool: pg.Pool, nowMs: number): Promise<WageRunResult> {
  const total: WageRunResult = { merchants: 0, rounds: 0, wages: 0, paidMinor: 0, rebates: 0, rebateMinor: 0 };
  const merchants = await pool.query<{ merchantId: number }>(
    "SELECT DISTINCT merchant_id AS \"merchantId\" FROM lottery_round WHERE state = 'settled' AND wages_paid_at IS NULL",
  );
  for (const { merchantId } of merchants.rows) {
    const result = await withTransaction(pool, (client) => payMerchantWages(client, merchantId, nowMs));
    total.merchants += result.rounds > 0 ? 1 : 0;
    total.rounds += result.rounds;
    total.wages += result.wages;
    total.paidMinor += result.paidMinor;
    total.rebates += result.rebates;
    total.rebateMinor += result.rebateMinor;
  }
  return total;
}

type MerchantPass = Omit<WageRunResult, 'merchants'>;

async function payMerchantWages(client: pg.PoolClient, merchantId: number, nowMs: number): Promise<MerchantPass> {
  const claimed = await client.query<{ id: string }>(
    `SELECT id FROM lottery_round WHERE merchant_id = $1 AND state = 'settled' AND wages_paid_at IS NULL
      ORDER BY settled_at, id LIMIT ${ROUNDS_PER_PASS} FOR UPDATE SKIP LOCKED`,
    [merchantId],
  );
  if (!claimed.rowCount) return { rounds: 0, wages: 0, paidMinor: 0, rebates: 0, rebateMinor: 0 };
  const roundIds = claimed.rows.map((row) => row.id);
  const now = new Date(nowMs);
  const run = await client.query<{ id: string }>("INSERT INTO agent_wage_run (merchant_id, kind, ran_at, rounds) VALUES ($1, 'realtime', $2, $3) RETURNING id", [
    merchantId,
    now,
    roundIds.length,
  ]);
  const runId = run.rows[0].id;
  const wages = await client.query<{ agentId: string; amountMinor: string }>(
    `WITH shares AS (
       SELECT b.round_id, b.member_id, sum(b.amount_minor) AS stake, sum(b.prize_minor + b.rebate_minor) AS paid
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
        WHERE b.round_id = ANY($2::bigint[]) AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
        GROUP BY b.round_id, b.member_id
     ), rounds AS (
       SELECT r.id, g.game_code, r.numero, r.settled_at FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE r.id = ANY($2::bigint[])
     ), contracted AS (
       -- Every agent on the share's path (the member itself included) with a contract in force when
       -- the round was settled, not when this pass runs (a pass after downtime pays whom the
       -- contracts paid then), and its own rate.
       SELECT s.round_id, s.member_id, s.stake, s.stake > s.paid AS house_won, rounds.game_code, rounds.numero, t.ancestor_id AS agent_id, t.depth,
              GREATEST(agent_rate(c.terms, rounds.game_code, s.stake > s.paid), 0) AS own_rate
         FROM shares s
         JOIN rounds ON rounds.id = s.round_id
         JOIN member_tree t ON t.descendant_id = s.member_id
         JOIN agent_contract c ON c.downline_id = t.ancestor_id AND c.kind = 'realtime' AND c.state IN ('active', 'terminated')
          AND c.decided_at <= rounds.settled_at AND (c.terminated_at IS NULL OR c.terminated_at > rounds.settled_at)
     ), in_force AS (
       -- The rate in force: capped by every contracted agent above (top first).
       SELECT *, min(own_rate) OVER (PARTITION BY round_id, member_id ORDER BY depth DESC ROWS UNBOUNDED PRECEDING) AS rate_in_force FROM contracted
     ), earned AS (
       -- Less the rate in force of the nearest contracted agent below on the path (none: 0).
       SELECT *, rate_in_force - COALESCE(lead(rate_in_force) OVER (PARTITION BY round_id, member_id ORDER BY depth DESC), 0) AS rate FROM in_force
     ), written AS (
       INSERT INTO agent_wage (merchant_id, run_id, agent_id, source_id, round_id, game_code, numero, base_minor, house_won, rate, amount_minor, created_at)
       SELECT $1, $3, agent_id, member_id, round_id, game_code, numero, stake, house_won, rate, floor(stake * rate / 10000.0)::bigint, $4
         FROM earned WHERE rate > 0 AND stake > 0
       RETURNING agent_id, amount_minor
     )
     SELECT agent_id AS "agentId", sum(amount_minor) AS "amountMinor" FROM written GROUP BY agent_id`,
    [merchantId, roundIds, runId, now],
  );
  const credits = wages.rows.map((row) => ({ memberId: Number(row.agentId), amountMinor: Number(row.amountMinor) }));
  const paidMinor = credits.reduce((sum, credit) => sum + credit.amountMinor, 0);
  if (paidMinor > 0) {
    const house = await ensureHouseAccount(client, merchantId, WAGE_HOUSE_ACCOUNT, nowMs);
    await creditMembersIn(client, { merchantId, houseAccount: house, kind: 'realtime_salary', keyPrefix: `wage:realtime:${runId}`, orderNo: `W${runId}`, remark: 'real-time salary', credits, nowMs });
  }
  const rebates = await payAgentRebates(client, merchantId, roundIds, runId, nowMs);
  await client.query('UPDATE lottery_round SET wages_paid_at = $2 WHERE id = ANY($1::bigint[])', [roundIds, now]);
  await client.query('UPDATE agent_wage_run SET paid_minor = $2 WHERE id = $1', [runId, paidMinor + rebates.rebateMinor]);
  const count = await client.query<{ count: string }>('SELECT count(*) AS count FROM agent_wage WHERE run_id = $1', [runId]);
  return { rounds: roundIds.length, wages: Number(count.rows[0].count), paidMinor, ...rebates };
}

/** The agent rebates of the claimed rounds: written and credited in the pass's transaction. */
async function payAgentRebates(client: pg.PoolClient, merchantId: number, roundIds: string[], runId: string, nowMs: number): Promise<{ rebates: number; rebateMinor: number }> {
  const rebates = await client.query<{ agentId: string; amountMinor: string; rows: string }>(
    `WITH stakes AS (
       -- placed: the highest ceiling the member's bets in the round were placed under (series + own rebate rate, rounded up).
       SELECT b.round_id, b.member_id, sum(b.amount_minor) AS stake, g.min_series, g.max_series,
              max(b.series + ceil(b.rebate_minor * 2000.0 / b.amount_minor))::integer AS placed
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id JOIN lottery_game g ON g.id = r.game_id
        WHERE b.round_id = ANY($2::bigint[]) AND lottery_bet_state(b.state, r.state) IN ('won', 'lost') AND b.amount_minor > 0
        GROUP BY b.round_id, b.member_id, g.min_series, g.max_series
     ), nodes AS (
       SELECT DISTINCT t.ancestor_id AS id FROM stakes s JOIN member_tree t ON t.descendant_id = s.member_id
     ), setting AS (
       -- A member's effective setting: its own, else its nearest upline's (none: the game's max).
       SELECT DISTINCT ON (n.id) n.id, m.rebate_series AS series
         FROM nodes n JOIN member_tree t ON t.descendant_id = n.id JOIN member m ON m.id = t.ancestor_id
        WHERE m.rebate_series IS NOT NULL ORDER BY n.id, t.depth
     ), path AS (
       SELECT s.round_id, s.member_id, s.stake, s.placed, t.ancestor_id AS agent_id, t.depth, m.member_type,
              GREATEST(s.min_series, LEAST(s.max_series, COALESCE(own.series, s.max_series))) AS series
         FROM stakes s
         JOIN member_tree t ON t.descendant_id = s.member_id
         JOIN member m ON m.id = t.ancestor_id
         LEFT JOIN setting own ON own.id = t.ancestor_id
     ), in_force AS (
       -- Capped by every series above, never below what the bettor's bets were placed under.
       SELECT *, GREATEST(min(series) OVER (PARTITION BY round_id, member_id ORDER BY depth DESC ROWS UNBOUNDED PRECEDING), placed) AS series_in_force FROM path
     ), gaps AS (
       SELECT round_id, member_id, stake, agent_id, depth, member_type,
              series_in_force - lead(series_in_force) OVER (PARTITION BY round_id, member_id ORDER BY depth DESC) AS gap
         FROM in_force
     ), written AS (
       INSERT INTO agent_rebate (merchant_id, run_id, agent_id, source_id, round_id, base_minor, series_gap, amount_minor, created_at)
       SELECT $1, $3, agent_id, member_id, round_id, stake, gap, floor(stake * gap / 2000.0)::bigint, $4
         FROM gaps WHERE depth >= 1 AND member_type = ANY($5::int[]) AND gap > 0 AND stake > 0
       RETURNING agent_id, amount_minor
     )
     SELECT agent_id AS "agentId", sum(amount_minor) AS "amountMinor", count(*) AS rows FROM written GROUP BY agent_id`,
    [merchantId, roundIds, runId, new Date(nowMs), AGENT_MEMBER_TYPES],
  );
  const credits = rebates.rows.map((row) => ({ memberId: Number(row.agentId), amountMinor: Number(row.amountMinor) })).filter((credit) => credit.amountMinor > 0);
  const rebateMinor = credits.reduce((sum, credit) => sum + credit.amountMinor, 0);
  if (rebateMinor > 0) {
    const house = await ensureHouseAccount(client, merchantId, WAGE_HOUSE_ACCOUNT, nowMs);
    await creditMembersIn(client, { merchantId, houseAccount: house, kind: 'agent_rebate', keyPrefix: `rebate:agent:${runId}`, orderNo: `W${runId}`, remark: 'agent rebate', credits, nowMs });
  }
  return { rebates: rebates.rows.reduce((sum, row) => sum + Number(row.rows), 0), rebateMinor };
}

/** The agent's wage records of a period, newest first, with the period's totals. */
export async function realtimeWages(db: Db, caller: AgentCaller, startMs: number, endMs: number, page: number, size: number) {
  const where = 'w.agent_id = $1 AND w.merchant_id = $2 AND w.created_at BETWEEN $3 AND $4';
  const params = [caller.agentId, caller.merchantId, new Date(startMs), new Date(endMs)];
  const [rows, totals] = await Promise.all([
    db.query<{ createdAt: Date; gameCode: string; numero: string; sourceUsername: string; baseMinor: string; houseWon: boolean; rate: number; amountMinor: string }>(
      `SELECT w.created_at AS "createdAt", w.game_code AS "gameCode", w.numero, m.username AS "sourceUsername", w.base_minor AS "baseMinor",
              w.house_won AS "houseWon", w.rate, w.amount_minor AS "amountMinor"
         FROM agent_wage w JOIN member m ON m.id = w.source_id WHERE ${where} ORDER BY w.created_at DESC, w.id DESC LIMIT $5 OFFSET $6`,
      [...params, size, (page - 1) * size],
    ),
    db.query<{ count: string; amount: string | null; base: string | null }>(`SELECT count(*) AS count, sum(w.amount_minor) AS amount, sum(w.base_minor) AS base FROM agent_wage w WHERE ${where}`, params),
  ]);
  const list: AgentRealtimeWage[] = rows.rows.map((row) => ({
    time: row.createdAt.getTime(),
    gameCode: row.gameCode,
    numero: row.numero,
    sourceUsername: row.sourceUsername,
    betAmount: minorToMajor(Number(row.baseMinor)),
    winOrLose: row.houseWon ? 'house_won' : 'house_lost',
    rate: row.rate,
    amount: minorToMajor(Number(row.amountMinor)),
  }));
  const total = totals.rows[0];
  return {
    list,
    totalPages: Math.ceil(Number(total.count) / size),
    footer: { amount: minorToMajor(Number(total.amount ?? 0)), betAmount: minorToMajor(Number(total.base ?? 0)) },
  };
}

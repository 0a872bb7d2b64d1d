import type pg from 'pg';
import type { DividendCycle, DividendRecord, DividendTerms } from '@platform/contract';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { creditMembersIn, ensureHouseAccount, minorToMajor } from '../ledger';
import type { AgentCaller } from './agent-access';
import { dividendTierRate } from './contract-terms';
import { differential } from './differential';
import { contractedAncestors, contractsInForceSql, periodsDue, readSalarySettings, settledUntil, type SalarySettings } from './salary.service';
import { memberMoneySql } from './team-money';
import { WAGE_HOUSE_ACCOUNT } from './wages.service';

// Dividends (agentDividendRecord2; contract contract/src/agent.ts).
// For each finished period of a cycle (daily; weekly from Monday; semimonthly 1st–15th and
// 16th–end; monthly — in the merchant's agent time zone) and each agent with a dividend contract
// of that cycle in force at some time in it (as the contracts stood then):
//   net loss    = the team's valid bets − wins − rebates − promotions (team-money.ts; the team is
//                 the agent's whole subtree, itself included) − the salaries paid to the team for
//                 the period (daily and hourly salaries of periods inside it, real-time salary of
//                 rounds settled in it; migration 043), so the house never pays one loss twice
//   base        = net loss + the loss carried in (the agent's previous period's carried out in the
//                 cycle, whichever contract it was under: 0 or below)
//   rate        = the rate of the highest tier the base and the active members reach, capped by
//                 the rate in force of the nearest contracted agent above it
//   gross       = base × rate when base > 0 (floored to the cent); else 0, and the base is carried
//                 out; never more than its share of its upline's gross (differential.ts)
//   paid        = gross − the gross of the nearest contracted agents below it in the tree, whoever
//                 their contracts' uplines are (never below 0): the invariant of wages.service.ts
// Exactly once per (merchant, cycle, period): the run row is inserted first (unique on merchant,
// kind, cycle, period start) in the transaction that writes every dividend and pays them through
// the ledger (house_wages → the agent, kind dividend); another replica or a re-run finds the run
// and pays nothing.

const DAY_MS = 86_400_000;

/** The last period of the cycle that has ended by `nowMs`, in the merchant's offset. */
export function lastFinishedCycle(cycle: DividendCycle, utcOffsetMinutes: number, nowMs: number): { startMs: number; endMs: number } {
  const offset = utcOffsetMinutes * 60_000;
  const local = nowMs + offset;
  const today = Math.floor(local / DAY_MS);
  let start: number;
  let end: number;
  if (cycle === 'daily') {
    end = today * DAY_MS;
    start = end - DAY_MS;
  } else if (cycle === 'weekly') {
    // Day 0 (1970-01-01) was a Thursday: (day + 3) % 7 is the days since Monday.
    end = (today - ((today + 3) % 7)) * DAY_MS;
    start = end - 7 * DAY_MS;
  } else {
    const date = new Date(local);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    if (cycle === 'monthly') {
      end = Date.UTC(year, month, 1);
      start = Date.UTC(year, month - 1, 1);
    } else if (date.getUTCDate() >= 16) {
      end = Date.UTC(year, month, 16);
      start = Date.UTC(year, month, 1);
    } else {
      end = Date.UTC(year, month, 1);
      start = Date.UTC(year, month - 1, 16);
    }
  }
  return { startMs: start - offset, endMs: end - offset };
}

export interface DividendRunResult {
  cycle: DividendCycle;
  paid: boolean;
  agents: number;
  paidMinor: number;
}

/**
 * Settles, for every merchant and cycle in use, each finished period not yet settled, oldest first
 * (after downtime each missed period once; salary.service periodsDue), each exactly once.
 */
export async function payDividends(pool: pg.Pool, nowMs: number): Promise<DividendRunResult[]> {
  const cycles = await pool.query<{ merchantId: number; cycle: DividendCycle }>(
    "SELECT DISTINCT merchant_id AS \"merchantId\", terms->>'cycle' AS cycle FROM agent_contract WHERE kind = 'dividend' AND state IN ('active', 'terminated')",
  );
  const results: DividendRunResult[] = [];
  for (const { merchantId, cycle } of cycles.rows) {
    const settings = await readSalarySettings(pool, merchantId);
    const since = await settledUntil(pool, merchantId, 'dividend', cycle);
    for (const period of periodsDue((atMs) => lastFinishedCycle(cycle, settings.utcOffsetMinutes, atMs), nowMs, since)) {
      // Oldest first: a period whose salaries are not all paid yet holds back the later ones too.
      if (!(await salariesPaidThrough(pool, merchantId, period))) break;
      results.push(await withTransaction(pool, (client) => payDividendPeriod(client, merchantId, cycle, period, settings, nowMs)));
    }
  }
  return results;
}

/**
 * Whether every salary the period's dividend deducts has been paid: the real-time salary of every
 * round settled before its end (the 5-minute pass, a job of its own, may not have reached the
 * last minutes' rounds yet), and each daily and hourly salary period inside it where the merchant
 * had contracts of that kind. A dividend settled before them would not deduct them, and the
 * house would pay the same loss as a salary and again as a dividend; the period waits instead.
 */
export async function salariesPaidThrough(db: Db, merchantId: number, period: { startMs: number; endMs: number }): Promise<boolean> {
  const result = await db.query<{ ready: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM lottery_round r WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.wages_paid_at IS NULL AND r.settled_at < $3)
        AND NOT EXISTS (
          SELECT 1 FROM (VALUES ('daily'), ('hourly')) AS k(kind)
           WHERE EXISTS (${contractsInForceSql('$1', 'k.kind', '$2', '$3')})
             AND COALESCE((SELECT max(w.period_end) FROM agent_wage_run w
                            WHERE w.merchant_id = $1 AND w.kind = k.kind AND w.cycle = '' AND w.period_start IS NOT NULL), '-infinity') < $3
        ) AS ready`,
    [merchantId, new Date(period.startMs), new Date(period.endMs)],
  );
  return result.rows[0].ready;
}

interface TeamRow {
  contractId: string;
  agentId: string;
  uplineId: string | null;
  terms: DividendTerms;
  bets: string;
  wins: string;
  rebates: string;
  promotions: string;
  salaries: string;
  active: string;
  carriedIn: string | null;
}

/** One (merchant, cycle, period), exactly once. Module-internal; tests call it for chosen periods. */
export async function payDividendPeriod(
  client: pg.PoolClient,
  merchantId: number,
  cycle: DividendCycle,
  period: { startMs: number; endMs: number },
  settings: SalarySettings,
  nowMs: number,
): Promise<DividendRunResult> {
  const run = await client.query<{ id: string }>(
    `INSERT INTO agent_wage_run (merchant_id, kind, cycle, ran_at, period_start, period_end) VALUES ($1, 'dividend', $2, $3, $4, $5)
     ON CONFLICT (merchant_id, kind, cycle, period_start) WHERE period_start IS NOT NULL DO NOTHING RETURNING id`,
    [merchantId, cycle, new Date(nowMs), new Date(period.startMs), new Date(period.endMs)],
  );
  if (!run.rowCount) return { cycle, paid: false, agents: 0, paidMinor: 0 };
  const runId = run.rows[0].id;
  const start = new Date(period.startMs);
  const end = new Date(period.endMs);
  const rows = await dividendLines(client, merchantId, cycle, period, settings);
  if (rows.length > 0) {
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await client.query(
      `INSERT INTO agent_dividend (merchant_id, run_id, contract_id, agent_id, cycle, period_start, period_end, bets_minor, wins_minor, rebates_minor,
         promotions_minor, salaries_minor, net_loss_minor, carried_in_minor, base_minor, active_members, rate, gross_minor, downline_minor, amount_minor, carried_out_minor, created_at)
       SELECT $1, $2, x.contract_id, x.agent_id, $3, $4, $5, x.bets, x.wins, x.rebates, x.promotions, x.salaries, x.net_loss, x.carried_in, x.base, x.active, x.rate,
              x.gross, x.downline, x.amount, x.carried_out, $6
         FROM unnest($7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[],
                     $16::int[], $17::int[], $18::bigint[], $19::bigint[], $20::bigint[], $21::bigint[], $22::bigint[])
           AS x(contract_id, agent_id, bets, wins, rebates, promotions, net_loss, carried_in, base, active, rate, gross, downline, amount, carried_out, salaries)`,
      [
        merchantId, runId, cycle, start, end, new Date(nowMs),
        column('contractId'), column('agentId'), column('bets'), column('wins'), column('rebates'), column('promotions'), column('netLoss'),
        column('carriedIn'), column('base'), column('active'), column('rate'), column('grossMinor'), column('downlineMinor'), column('amountMinor'),
        column('carriedOut'), column('salaries'),
      ],
    );
  }
  const credits = rows.filter((row) => row.amountMinor > 0).map((row) => ({ memberId: Number(row.agentId), amountMinor: row.amountMinor }));
  const paidMinor = credits.reduce((sum, credit) => sum + credit.amountMinor, 0);
  if (paidMinor > 0) {
    const house = await ensureHouseAccount(client, merchantId, WAGE_HOUSE_ACCOUNT, nowMs);
    await creditMembersIn(client, {
      merchantId,
      houseAccount: house,
      kind: 'dividend',
      keyPrefix: `dividend:${cycle}:${runId}`,
      orderNo: `W${runId}`,
      remark: `${cycle} dividend ${start.toISOString()}`,
      credits,
      nowMs,
    });
  }
  await client.query('UPDATE agent_wage_run SET paid_minor = $2 WHERE id = $1', [runId, paidMinor]);
  return { cycle, paid: true, agents: rows.length, paidMinor };
}

/**
 * What a (merchant, cycle, period) pays each agent, as payDividendPeriod writes and pays it: the
 * one formula, read also by the operators' re-check of a settled run (agent.operator-queries.ts).
 * Writes nothing. Re-read after the run, the carry in is still the period before's (rows are
 * read by period start) and the salaries deducted are those settled before it.
 */
export async function dividendLines(db: Db, merchantId: number, cycle: DividendCycle, period: { startMs: number; endMs: number }, settings: SalarySettings) {
  const start = new Date(period.startMs);
  const end = new Date(period.endMs);
  const teams = await db.query<TeamRow>(
    `WITH contracted AS (
       SELECT c.id AS contract_id, c.downline_id AS agent_id, c.upline_id, c.terms FROM (${contractsInForceSql('$1', "'dividend'", '$2', '$3')}) c
     ), members AS (
       SELECT DISTINCT t.descendant_id AS id FROM member_tree t JOIN contracted c ON c.agent_id = t.ancestor_id
     ), per_member AS (
       SELECT member_id, figure, sum(amount) AS amount FROM (${memberMoneySql('$2', '$3')}) money GROUP BY member_id, figure
     )
     SELECT c.contract_id AS "contractId", c.agent_id AS "agentId", c.upline_id AS "uplineId", c.terms,
            COALESCE(sum(pm.amount) FILTER (WHERE pm.figure = 'bets'), 0) AS bets,
            COALESCE(sum(pm.amount) FILTER (WHERE pm.figure = 'wins'), 0) AS wins,
            COALESCE(sum(pm.amount) FILTER (WHERE pm.figure = 'rebates'), 0) AS rebates,
            COALESCE(sum(pm.amount) FILTER (WHERE pm.figure = 'promotions'), 0) AS promotions,
            count(pm.member_id) FILTER (WHERE pm.figure = 'bets' AND pm.amount >= $4) AS active,
            (SELECT COALESCE(sum(w.amount_minor), 0) FROM agent_period_wage w JOIN member_tree st ON st.descendant_id = w.agent_id AND st.ancestor_id = c.agent_id
              WHERE w.merchant_id = $1 AND w.period_start >= $2 AND w.period_end <= $3)
            + (SELECT COALESCE(sum(w.amount_minor), 0) FROM agent_wage w JOIN lottery_round r ON r.id = w.round_id
                 JOIN member_tree st ON st.descendant_id = w.agent_id AND st.ancestor_id = c.agent_id
                WHERE w.merchant_id = $1 AND r.settled_at >= $2 AND r.settled_at < $3) AS salaries,
            (SELECT d.carried_out_minor FROM agent_dividend d WHERE d.agent_id = c.agent_id AND d.cycle = c.terms->>'cycle' AND d.period_start < $2
              ORDER BY d.period_start DESC LIMIT 1) AS "carriedIn"
       FROM contracted c
       JOIN member_tree t ON t.ancestor_id = c.agent_id
       LEFT JOIN per_member pm ON pm.member_id = t.descendant_id
      GROUP BY c.contract_id, c.agent_id, c.upline_id, c.terms`,
    [merchantId, start, end, settings.activeMinTurnoverMinor],
  );
  const dividends = teams.rows.map((team) => {
    const bets = Number(team.bets);
    const wins = Number(team.wins);
    const rebates = Number(team.rebates);
    const promotions = Number(team.promotions);
    const salaries = Number(team.salaries);
    const netLoss = bets - wins - rebates - promotions - salaries;
    const carriedIn = Number(team.carriedIn ?? 0);
    const base = netLoss + carriedIn;
    const active = Number(team.active);
    return {
      contractId: team.contractId,
      agentId: team.agentId,
      inRun: team.terms.cycle === cycle,
      ownRate: dividendTierRate(team.terms, base, active),
      bets, wins, rebates, promotions, salaries, netLoss, carriedIn, base, active,
      carriedOut: Math.min(base, 0),
      moved: bets + wins + rebates + promotions + salaries > 0,
    };
  });
  // The differential down the contracted agents of the tree (differential.ts): contracts of the
  // other cycles take part only as uplines (a downline under one is capped at 0).
  const settled = new Map(
    differential(
      dividends.map((dividend) => ({
        agentId: dividend.agentId,
        ownRate: dividend.ownRate,
        inRun: dividend.inRun,
        grossAt: (rate: number) => (dividend.base > 0 ? (BigInt(dividend.base) * BigInt(rate)) / 10_000n : 0n),
      })),
      await contractedAncestors(db, dividends.map((dividend) => dividend.agentId)),
    ).map((result) => [result.agentId, result]),
  );
  // A period in which nothing moved for a team writes nothing: its carry stays in its last row.
  return dividends
    .filter((dividend) => dividend.inRun && dividend.moved)
    .map((dividend) => {
      const result = settled.get(dividend.agentId)!;
      return { ...dividend, rate: result.rate, grossMinor: Number(result.grossMinor), downlineMinor: Number(result.downlineMinor), amountMinor: Number(result.amountMinor) };
    });
}

interface RecordRow {
  cycle: DividendCycle;
  periodStart: Date;
  periodEnd: Date;
  bets: string;
  wins: string;
  rebates: string;
  promotions: string;
  netLoss: string;
  carriedIn: string;
  base: string;
  active: number;
  rate: number;
  gross: string;
  downline: string;
  amount: string;
  carriedOut: string;
}

/** The agent's dividends whose periods start in [startMs, endMs], newest first. */
export async function dividendRecords(db: Db, caller: AgentCaller, startMs: number, endMs: number, page: number, size: number) {
  const where = 'd.agent_id = $1 AND d.merchant_id = $2 AND d.period_start BETWEEN $3 AND $4';
  const params = [caller.agentId, caller.merchantId, new Date(startMs), new Date(endMs)];
  const [rows, totals] = await Promise.all([
    db.query<RecordRow>(
      `SELECT d.cycle, d.period_start AS "periodStart", d.period_end AS "periodEnd", d.bets_minor AS bets, d.wins_minor AS wins, d.rebates_minor AS rebates,
              d.promotions_minor AS promotions, d.net_loss_minor AS "netLoss", d.carried_in_minor AS "carriedIn", d.base_minor AS base, d.active_members AS active,
              d.rate, d.gross_minor AS gross, d.downline_minor AS downline, d.amount_minor AS amount, d.carried_out_minor AS "carriedOut"
         FROM agent_dividend d WHERE ${where} ORDER BY d.period_start DESC, d.id DESC LIMIT $5 OFFSET $6`,
      [...params, size, (page - 1) * size],
    ),
    db.query<{ count: string; amount: string | null }>(`SELECT count(*) AS count, sum(d.amount_minor) AS amount FROM agent_dividend d WHERE ${where}`, params),
  ]);
  const major = (value: string) => minorToMajor(Number(value));
  const list: DividendRecord[] = rows.rows.map((row) => ({
    cycle: row.cycle,
    periodStart: row.periodStart.getTime(),
    periodEnd: row.periodEnd.getTime(),
    validBet: major(row.bets),
    wins: major(row.wins),
    rebates: major(row.rebates),
    promotions: major(row.promotions),
    netLoss: major(row.netLoss),
    carriedIn: major(row.carriedIn),
    base: major(row.base),
    activeMembers: row.active,
    rate: row.rate,
    grossAmount: major(row.gross),
    downlineAmount: major(row.downline),
    amount: major(row.amount),
    carriedOut: major(row.carriedOut),
    status: Number(row.amount) > 0 ? 'disbursed' : 'nothing_due',
  }));
  return { list, totalPages: Math.ceil(Number(totals.rows[0].count) / size), footer: { amount: minorToMajor(Number(totals.rows[0].amount ?? 0)) } };
}

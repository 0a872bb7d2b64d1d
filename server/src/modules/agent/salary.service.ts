import type pg from 'pg';
import type { SalaryKind, SalaryRecord, SalaryTerms } from '@platform/contract';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { creditMembersIn, ensureHouseAccount, MINOR_PER_MAJOR, minorToMajor } from '../ledger';
import type { AgentCaller } from './agent-access';
import { tierRate } from './contract-terms';
import { differential } from './differential';
import { WAGE_HOUSE_ACCOUNT } from './wages.service';

// Daily and hourly salary (legacy pages agentDailyWages2, agentHourSalary). For
// each finished period (the merchant's local day or hour) and each agent with a contract of the
// kind in force at some time in it (as the contracts stood then, contractsInForceSql): its team
// betting is the valid turnover of every member of its subtree, itself included — lottery bets
// settled won or lost in the period plus game rounds started in it (valid bet) — and its active
// members are those of the team whose turnover reached the merchant's minimum. The highest tier of
// its contract the team reaches gives its own rate, capped by the rate in force of the nearest
// contracted agent above it; gross = team betting × that rate (floored to the cent); it is paid
// gross less the gross of the nearest contracted agents below it in the tree, whoever their
// contracts' uplines are (never below 0): differential.ts, the invariant of wages.service.ts.
// Exactly once per (merchant, kind, period): the run row is inserted first (unique), in the
// transaction that writes every salary and pays them through the ledger (house_wages → the agent,
// kind daily_salary / hourly_salary); a second replica or a re-run finds the run and pays nothing.
// The job settles every finished period not yet settled, oldest first (paySalaries).

export interface SalarySettings {
  utcOffsetMinutes: number;
  activeMinTurnoverMinor: number;
}

export const DEFAULT_SALARY_SETTINGS: SalarySettings = { utcOffsetMinutes: 480, activeMinTurnoverMinor: 1 * MINOR_PER_MAJOR };

export async function readSalarySettings(db: Db, merchantId: number): Promise<SalarySettings> {
  const stored = await db.query<{ value: { utcOffsetMinutes?: unknown; activeMinTurnover?: unknown } }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'agentSalary'", [merchantId]);
  const value = stored.rows[0]?.value ?? {};
  const offset = Number.isInteger(value.utcOffsetMinutes) && Math.abs(value.utcOffsetMinutes as number) <= 840 ? (value.utcOffsetMinutes as number) : DEFAULT_SALARY_SETTINGS.utcOffsetMinutes;
  const minimum = typeof value.activeMinTurnover === 'number' && value.activeMinTurnover >= 0 ? Math.round(value.activeMinTurnover * MINOR_PER_MAJOR) : DEFAULT_SALARY_SETTINGS.activeMinTurnoverMinor;
  return { utcOffsetMinutes: offset, activeMinTurnoverMinor: minimum };
}

const PERIOD_MS: Record<SalaryKind, number> = { daily: 86_400_000, hourly: 3_600_000 };

/** The last period of the kind that has ended by `nowMs` (start, end), in the merchant's offset. */
export function lastFinishedPeriod(kind: SalaryKind, utcOffsetMinutes: number, nowMs: number): { startMs: number; endMs: number } {
  const length = PERIOD_MS[kind];
  const offset = utcOffsetMinutes * 60_000;
  const endMs = Math.floor((nowMs + offset) / length) * length - offset;
  return { startMs: endMs - length, endMs };
}

export interface SalaryRunResult {
  paid: boolean;
  agents: number;
  paidMinor: number;
}

/**
 * A contract of the kind (and dividend cycle) in force at some time in [start, end), one per agent
 * (the one signed last): the contracts as they stood during a period, not as they stand when the
 * job runs, so a period settled late (after downtime) pays whom it would have paid on time.
 * Columns downline_id, upline_id, terms, id. Parameters are SQL placeholders.
 */
export function contractsInForceSql(merchant: string, kind: string, start: string, end: string): string {
  return `SELECT DISTINCT ON (c.downline_id) c.id, c.downline_id, c.upline_id, c.terms FROM agent_contract c
     WHERE c.merchant_id = ${merchant} AND c.kind = ${kind} AND c.state IN ('active', 'terminated')
       AND c.decided_at < ${end} AND (c.terminated_at IS NULL OR c.terminated_at > ${start})
     ORDER BY c.downline_id, c.decided_at DESC, c.id DESC`;
}

/** Periods settled at most by one pass of a kind for one merchant (the rest: the next pass). */
export const MAX_PERIODS_PER_PASS = 200;

/**
 * The finished periods not yet settled, oldest first: those ending after `sinceMs` (the end of the
 * last settled one, else the first contract signed), walked back from the last finished one; at
 * most MAX_PERIODS_PER_PASS. None due: the last finished one (its settling finds it settled).
 */
export function periodsDue(lastFinished: (atMs: number) => { startMs: number; endMs: number }, nowMs: number, sinceMs: number | null): { startMs: number; endMs: number }[] {
  const newest = lastFinished(nowMs);
  if (sinceMs === null) return [newest];
  const due: { startMs: number; endMs: number }[] = [];
  for (let period = newest; period.endMs > sinceMs; period = lastFinished(period.startMs)) due.push(period);
  return due.length === 0 ? [newest] : due.reverse().slice(0, MAX_PERIODS_PER_PASS);
}

/** Where a merchant's settling of a kind (and cycle) resumes: the end of its last settled period, else its first contract's signing. */
export async function settledUntil(db: Db, merchantId: number, kind: string, cycle: string): Promise<number | null> {
  const result = await db.query<{ last: Date | null; first: Date | null }>(
    `SELECT (SELECT max(period_end) FROM agent_wage_run WHERE merchant_id = $1 AND kind = $2 AND cycle = $3 AND period_start IS NOT NULL) AS last,
            (SELECT min(decided_at) FROM agent_contract WHERE merchant_id = $1 AND kind = $2 AND state IN ('active', 'terminated')
                AND ($3 = '' OR terms->>'cycle' = $3)) AS first`,
    [merchantId, kind, cycle],
  );
  const row = result.rows[0];
  return row.last?.getTime() ?? row.first?.getTime() ?? null;
}

/**
 * Settles, for every merchant with contracts of the kind, each finished period not yet settled,
 * oldest first (after downtime each missed period once), each exactly once in its own transaction.
 */
export async function paySalaries(pool: pg.Pool, kind: SalaryKind, nowMs: number): Promise<SalaryRunResult[]> {
  const merchants = await pool.query<{ merchantId: number }>("SELECT DISTINCT merchant_id AS \"merchantId\" FROM agent_contract WHERE kind = $1 AND state IN ('active', 'terminated')", [kind]);
  const results: SalaryRunResult[] = [];
  for (const { merchantId } of merchants.rows) {
    const settings = await readSalarySettings(pool, merchantId);
    const since = await settledUntil(pool, merchantId, kind, '');
    for (const period of periodsDue((atMs) => lastFinishedPeriod(kind, settings.utcOffsetMinutes, atMs), nowMs, since)) {
      results.push(await withTransaction(pool, (client) => payPeriod(client, merchantId, kind, period, settings, nowMs)));
    }
  }
  return results;
}

/** One (merchant, kind, period), exactly once. Module-internal; tests call it for chosen periods. */
export async function payPeriod(
  client: pg.PoolClient,
  merchantId: number,
  kind: SalaryKind,
  period: { startMs: number; endMs: number },
  settings: SalarySettings,
  nowMs: number,
): Promise<SalaryRunResult> {
  const run = await client.query<{ id: string }>(
    `INSERT INTO agent_wage_run (merchant_id, kind, ran_at, period_start, period_end) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (merchant_id, kind, cycle, period_start) WHERE period_start IS NOT NULL DO NOTHING RETURNING id`,
    [merchantId, kind, new Date(nowMs), new Date(period.startMs), new Date(period.endMs)],
  );
  if (!run.rowCount) return { paid: false, agents: 0, paidMinor: 0 };
  const runId = run.rows[0].id;
  const start = new Date(period.startMs);
  const end = new Date(period.endMs);
  const rows = await salaryLines(client, merchantId, kind, period, settings);
  if (rows.length > 0) {
    await client.query(
      `INSERT INTO agent_period_wage (merchant_id, run_id, kind, agent_id, period_start, period_end, team_minor, active_members, rate, gross_minor, downline_minor, amount_minor, created_at)
       SELECT $1, $2, $3, x.agent_id, $4, $5, x.team, x.active, x.rate, x.gross, x.downline, x.amount, $6
         FROM unnest($7::bigint[], $8::bigint[], $9::int[], $10::int[], $11::bigint[], $12::bigint[], $13::bigint[]) AS x(agent_id, team, active, rate, gross, downline, amount)`,
      [
        merchantId, runId, kind, start, end, new Date(nowMs),
        rows.map((row) => row.agentId), rows.map((row) => row.teamMinor), rows.map((row) => row.active), rows.map((row) => row.rate),
        rows.map((row) => row.grossMinor.toString()), rows.map((row) => row.downlineMinor.toString()), rows.map((row) => row.amountMinor.toString()),
      ],
    );
  }
  const credits = rows.filter((row) => row.amountMinor > 0n).map((row) => ({ memberId: Number(row.agentId), amountMinor: Number(row.amountMinor) }));
  const paidMinor = credits.reduce((sum, credit) => sum + credit.amountMinor, 0);
  if (paidMinor > 0) {
    const house = await ensureHouseAccount(client, merchantId, WAGE_HOUSE_ACCOUNT, nowMs);
    await creditMembersIn(client, {
      merchantId,
      houseAccount: house,
      kind: kind === 'daily' ? 'daily_salary' : 'hourly_salary',
      keyPrefix: `wage:${kind}:${runId}`,
      orderNo: `W${runId}`,
      remark: `${kind} salary ${start.toISOString()}`,
      credits,
      nowMs,
    });
  }
  await client.query('UPDATE agent_wage_run SET paid_minor = $2 WHERE id = $1', [runId, paidMinor]);
  return { paid: true, agents: rows.length, paidMinor };
}

/**
 * What a (merchant, kind, period) pays each contracted agent, as payPeriod writes and pays it:
 * the one formula, read also by the operators' re-check of a settled run (agent.operator-queries.ts).
 * Writes nothing.
 */
export async function salaryLines(db: Db, merchantId: number, kind: SalaryKind, period: { startMs: number; endMs: number }, settings: SalarySettings) {
  const start = new Date(period.startMs);
  const end = new Date(period.endMs);
  // Each contracted agent's team betting and active members in the period.
  const teams = await db.query<{ agentId: string; terms: SalaryTerms; uplineId: string | null; teamMinor: string; active: string }>(
    `WITH turnover AS (
       SELECT member_id, sum(amount) AS amount FROM (
         SELECT b.member_id, b.amount_minor AS amount FROM lottery_round lr JOIN lottery_bet b ON b.round_id = lr.id
          WHERE lr.merchant_id = $1 AND lr.state = 'settled' AND lr.settled_at >= $2 AND lr.settled_at < $3
            AND b.merchant_id = $1 AND lottery_bet_state(b.state, lr.state) IN ('won', 'lost')
         UNION ALL
         SELECT r.member_id, r.valid_bet_minor FROM game_round r
          WHERE r.merchant_id = $1 AND r.member_id IS NOT NULL AND r.started_at >= $2 AND r.started_at < $3
       ) x GROUP BY member_id
     )
     SELECT c.downline_id AS "agentId", c.terms, c.upline_id AS "uplineId",
            COALESCE(sum(t.amount), 0) AS "teamMinor", count(t.member_id) FILTER (WHERE t.amount >= $5) AS active
       FROM (${contractsInForceSql('$1', '$4', '$2', '$3')}) c
       JOIN member_tree tree ON tree.ancestor_id = c.downline_id
       LEFT JOIN turnover t ON t.member_id = tree.descendant_id
      GROUP BY c.downline_id, c.terms, c.upline_id`,
    [merchantId, start, end, kind, settings.activeMinTurnoverMinor],
  );
  // The differential down the contracted agents of the tree (differential.ts).
  const ancestors = await contractedAncestors(db, teams.rows.map((team) => team.agentId));
  const byAgent = new Map(teams.rows.map((team) => [team.agentId, { teamMinor: Number(team.teamMinor), active: Number(team.active), terms: team.terms }]));
  return differential(
    teams.rows.map((team) => {
      const teamMinor = BigInt(team.teamMinor);
      return { agentId: team.agentId, ownRate: tierRate(team.terms, Number(team.teamMinor), Number(team.active)), inRun: true, grossAt: (rate: number) => (teamMinor * BigInt(rate)) / 10_000n };
    }),
    ancestors,
  )
    .map((result) => ({ ...result, ...byAgent.get(result.agentId)! }))
    .filter((agent) => agent.teamMinor > 0);
}

/** For each of `agentIds`, its ancestors among them and their depth above it (the contracted agents above it). */
export async function contractedAncestors(db: Db, agentIds: string[]): Promise<{ agentId: string; ancestorId: string; depth: number }[]> {
  if (agentIds.length === 0) return [];
  const result = await db.query<{ agentId: string; ancestorId: string; depth: number }>(
    `SELECT t.descendant_id AS "agentId", t.ancestor_id AS "ancestorId", t.depth FROM member_tree t
      WHERE t.descendant_id = ANY($1::bigint[]) AND t.ancestor_id = ANY($1::bigint[]) AND t.depth > 0`,
    [agentIds],
  );
  return result.rows;
}

/** The agent's salary records of the kind whose periods start in [startMs, endMs], newest first. */
export async function salaryRecords(db: Db, caller: AgentCaller, kind: SalaryKind, startMs: number, endMs: number, page: number, size: number) {
  const where = 'w.agent_id = $1 AND w.merchant_id = $2 AND w.kind = $3 AND w.period_start BETWEEN $4 AND $5';
  const params = [caller.agentId, caller.merchantId, kind, new Date(startMs), new Date(endMs)];
  const [rows, totals] = await Promise.all([
    db.query<{ periodStart: Date; periodEnd: Date; teamMinor: string; active: number; rate: number; grossMinor: string; downlineMinor: string; amountMinor: string }>(
      `SELECT w.period_start AS "periodStart", w.period_end AS "periodEnd", w.team_minor AS "teamMinor", w.active_members AS active, w.rate,
              w.gross_minor AS "grossMinor", w.downline_minor AS "downlineMinor", w.amount_minor AS "amountMinor"
         FROM agent_period_wage w WHERE ${where} ORDER BY w.period_start DESC, w.id DESC LIMIT $6 OFFSET $7`,
      [...params, size, (page - 1) * size],
    ),
    db.query<{ count: string; amount: string | null }>(`SELECT count(*) AS count, sum(w.amount_minor) AS amount FROM agent_period_wage w WHERE ${where}`, params),
  ]);
  const list: SalaryRecord[] = rows.rows.map((row) => ({
    periodStart: row.periodStart.getTime(),
    periodEnd: row.periodEnd.getTime(),
    teamBetting: minorToMajor(Number(row.teamMinor)),
    activeMembers: row.active,
    rate: row.rate,
    grossAmount: minorToMajor(Number(row.grossMinor)),
    downlineAmount: minorToMajor(Number(row.downlineMinor)),
    amount: minorToMajor(Number(row.amountMinor)),
  }));
  return { list, totalPages: Math.ceil(Number(totals.rows[0].count) / size), footer: { amount: minorToMajor(Number(totals.rows[0].amount ?? 0)) } };
}

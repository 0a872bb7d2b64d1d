import { AGENT_MEMBER_TYPES, isAgentMemberType, type DividendCycle, type SalaryKind } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import type { ContractKind } from './contract-terms';
import { dividendLines } from './dividend.service';
import { readSalarySettings, salaryLines } from './salary.service';

// What the operators read of the agent programme (agent.operator-reads.ts): the team tree a level
// at a time, an agent's contracts with their history, and the payout runs with a re-check of each
// against the ledger and, for the period kinds, against the services' own formula. Reads only.

/** Direct downlines shown under one member (the rest are counted, not listed). */
export const CHILDREN_PER_NODE = 100;
/** Members one tree answer lists at most: deeper levels stop being expanded past it. */
export const NODES_PER_ANSWER = 500;
/** Agents a search lists at most. */
export const SEARCH_LIMIT = 50;

export interface TreeNode {
  memberId: number;
  username: string;
  accountType: 'agent' | 'player';
  status: string;
  uplineUsername: string | null;
  directAgents: number;
  directPlayers: number;
  /** Every member below it, at any depth. */
  teamSize: number;
  /** The kinds of its contracts in force. */
  contracts: ContractKind[];
  /** Its direct downlines (agents first), null when not loaded; `moreChildren` more not listed. */
  children: TreeNode[] | null;
  moreChildren: number;
}

interface NodeRow {
  id: string;
  username: string;
  memberType: number;
  status: string;
  uplineUsername: string | null;
  directAgents: number;
  directPlayers: number;
  teamSize: number;
  contracts: ContractKind[];
}

async function nodesOf(db: Db, merchantId: number, ids: string[]): Promise<Map<string, TreeNode>> {
  if (ids.length === 0) return new Map();
  const result = await db.query<NodeRow>(
    `SELECT m.id, m.username, m.member_type AS "memberType", m.status, up.username AS "uplineUsername",
            (SELECT count(*)::int FROM member c WHERE c.upline_id = m.id AND c.member_type = ANY($3::int[])) AS "directAgents",
            (SELECT count(*)::int FROM member c WHERE c.upline_id = m.id AND NOT c.member_type = ANY($3::int[])) AS "directPlayers",
            (SELECT count(*)::int - 1 FROM member_tree t WHERE t.ancestor_id = m.id) AS "teamSize",
            ARRAY(SELECT c.kind FROM agent_contract c WHERE c.downline_id = m.id AND c.state = 'active' ORDER BY c.kind) AS contracts
       FROM member m LEFT JOIN member up ON up.id = m.upline_id
      WHERE m.merchant_id = $1 AND m.id = ANY($2::bigint[])`,
    [merchantId, ids, AGENT_MEMBER_TYPES],
  );
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        memberId: Number(row.id),
        username: row.username,
        accountType: isAgentMemberType(row.memberType) ? 'agent' : 'player',
        status: row.status,
        uplineUsername: row.uplineUsername,
        directAgents: row.directAgents,
        directPlayers: row.directPlayers,
        teamSize: row.teamSize,
        contracts: row.contracts,
        children: null,
        moreChildren: 0,
      } satisfies TreeNode,
    ]),
  );
}

async function memberIdOf(db: Db, merchantId: number, username: string): Promise<string> {
  const found = await db.query<{ id: string }>('SELECT id FROM member WHERE merchant_id = $1 AND lower(username) = lower($2)', [merchantId, username]);
  if (!found.rowCount) throw new AppError(404, 'agent.downline.unknown');
  return found.rows[0].id;
}

/**
 * The tree under `root` (`depth` levels of direct downlines, agents first, CHILDREN_PER_NODE each)
 * with the path of uplines above it; without a root, the agents matching `search`, else the top
 * agents (no agent above them), each with its counts but not its downlines.
 */
export async function agentTree(
  db: Db,
  merchantId: number,
  query: { root?: string; depth: number; search?: string },
): Promise<{ root: TreeNode | null; path: string[]; agents: TreeNode[] }> {
  if (!query.root) {
    const found = await db.query<{ id: string }>(
      `SELECT m.id FROM member m LEFT JOIN member up ON up.id = m.upline_id
        WHERE m.merchant_id = $1 AND m.member_type = ANY($2::int[])
          AND (CASE WHEN $3::text IS NULL THEN up.id IS NULL OR NOT up.member_type = ANY($2::int[]) ELSE strpos(lower(m.username), lower($3)) > 0 END)
        ORDER BY lower(m.username) LIMIT ${SEARCH_LIMIT}`,
      [merchantId, AGENT_MEMBER_TYPES, query.search || null],
    );
    const nodes = await nodesOf(db, merchantId, found.rows.map((row) => row.id));
    return { root: null, path: [], agents: found.rows.map((row) => nodes.get(row.id)!) };
  }
  const rootId = await memberIdOf(db, merchantId, query.root);
  const root = (await nodesOf(db, merchantId, [rootId])).get(rootId)!;
  const path = await db.query<{ username: string }>(
    'SELECT m.username FROM member_tree t JOIN member m ON m.id = t.ancestor_id WHERE t.descendant_id = $1 AND t.depth > 0 ORDER BY t.depth DESC',
    [rootId],
  );
  // Level by level: each level's children in one query, until `depth` or the answer's cap.
  let level: TreeNode[] = [root];
  let listed = 1;
  for (let d = 0; d < query.depth && level.length > 0 && listed < NODES_PER_ANSWER; d++) {
    const children = await db.query<{ id: string; uplineId: string; total: number }>(
      `SELECT id, upline_id AS "uplineId", total FROM (
         SELECT m.id, m.upline_id, count(*) OVER (PARTITION BY m.upline_id)::int AS total,
                row_number() OVER (PARTITION BY m.upline_id ORDER BY (m.member_type = ANY($3::int[])) DESC, lower(m.username)) AS n
           FROM member m WHERE m.merchant_id = $1 AND m.upline_id = ANY($2::bigint[])
       ) x WHERE n <= ${CHILDREN_PER_NODE} ORDER BY n`,
      [merchantId, level.map((node) => node.memberId), AGENT_MEMBER_TYPES],
    );
    const nodes = await nodesOf(db, merchantId, children.rows.map((row) => row.id));
    const next: TreeNode[] = [];
    for (const node of level) {
      const own = children.rows.filter((row) => Number(row.uplineId) === node.memberId);
      node.children = own.map((row) => nodes.get(row.id)!);
      node.moreChildren = (own[0]?.total ?? 0) - own.length;
      next.push(...node.children);
    }
    listed += next.length;
    level = next;
  }
  return { root, path: path.rows.map((row) => row.username), agents: [] };
}

export interface ContractEvent {
  /** null: not recorded (the table keeps no time for a termination asked). */
  time: number | null;
  /** created (offered or granted), accepted, rejected, termination_asked, changed (capped: a new row replaced it), ended. */
  event: 'created' | 'accepted' | 'rejected' | 'termination_asked' | 'changed' | 'ended';
  /** A member's username, or an operator's as `operator:<name>`, or null when the system did it (a cascade) or nobody is recorded. */
  by: string | null;
}

export interface OperatorContract {
  contractId: number;
  kind: ContractKind;
  state: string;
  /** null: from the merchant (a top agent's contract, made by an operator). */
  uplineUsername: string | null;
  terms: unknown;
  createdTime: number;
  decidedTime: number | null;
  terminatedTime: number | null;
  /** The contract whose capped terms replaced this one, when a change above capped it. */
  replacedBy: number | null;
  history: ContractEvent[];
}

interface ContractRow {
  id: string;
  kind: ContractKind;
  state: string;
  uplineId: string | null;
  uplineUsername: string | null;
  terms: unknown;
  requestedBy: string | null;
  terminateRequestedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  terminatedAt: Date | null;
}

/** The agent's contracts of every kind (as the downline), newest first, each with its history. */
export async function agentContracts(db: Db, merchantId: number, username: string): Promise<{ agent: TreeNode; topAgent: boolean; contracts: OperatorContract[] }> {
  const agentId = await memberIdOf(db, merchantId, username);
  const agent = (await nodesOf(db, merchantId, [agentId])).get(agentId)!;
  const upline = await db.query<{ memberType: number | null }>('SELECT up.member_type AS "memberType" FROM member m LEFT JOIN member up ON up.id = m.upline_id WHERE m.id = $1', [agentId]);
  const [rows, names, operatorActions] = await Promise.all([
    db.query<ContractRow>(
      `SELECT c.id, c.kind, c.state, c.upline_id AS "uplineId", up.username AS "uplineUsername", c.terms, c.requested_by AS "requestedBy",
              c.terminate_requested_by AS "terminateRequestedBy", c.created_at AS "createdAt", c.decided_at AS "decidedAt", c.terminated_at AS "terminatedAt"
         FROM agent_contract c LEFT JOIN member up ON up.id = c.upline_id
        WHERE c.merchant_id = $1 AND c.downline_id = $2 ORDER BY c.created_at DESC, c.id DESC`,
      [merchantId, agentId],
    ),
    db.query<{ id: string; username: string }>(
      `SELECT m.id, m.username FROM member m WHERE m.id IN (SELECT requested_by FROM agent_contract WHERE downline_id = $1
         UNION SELECT terminate_requested_by FROM agent_contract WHERE downline_id = $1 UNION SELECT upline_id FROM agent_contract WHERE downline_id = $1)`,
      [agentId],
    ),
    // The operators who granted and ended the merchant's contracts: the audit trail records them.
    db.query<{ action: string; kind: string; operator: string; createdAt: Date }>(
      // The kind: on the outcome row as asked (older rows) or in the contract before and after it.
      `SELECT a.action, coalesce(a.detail ->> 'kind', a.detail -> 'after' ->> 'kind', a.detail -> 'before' ->> 'kind') AS kind, o.username AS operator, a.created_at AS "createdAt"
         FROM operator_action a JOIN operator o ON o.id = a.operator_id
        WHERE a.merchant_id = $1 AND a.target_type = 'member' AND lower(a.target_id) = lower($2)
          AND a.action IN ('agent_contract.grant', 'agent_contract.end') AND a.outcome = 'ok' ORDER BY a.created_at`,
      [merchantId, agent.username],
    ),
  ]);
  const nameOf = new Map(names.rows.map((row) => [row.id, row.username]));
  nameOf.set(agentId, agent.username);
  const member = (id: string | null) => (id === null ? null : (nameOf.get(id) ?? null));
  // The operator who did `action` of the kind at `at` or just after it (the audit row is written once the change is done).
  const operatorAt = (action: string, kind: string, at: Date) => {
    const found = operatorActions.rows.find((row) => row.action === action && row.kind === kind && row.createdAt.getTime() >= at.getTime());
    return found ? `operator:${found.operator}` : null;
  };
  const contracts = rows.rows.map((row): OperatorContract => {
    const replacement = row.state === 'terminated' && row.terminatedAt
      ? rows.rows.find((other) => other.kind === row.kind && other.id !== row.id && other.uplineId === row.uplineId && other.createdAt.getTime() === row.terminatedAt!.getTime() && other.decidedAt?.getTime() === row.terminatedAt!.getTime())
      : undefined;
    const fromMerchant = row.uplineId === null;
    const history: ContractEvent[] = [];
    const replacing = rows.rows.some((other) => other.kind === row.kind && other.id !== row.id && other.terminatedAt?.getTime() === row.createdAt.getTime() && other.uplineId === row.uplineId && !fromMerchant);
    history.push({ time: row.createdAt.getTime(), event: replacing ? 'changed' : 'created', by: replacing ? null : fromMerchant ? operatorAt('agent_contract.grant', row.kind, row.createdAt) : member(row.requestedBy) });
    if (row.decidedAt && !fromMerchant && !replacing) {
      const asker = row.requestedBy;
      const answerer = asker === row.uplineId ? agentId : row.uplineId;
      history.push({ time: row.decidedAt.getTime(), event: row.state === 'rejected' ? 'rejected' : 'accepted', by: member(answerer) });
    }
    if (row.terminateRequestedBy) history.push({ time: null, event: 'termination_asked', by: member(row.terminateRequestedBy) });
    if (row.terminatedAt) {
      history.push({
        time: row.terminatedAt.getTime(),
        event: replacement ? 'changed' : 'ended',
        by: replacement ? null : fromMerchant ? operatorAt('agent_contract.end', row.kind, row.terminatedAt) : null,
      });
    }
    return {
      contractId: Number(row.id),
      kind: row.kind,
      state: row.state,
      uplineUsername: row.uplineUsername,
      terms: row.terms,
      createdTime: row.createdAt.getTime(),
      decidedTime: row.decidedAt?.getTime() ?? null,
      terminatedTime: row.terminatedAt?.getTime() ?? null,
      replacedBy: replacement ? Number(replacement.id) : null,
      history,
    };
  });
  return { agent, topAgent: upline.rows[0].memberType === null || !isAgentMemberType(upline.rows[0].memberType), contracts };
}

// ---- Payout runs and their re-check ----

export const RUN_KINDS = ['realtime', 'daily', 'hourly', 'dividend'] as const;
export type RunKind = (typeof RUN_KINDS)[number];
/** The ledger kinds a run's credits are posted under (wages.service, salary.service, dividend.service). */
const LEDGER_KINDS = ['realtime_salary', 'agent_rebate', 'daily_salary', 'hourly_salary', 'dividend'];

export interface RunCheck {
  /** recomputed: the period's pay worked out again by the service's own formula (salaryLines, dividendLines) and compared with the lines and the ledger; ledger: the run's lines compared with the ledger's credits for it and the run's total (no money created or lost). */
  check: 'recomputed' | 'ledger';
  consistent: boolean;
  /** What the ledger paid less what it should have paid (the recomputation, else the recorded lines), in major units. */
  difference: number;
  /** Agents whose recorded line, ledger credit or recomputed amount disagree. */
  mismatchedAgents: number;
}

export interface AgentRun extends RunCheck {
  runId: number;
  kind: RunKind;
  cycle: string;
  ranTime: number;
  periodStart: number | null;
  periodEnd: number | null;
  rounds: number;
  /** Agents paid (credited more than 0 by the ledger). */
  agents: number;
  /** The run's own total, what the ledger credited for it, the sum of its recorded lines, and what the recomputation gives (null: not recomputed). */
  paid: number;
  ledgerPaid: number;
  linesPaid: number;
  expectedPaid: number | null;
}

export interface AgentRunLine {
  username: string;
  /** Rows of the run for the agent (real-time: one per bettor and round, wages and agent rebates). */
  rows: number;
  /** The figure the rate applied to (team betting; a dividend's base), the rate, gross and the downline's gross; null for real-time. */
  figure: number | null;
  rate: number | null;
  gross: number | null;
  downline: number | null;
  recorded: number;
  ledger: number;
  expected: number | null;
  consistent: boolean;
}

interface RunRow {
  id: string;
  kind: RunKind;
  cycle: string;
  ranAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  rounds: number;
  paidMinor: string;
}

interface Amounts {
  recorded: Map<string, bigint>;
  rows: Map<string, number>;
  ledger: Map<string, bigint>;
  expected: Map<string, bigint> | null;
  detail: Map<string, { figure: number; rate: number; gross: number; downline: number }>;
}

const RUN_SELECT = `SELECT r.id, r.kind, r.cycle, r.ran_at AS "ranAt", r.period_start AS "periodStart", r.period_end AS "periodEnd", r.rounds, r.paid_minor AS "paidMinor"
  FROM agent_wage_run r`;

/** Per run and agent: the recorded lines and what the ledger credited for the run (order W<run>, at the run's time). */
async function amountsOf(db: Db, merchantId: number, runs: RunRow[]): Promise<Map<string, Amounts>> {
  const ids = runs.map((run) => run.id);
  const amounts = new Map(runs.map((run) => [run.id, { recorded: new Map(), rows: new Map(), ledger: new Map(), expected: null, detail: new Map() } as Amounts]));
  if (ids.length === 0) return amounts;
  const [lines, ledger] = await Promise.all([
    db.query<{ runId: string; agentId: string; amount: string; rows: number }>(
      `SELECT run_id AS "runId", agent_id AS "agentId", sum(amount_minor) AS amount, count(*)::int AS rows FROM (
         SELECT run_id, agent_id, amount_minor FROM agent_wage WHERE run_id = ANY($1::bigint[])
         UNION ALL SELECT run_id, agent_id, amount_minor FROM agent_rebate WHERE run_id = ANY($1::bigint[])
         UNION ALL SELECT run_id, agent_id, amount_minor FROM agent_period_wage WHERE run_id = ANY($1::bigint[])
         UNION ALL SELECT run_id, agent_id, amount_minor FROM agent_dividend WHERE run_id = ANY($1::bigint[])
       ) x GROUP BY run_id, agent_id`,
      [ids],
    ),
    db.query<{ runId: string; agentId: string; amount: string }>(
      `SELECT substr(t.order_no, 2) AS "runId", a.member_id AS "agentId", sum(p.amount_minor) AS amount
         FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE t.merchant_id = $1 AND t.kind = ANY($2::text[]) AND t.created_at = ANY($3::timestamptz[]) AND t.order_no = ANY($4::text[]) AND a.member_id IS NOT NULL
        GROUP BY t.order_no, a.member_id`,
      [merchantId, LEDGER_KINDS, runs.map((run) => run.ranAt), ids.map((id) => `W${id}`)],
    ),
  ]);
  for (const line of lines.rows) {
    const run = amounts.get(line.runId)!;
    run.recorded.set(line.agentId, BigInt(line.amount));
    run.rows.set(line.agentId, line.rows);
  }
  for (const credit of ledger.rows) amounts.get(credit.runId)?.ledger.set(credit.agentId, BigInt(credit.amount));
  return amounts;
}

/** The period runs' pay worked out again by the services' own formula (salaryLines, dividendLines). */
async function recompute(db: Db, merchantId: number, runs: RunRow[], amounts: Map<string, Amounts>): Promise<void> {
  const periodRuns = runs.filter((run) => run.kind !== 'realtime' && run.periodStart && run.periodEnd);
  if (periodRuns.length === 0) return;
  const settings = await readSalarySettings(db, merchantId);
  for (const run of periodRuns) {
    const period = { startMs: run.periodStart!.getTime(), endMs: run.periodEnd!.getTime() };
    const lines =
      run.kind === 'dividend'
        ? (await dividendLines(db, merchantId, run.cycle as DividendCycle, period, settings)).map((line) => ({
            agentId: line.agentId, amount: BigInt(line.amountMinor), figure: line.base, rate: line.rate, gross: line.grossMinor, downline: line.downlineMinor,
          }))
        : (await salaryLines(db, merchantId, run.kind as SalaryKind, period, settings)).map((line) => ({
            agentId: line.agentId, amount: line.amountMinor, figure: line.teamMinor, rate: line.rate, gross: Number(line.grossMinor), downline: Number(line.downlineMinor),
          }));
    const target = amounts.get(run.id)!;
    target.expected = new Map(lines.map((line) => [line.agentId, line.amount]));
    for (const line of lines) target.detail.set(line.agentId, { figure: line.figure, rate: line.rate, gross: line.gross, downline: line.downline });
  }
}

const sum = (values: Iterable<bigint>) => [...values].reduce((total, value) => total + value, 0n);
const major = (minor: bigint) => minorToMajor(Number(minor));

function checkOf(run: RunRow, amounts: Amounts): RunCheck & { agentsPaid: number; ledgerMinor: bigint; linesMinor: bigint; expectedMinor: bigint | null } {
  const agents = new Set([...amounts.recorded.keys(), ...amounts.ledger.keys(), ...(amounts.expected?.keys() ?? [])]);
  let mismatched = 0;
  for (const agent of agents) {
    const recorded = amounts.recorded.get(agent) ?? 0n;
    const ledger = amounts.ledger.get(agent) ?? 0n;
    const expected = amounts.expected ? (amounts.expected.get(agent) ?? 0n) : recorded;
    if (recorded !== ledger || expected !== ledger) mismatched += 1;
  }
  const ledgerMinor = sum(amounts.ledger.values());
  const linesMinor = sum(amounts.recorded.values());
  const expectedMinor = amounts.expected ? sum(amounts.expected.values()) : null;
  const runMinor = BigInt(run.paidMinor);
  return {
    check: amounts.expected ? 'recomputed' : 'ledger',
    consistent: mismatched === 0 && runMinor === ledgerMinor,
    difference: major(ledgerMinor - (expectedMinor ?? linesMinor)),
    mismatchedAgents: mismatched,
    agentsPaid: [...amounts.ledger.values()].filter((amount) => amount > 0n).length,
    ledgerMinor,
    linesMinor,
    expectedMinor,
  };
}

function runOf(run: RunRow, amounts: Amounts): AgentRun {
  const { agentsPaid, ledgerMinor, linesMinor, expectedMinor, ...check } = checkOf(run, amounts);
  return {
    runId: Number(run.id),
    kind: run.kind,
    cycle: run.cycle,
    ranTime: run.ranAt.getTime(),
    periodStart: run.periodStart?.getTime() ?? null,
    periodEnd: run.periodEnd?.getTime() ?? null,
    rounds: run.rounds,
    agents: agentsPaid,
    paid: major(BigInt(run.paidMinor)),
    ledgerPaid: major(ledgerMinor),
    linesPaid: major(linesMinor),
    expectedPaid: expectedMinor === null ? null : major(expectedMinor),
    ...check,
  };
}

/** The runs of the last `days` (of a kind), newest first, each with its totals and re-check. */
export async function agentRuns(db: Db, merchantId: number, query: { kind?: RunKind; days: number; limit: number }, nowMs: number): Promise<AgentRun[]> {
  const runs = await db.query<RunRow>(
    `${RUN_SELECT} WHERE r.merchant_id = $1 AND ($2::text IS NULL OR r.kind = $2) AND r.ran_at >= $3 ORDER BY r.ran_at DESC, r.id DESC LIMIT $4`,
    [merchantId, query.kind ?? null, new Date(nowMs - query.days * 86_400_000), query.limit],
  );
  const amounts = await amountsOf(db, merchantId, runs.rows);
  await recompute(db, merchantId, runs.rows, amounts);
  return runs.rows.map((run) => runOf(run, amounts.get(run.id)!));
}

/** One run with its lines per agent: recorded, credited by the ledger, recomputed. */
export async function agentRun(db: Db, merchantId: number, runId: number): Promise<{ run: AgentRun; lines: AgentRunLine[] }> {
  const found = await db.query<RunRow>(`${RUN_SELECT} WHERE r.merchant_id = $1 AND r.id = $2`, [merchantId, runId]);
  if (!found.rowCount) throw new AppError(404, 'not.found');
  const run = found.rows[0];
  const amounts = (await amountsOf(db, merchantId, [run])).get(run.id)!;
  await recompute(db, merchantId, [run], new Map([[run.id, amounts]]));
  const agentIds = [...new Set([...amounts.recorded.keys(), ...amounts.ledger.keys(), ...(amounts.expected?.keys() ?? [])])];
  const names = await db.query<{ id: string; username: string }>('SELECT id, username FROM member WHERE id = ANY($1::bigint[])', [agentIds]);
  const nameOf = new Map(names.rows.map((row) => [row.id, row.username]));
  const lines = agentIds
    .map((agentId): AgentRunLine => {
      const recorded = amounts.recorded.get(agentId) ?? 0n;
      const ledger = amounts.ledger.get(agentId) ?? 0n;
      const expected = amounts.expected ? (amounts.expected.get(agentId) ?? 0n) : null;
      const detail = amounts.detail.get(agentId);
      return {
        username: nameOf.get(agentId) ?? agentId,
        rows: amounts.rows.get(agentId) ?? 0,
        figure: detail ? minorToMajor(detail.figure) : null,
        rate: detail?.rate ?? null,
        gross: detail ? minorToMajor(detail.gross) : null,
        downline: detail ? minorToMajor(detail.downline) : null,
        recorded: major(recorded),
        ledger: major(ledger),
        expected: expected === null ? null : major(expected),
        consistent: recorded === ledger && (expected === null || expected === ledger),
      };
    })
    .sort((a, b) => b.ledger - a.ledger || a.username.localeCompare(b.username));
  return { run: runOf(run, amounts), lines };
}

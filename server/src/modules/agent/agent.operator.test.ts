import type { Envelope } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import type { AgentRun, AgentRunLine, OperatorContract, TreeNode } from './agent.operator-queries';
import { insertSettledBet, insertSettledRound } from './agent.testing';
import { DEFAULT_SALARY_SETTINGS, payPeriod } from './salary.service';
import { payRealtimeWages } from './wages.service';

// The operators' reads of the agent programme on a real PostgreSQL: a small tree (a top agent, its
// downline agent, a player under each) read a level at a time; the top agent's contracts made and
// ended by an operator, with who did what; a day's salary and a real-time wage pass paid by the
// services themselves, then listed with their totals and a re-check that holds, and that says
// inconsistent once a recorded line is tampered with or the source data no longer gives what
// the ledger paid. Only risk (and admins) read; cashiers are refused.

let context: TestContext;
const clock = new TestClock();
let risk: string;
let cashier: string;
let top: number;
let sub: number;
let subPlayer: number;
let topPlayer: number;

// The day of 2025-01-15 in GMT+8 (the merchant's default agent time zone).
const DAY_START = Date.UTC(2025, 0, 14, 16, 0, 0);
const DAY_END = Date.UTC(2025, 0, 15, 16, 0, 0);

const member = async (username: string, memberType: 0 | 1, uplineId: number | null) => {
  const id = await createMember(context.pool, context.merchantId, { username, memberType, nowMs: clock.nowMs });
  if (uplineId !== null) await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [id, uplineId]);
  return id;
};

const ops = async <T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
};

beforeAll(async () => {
  clock.nowMs = DAY_START + 3_600_000;
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  risk = (await operatorLogin(context, { username: 'agents_risk', role: 'risk', nowMs: clock.nowMs })).token;
  cashier = (await operatorLogin(context, { username: 'agents_cashier', role: 'cashier', nowMs: clock.nowMs })).token;
  top = await member('optop', 1, null);
  sub = await member('opsub', 1, top);
  subPlayer = await member('opsubplayer', 0, sub);
  topPlayer = await member('optopplayer', 0, top);
}, 120_000);

afterAll(async () => {
  await context.close();
});

it('reads the tree a level at a time, with each member’s counts and contracts, and only for risk', async () => {
  const granted = await ops(risk, 'POST', '/agent-contracts', { username: 'optop', kind: 'daily', terms: { tiers: [{ bet: 100, active: 1, rate: 100 }] } });
  expect(granted.status).toBe(200);

  const tree = await ops<{ root: TreeNode; path: string[] }>(risk, 'GET', '/agents/tree?root=OPTOP&depth=1');
  expect(tree.status).toBe(200);
  const root = tree.body.value.root;
  expect(root).toMatchObject({ username: 'optop', accountType: 'agent', directAgents: 1, directPlayers: 1, teamSize: 3, contracts: ['daily'], moreChildren: 0 });
  // Agents first; one level only: the downline agent's own downlines are not loaded.
  expect(root.children!.map((node) => [node.username, node.accountType, node.children])).toEqual([['opsub', 'agent', null], ['optopplayer', 'player', null]]);
  expect(tree.body.value.path).toEqual([]);

  // Expanding the downline agent: its player, and the path above it.
  const below = await ops<{ root: TreeNode; path: string[] }>(risk, 'GET', '/agents/tree?root=opsub');
  expect(below.body.value.path).toEqual(['optop']);
  expect(below.body.value.root.children!.map((node) => node.username)).toEqual(['opsubplayer']);
  const deep = await ops<{ root: TreeNode }>(risk, 'GET', '/agents/tree?root=optop&depth=2');
  expect(deep.body.value.root.children![0].children!.map((node) => node.username)).toEqual(['opsubplayer']);

  // Without a root: the top agents; with a search: the agents whose name holds it.
  const tops = await ops<{ agents: TreeNode[] }>(risk, 'GET', '/agents/tree');
  expect(tops.body.value.agents.map((node) => node.username)).toContain('optop');
  expect(tops.body.value.agents.map((node) => node.username)).not.toContain('opsub');
  const found = await ops<{ agents: TreeNode[] }>(risk, 'GET', '/agents/tree?search=SUB');
  expect(found.body.value.agents.map((node) => node.username)).toEqual(['opsub']);

  expect((await ops(risk, 'GET', '/agents/tree?root=nobody')).status).toBe(404);
  expect((await ops(risk, 'GET', '/agents/tree?root=optop&depth=9')).status).toBe(400);
  expect((await ops(cashier, 'GET', '/agents/tree')).status).toBe(403);
  const audit = await context.pool.query("SELECT target_id FROM operator_action WHERE action = 'agent_tree.view' AND outcome = 'ok' ORDER BY id");
  expect(audit.rows.map((row) => row.target_id)).toContain('OPTOP');
});

it('lists an agent’s contracts of every kind with their history and the operators who made and ended them', async () => {
  const granted = await ops(risk, 'POST', '/agent-contracts', { username: 'optop', kind: 'hourly', terms: { tiers: [{ bet: 10, active: 1, rate: 50 }] } });
  expect(granted.status).toBe(200);
  clock.nowMs += 60_000;
  expect((await ops(risk, 'POST', '/agent-contracts/end', { username: 'optop', kind: 'hourly' })).status).toBe(200);
  // The downline agent's daily contract, offered by its upline and accepted.
  await context.pool.query(
    `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, requested_by, created_at, decided_at)
     VALUES ($1, 'daily', $2, $3, $4, 'active', $2, $5, $6)`,
    [context.merchantId, top, sub, JSON.stringify({ tiers: [{ bet: 100, active: 1, rate: 60 }] }), new Date(clock.nowMs - 30_000), new Date(clock.nowMs)],
  );

  const mine = await ops<{ agent: TreeNode; topAgent: boolean; contracts: OperatorContract[] }>(risk, 'GET', '/agents/optop/contracts');
  expect(mine.status).toBe(200);
  expect(mine.body.value.topAgent).toBe(true);
  const [hourly, daily] = mine.body.value.contracts;
  expect(hourly).toMatchObject({ kind: 'hourly', state: 'terminated', uplineUsername: null, terms: { tiers: [{ bet: 10, active: 1, rate: 50 }] } });
  expect(hourly.history.map((event) => [event.event, event.by])).toEqual([['created', 'operator:agents_risk'], ['ended', 'operator:agents_risk']]);
  expect(daily).toMatchObject({ kind: 'daily', state: 'active', terminatedTime: null });
  expect(daily.history.map((event) => [event.event, event.by])).toEqual([['created', 'operator:agents_risk']]);

  const theirs = await ops<{ topAgent: boolean; contracts: OperatorContract[] }>(risk, 'GET', '/agents/opsub/contracts');
  expect(theirs.body.value.topAgent).toBe(false);
  expect(theirs.body.value.contracts[0].uplineUsername).toBe('optop');
  expect(theirs.body.value.contracts[0].history.map((event) => [event.event, event.by])).toEqual([['created', 'optop'], ['accepted', 'opsub']]);

  expect((await ops(risk, 'GET', '/agents/nobody/contracts')).status).toBe(404);
  expect((await ops(cashier, 'GET', '/agents/optop/contracts')).status).toBe(403);
  const audit = await context.pool.query("SELECT count(*)::int AS n FROM operator_action WHERE action = 'agent_contract.view' AND target_id = 'optop' AND outcome = 'ok'");
  expect(audit.rows[0].n).toBe(1);
});

describe('payout runs', () => {
  let dailyRunId: number;
  let realtimeRunId: number;

  beforeAll(async () => {
    // Real-time salary for the top agent: 1 % of a share the house won.
    expect((await ops(risk, 'POST', '/agent-contracts', { username: 'optop', kind: 'realtime', terms: { default: { profitRate: 100, lossRate: 50 } } })).status).toBe(200);
    const roundAt = DAY_START + 2 * 3_600_000;
    const round = await insertSettledRound(context.pool, context.merchantId, '20250115-0001', roundAt);
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: subPlayer, amountMinor: 20_000, state: 'lost', prizeMinor: 0, atMs: roundAt });
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: topPlayer, amountMinor: 30_000, state: 'lost', prizeMinor: 0, atMs: roundAt });
    clock.nowMs = DAY_END + 60_000;
    // A day later the first sessions have expired: risk signs in again.
    risk = (await operatorLogin(context, { username: 'agents_risk2', role: 'risk', nowMs: clock.nowMs })).token;
    cashier = (await operatorLogin(context, { username: 'agents_cashier2', role: 'cashier', nowMs: clock.nowMs })).token;
    expect((await payRealtimeWages(context.pool, clock.nowMs)).rounds).toBe(1);
    const paid = await withTransaction(context.pool, (client) => payPeriod(client, context.merchantId, 'daily', { startMs: DAY_START, endMs: DAY_END }, DEFAULT_SALARY_SETTINGS, clock.nowMs));
    // Team of the top agent 500.00 at 1 % = 5.00; the downline agent's team 200.00 at 0.6 % = 1.20.
    expect(paid).toEqual({ paid: true, agents: 2, paidMinor: 500 });
  }, 60_000);

  it('lists the runs with their totals, each recomputed (period kinds) or checked against the ledger (real-time), consistent', async () => {
    const runs = await ops<AgentRun[]>(risk, 'GET', '/agent-runs?days=7');
    expect(runs.status).toBe(200);
    const daily = runs.body.value.find((run) => run.kind === 'daily')!;
    expect(daily).toMatchObject({
      periodStart: DAY_START, periodEnd: DAY_END, agents: 2, paid: 5, ledgerPaid: 5, linesPaid: 5, expectedPaid: 5,
      check: 'recomputed', consistent: true, difference: 0, mismatchedAgents: 0,
    });
    dailyRunId = daily.runId;
    const realtime = runs.body.value.find((run) => run.kind === 'realtime')!;
    expect(realtime).toMatchObject({ rounds: 1, check: 'ledger', consistent: true, difference: 0, expectedPaid: null });
    // 1 % of the two shares (500.00) in wages, plus the agent rebates of the same pass.
    expect(realtime.ledgerPaid).toBeGreaterThanOrEqual(5);
    expect(realtime.ledgerPaid).toBe(realtime.paid);
    realtimeRunId = realtime.runId;
    expect((await ops<AgentRun[]>(risk, 'GET', '/agent-runs?kind=daily&days=7')).body.value.map((run) => run.kind)).toEqual(['daily']);

    const lines = await ops<{ run: AgentRun; lines: AgentRunLine[] }>(risk, 'GET', `/agent-runs/${dailyRunId}`);
    expect(lines.body.value.lines).toEqual([
      { username: 'optop', rows: 1, figure: 500, rate: 100, gross: 5, downline: 1.2, recorded: 3.8, ledger: 3.8, expected: 3.8, consistent: true },
      { username: 'opsub', rows: 1, figure: 200, rate: 60, gross: 1.2, downline: 0, recorded: 1.2, ledger: 1.2, expected: 1.2, consistent: true },
    ]);
    expect((await ops(risk, 'GET', '/agent-runs/999999')).status).toBe(404);
    expect((await ops(cashier, 'GET', '/agent-runs')).status).toBe(403);
  });

  it('says inconsistent, with the difference, once a recorded line is tampered with or the source no longer gives what the ledger paid', async () => {
    // One wage row of the real-time run raised by 1.00: the ledger paid 1.00 less than its lines say.
    await context.ownerPool.query('UPDATE agent_wage SET amount_minor = amount_minor + 100 WHERE id = (SELECT min(id) FROM agent_wage WHERE run_id = $1 AND agent_id = $2)', [realtimeRunId, top]);
    const realtime = (await ops<{ run: AgentRun; lines: AgentRunLine[] }>(risk, 'GET', `/agent-runs/${realtimeRunId}`)).body.value;
    expect(realtime.run).toMatchObject({ check: 'ledger', consistent: false, difference: -1, mismatchedAgents: 1 });
    expect(realtime.lines.find((line) => line.username === 'optop')!.consistent).toBe(false);

    // A day's salary line lowered: the record disagrees with the ledger and the recomputation.
    await context.ownerPool.query('UPDATE agent_period_wage SET amount_minor = amount_minor - 20 WHERE run_id = $1 AND agent_id = $2', [dailyRunId, sub]);
    let daily = (await ops<{ run: AgentRun; lines: AgentRunLine[] }>(risk, 'GET', `/agent-runs/${dailyRunId}`)).body.value;
    expect(daily.run).toMatchObject({ consistent: false, mismatchedAgents: 1, linesPaid: 4.8, ledgerPaid: 5, expectedPaid: 5, difference: 0 });
    expect(daily.lines.find((line) => line.username === 'opsub')).toMatchObject({ recorded: 1, ledger: 1.2, expected: 1.2, consistent: false });
    await context.ownerPool.query('UPDATE agent_period_wage SET amount_minor = amount_minor + 20 WHERE run_id = $1 AND agent_id = $2', [dailyRunId, sub]);

    // A bet of the day the run never saw (100.00 under the downline agent): the formula now gives
    // 6.00 for the day, 1.00 more than the ledger paid.
    const round = await insertSettledRound(context.pool, context.merchantId, '20250115-0002', DAY_START + 3 * 3_600_000);
    await context.pool.query("UPDATE lottery_round SET wages_paid_at = $2 WHERE id = $1", [round, new Date(clock.nowMs)]);
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: subPlayer, amountMinor: 10_000, state: 'lost', prizeMinor: 0, atMs: DAY_START + 3 * 3_600_000 });
    daily = (await ops<{ run: AgentRun; lines: AgentRunLine[] }>(risk, 'GET', `/agent-runs/${dailyRunId}`)).body.value;
    expect(daily.run).toMatchObject({ check: 'recomputed', consistent: false, ledgerPaid: 5, linesPaid: 5, expectedPaid: 6, difference: -1, mismatchedAgents: 2 });
    const listed = (await ops<AgentRun[]>(risk, 'GET', '/agent-runs?kind=daily&days=7')).body.value[0];
    expect(listed).toMatchObject({ runId: dailyRunId, consistent: false, difference: -1 });
  });
});

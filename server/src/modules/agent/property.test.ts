import fc from 'fast-check';
import type { DividendTerms, RealtimeTerms, SalaryTerms } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { TestClock } from '../member/member.testing';
import { insertSettledBet, insertSettledRound } from './agent.testing';
import { dividendTierRate, tierRate } from './contract-terms';
import { payDividendPeriod } from './dividend.service';
import { DEFAULT_SALARY_SETTINGS, payPeriod } from './salary.service';
import { payRealtimeWages } from './wages.service';

// The invariant of wages.service.ts over random worlds: random trees (depth ≤ 8) of agents and
// players, random contracts of every kind — never signed, ended, in force, ended and signed again,
// with rates that ignore the upline's (a lowered upline leaves its downlines above it) — random
// rebate settings lowered after the bets, and random bets. For every kind, what the agents are
// paid for a stake is at most the top contracted agent's terms for it, and a second run of every
// pass pays nothing (no agent earns for a period twice).

let context: TestContext;
const clock = new TestClock();
const DAY = 86_400_000;
// Week k (GMT+8, from Monday 2025-01-06) holds world k; its bets are on the week's second day.
const weekStart = (k: number) => Date.UTC(2025, 0, 6) - 8 * 3_600_000 + 7 * DAY * k;
const MIN_SERIES = 1800;
const MAX_SERIES = 1960;
const clamp = (series: number | null) => Math.max(MIN_SERIES, Math.min(MAX_SERIES, series ?? MAX_SERIES));

beforeAll(async () => {
  clock.nowMs = weekStart(0);
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
});

afterAll(async () => {
  await context.close();
});

type Shape = 'none' | 'ended' | 'active' | 'resigned';
const shape = fc.constantFrom<Shape>('none', 'ended', 'active', 'resigned');
const rate = fc.integer({ min: 0, max: 200 });

const nodeArb = fc.record({
  parentPick: fc.nat(),
  agent: fc.boolean(),
  setting: fc.option(fc.integer({ min: 1700, max: 2000 }), { nil: null }),
  loweredTo: fc.option(fc.integer({ min: 1700, max: 2000 }), { nil: null }),
  realtime: fc.record({ shape, profitRate: rate, lossRate: rate }),
  daily: fc.record({ shape, tiers: fc.array(fc.record({ bet: fc.integer({ min: 0, max: 300 }), active: fc.integer({ min: 1, max: 2 }), rate }), { minLength: 1, maxLength: 2 }) }),
  dividend: fc.record({ shape, tiers: fc.array(fc.record({ loss: fc.integer({ min: 0, max: 100 }), active: fc.constant(1), rate: fc.integer({ min: 0, max: 4000 }) }), { minLength: 1, maxLength: 2 }) }),
});
const betArb = fc.record({ nodePick: fc.nat(), amountMinor: fc.integer({ min: 100, max: 50_000 }), prizeFactor: fc.integer({ min: 0, max: 3 }), seriesPick: fc.double({ min: 0, max: 1, noNaN: true }) });
const worldArb = fc.record({ nodes: fc.array(nodeArb, { minLength: 2, maxLength: 10 }), bets: fc.array(betArb, { minLength: 1, maxLength: 12 }) });
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

let worldIndex = 0;

async function playWorld(world: World): Promise<void> {
  const k = ++worldIndex;
  try {
    await checkWorld(world, k);
  } finally {
    // This world's contracts end with its week, so the next world's periods see none of them.
    await context.pool.query("UPDATE agent_contract SET state = 'terminated', terminated_at = $2 WHERE merchant_id = $1 AND state IN ('active', 'pending')", [context.merchantId, new Date(weekStart(k + 1))]);
  }
}

async function checkWorld(world: World, k: number): Promise<void> {
  const { merchantId } = context;
  const pool = context.pool;
  const week = { startMs: weekStart(k), endMs: weekStart(k + 1) };
  const day = { startMs: weekStart(k) + DAY, endMs: weekStart(k) + 2 * DAY };
  const signedAt = new Date(week.startMs - DAY);
  const endedAt = new Date(week.startMs - 3_600_000);

  // The tree: node 0 is the top agent; a node's upline is an earlier node, at most 8 levels deep.
  const parent: number[] = [-1];
  const depth: number[] = [0];
  for (let i = 1; i < world.nodes.length; i++) {
    let up = world.nodes[i].parentPick % i;
    if (depth[up] >= 7) up = 0;
    parent.push(up);
    depth.push(depth[up] + 1);
  }
  const isAgent = world.nodes.map((node, i) => i === 0 || node.agent || parent.includes(i));
  const ids: number[] = [];
  for (let i = 0; i < world.nodes.length; i++) {
    const inserted = await context.ownerPool.query<{ id: string }>(
      `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at, member_type, upline_id, rebate_series)
       VALUES ($1, $2, 'not-a-hash', $3, $3, $4, $5, $6) RETURNING id`,
      [merchantId, `pw${k}n${i}`, signedAt, isAgent[i] ? 1 : 0, i === 0 ? null : ids[parent[i]], world.nodes[i].setting],
    );
    ids.push(Number(inserted.rows[0].id));
  }
  // Contracts of every kind: ended before the week, in force through it, or both (signed again).
  const sign = async (kind: string, i: number, terms: object, state: 'active' | 'terminated') =>
    pool.query(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at, terminated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
      [merchantId, kind, i === 0 ? null : ids[parent[i]], ids[i], JSON.stringify(terms), state, signedAt, state === 'terminated' ? endedAt : null],
    );
  const termsOf = (node: World['nodes'][number]) => ({
    realtime: { default: { profitRate: node.realtime.profitRate, lossRate: node.realtime.lossRate } } satisfies RealtimeTerms,
    daily: { tiers: node.daily.tiers } satisfies SalaryTerms,
    dividend: { cycle: 'weekly', tiers: node.dividend.tiers } satisfies DividendTerms,
  });
  for (let i = 0; i < world.nodes.length; i++) {
    if (!isAgent[i]) continue;
    const terms = termsOf(world.nodes[i]);
    for (const kind of ['realtime', 'daily', 'dividend'] as const) {
      const contractShape = world.nodes[i][kind].shape;
      if (contractShape === 'ended' || contractShape === 'resigned') await sign(kind, i, terms[kind], 'terminated');
      if (contractShape === 'active' || contractShape === 'resigned') await sign(kind, i, terms[kind], 'active');
    }
  }
  // Bets, each placed within the member's rebate setting at the time (its series and own rebate).
  const settingNow = (i: number, lowered: boolean): number | null => {
    for (let at = i; at >= 0; at = parent[at]) {
      const own = lowered && world.nodes[at].loweredTo !== null ? world.nodes[at].loweredTo : world.nodes[at].setting;
      if (own !== null) return own;
      if (at === 0) break;
    }
    return null;
  };
  const roundAt = day.startMs + 6 * 3_600_000;
  const round = await insertSettledRound(pool, merchantId, `20250101-${String(k).padStart(4, '0')}`, roundAt);
  for (const bet of world.bets) {
    const node = bet.nodePick % world.nodes.length;
    const ceiling = clamp(settingNow(node, false));
    const series = MIN_SERIES + Math.floor(bet.seriesPick * (ceiling - MIN_SERIES));
    const prizeMinor = bet.amountMinor * bet.prizeFactor;
    await insertSettledBet(pool, {
      merchantId, roundId: round, memberId: ids[node], amountMinor: bet.amountMinor, state: prizeMinor > 0 ? 'won' : 'lost', prizeMinor, atMs: roundAt,
      series, rebateMinor: Math.floor((bet.amountMinor * (ceiling - series)) / 2000),
    });
  }
  // Settings lowered (or raised) after the bets.
  for (let i = 0; i < world.nodes.length; i++) {
    if (world.nodes[i].loweredTo !== null) await context.ownerPool.query('UPDATE member SET rebate_series = $2 WHERE id = $1', [ids[i], world.nodes[i].loweredTo]);
  }

  // Every pass twice: the second pays nothing.
  const payNow = week.endMs + 60_000;
  expect((await payRealtimeWages(pool, payNow)).rounds).toBe(1);
  const again = await payRealtimeWages(pool, payNow);
  expect(again.paidMinor + again.rebateMinor).toBe(0);
  const settle = () => withTransaction(pool, (client) => payPeriod(client, merchantId, 'daily', day, DEFAULT_SALARY_SETTINGS, payNow));
  expect((await settle()).paid).toBe(true);
  expect(await settle()).toEqual({ paid: false, agents: 0, paidMinor: 0 });
  const settleDividend = () => withTransaction(pool, (client) => payDividendPeriod(client, merchantId, 'weekly', week, DEFAULT_SALARY_SETTINGS, payNow));
  expect((await settleDividend()).paid).toBe(true);
  expect((await settleDividend()).paid).toBe(false);

  // Who holds a contract of a kind in force, and the topmost such agent above (or at) each node.
  const inForce = (kind: 'realtime' | 'daily' | 'dividend', i: number) => isAgent[i] && ['active', 'resigned'].includes(world.nodes[i][kind].shape);
  const pathUp = (i: number) => {
    const path = [i];
    while (path[path.length - 1] !== 0) path.push(parent[path[path.length - 1]]);
    return path;
  };
  const topOf = (kind: 'realtime' | 'daily' | 'dividend', i: number) => [...pathUp(i)].reverse().find((at) => inForce(kind, at));
  const index = new Map(ids.map((id, i) => [id, i]));

  // Real-time wages and agent rebates, per (round, source member).
  const bets = await pool.query<{ memberId: string; amount: string; prize: string; rebate: string; series: number }>(
    'SELECT member_id AS "memberId", amount_minor AS amount, prize_minor AS prize, rebate_minor AS rebate, series FROM lottery_bet WHERE round_id = $1',
    [round],
  );
  const wages = await pool.query<{ sourceId: string; amount: string; rate: number }>('SELECT source_id AS "sourceId", amount_minor AS amount, rate FROM agent_wage WHERE round_id = $1', [round]);
  const rebates = await pool.query<{ sourceId: string; amount: string }>('SELECT source_id AS "sourceId", amount_minor AS amount FROM agent_rebate WHERE round_id = $1', [round]);
  for (const [memberId, i] of index) {
    const own = bets.rows.filter((bet) => Number(bet.memberId) === memberId);
    if (own.length === 0) continue;
    const stake = own.reduce((sum, bet) => sum + Number(bet.amount), 0);
    const paid = own.reduce((sum, bet) => sum + Number(bet.prize) + Number(bet.rebate), 0);
    const top = topOf('realtime', i);
    const topTerms = top === undefined ? undefined : world.nodes[top].realtime;
    const topRate = topTerms === undefined ? 0 : stake > paid ? topTerms.profitRate : topTerms.lossRate;
    const mine = wages.rows.filter((wage) => Number(wage.sourceId) === memberId);
    expect(mine.reduce((sum, wage) => sum + wage.rate, 0)).toBeLessThanOrEqual(topRate);
    expect(mine.reduce((sum, wage) => sum + Number(wage.amount), 0) * 10_000).toBeLessThanOrEqual(stake * topRate);
    // Rebates: the top's series (its setting now) less each bet's series and own rebate.
    const topSeries = clamp(world.nodes[0].loweredTo ?? world.nodes[0].setting);
    const room = own.reduce((sum, bet) => sum + Number(bet.amount) * (topSeries - bet.series) - 2000 * Number(bet.rebate), 0);
    const agentRebates = rebates.rows.filter((row) => Number(row.sourceId) === memberId).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(agentRebates * 2000).toBeLessThanOrEqual(Math.max(0, room));
  }

  // Daily salary and dividends: what the agents under a top contracted agent are paid in all is at
  // most what the top's terms give its whole team.
  const salaries = await pool.query<{ agentId: string; team: string; active: number; amount: string }>(
    `SELECT agent_id AS "agentId", team_minor AS team, active_members AS active, amount_minor AS amount FROM agent_period_wage
      WHERE merchant_id = $1 AND kind = 'daily' AND period_start = $2`,
    [merchantId, new Date(day.startMs)],
  );
  const dividends = await pool.query<{ agentId: string; base: string; active: number; amount: string }>(
    `SELECT agent_id AS "agentId", base_minor AS base, active_members AS active, amount_minor AS amount FROM agent_dividend
      WHERE merchant_id = $1 AND cycle = 'weekly' AND period_start = $2`,
    [merchantId, new Date(week.startMs)],
  );
  for (const [kind, rows, grossOf] of [
    ['daily', salaries.rows.map((row) => ({ agentId: Number(row.agentId), amount: Number(row.amount), figure: Number(row.team), active: row.active })),
      (i: number, figure: number, active: number) => Math.floor((figure * tierRate(termsOf(world.nodes[i]).daily, figure, active)) / 10_000)],
    ['dividend', dividends.rows.map((row) => ({ agentId: Number(row.agentId), amount: Number(row.amount), figure: Number(row.base), active: row.active })),
      (i: number, figure: number, active: number) => (figure > 0 ? Math.floor((figure * dividendTierRate(termsOf(world.nodes[i]).dividend, figure, active)) / 10_000) : 0)],
  ] as const) {
    // Every agent is paid for the period at most once.
    expect(new Set(rows.map((row) => row.agentId)).size).toBe(rows.length);
    for (const row of rows) expect(inForce(kind, index.get(row.agentId)!)).toBe(true);
    const tops = new Set(rows.map((row) => topOf(kind, index.get(row.agentId)!)!));
    for (const top of tops) {
      const topRow = rows.find((row) => row.agentId === ids[top]);
      const bound = topRow ? grossOf(top, topRow.figure, topRow.active) : 0;
      const underTop = rows.filter((row) => topOf(kind, index.get(row.agentId)!) === top);
      expect(underTop.reduce((sum, row) => sum + row.amount, 0)).toBeLessThanOrEqual(bound);
    }
  }
}

it('never pays the agents of a path more for a stake than the top contracted agent’s terms, for every kind, and never twice', async () => {
  await fc.assert(fc.asyncProperty(worldArb, playWorld), { numRuns: Number(process.env.AGENT_PROPERTY_RUNS ?? 100) });
}, 600_000);

it('pays the review’s chain A (1 %) → B (contract ended) → C (0.8 %) at most 1 % of a stake, for every kind', async () => {
  const node = (parentPick: number, shape: Shape, rate: number): World['nodes'][number] => ({
    parentPick, agent: true, setting: null, loweredTo: null,
    realtime: { shape, profitRate: rate, lossRate: rate },
    daily: { shape, tiers: [{ bet: 0, active: 1, rate }] },
    dividend: { shape, tiers: [{ loss: 0, active: 1, rate: rate * 10 }] },
  });
  const world: World = {
    nodes: [node(0, 'active', 100), node(0, 'ended', 90), node(1, 'active', 80), { ...node(2, 'none', 0), agent: false }],
    bets: [{ nodePick: 3, amountMinor: 100_000, prizeFactor: 0, seriesPick: 0 }, { nodePick: 3, amountMinor: 50_000, prizeFactor: 0, seriesPick: 0 }],
  };
  await playWorld(world);
});

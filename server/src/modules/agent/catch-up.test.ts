import { createTestApp, type TestContext } from '../../testing/test-app';
import { createMember, TestClock } from '../member/member.testing';
import { insertSettledBet, insertSettledRound } from './agent.testing';
import { withTransaction } from '../../db/transaction';
import { payDividendPeriod, payDividends } from './dividend.service';
import { DEFAULT_SALARY_SETTINGS, payPeriod, paySalaries } from './salary.service';
import { payRealtimeWages } from './wages.service';

// After downtime the salary job settles every missed period once, oldest first, with the contracts
// as they stood during each period (not as they stand when the job runs); a dividend's net loss
// deducts the salaries paid to the team for the same period.

let context: TestContext;
const clock = new TestClock();
const DAY = 86_400_000;
// Local day n (GMT+8) from 2025-02-03.
const dayStart = (n: number) => Date.UTC(2025, 1, 3 + n) - 8 * 3_600_000;

beforeAll(async () => {
  clock.nowMs = dayStart(0);
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
});

afterAll(async () => {
  await context.close();
});

it('settles each missed day once, oldest first, paying whom the contracts of that day paid', async () => {
  const member = async (username: string, memberType: 0 | 1, uplineId: number | null) => {
    const id = await createMember(context.pool, context.merchantId, { username, password: 'secret123', memberType, nowMs: clock.nowMs });
    if (uplineId !== null) await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [id, uplineId]);
    return id;
  };
  const top = await member('cutop', 1, null);
  const agent = await member('cuagent', 1, top);
  const player = await member('cuplayer', 0, agent);
  const contract = (uplineId: number | null, downlineId: number, rate: number, signedMs: number, endedMs: number | null) =>
    context.pool.query(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at, terminated_at)
       VALUES ($1, 'daily', $2, $3, $4, $5, $6, $6, $7)`,
      [context.merchantId, uplineId, downlineId, JSON.stringify({ tiers: [{ bet: 0, active: 1, rate }] }), endedMs === null ? 'active' : 'terminated', new Date(signedMs), endedMs === null ? null : new Date(endedMs)],
    );
  // The top agent 1 % from day 0; the agent 0.5 % from day 0 until it ended during day 2.
  await contract(null, top, 100, dayStart(0) + 3_600_000, null);
  await contract(top, agent, 50, dayStart(0) + 3_600_000, dayStart(2) + 3_600_000);
  // The player stakes 100.00 on each of days 0 to 3.
  for (let n = 0; n < 4; n++) {
    const at = dayStart(n) + 6 * 3_600_000;
    const round = await insertSettledRound(context.pool, context.merchantId, `20250203-${String(n + 1).padStart(4, '0')}`, at);
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: player, amountMinor: 10_000, state: 'lost', prizeMinor: 0, atMs: at });
  }
  // The job was down until day 4: its first pass settles days 0–3.
  const results = await paySalaries(context.pool, 'daily', dayStart(4) + 60_000);
  expect(results.map((result) => [result.paid, result.paidMinor])).toEqual([
    [true, 100],
    [true, 100],
    [true, 100],
    [true, 100],
  ]);
  const paid = await context.pool.query<{ agentId: string; start: Date; amount: string }>(
    'SELECT agent_id AS "agentId", period_start AS start, amount_minor AS amount FROM agent_period_wage ORDER BY period_start, agent_id',
  );
  // Days 0–2: the agent 0.50, the top agent the difference 0.50; day 3 (the agent's contract over): the top agent 1.00.
  expect(paid.rows.map((row) => [Number(row.agentId), (row.start.getTime() - dayStart(0)) / DAY, Number(row.amount)])).toEqual([
    [top, 0, 50], [agent, 0, 50],
    [top, 1, 50], [agent, 1, 50],
    [top, 2, 50], [agent, 2, 50],
    [top, 3, 100],
  ]);
  // The next passes settle nothing again.
  expect((await paySalaries(context.pool, 'daily', dayStart(4) + 120_000)).every((result) => !result.paid)).toBe(true);
  const later = await paySalaries(context.pool, 'daily', dayStart(5) + 60_000);
  expect(later.map((result) => [result.paid, result.paidMinor])).toEqual([[true, 0]]);
  expect((await context.pool.query('SELECT count(*)::int AS count FROM agent_wage_run WHERE kind = $1', ['daily'])).rows[0].count).toBe(5);
});

it('deducts the salaries paid to the team for the period from the dividend’s net loss', async () => {
  const top = await createMember(context.pool, context.merchantId, { username: 'cdtop', password: 'secret123', memberType: 1, nowMs: clock.nowMs });
  const player = await createMember(context.pool, context.merchantId, { username: 'cdplayer', password: 'secret123', memberType: 0, nowMs: clock.nowMs });
  await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [player, top]);
  // The week from Monday 2025-03-03 (GMT+8); the player loses 100.00 on its Tuesday.
  const week = { startMs: Date.UTC(2025, 2, 3) - 8 * 3_600_000, endMs: Date.UTC(2025, 2, 10) - 8 * 3_600_000 };
  const day = { startMs: week.startMs + DAY, endMs: week.startMs + 2 * DAY };
  for (const [kind, terms] of [['daily', { tiers: [{ bet: 0, active: 1, rate: 100 }] }], ['dividend', { cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 1000 }] }]] as const) {
    await context.pool.query(
      "INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, $2, NULL, $3, $4, 'active', $5, $5)",
      [context.merchantId, kind, top, JSON.stringify(terms), new Date(week.startMs)],
    );
  }
  const at = day.startMs + 3_600_000;
  const round = await insertSettledRound(context.pool, context.merchantId, '20250304-0001', at);
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: player, amountMinor: 10_000, state: 'lost', prizeMinor: 0, atMs: at });
  // Day salary: 1 % of 100.00 = 1.00. The week's net loss: 100.00 − 1.00 = 99.00; 10 % → 9.90.
  expect((await withTransaction(context.pool, (client) => payPeriod(client, context.merchantId, 'daily', day, DEFAULT_SALARY_SETTINGS, week.endMs))).paidMinor).toBe(100);
  const dividend = await withTransaction(context.pool, (client) => payDividendPeriod(client, context.merchantId, 'weekly', week, DEFAULT_SALARY_SETTINGS, week.endMs + 60_000));
  expect(dividend.paidMinor).toBe(990);
  const row = await context.pool.query('SELECT salaries_minor::int AS salaries, net_loss_minor::int AS "netLoss" FROM agent_dividend WHERE agent_id = $1', [top]);
  expect(row.rows).toEqual([{ salaries: 100, netLoss: 9_900 }]);
});

it('holds a dividend back until the salaries it deducts are paid: the last minutes’ real-time salary and the last day’s', async () => {
  const top = await createMember(context.pool, context.merchantId, { username: 'cwtop', password: 'secret123', memberType: 1, nowMs: clock.nowMs });
  const player = await createMember(context.pool, context.merchantId, { username: 'cwplayer', password: 'secret123', memberType: 0, nowMs: clock.nowMs });
  await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [player, top]);
  // The week from Monday 2025-04-07 (GMT+8), the top agent under the merchant: real-time 1 %,
  // daily 1 %, dividend 10 %. The player loses 100.00 in a round settled a minute before the week ends.
  const week = { startMs: Date.UTC(2025, 3, 7) - 8 * 3_600_000, endMs: Date.UTC(2025, 3, 14) - 8 * 3_600_000 };
  const contracts = [
    ['realtime', { default: { profitRate: 100, lossRate: 100 } }],
    ['daily', { tiers: [{ bet: 0, active: 1, rate: 100 }] }],
    ['dividend', { cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 1000 }] }],
  ] as const;
  for (const [kind, terms] of contracts) {
    await context.pool.query(
      "INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, $2, NULL, $3, $4, 'active', $5, $5)",
      [context.merchantId, kind, top, JSON.stringify(terms), new Date(week.startMs)],
    );
  }
  // Every round settled before this week has had its real-time pass (this test's world starts here).
  await payRealtimeWages(context.pool, week.startMs);
  await paySalaries(context.pool, 'daily', week.startMs + 60_000);
  const at = week.endMs - 60_000;
  const round = await insertSettledRound(context.pool, context.merchantId, '20250413-1439', at);
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: player, amountMinor: 10_000, state: 'lost', prizeMinor: 0, atMs: at });
  const dividendOf = async () => (await context.pool.query<{ salaries: number; amount: number }>('SELECT salaries_minor::int AS salaries, amount_minor::int AS amount FROM agent_dividend WHERE agent_id = $1', [top])).rows;
  const weekRuns = async () =>
    (await context.pool.query<{ count: number }>("SELECT count(*)::int AS count FROM agent_wage_run WHERE merchant_id = $1 AND kind = 'dividend' AND period_start = $2", [context.merchantId, new Date(week.startMs)])).rows[0].count;

  // Just after the week: neither the real-time pass nor the last day's salary has run. The dividend waits.
  const after = week.endMs + 30_000;
  await payDividends(context.pool, after);
  expect(await weekRuns()).toBe(0);
  // The real-time pass pays 1.00; the last day's salary is still due: it waits still.
  expect((await payRealtimeWages(context.pool, after)).paidMinor).toBe(100);
  await payDividends(context.pool, after);
  expect(await weekRuns()).toBe(0);
  // The daily salary (1.00) is paid: the dividend deducts both, 10 % of 100.00 − 2.00 = 9.80, once.
  await paySalaries(context.pool, 'daily', after);
  expect((await payDividends(context.pool, after + 60_000)).filter((result) => result.paid)).toEqual([{ cycle: 'weekly', paid: true, agents: 1, paidMinor: 980 }]);
  expect(await dividendOf()).toEqual([{ salaries: 200, amount: 980 }]);
  expect(await payDividends(context.pool, after + 120_000)).toEqual([{ cycle: 'weekly', paid: false, agents: 0, paidMinor: 0 }]);
  expect(await weekRuns()).toBe(1);
});

it('pays a round’s real-time salary with the contracts in force when it was settled, however late the pass', async () => {
  const top = await createMember(context.pool, context.merchantId, { username: 'rttop', password: 'secret123', memberType: 1, nowMs: clock.nowMs });
  const agent = await createMember(context.pool, context.merchantId, { username: 'rtagent', password: 'secret123', memberType: 1, nowMs: clock.nowMs });
  const player = await createMember(context.pool, context.merchantId, { username: 'rtplayer', password: 'secret123', memberType: 0, nowMs: clock.nowMs });
  await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [agent, top]);
  await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [player, agent]);
  const t0 = Date.UTC(2025, 4, 5, 2);
  // Every round settled before has had its pass (this test's world starts here).
  await payRealtimeWages(context.pool, t0);
  const contract = (uplineId: number | null, downlineId: number, rate: number, signedMs: number, endedMs: number | null) =>
    context.pool.query(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at, terminated_at)
       VALUES ($1, 'realtime', $2, $3, $4, $5, $6, $6, $7)`,
      [context.merchantId, uplineId, downlineId, JSON.stringify({ default: { profitRate: rate, lossRate: rate } }), endedMs === null ? 'active' : 'terminated', new Date(signedMs), endedMs === null ? null : new Date(endedMs)],
    );
  // The top agent 1 %; the agent 0.6 % until an hour after the round settled.
  await contract(null, top, 100, t0, null);
  await contract(top, agent, 60, t0, t0 + 2 * 3_600_000);
  const at = t0 + 3_600_000;
  const round = await insertSettledRound(context.pool, context.merchantId, '20250505-0001', at);
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: player, amountMinor: 10_000, state: 'lost', prizeMinor: 0, atMs: at });
  // The 5-minute pass was down for three hours: the agent's contract has ended since.
  expect((await payRealtimeWages(context.pool, t0 + 4 * 3_600_000)).paidMinor).toBe(100);
  const wages = await context.pool.query<{ agentId: string; amount: number }>('SELECT agent_id AS "agentId", amount_minor::int AS amount FROM agent_wage WHERE round_id = $1 ORDER BY agent_id', [round]);
  // The agent 0.60, the top agent the difference 0.40: as the round would have paid on time.
  expect(wages.rows.map((row) => [Number(row.agentId), row.amount])).toEqual([
    [top, 40],
    [agent, 60],
  ]);
});

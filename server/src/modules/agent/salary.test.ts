import type { Envelope, SalaryContract } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { reconcile } from '../ledger';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { insertSettledBet, insertSettledRound } from './agent.testing';
import { DEFAULT_SALARY_SETTINGS, lastFinishedPeriod, paySalaries, payPeriod } from './salary.service';

// Daily and hourly salary against hand-worked examples: the tier a team reaches, the differential
// with a downline agent's own contract, bets outside the period not counted, a period paid once by
// two runs at once and by a re-run; contracts offered within one's own tiers; the consolidated flags.

let context: TestContext;
const clock = new TestClock();
const PASSWORD = 'secret123';
let top: number;
let agent: number;
let far: number; // the agent's player
let near: number; // the top agent's own player

// The day of 2025-01-15 in GMT+8: 2025-01-14 16:00 UTC to 2025-01-15 16:00 UTC.
const DAY_START = Date.UTC(2025, 0, 14, 16, 0, 0);
const DAY_END = Date.UTC(2025, 0, 15, 16, 0, 0);

const member = async (username: string, memberType: 0 | 1, uplineId: number | null) => {
  const id = await createMember(context.pool, context.merchantId, { username, password: PASSWORD, memberType, nowMs: clock.nowMs });
  if (uplineId !== null) await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [id, uplineId]);
  return id;
};

beforeAll(async () => {
  clock.nowMs = DAY_START + 3_600_000;
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  top = await member('saltop', 1, null);
  agent = await member('salagent', 1, top);
  far = await member('salfar', 0, agent);
  near = await member('salnear', 0, top);
});

afterAll(async () => {
  await context.close();
});

const post = async <T>(url: string, token: string, payload: unknown) => {
  const response = await context.app.inject({ method: 'POST', url, headers: { authorization: token }, payload: payload as object });
  return json<Envelope<T>>(response);
};

it('offers daily salary contracts only within the offering agent’s own tiers, and shows the flag to both sides', async () => {
  // The merchant's contract for the top agent: 1 % from 100.00 and one active member, 1.5 % from 1,000.00 and two.
  await context.pool.query(
    "INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, 'daily', NULL, $2, $3, 'active', $4, $4)",
    [context.merchantId, top, JSON.stringify({ tiers: [{ bet: 100, active: 1, rate: 100 }, { bet: 1000, active: 2, rate: 150 }] }), new Date(clock.nowMs)],
  );
  const topToken = await tokenFor(context.app, 'saltop', PASSWORD);
  const agentToken = await tokenFor(context.app, 'salagent', PASSWORD);
  // 1.2 % from 100.00: above what the top agent gets there (1 %).
  const tooHigh = await post('/wps/relay/MCSFE_processDailySalaryContract', topToken, { action: 'create', downlineId: agent, terms: { tiers: [{ bet: 100, active: 1, rate: 120 }] } });
  expect(tooHigh.errorCode).toBe('agent.contract.invalid');
  const offered = await post<SalaryContract>('/wps/relay/MCSFE_processDailySalaryContract', topToken, { action: 'create', downlineId: agent, terms: { tiers: [{ bet: 100, active: 1, rate: 60 }] } });
  expect(offered.value).toMatchObject({ kind: 'daily', state: 'pending', downlineUsername: 'salagent' });
  const accepted = await post<SalaryContract>('/wps/relay/MCSFE_processDailySalaryContract', agentToken, { action: 'accept', contractId: offered.value.contractId });
  expect(accepted.value.state).toBe('active');
  // An hourly action does not reach a daily contract.
  expect((await post('/wps/relay/MCSFE_processContractHourSalary', agentToken, { action: 'terminate', contractId: offered.value.contractId })).errorCode).toBe('agent.contract.invalid');
  for (const token of [topToken, agentToken]) {
    const flags = json<Envelope<{ dailysalreqtype: boolean; contracthoursalreq: boolean }>>(await context.app.inject({ method: 'GET', url: '/wps/member/info/funds/consolidated', headers: { authorization: token } }));
    expect(flags.value).toMatchObject({ dailysalreqtype: true, contracthoursalreq: false });
  }
});

it('pays a finished day by hand-worked tiers and differentials, once, whoever runs it', async () => {
  // The day: the agent's player stakes 800.00 (loses), the top agent's own player 300.00 (wins 500.00).
  // Outside it: 10,000.00 the day after, not counted.
  const inDay = await insertSettledRound(context.pool, context.merchantId, '20250115-0600', DAY_START + 6 * 3_600_000);
  const nextDay = await insertSettledRound(context.pool, context.merchantId, '20250116-0100', DAY_END + 60_000);
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: inDay, memberId: far, amountMinor: 80_000, state: 'lost', prizeMinor: 0, atMs: DAY_START + 6 * 3_600_000 });
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: inDay, memberId: near, amountMinor: 30_000, state: 'won', prizeMinor: 50_000, atMs: DAY_START + 6 * 3_600_000 });
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: nextDay, memberId: far, amountMinor: 1_000_000, state: 'lost', prizeMinor: 0, atMs: DAY_END + 60_000 });
  // The top agent's team: 1,100.00 with two active members → 1.5 %: gross 16.50.
  // The agent's team: 800.00 with one → its own 0.6 %: gross 4.80, paid 4.80.
  // The top agent is paid 16.50 − 4.80 = 11.70.
  expect(lastFinishedPeriod('daily', 480, DAY_END + 120_000)).toEqual({ startMs: DAY_START, endMs: DAY_END });
  const topBefore = await mainBalanceMinor(context.pool, top);
  const agentBefore = await mainBalanceMinor(context.pool, agent);
  const period = { startMs: DAY_START, endMs: DAY_END };
  const [first, second] = await Promise.all([
    withTransaction(context.pool, (client) => payPeriod(client, context.merchantId, 'daily', period, DEFAULT_SALARY_SETTINGS, DAY_END + 120_000)),
    withTransaction(context.pool, (client) => payPeriod(client, context.merchantId, 'daily', period, DEFAULT_SALARY_SETTINGS, DAY_END + 120_000)),
  ]);
  expect([first.paid, second.paid].sort()).toEqual([false, true]);
  expect(first.paidMinor + second.paidMinor).toBe(1170 + 480);
  expect(await mainBalanceMinor(context.pool, top)).toBe(topBefore + 1170);
  expect(await mainBalanceMinor(context.pool, agent)).toBe(agentBefore + 480);
  // The job's run for the same day finds it paid.
  const again = await paySalaries(context.pool, 'daily', DAY_END + 180_000);
  expect(again.every((result) => !result.paid)).toBe(true);
  expect(await mainBalanceMinor(context.pool, top)).toBe(topBefore + 1170);

  const records = json<Envelope<{ list: unknown[]; footer: { amount: number } }>>(
    await context.app.inject({
      method: 'GET',
      url: `/wps/relay/agentDailySalary?startDate=${DAY_START - 1}&endDate=${DAY_END}`,
      headers: { authorization: await tokenFor(context.app, 'saltop', PASSWORD) },
    }),
  );
  expect(records.value.list).toEqual([
    { periodStart: DAY_START, periodEnd: DAY_END, teamBetting: 1100, activeMembers: 2, rate: 150, grossAmount: 16.5, downlineAmount: 4.8, amount: 11.7 },
  ]);
  expect(records.value.footer.amount).toBe(11.7);
  expect((await reconcile(context.pool)).problems).toEqual([]);
});

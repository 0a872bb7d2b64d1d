import type { AffiliateApplication, AgentAnnouncement, AgentIncome, AgentTeamProfitLoss, DividendContract, DividendRecord, Envelope } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { reconcile } from '../ledger';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { insertSettledBet, insertSettledRound } from './agent.testing';
import { lastFinishedCycle, payDividendPeriod, payDividends } from './dividend.service';
import { payRealtimeWages } from './wages.service';
import { DEFAULT_SALARY_SETTINGS } from './salary.service';

// Dividends against hand-worked examples (a period the team lost, one it won whose loss is carried
// forward, one that clears the carry; the differential with a downline agent's contract; a period
// paid once by two runs at once and by a re-run), the cycles' periods, the team P&L and My Income
// reports over the same money, agent announcements, and the affiliate application with the
// operator's decision.

let context: TestContext;
const clock = new TestClock();
const PASSWORD = 'secret123';
let top: number;
let agent: number;
let player: number;
const tokens: Record<string, string> = {};

// Weeks from Monday in GMT+8: week N starts at local 2025-01-06 + 7(N − 1) days.
const weekStart = (week: number) => Date.UTC(2025, 0, 6 + 7 * (week - 1)) - 8 * 3_600_000;
const week = (n: number) => ({ startMs: weekStart(n), endMs: weekStart(n + 1) });

const member = async (username: string, memberType: 0 | 1, uplineId: number | null) => {
  const id = await createMember(context.pool, context.merchantId, { username, password: PASSWORD, memberType, nowMs: clock.nowMs });
  if (uplineId !== null) await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [id, uplineId]);
  tokens[username] = await tokenFor(context.app, username, PASSWORD);
  return id;
};

const get = async <T>(url: string, username: string | null) => {
  const response = await context.app.inject({ method: 'GET', url, headers: username ? { authorization: tokens[username] } : {} });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
};
const post = async <T>(url: string, username: string, payload: unknown) => {
  const response = await context.app.inject({ method: 'POST', url, headers: { authorization: tokens[username] }, payload: payload as object });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
};

/** The player's settled bet in week `n` (a round of its own at the week's second day). */
async function betInWeek(n: number, amountMinor: number, prizeMinor: number) {
  const atMs = weekStart(n) + 86_400_000 + n * 60_000;
  const round = await insertSettledRound(context.pool, context.merchantId, `2025010${n}-000${n}`, atMs);
  await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: player, amountMinor, state: prizeMinor > 0 ? 'won' : 'lost', prizeMinor, atMs });
}

const settle = (n: number) => withTransaction(context.pool, (client) => payDividendPeriod(client, context.merchantId, 'weekly', week(n), DEFAULT_SALARY_SETTINGS, weekStart(n + 1) + 60_000));

beforeAll(async () => {
  clock.nowMs = weekStart(1);
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  top = await member('divtop', 1, null);
  agent = await member('divagent', 1, top);
  player = await member('divplayer', 0, agent);
  await member('divloner', 0, null);
});

afterAll(async () => {
  await context.close();
});

describe('the periods of the dividend cycles (GMT+8)', () => {
  const local = (month: number, day: number, hours = 0) => Date.UTC(2025, month - 1, day, hours) - 8 * 3_600_000;
  it('ends each cycle at the last boundary before now, in the merchant’s time zone', () => {
    const now = local(1, 15, 11); // Wednesday 2025-01-15 11:00
    expect(lastFinishedCycle('daily', 480, now)).toEqual({ startMs: local(1, 14), endMs: local(1, 15) });
    expect(lastFinishedCycle('weekly', 480, now)).toEqual({ startMs: local(1, 6), endMs: local(1, 13) });
    expect(lastFinishedCycle('semimonthly', 480, now)).toEqual({ startMs: Date.UTC(2024, 11, 16) - 8 * 3_600_000, endMs: local(1, 1) });
    expect(lastFinishedCycle('semimonthly', 480, local(1, 16, 0))).toEqual({ startMs: local(1, 1), endMs: local(1, 16) });
    expect(lastFinishedCycle('monthly', 480, now)).toEqual({ startMs: Date.UTC(2024, 11, 1) - 8 * 3_600_000, endMs: local(1, 1) });
    // Monday 00:00 itself: the week just ended.
    expect(lastFinishedCycle('weekly', 480, local(1, 13))).toEqual({ startMs: local(1, 6), endMs: local(1, 13) });
  });
});

describe('dividends', () => {
  it('offers a downline agent the upline’s cycle with tiers no higher, and flags both sides', async () => {
    // The merchant's contract with the top agent: 30 % of a net loss from 0.01 with one active
    // member, 40 % from 1,000.00.
    await context.pool.query(
      "INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, 'dividend', NULL, $2, $3, 'active', $4, $4)",
      [context.merchantId, top, JSON.stringify({ cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 3000 }, { loss: 1000, active: 1, rate: 4000 }] }), new Date(clock.nowMs)],
    );
    const url = '/wps/relay/MCSFE_processContractDividend';
    const otherCycle = await post(url, 'divtop', { action: 'create', downlineId: agent, terms: { cycle: 'monthly', tiers: [{ loss: 0, active: 1, rate: 2000 }] } });
    expect(otherCycle.body.errorCode).toBe('agent.contract.invalid');
    const tooHigh = await post(url, 'divtop', { action: 'create', downlineId: agent, terms: { cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 3500 }] } });
    expect(tooHigh.body.errorCode).toBe('agent.contract.invalid');
    const offered = await post<DividendContract>(url, 'divtop', { action: 'create', downlineId: agent, terms: { cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 2000 }] } });
    expect(offered.body.value).toMatchObject({ kind: 'dividend', state: 'pending', downlineUsername: 'divagent', awaitingMe: false });
    const accepted = await post<DividendContract>(url, 'divagent', { action: 'accept', contractId: offered.body.value.contractId });
    expect(accepted.body.value.state).toBe('active');
    const contracts = await get<{ mine: DividendContract | null; downlines: DividendContract[] }>('/wps/relay/MCSFE_getDividendContracts', 'divagent');
    expect(contracts.body.value.mine?.terms).toEqual({ cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 2000 }] });
    for (const username of ['divtop', 'divagent']) {
      expect((await get<{ divtypereq: boolean }>('/wps/member/info/funds/consolidated', username)).body.value.divtypereq).toBe(true);
    }
    expect((await get<{ divtypereq: boolean }>('/wps/member/info/funds/consolidated', 'divplayer')).body.value.divtypereq).toBe(false);
  });

  it('pays hand-worked dividends, carries a won period’s loss forward, and pays each period once', async () => {
    // Week 1: the player stakes 100.00 and loses. Net loss 100.00, one active member.
    //   divagent: 20 % → 20.00, no downline contract → paid 20.00.
    //   divtop: the same team money, 30 % → 30.00, less its downline's 20.00 → paid 10.00.
    // Week 2: the player stakes 50.00 and wins 200.00: net loss −150.00 → nothing; −150.00 carried.
    // Week 3: the player stakes 300.00 and loses: 300.00 − 150.00 carried = base 150.00.
    //   divagent: 20 % → 30.00. divtop: 30 % → 45.00 − 30.00 → 15.00.
    await betInWeek(1, 10_000, 0);
    await betInWeek(2, 5_000, 20_000);
    await betInWeek(3, 30_000, 0);
    const topBefore = await mainBalanceMinor(context.pool, top);
    const agentBefore = await mainBalanceMinor(context.pool, agent);
    // Two replicas at once on week 1: one pays.
    const [a, b] = await Promise.all([settle(1), settle(1)]);
    expect([a.paid, b.paid].sort()).toEqual([false, true]);
    expect(a.paidMinor + b.paidMinor).toBe(2_000 + 1_000);
    expect((await settle(2)).paidMinor).toBe(0);
    expect((await settle(3)).paidMinor).toBe(3_000 + 1_500);
    // Re-runs: nothing more.
    for (const n of [1, 2, 3]) expect(await settle(n)).toMatchObject({ paid: false, paidMinor: 0 });
    expect(await mainBalanceMinor(context.pool, agent)).toBe(agentBefore + 2_000 + 3_000);
    expect(await mainBalanceMinor(context.pool, top)).toBe(topBefore + 1_000 + 1_500);

    const records = await get<{ list: DividendRecord[]; footer: { amount: number } }>(`/wps/relay/agentDividendRecords?startDate=${weekStart(1)}&endDate=${weekStart(4)}`, 'divtop');
    expect(records.body.value.footer.amount).toBe(25);
    expect(records.body.value.list.map((row) => [row.validBet, row.wins, row.netLoss, row.carriedIn, row.base, row.rate, row.grossAmount, row.downlineAmount, row.amount, row.carriedOut, row.status])).toEqual([
      [300, 0, 300, -150, 150, 3000, 45, 30, 15, 0, 'disbursed'],
      [50, 200, -150, 0, -150, 0, 0, 0, 0, -150, 'nothing_due'],
      [100, 0, 100, 0, 100, 3000, 30, 20, 10, 0, 'disbursed'],
    ]);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('settles through the job’s entry point only the last finished period, once', async () => {
    // Now in week 5: week 4 is due; nothing moved in it, so no dividend row, but the run is recorded once.
    const now = weekStart(5) + 3_600_000;
    // The rounds' real-time pass first: a dividend waits for the salaries it deducts.
    await payRealtimeWages(context.pool, now);
    const first = await payDividends(context.pool, now);
    expect(first).toEqual([{ cycle: 'weekly', paid: true, agents: 0, paidMinor: 0 }]);
    expect(await payDividends(context.pool, now)).toEqual([{ cycle: 'weekly', paid: false, agents: 0, paidMinor: 0 }]);
  });
});

describe('reports', () => {
  it('shows the team P&L of the caller’s team and of each direct downline’s, by figure', async () => {
    // Weeks 1–4: the bets of weeks 1–3 and the dividends paid for them (week 3's just after it ended).
    const period = `startDate=${weekStart(1)}&endDate=${weekStart(5)}`;
    const mine = await get<AgentTeamProfitLoss>(`/wps/report/teamProfitLoss?${period}`, 'divtop');
    // Bets 450.00, wins 200.00, dividends paid to the team 75.00 (20 + 10 + 30 + 15): 200 + 75 − 450.
    expect(mine.body.value.team).toMatchObject({ username: 'divtop', teamSize: 3, bets: 450, wins: 200, salaries: 75, rebates: 0, promotions: 0, profitLoss: -175 });
    expect(mine.body.value.list).toEqual([
      expect.objectContaining({ username: 'divagent', accountType: 'agent', teamSize: 2, bets: 450, wins: 200, salaries: 50, profitLoss: -200 }),
    ]);
    const down = await get<AgentTeamProfitLoss>(`/wps/report/teamProfitLoss?${period}&subordinateName=DIVAGENT`, 'divtop');
    expect(down.body.value.team).toMatchObject({ username: 'divagent', salaries: 50 });
    expect(down.body.value.list).toEqual([expect.objectContaining({ username: 'divplayer', accountType: 'player', teamSize: 1, bets: 450, salaries: 0, profitLoss: -250 })]);
    // Upward or sideways: unknown.
    expect((await get(`/wps/report/teamProfitLoss?${period}&subordinateName=divtop`, 'divagent')).body.errorCode).toBe('agent.downline.unknown');
    expect((await get(`/wps/report/teamProfitLoss?startDate=${weekStart(1)}&endDate=${weekStart(11)}`, 'divtop')).body.errorCode).toBe('lottery.period.invalid');
  });

  it('refuses a report’s calls while the merchant’s switch of its page is off', async () => {
    const period = `startDate=${weekStart(1)}&endDate=${weekStart(2)}`;
    const toggle = (moduleId: string, enabled: boolean) =>
      context.pool.query('UPDATE whitelabel_module SET enabled = $3 WHERE merchant_id = $1 AND module_id = $2', [context.merchantId, moduleId, enabled]);
    try {
      await toggle('AGETEAMPNL3', false);
      await toggle('TEAMBETTING3', false);
      const pnl = await get(`/wps/report/teamProfitLoss?${period}`, 'divtop');
      expect([pnl.status, pnl.body.errorCode]).toEqual([400, 'function.not.available']);
      const bets = await get(`/wps/relay/ODSFE2_lottMemBet?${period}&subordinateType=TEAM`, 'divtop');
      expect([bets.status, bets.body.errorCode]).toEqual([400, 'function.not.available']);
      // Its own records are not team betting.
      expect((await get(`/wps/relay/ODSFE2_lottMemBet?${period}`, 'divtop')).status).toBe(200);
      expect((await get(`/wps/report/income?${period}`, 'divtop')).status).toBe(200);
    } finally {
      await toggle('AGETEAMPNL3', true);
      await toggle('TEAMBETTING3', true);
    }
  });

  it('shows My Income by kind and day, and the team’s bets with their usernames', async () => {
    const income = await get<AgentIncome>(`/wps/report/income?startDate=${weekStart(1)}&endDate=${weekStart(5)}`, 'divtop');
    expect(income.body.value.totals).toEqual({ lotteryRebate: 0, agentRebate: 0, dividend: 25, dailySalary: 0, hourlySalary: 0, realtimeSalary: 0, total: 25 });
    expect(income.body.value.days.map((day) => day.dividend)).toEqual([15, 10]);
    const bets = await get<{ list: { username?: string; betAmount: number }[] }>(
      `/wps/relay/ODSFE2_lottMemBet?startDate=${weekStart(3)}&endDate=${weekStart(4)}&subordinateType=TEAM`,
      'divtop',
    );
    expect(bets.body.value.list.map((row) => [row.username, row.betAmount])).toEqual([['divplayer', 300]]);
    // The player's own records stay its own, without usernames.
    const own = await get<{ list: { username?: string }[] }>(`/wps/relay/ODSFE2_lottMemBet?startDate=${weekStart(3)}&endDate=${weekStart(4)}`, 'divplayer');
    expect(own.body.value.list).toHaveLength(1);
    expect(own.body.value.list[0].username).toBeUndefined();
  });
});

describe('agent announcements', () => {
  it('lists the merchant’s announcements for agents, sanitized, to agents only, never in the public list', async () => {
    await context.pool.query(
      "INSERT INTO announcement (merchant_id, type, title, content, published_at) VALUES ($1, 'AG', 'New wage tiers', '<p>From Monday</p><script>alert(1)</script>', $2)",
      [context.merchantId, new Date(clock.nowMs - 60_000)],
    );
    const listed = await get<{ list: AgentAnnouncement[] }>('/wps/agent/announcements', 'divagent');
    expect(listed.body.value.list.map((row) => [row.title, row.content])).toEqual([['New wage tiers', '<p>From Monday</p>']]);
    expect((await get('/wps/agent/announcements', 'divplayer')).body.errorCode).toBe('agent.only');
    const publicList = await get<{ list: { title: string }[] }>('/wps/relay/MCSFE_getListAnnouncements', null);
    expect(publicList.body.value.list.map((row) => row.title)).not.toContain('New wage tiers');
  });
});

describe('the affiliate application', () => {
  it('takes a player’s application once, lets an operator approve it, and the player becomes an agent with a contract from the merchant', async () => {
    const applied = await post<AffiliateApplication>('/wps/agent/application', 'divloner', { contact: ' telegram @loner ', message: 'I run a football group' });
    expect(applied.body.value).toMatchObject({ state: 'pending', contact: 'telegram @loner', answer: '', decidedTime: null });
    expect((await post('/wps/agent/application', 'divloner', { contact: 'again', message: '' })).body.errorCode).toBe('agent.application.exists');
    expect((await post('/wps/agent/application', 'divagent', { contact: 'me', message: '' })).body.errorCode).toBe('agent.application.invalid');
    expect((await post('/wps/agent/application', 'divloner', { contact: '', message: '' })).status).toBe(400);
    expect((await get<AffiliateApplication>('/wps/agent/application', 'divloner')).body.value.state).toBe('pending');
    expect((await get<AffiliateApplication | null>('/wps/agent/application', 'divplayer')).body.value).toBeNull();

    const operatorToken = (await operatorLogin(context, { username: 'affdesk', role: 'risk', nowMs: clock.nowMs })).token;
    const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
      context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${operatorToken}` }, ...(payload ? { payload } : {}) });
    const pending = json<Envelope<{ applicationId: number; username: string }[]>>(await ops('GET', '/affiliate-applications?state=pending'));
    expect(pending.value.map((row) => row.username)).toEqual(['divloner']);
    const id = pending.value[0].applicationId;
    const decided = json<Envelope<AffiliateApplication>>(await ops('POST', `/affiliate-applications/${id}/decision`, { approve: true, answer: 'Welcome aboard' }));
    expect(decided.value).toMatchObject({ state: 'approved', answer: 'Welcome aboard' });
    // Decided once: a second decision finds nothing pending.
    expect(json<Envelope<unknown>>(await ops('POST', `/affiliate-applications/${id}/decision`, { approve: false })).errorCode).toBe('not.found');
    const type = await context.pool.query<{ memberType: number }>("SELECT member_type AS \"memberType\" FROM member WHERE username = 'divloner'");
    expect(type.rows[0].memberType).toBe(1);

    // The new top agent gets a real-time salary contract from the merchant, through the CLI's API.
    const terms = { default: { profitRate: 100, lossRate: 50 } };
    const granted = json<Envelope<{ state: string; kind: string; uplineUsername: string | null }>>(await ops('POST', '/agent-contracts', { username: 'DIVLONER', kind: 'realtime', terms }));
    expect(granted.value).toMatchObject({ state: 'active', kind: 'realtime', uplineUsername: null });
    expect(json<Envelope<unknown>>(await ops('POST', '/agent-contracts', { username: 'divloner', kind: 'realtime', terms })).errorCode).toBe('agent.contract.exists');
    // Terms of another kind's shape, a player, a downline agent: refused.
    expect((await ops('POST', '/agent-contracts', { username: 'divloner', kind: 'dividend', terms })).statusCode).toBe(400);
    expect(json<Envelope<unknown>>(await ops('POST', '/agent-contracts', { username: 'divplayer', kind: 'daily', terms: { tiers: [{ bet: 1, active: 1, rate: 1 }] } })).errorCode).toBe('agent.contract.invalid');
    expect(json<Envelope<unknown>>(await ops('POST', '/agent-contracts', { username: 'divagent', kind: 'daily', terms: { tiers: [{ bet: 1, active: 1, rate: 1 }] } })).errorCode).toBe('agent.contract.invalid');
    expect((await get<{ realtimesalreqtype: boolean }>('/wps/member/info/funds/consolidated', 'divloner')).body.value.realtimesalreqtype).toBe(true);
    expect((await ops('POST', '/agent-contracts/end', { username: 'divloner', kind: 'realtime' })).statusCode).toBe(200);
    expect(json<Envelope<unknown>>(await ops('POST', '/agent-contracts/end', { username: 'divloner', kind: 'realtime' })).errorCode).toBe('not.found');
    expect((await get<{ realtimesalreqtype: boolean }>('/wps/member/info/funds/consolidated', 'divloner')).body.value.realtimesalreqtype).toBe(false);
    // Now an agent: the agent calls answer it.
    expect((await get('/wps/agent/announcements', 'divloner')).status).toBe(200);
    const audit = await context.pool.query<{ action: string; outcome: string }>("SELECT action, outcome FROM operator_action WHERE target_type = 'affiliate_application' ORDER BY id");
    const grants = await context.pool.query<{ outcome: string }>("SELECT outcome FROM operator_action WHERE action = 'agent_contract.grant' ORDER BY id");
    expect(grants.rows.map((row) => row.outcome)).toEqual(['started', 'ok', 'started', 'refused', 'started', 'refused', 'started', 'refused']);
    // A grant records the merchant's contract before (none) and after (active, with its terms); the end, active before and ended after.
    const changes = await context.pool.query<{ action: string; detail: object }>(
      "SELECT action, detail FROM operator_action WHERE action IN ('agent_contract.grant', 'agent_contract.end') AND outcome = 'ok' ORDER BY id",
    );
    const contractId = expect.any(Number);
    expect(changes.rows).toEqual([
      { action: 'agent_contract.grant', detail: { before: null, after: { contractId, kind: 'realtime', state: 'active', terms } } },
      { action: 'agent_contract.end', detail: { before: { contractId, kind: 'realtime', state: 'active', terms }, after: { contractId, kind: 'realtime', state: 'terminated', terms } } },
    ]);
    const decision = await context.pool.query<{ detail: object }>("SELECT detail FROM operator_action WHERE action = 'affiliate_application.approve' AND outcome = 'ok'");
    expect(decision.rows[0].detail).toEqual({
      before: { applicationId: id, username: 'divloner', state: 'pending', answer: '', decidedTime: null },
      after: { applicationId: id, username: 'divloner', state: 'approved', answer: 'Welcome aboard', decidedTime: clock.nowMs },
    });
    expect(audit.rows.map((row) => [row.action, row.outcome])).toEqual([
      ['affiliate_application.approve', 'started'],
      ['affiliate_application.approve', 'ok'],
      ['affiliate_application.reject', 'started'],
      ['affiliate_application.reject', 'refused'],
    ]);
  });
});

import type { AgentContract, AgentDownline, AgentLink, Consolidated, Envelope } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { reconcile } from '../ledger';
import { createMember, encryptedInject, TestClock, tokenFor } from '../member/member.testing';
import { credit, mainBalanceMinor, PAYMENT_PASSWORD, setPaymentPasswordOf } from '../withdrawal/withdrawal.testing';
import { insertSettledBet, insertSettledRound } from './agent.testing';
import { payRealtimeWages } from './wages.service';

// The agent programme through the app: the team tree (closure table), the authorization matrix
// (every agent call by a guest, a player, an agent outside the team and the agent itself), links
// and registration through them, downline management and transfers, real-time salary contracts,
// and the real-time salary against hand-worked examples, paid once however often and by however
// many passes it runs.

let context: TestContext;
const clock = new TestClock();
const PASSWORD = 'secret123';

interface Team {
  top: number; // a top agent (merchant contract)
  agent: number; // top's direct downline agent
  player: number; // agent's direct downline player
  direct: number; // top's direct downline player
  outsider: number; // an agent of another team
  loner: number; // a player with no upline
}
let team: Team;
const tokens: Partial<Record<keyof Team, string>> = {};

async function member(username: string, memberType: 0 | 1, uplineId: number | null): Promise<number> {
  const id = await createMember(context.pool, context.merchantId, { username, password: PASSWORD, memberType, nowMs: clock.nowMs });
  if (uplineId !== null) await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [id, uplineId]);
  return id;
}

const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: keyof Team | null, payload?: unknown, headers: Record<string, string> = {}) => {
  const response = await context.app.inject({ method, url, payload: payload as object | undefined, headers: { ...(who ? { authorization: tokens[who]! } : {}), ...headers } });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
};

const encrypted = async <T>(method: 'POST' | 'PUT', url: string, who: keyof Team, payload: unknown, headers: Record<string, string> = {}) => {
  const response = await encryptedInject(context.app as FastifyInstance, method, url, payload, { headers: { authorization: tokens[who]!, ...headers } });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
};

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  const top = await member('topagent', 1, null);
  const agent = await member('midagent', 1, top);
  const player = await member('midplayer', 0, agent);
  const direct = await member('topplayer', 0, top);
  const outsider = await member('otheragent', 1, null);
  const loner = await member('loneplayer', 0, null);
  team = { top, agent, player, direct, outsider, loner };
  for (const [key, username] of Object.entries({ top: 'topagent', agent: 'midagent', player: 'midplayer', direct: 'topplayer', outsider: 'otheragent', loner: 'loneplayer' })) {
    tokens[key as keyof Team] = await tokenFor(context.app, username, PASSWORD);
  }
});

afterAll(async () => {
  await context.close();
});

describe('the team tree', () => {
  it('keeps every ancestor of every member with its depth, and moves a whole subtree with its member', async () => {
    const paths = async (memberId: number) =>
      (await context.pool.query<{ ancestor: string; depth: number }>('SELECT ancestor_id AS ancestor, depth FROM member_tree WHERE descendant_id = $1 ORDER BY depth', [memberId])).rows.map(
        (row) => [Number(row.ancestor), row.depth],
      );
    expect(await paths(team.player)).toEqual([[team.player, 0], [team.agent, 1], [team.top, 2]]);
    // The mid agent (with its player) moves under the outsider, and back.
    await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [team.agent, team.outsider]);
    expect(await paths(team.player)).toEqual([[team.player, 0], [team.agent, 1], [team.outsider, 2]]);
    await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [team.agent, team.top]);
    expect(await paths(team.player)).toEqual([[team.player, 0], [team.agent, 1], [team.top, 2]]);
    // Under its own downline: refused, nothing changed.
    await expect(context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [team.top, team.player])).rejects.toThrow(/own downline/);
    expect(await paths(team.top)).toEqual([[team.top, 0]]);
  });
});

describe('the authorization matrix', () => {
  // Every agent call, each aimed at the top agent's team where it names somebody.
  const targeted = (): { name: string; send: (who: keyof Team | null) => Promise<{ status: number; body: Envelope<unknown> }> }[] => [
    { name: 'promote', send: (who) => call('PUT', '/wps/agent/promoteDownlineToAgent', who, { memberId: team.direct }) },
    { name: 'remark', send: (who) => call('PUT', '/wps/agent/downlineRemark', who, { memberId: team.direct, remark: 'note' }) },
    { name: 'status', send: (who) => call('PUT', '/wps/agent/downlineStatus', who, { memberId: team.direct, status: 'active' }) },
    {
      name: 'contract offer',
      send: (who) =>
        call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', who, { action: 'create', downlineId: team.agent, terms: { default: { profitRate: 1, lossRate: 1 } } }),
    },
    {
      name: 'dividend offer',
      send: (who) =>
        call('POST', '/wps/relay/MCSFE_processContractDividend', who, { action: 'create', downlineId: team.agent, terms: { cycle: 'weekly', tiers: [{ loss: 0, active: 0, rate: 1 }] } }),
    },
    { name: 'team P&L of a member', send: (who) => call('GET', `/wps/report/teamProfitLoss?${period()}&subordinateName=midagent`, who) },
    { name: 'team overview of a member', send: (who) => call('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?${period()}&subordinateName=midagent`, who) },
    { name: 'team betting of a member', send: (who) => call('GET', `/wps/relay/ODSFE2_lottMemBet?${period()}&subordinateType=TEAM&subordinateName=midplayer`, who) },
  ];
  const period = () => `startDate=${clock.nowMs - 86_400_000}&endDate=${clock.nowMs}`;
  const listing = (): { name: string; send: (who: keyof Team | null) => Promise<{ status: number; body: Envelope<unknown> }> }[] => [
    { name: 'rebate settings', send: (who) => call('GET', '/wps/agent/globalRebateSettings', who) },
    { name: 'downlines', send: (who) => call('GET', '/wps/agent/downlines', who) },
    { name: 'links', send: (who) => call('GET', '/wps/agent/affiliateUrls', who) },
    { name: 'registered', send: (who) => call('GET', '/wps/agent/registeredAffiliates', who) },
    { name: 'contracts', send: (who) => call('GET', '/wps/relay/MCSFE_getRealTimeSalaryContracts', who) },
    { name: 'wages', send: (who) => call('GET', `/wps/relay/agentRealtimeSalary?startDate=${clock.nowMs - 86_400_000}&endDate=${clock.nowMs}`, who) },
    { name: 'create link', send: (who) => call('POST', '/wps/agent/affiliateUrl', who, { accountType: 'player', rebateSeries: 1800, expiry: 'never' }) },
    { name: 'dividend contracts', send: (who) => call('GET', '/wps/relay/MCSFE_getDividendContracts', who) },
    { name: 'dividend records', send: (who) => call('GET', `/wps/relay/agentDividendRecords?${period()}`, who) },
    { name: 'team P&L', send: (who) => call('GET', `/wps/report/teamProfitLoss?${period()}`, who) },
    { name: 'my income', send: (who) => call('GET', `/wps/report/income?${period()}`, who) },
    { name: 'announcements', send: (who) => call('GET', '/wps/agent/announcements', who) },
    { name: 'team betting', send: (who) => call('GET', `/wps/relay/ODSFE2_lottMemBet?${period()}&subordinateType=TEAM`, who) },
  ];

  it('refuses a guest (401) and a player (403 agent.only) every agent call', async () => {
    for (const entry of [...targeted(), ...listing()]) {
      const guest = await entry.send(null);
      expect({ call: entry.name, status: guest.status }).toEqual({ call: entry.name, status: 401 });
      const player = await entry.send('loner');
      expect({ call: entry.name, status: player.status, code: player.body.errorCode }).toEqual({ call: entry.name, status: 403, code: 'agent.only' });
    }
    for (const [method, url] of [['POST', '/wps/agent/downline'], ['PUT', '/wps/agent/transferDownline']] as const) {
      const player = await encrypted(method, url, 'loner', method === 'POST' ? { accountType: 'player', username: 'sneaky01', password: 'secret123', rebateSeries: 1800 } : { memberId: team.direct, transferAmount: 1, password: '123456' }, { 'idempotency-key': 'matrix-0001' });
      expect({ url, code: player.body.errorCode }).toEqual({ url, code: 'agent.only' });
    }
  });

  it('refuses an agent of another team (404 agent.downline.unknown) what names the team, and shows it none of the team in its lists', async () => {
    for (const entry of targeted()) {
      const outsider = await entry.send('outsider');
      expect({ call: entry.name, status: outsider.status, code: outsider.body.errorCode }).toEqual({ call: entry.name, status: 404, code: 'agent.downline.unknown' });
    }
    const transfer = await encrypted('PUT', '/wps/agent/transferDownline', 'outsider', { memberId: team.player, transferAmount: 1, password: '123456' }, { 'idempotency-key': 'matrix-0002' });
    expect(transfer.body.errorCode).toBe('agent.downline.unknown');
    const downlines = await call<{ list: AgentDownline[] }>('GET', '/wps/agent/downlines', 'outsider');
    expect(downlines.body.value.list).toEqual([]);
    // A mid agent may not reach its upline or its upline's other downlines either.
    expect((await call('PUT', '/wps/agent/downlineRemark', 'agent', { memberId: team.direct, remark: 'x' })).body.errorCode).toBe('agent.downline.unknown');
    expect((await call('PUT', '/wps/agent/downlineRemark', 'agent', { memberId: team.top, remark: 'x' })).body.errorCode).toBe('agent.downline.unknown');
  });

  it('lets the agent itself act on its own team', async () => {
    expect((await call('PUT', '/wps/agent/downlineRemark', 'top', { memberId: team.direct, remark: 'VIP' })).status).toBe(200);
    expect((await call('PUT', '/wps/agent/downlineStatus', 'top', { memberId: team.direct, status: 'active' })).status).toBe(200);
    const downlines = await call<{ list: AgentDownline[] }>('GET', '/wps/agent/downlines', 'top');
    expect(downlines.body.value.list.map((row) => [row.username, row.accountType, row.teamSize, row.remark]).sort()).toEqual([
      ['midagent', 'agent', 2, ''],
      ['topplayer', 'player', 1, 'VIP'],
    ]);
    const agents = await call<{ list: AgentDownline[] }>('GET', '/wps/agent/downlines?accountType=agent', 'top');
    expect(agents.body.value.list.map((row) => row.username)).toEqual(['midagent']);
    for (const entry of listing().filter((listed) => listed.name !== 'create link')) {
      const own = await entry.send('top');
      expect({ call: entry.name, status: own.status }).toEqual({ call: entry.name, status: 200 });
    }
    expect((await call('GET', `/wps/report/teamProfitLoss?${period()}&subordinateName=midagent`, 'top')).status).toBe(200);
    expect((await call('GET', `/wps/relay/ODSFE2_lottMemBet?${period()}&subordinateType=TEAM&subordinateName=midplayer`, 'top')).status).toBe(200);
    // The mid agent reaches its own player's team, never its upline's.
    expect((await call('GET', `/wps/report/teamProfitLoss?${period()}&subordinateName=midplayer`, 'agent')).status).toBe(200);
    expect((await call('GET', `/wps/report/teamProfitLoss?${period()}&subordinateName=topagent`, 'agent')).body.errorCode).toBe('agent.downline.unknown');
  });
});

describe('links, registration and downlines', () => {
  it('registers a member through a live link under the agent, with the link’s type and rebate, and refuses expired or deleted links', async () => {
    const created = await call<AgentLink>('POST', '/wps/agent/affiliateUrl', 'top', { accountType: 'agent', rebateSeries: 1900, expiry: '1d', channel: 'Telegram' });
    expect(created.status).toBe(200);
    const link = created.body.value;
    expect(link).toMatchObject({ accountType: 'agent', rebateSeries: 1900, channel: 'Telegram', registrations: 0, status: 'normal' });
    expect(link.expiryTime).toBe(clock.nowMs + 86_400_000);
    // Above the agent's own setting (the merchant's 1960 here) or below the merchant's range: refused.
    expect((await call('POST', '/wps/agent/affiliateUrl', 'top', { accountType: 'player', rebateSeries: 1970, expiry: 'never' })).body.errorCode).toBe('agent.rebate.invalid');
    expect((await call('POST', '/wps/agent/affiliateUrl', 'top', { accountType: 'player', rebateSeries: 1700, expiry: 'never' })).body.errorCode).toBe('agent.rebate.invalid');

    const registered = await encryptedInject(context.app, 'PUT', '/wps/member/register', { username: 'viaLink01', password: 'Lucky#Pass2026', confirmPassword: 'Lucky#Pass2026', affiliateCode: link.code.toLowerCase() });
    expect([registered.statusCode, json<Envelope<unknown>>(registered).errorCode]).toEqual([200, null]);
    const row = await context.pool.query<{ uplineId: string; memberType: number; rebateSeries: number }>(
      'SELECT upline_id AS "uplineId", member_type AS "memberType", rebate_series AS "rebateSeries" FROM member WHERE username = $1',
      ['viaLink01'],
    );
    expect(row.rows[0]).toEqual({ uplineId: String(team.top), memberType: 1, rebateSeries: 1900 });
    const links = await call<AgentLink[]>('GET', '/wps/agent/affiliateUrls', 'top');
    expect(links.body.value[0]).toMatchObject({ code: link.code, registrations: 1 });
    const affiliates = await call<{ list: { username: string; code: string }[] }>('GET', '/wps/agent/registeredAffiliates', 'top');
    expect(affiliates.body.value.list).toEqual([expect.objectContaining({ username: 'viaLink01', code: link.code, accountType: 'agent' })]);
    const method = await call<{ list: AgentDownline[] }>('GET', '/wps/agent/downlines?username=vialink', 'top');
    expect(method.body.value.list[0]).toMatchObject({ registrationMethod: 'affiliate_link', rebateSeries: 1900 });

    // Once its day is over the link has expired (moved back a day here rather than moving the
    // clock, which would end the test's sessions too); deleted, it is gone.
    await context.pool.query("UPDATE affiliate_link SET created_at = created_at - interval '2 days', expires_at = expires_at - interval '2 days' WHERE id = $1", [link.affiUrlId]);
    const late = await encryptedInject(context.app, 'PUT', '/wps/member/register', { username: 'viaLink02', password: 'Lucky#Pass2026', confirmPassword: 'Lucky#Pass2026', affiliateCode: link.code });
    expect(json<Envelope<unknown>>(late).errorCode).toBe('invalid.affiliate.code');
    expect((await call<AgentLink[]>('GET', '/wps/agent/affiliateUrls', 'top')).body.value[0].status).toBe('expired');
    expect((await call('DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`, 'outsider')).body.errorCode).toBe('agent.link.unknown');
    expect((await call('DELETE', `/wps/agent/affiliateUrl?affiUrlId=${link.affiUrlId}`, 'top')).status).toBe(200);
    expect((await call<AgentLink[]>('GET', '/wps/agent/affiliateUrls', 'top')).body.value).toEqual([]);
  });

  it('creates downline accounts within its own rebate setting, promotes a player, and transfers to its downline with the payment password', async () => {
    const made = await encrypted<{ memberId: number }>('POST', '/wps/agent/downline', 'top', { accountType: 'player', username: 'madeByTop', password: '123456', rebateSeries: 1850 });
    expect(made.status).toBe(200);
    const again = await encrypted('POST', '/wps/agent/downline', 'top', { accountType: 'player', username: 'madebytop', password: '123456', rebateSeries: 1850 });
    expect(again.body.errorCode).toBe('agent.username.taken');
    // The made member must change its password at first login; it is the agent's direct player.
    const row = await context.pool.query('SELECT upline_id::int AS "uplineId", first_time_login AS first, rebate_series AS series FROM member WHERE id = $1', [made.body.value.memberId]);
    expect(row.rows[0]).toEqual({ uplineId: team.top, first: true, series: 1850 });
    // The mid agent's own setting is 1850 now: it may not give 1900.
    await context.pool.query('UPDATE member SET rebate_series = 1850 WHERE id = $1', [team.agent]);
    expect((await encrypted('POST', '/wps/agent/downline', 'agent', { accountType: 'player', username: 'tooHigh01', password: '123456', rebateSeries: 1900 })).body.errorCode).toBe('agent.rebate.invalid');

    expect((await call('PUT', '/wps/agent/promoteDownlineToAgent', 'top', { memberId: made.body.value.memberId })).status).toBe(200);
    expect((await context.pool.query('SELECT member_type FROM member WHERE id = $1', [made.body.value.memberId])).rows[0].member_type).toBe(1);

    await credit(context.pool, context.merchantId, team.top, 10_000, clock.nowMs);
    await setPaymentPasswordOf(context.app, tokens.top!);
    const wrong = await encrypted('PUT', '/wps/agent/transferDownline', 'top', { memberId: team.player, transferAmount: 10, password: '000000' }, { 'idempotency-key': 'down-0001' });
    expect(wrong.body.errorCode).toBe('invalid.payment.pw');
    const sent = await encrypted<{ transferAmount: number; balance: number }>('PUT', '/wps/agent/transferDownline', 'top', { memberId: team.player, transferAmount: 25.5, password: PAYMENT_PASSWORD }, { 'idempotency-key': 'down-0002' });
    expect(sent.body.value).toEqual({ transferAmount: 25.5, balance: 74.5 });
    const repeat = await encrypted('PUT', '/wps/agent/transferDownline', 'top', { memberId: team.player, transferAmount: 25.5, password: PAYMENT_PASSWORD }, { 'idempotency-key': 'down-0002' });
    expect(repeat.status).toBe(200);
    expect(await mainBalanceMinor(context.pool, team.player)).toBe(2550);
    expect((await encrypted('PUT', '/wps/agent/transferDownline', 'top', { memberId: team.player, transferAmount: 1000, password: PAYMENT_PASSWORD }, { 'idempotency-key': 'down-0003' })).body.errorCode).toBe('agent.insufficient.funds');
  });
});

describe('account details (downline transaction details)', () => {
  it('lets an agent read a downline member’s transaction records by name, and nobody else', async () => {
    const range = `startTime=${clock.nowMs - 86_400_000}&endTime=${clock.nowMs + 86_400_000}`;
    // The player received the top agent's transfer above: its record, read by the top agent.
    const mine = await call<{ list: { txTypeId: number; amount: number }[] }>('GET', `/wps/relay/ODSFE2_MemTransDet?${range}&subordinateName=MIDPLAYER`, 'top');
    expect(mine.status).toBe(200);
    expect(mine.body.value.list.map((row) => [row.txTypeId, row.amount])).toContainEqual([8402, 25.5]);
    // Its own name reads its own records, as before.
    expect((await call('GET', `/wps/relay/ODSFE2_MemTransDet?${range}&subordinateName=midplayer`, 'player')).status).toBe(200);
    // An agent of another team, the player's own agent's upline's other downline, and a player: refused.
    expect((await call('GET', `/wps/relay/ODSFE2_MemTransDet?${range}&subordinateName=midplayer`, 'outsider')).body.errorCode).toBe('agent.downline.unknown');
    expect((await call('GET', `/wps/relay/ODSFE2_MemTransDet?${range}&subordinateName=topplayer`, 'agent')).body.errorCode).toBe('agent.downline.unknown');
    expect((await call('GET', `/wps/relay/ODSFE2_MemTransDet?${range}&subordinateName=midplayer`, 'loner')).body.errorCode).toBe('agent.only');
  });
});

describe('real-time salary', () => {
  const TOP_TERMS = { default: { profitRate: 100, lossRate: 50 } };

  it('offers, accepts and ends contracts, none above the offering agent’s own', async () => {
    // No contract of its own yet: the top agent can offer nothing.
    const early = await call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'create', downlineId: team.agent, terms: { default: { profitRate: 60, lossRate: 30 } } });
    expect(early.body.errorCode).toBe('agent.contract.invalid');
    // The merchant gives the top agent 1 % / 0.5 % (an operator's contract).
    await context.pool.query("INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, 'realtime', NULL, $2, $3, 'active', $4, $4)", [
      context.merchantId,
      team.top,
      JSON.stringify(TOP_TERMS),
      new Date(clock.nowMs),
    ]);
    const tooHigh = await call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'create', downlineId: team.agent, terms: { default: { profitRate: 60, lossRate: 30 }, games: { SSC1: { profitRate: 120, lossRate: 10 } } } });
    expect(tooHigh.body.errorCode).toBe('agent.contract.invalid');
    expect((await call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'create', downlineId: team.direct, terms: { default: { profitRate: 1, lossRate: 1 } } })).body.errorCode).toBe('agent.contract.invalid');
    const offered = await call<AgentContract>('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'create', downlineId: team.agent, terms: { default: { profitRate: 60, lossRate: 30 } } });
    expect(offered.body.value).toMatchObject({ state: 'pending', downlineUsername: 'midagent', uplineUsername: 'topagent', awaitingMe: false });
    expect((await call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'create', downlineId: team.agent, terms: { default: { profitRate: 1, lossRate: 1 } } })).body.errorCode).toBe('agent.contract.exists');
    // Offered: the request flag is up for both sides, the contract not yet in force.
    const pending = await call<Consolidated>('GET', '/wps/member/info/funds/consolidated', 'agent');
    expect(pending.body.value).toMatchObject({ realtimesalreqtype: true, realtimesalinfotype: { LOTT: { agent: false } }, dailysalreqtype: false });
    // The offering side cannot accept its own offer; the downline does.
    expect((await call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'accept', contractId: offered.body.value.contractId })).body.errorCode).toBe('agent.contract.invalid');
    const mine = await call<{ mine: AgentContract }>('GET', '/wps/relay/MCSFE_getRealTimeSalaryContracts', 'agent');
    expect(mine.body.value.mine).toMatchObject({ contractId: offered.body.value.contractId, awaitingMe: true });
    const accepted = await call<AgentContract>('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'agent', { action: 'accept', contractId: offered.body.value.contractId });
    expect(accepted.body.value.state).toBe('active');
    for (const side of ['agent', 'top'] as const) {
      const flags = await call<Consolidated>('GET', '/wps/member/info/funds/consolidated', side);
      expect(flags.body.value).toMatchObject({ realtimesalreqtype: true, realtimesalinfotype: { LOTT: { agent: true } }, divtypereq: false, divtypeinfo: { LOTT: { agent: false } } });
    }
    const outsider = await call<Consolidated>('GET', '/wps/member/info/funds/consolidated', 'outsider');
    expect(outsider.body.value).toMatchObject({ realtimesalreqtype: false, realtimesalinfotype: { LOTT: { agent: false } } });
  });

  it('pays hand-worked wages from settled rounds: the profit wage for a round the house won, the loss wage for one it lost, differentially up the tree, once', async () => {
    // Settled now, under the contracts signed above (a round is paid with the contracts in force when it settled).
    const settledRound = (numero: string) => insertSettledRound(context.pool, context.merchantId, numero, clock.nowMs);
    const bet = (roundId: number, memberId: number, amountMinor: number, state: 'won' | 'lost', prizeMinor: number) =>
      insertSettledBet(context.pool, { merchantId: context.merchantId, roundId, memberId, amountMinor, state, prizeMinor, atMs: clock.nowMs });
    // Round 1: the mid agent's player stakes 100.00 and wins nothing: the house won.
    //   midagent (0.60 %) earns 100.00 × 0.60 % = 0.60; topagent (1.00 %) earns 100.00 × (1.00 − 0.60) % = 0.40.
    // Round 2: the top agent's own player stakes 50.00 and wins 80.00: the house lost.
    //   topagent (loss rate 0.50 %) earns 50.00 × 0.50 % = 0.25; midagent is not on the path.
    // Round 2 also: the mid agent itself stakes 10.00 and loses: it earns its own 0.60 % = 0.06, topagent 0.04.
    const first = await settledRound('20250115-0101');
    const second = await settledRound('20250115-0102');
    await bet(first, team.player, 10_000, 'lost', 0);
    await bet(second, team.direct, 5_000, 'won', 8_000);
    await bet(second, team.agent, 1_000, 'lost', 0);
    const topBefore = await mainBalanceMinor(context.pool, team.top);
    const midBefore = await mainBalanceMinor(context.pool, team.agent);
    // Two passes at once (two replicas): each round is paid once.
    const [a, b] = await Promise.all([payRealtimeWages(context.pool, clock.nowMs), payRealtimeWages(context.pool, clock.nowMs)]);
    expect(a.paidMinor + b.paidMinor).toBe(60 + 40 + 25 + 6 + 4);
    expect(await mainBalanceMinor(context.pool, team.agent)).toBe(midBefore + 60 + 6);
    // The same pass pays the agent rebate: the mid agent's rebate setting is 1850 (given above) and
    // its player inherits it; the top agent has none (the game's 1960): it earns (1960 − 1850) / 2000
    // of the 100.00 and 10.00 its mid agent's branch staked: 5.50 + 0.55. Its own player inherits
    // 1960: no gap.
    const agentRebate = 550 + 55;
    expect(a.rebateMinor + b.rebateMinor).toBe(agentRebate);
    expect(await mainBalanceMinor(context.pool, team.top)).toBe(topBefore + 40 + 25 + 4 + agentRebate);
    // Run again: nothing more.
    const again = await payRealtimeWages(context.pool, clock.nowMs);
    expect(again.paidMinor + again.rebateMinor).toBe(0);
    expect(await mainBalanceMinor(context.pool, team.top)).toBe(topBefore + 40 + 25 + 4 + agentRebate);

    const records = await call<{ list: { numero: string; sourceUsername: string; betAmount: number; winOrLose: string; rate: number; amount: number }[]; footer: { amount: number } }>(
      'GET',
      `/wps/relay/agentRealtimeSalary?startDate=${clock.nowMs - 3_600_000}&endDate=${clock.nowMs + 3_600_000}`,
      'top',
    );
    expect(records.body.value.footer.amount).toBe(0.69);
    expect(records.body.value.list.map((row) => [row.numero, row.sourceUsername, row.betAmount, row.winOrLose, row.rate, row.amount]).sort()).toEqual([
      ['20250115-0101', 'midplayer', 100, 'house_won', 40, 0.4],
      ['20250115-0102', 'midagent', 10, 'house_won', 40, 0.04],
      ['20250115-0102', 'topplayer', 50, 'house_lost', 50, 0.25],
    ]);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('ends a contract when the other side accepts the termination', async () => {
    const contracts = await call<{ downlines: AgentContract[] }>('GET', '/wps/relay/MCSFE_getRealTimeSalaryContracts', 'top');
    const contractId = contracts.body.value.downlines[0].contractId;
    const asked = await call<AgentContract>('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'agent', { action: 'terminate', contractId });
    expect(asked.body.value).toMatchObject({ state: 'active', terminateRequested: true, awaitingMe: false });
    expect((await call('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'outsider', { action: 'accept', contractId })).body.errorCode).toBe('agent.contract.invalid');
    const ended = await call<AgentContract>('POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'top', { action: 'accept', contractId });
    expect(ended.body.value.state).toBe('terminated');
    expect((await call<{ mine: AgentContract | null }>('GET', '/wps/relay/MCSFE_getRealTimeSalaryContracts', 'agent')).body.value.mine).toBeNull();
  });
});

describe('team overview', () => {
  it('sums the whole downline’s activity of a period, per day, and refuses a longer period', async () => {
    const range = `startDate=${clock.nowMs - 86_400_000}&endDate=${clock.nowMs + 86_400_000}`;
    const overview = await call<{
      teamSize: number;
      directCount: number;
      totals: { registrations: number; bets: number; betCount: number; wins: number; deposits: number };
      days: { date: string; bets: number }[];
    }>('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?${range}`, 'top');
    expect(overview.status).toBe(200);
    // The team: midagent, midplayer, topplayer, viaLink01 (registered through the link), madeByTop.
    expect(overview.body.value).toMatchObject({ teamSize: 5, directCount: 4 });
    // The settled bets of the wage test: 100.00 + 50.00 (won 80.00) + 10.00.
    expect(overview.body.value.totals).toMatchObject({ registrations: 5, bets: 160, betCount: 3, wins: 80, deposits: 0 });
    expect(overview.body.value.days.reduce((sum, day) => sum + day.bets, 0)).toBe(160);
    expect(overview.body.value.days.length).toBeGreaterThanOrEqual(2);
    // The mid agent's team is its player alone; the outsider's is empty.
    expect((await call<{ teamSize: number; totals: { bets: number } }>('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?${range}`, 'agent')).body.value).toMatchObject({ teamSize: 1, totals: { bets: 100 } });
    expect((await call<{ teamSize: number }>('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?${range}`, 'outsider')).body.value.teamSize).toBe(0);
    // The top agent reads its mid agent's team by name; the outsider may not.
    const named = await call<{ teamSize: number; totals: { bets: number } }>('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?${range}&subordinateName=midagent`, 'top');
    expect(named.body.value).toMatchObject({ teamSize: 1, totals: { bets: 100 } });
    expect((await call('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?${range}&subordinateName=midagent`, 'outsider')).body.errorCode).toBe('agent.downline.unknown');
    expect((await call('GET', `/wps/relay/ODSFE2_getTeamOverviewSum?startDate=0&endDate=${70 * 86_400_000}`, 'top')).body.errorCode).toBe('lottery.period.invalid');
  });
});

describe('red envelopes', () => {
  it('sends a share envelope to every direct downline in one movement, once per key, and refuses a member outside', async () => {
    const before = await Promise.all([team.top, team.agent, team.direct].map((id) => mainBalanceMinor(context.pool, id)));
    const sent = await encrypted<{ totalAmount: number; receivers: { username: string; amount: number }[] }>(
      'POST',
      '/wps/relay/agentSendRedEnvelope',
      'top',
      { type: 'share', totalAmount: 3, memberIds: [team.agent, team.direct], password: PAYMENT_PASSWORD, remark: 'Happy new year' },
      { 'idempotency-key': 'envelope-0001' },
    );
    expect(sent.body.value.receivers).toEqual([
      expect.objectContaining({ username: 'midagent', amount: 1.5 }),
      expect.objectContaining({ username: 'topplayer', amount: 1.5 }),
    ]);
    const again = await encrypted('POST', '/wps/relay/agentSendRedEnvelope', 'top', { type: 'share', totalAmount: 3, memberIds: [team.agent, team.direct], password: PAYMENT_PASSWORD }, { 'idempotency-key': 'envelope-0001' });
    expect(again.status).toBe(200);
    const after = await Promise.all([team.top, team.agent, team.direct].map((id) => mainBalanceMinor(context.pool, id)));
    expect(after).toEqual([before[0] - 300, before[1] + 150, before[2] + 150]);
    // The mid agent's player is not a direct downline of the top agent.
    const outside = await encrypted('POST', '/wps/relay/agentSendRedEnvelope', 'top', { type: 'share', totalAmount: 1, memberIds: [team.player], password: PAYMENT_PASSWORD }, { 'idempotency-key': 'envelope-0002' });
    expect(outside.body.errorCode).toBe('agent.downline.unknown');
    expect((await encrypted('POST', '/wps/relay/agentSendRedEnvelope', 'loner', { type: 'share', totalAmount: 1, password: PAYMENT_PASSWORD }, { 'idempotency-key': 'envelope-0003' })).body.errorCode).toBe('agent.only');
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });
});

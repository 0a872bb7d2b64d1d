import { randomBytes } from 'node:crypto';
import type { Envelope } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { insertSettledBet, insertSettledRound } from '../agent/agent.testing';
import { launch, outsideVendorSession, providerClientFor, sessionTokenOf } from '../game-provider/game-provider.testing';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { movement } from '../ledger/ledger.testing';
import { insertDefaultLotteryGames, placeOrder } from '../lottery';
import { PROMOTION_HOUSE_ACCOUNT } from '../promotion';
import { fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from '../lottery/lottery.testing';
import { createMember, loginRequest, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { holdWithdrawal } from '../withdrawal';
import { credit, deposit, memberWithSession, newKey } from '../withdrawal/withdrawal.testing';
import { withdrawer } from '../c2c/c2c.testing';

// The risk desk's reports through the operator API (/ops/v1/risk) on a real PostgreSQL, over data
// made as the site makes it (lottery bets settled, an in-house game and an outside vendor's played
// through the provider API, logins, bonuses, withdrawals asked for, agents' contracts): each report finds exactly what
// it should, another merchant's data never; risk analysts and admins read them, other desks are
// refused; every read is audited once; a bad query is refused in the envelope.

let context: TestContext;
let risk: string;
let cashier: string;
let admin: string;
let otherMerchantId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const play = (code: string) => PLAYS.find((candidate) => candidate.code === code)!;
/** The outside vendor's session token (the launch URL's token: 20 to 128 URL-safe characters). */
const PG_SESSION = `risk-pg-${randomBytes(12).toString('hex')}`;

const ops = (url: string, token = risk) => context.app.inject({ method: 'GET', url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` } });
const valueOf = <T>(response: LightMyRequestResponse): T => {
  expect({ status: response.statusCode, body: json<Envelope<T>>(response).success }).toEqual({ status: 200, body: true });
  return json<Envelope<T>>(response).value!;
};

/** A bonus of the promotion module's kind, house → member's wallet. */
async function promotionBonus(merchantId: number, memberId: number, amountMinor: number, nowMs = Date.now()): Promise<void> {
  const house = await ensureHouseAccount(context.pool, merchantId, PROMOTION_HOUSE_ACCOUNT, nowMs);
  const wallet = await ensureMemberAccount(context.pool, merchantId, memberId, 'REAL', nowMs);
  await postTransaction(context.pool, { ...movement(merchantId, `risk-bonus:${randomBytes(6).toString('hex')}`, { from: house, to: wallet, amountMinor, nowMs, kind: 'promotion' }), wageringRequirementMinor: 0 });
}

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  risk = (await operatorLogin(context, { username: 'risk-analyst', role: 'risk' })).token;
  cashier = (await operatorLogin(context, { username: 'risk-cashier', role: 'cashier' })).token;
  admin = (await operatorLogin(context, { username: 'risk-admin', role: 'admin' })).token;
  otherMerchantId = (await context.ownerPool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('RISK2', 'Other brand') RETURNING id")).rows[0].id;
  await insertDefaultLotteryGames(context.ownerPool, otherMerchantId);
}, 120_000);

afterAll(async () => {
  await context.close();
});

describe('large wins', () => {
  it('lists the period’s wins of at least the amount, lottery, in-house and vendors’ games together, largest first; never another merchant’s', async () => {
    const now = Date.now();
    const [winner, loser, oldWinner] = await Promise.all(['bigwinner', 'smallloser', 'oldwinner'].map((username) => createMember(context.pool, context.merchantId, { username })));
    const round = await insertSettledRound(context.pool, context.merchantId, '20260101-0001', now - 2 * HOUR);
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: winner, amountMinor: 20_00, state: 'won', prizeMinor: 9_500_00, atMs: now - 2 * HOUR });
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: loser, amountMinor: 50_00, state: 'lost', prizeMinor: 0, atMs: now - 2 * HOUR });
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: round, memberId: loser, amountMinor: 2_00, state: 'won', prizeMinor: 3_80, atMs: now - 2 * HOUR });
    const oldRound = await insertSettledRound(context.pool, context.merchantId, '20260101-0002', now - 10 * DAY);
    await insertSettledBet(context.pool, { merchantId: context.merchantId, roundId: oldRound, memberId: oldWinner, amountMinor: 10_00, state: 'won', prizeMinor: 20_000_00, atMs: now - 10 * DAY });
    // Another brand's bigger win: never seen.
    const stranger = await createMember(context.pool, otherMerchantId, { username: 'bigwinner' });
    const strangersRound = await insertSettledRound(context.pool, otherMerchantId, '20260101-0001', now - HOUR);
    await insertSettledBet(context.pool, { merchantId: otherMerchantId, roundId: strangersRound, memberId: stranger, amountMinor: 10_00, state: 'won', prizeMinor: 50_000_00, atMs: now - HOUR });

    // An in-house slot played through the provider API: a bet of 10.00, a win of 1,250.00.
    const slotPlayer = await memberWithSession(context, 'slotwinner');
    await credit(context.pool, context.merchantId, slotPlayer.memberId, 100_00);
    const game = await context.pool.query<{ id: number }>(
      `SELECT g.id FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id WHERE g.merchant_id = $1 AND g.game_code = 'JLS001' AND v.vassalage = 'JL' AND v.game_category = 'RNG'`,
      [context.merchantId],
    );
    const launched = json<Envelope<{ game_url: string }>>(await launch(context.app, slotPlayer.token, { nodeId: String(game.rows[0].id), vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
    const jl = await providerClientFor(context);
    await jl.bet({ sessionToken: sessionTokenOf(launched.value!.game_url), transactionId: 'risk-tx-1', roundId: 'risk-round-1', gameCode: 'JLS001', amount: 10_00 });
    await jl.win({ playerId: String(slotPlayer.memberId), transactionId: 'risk-tx-2', roundId: 'risk-round-1', gameCode: 'JLS001', amount: 1_250_00 });
    await jl.endRound({ playerId: String(slotPlayer.memberId), roundId: 'risk-round-1' });
    // An outside vendor's round (PG; no adapter launches one yet, so its session is written as a
    // launch would write it): a bet of 5.00, a win of 600.00 through the signed wallet API.
    const vendor = await context.pool.query<{ id: number }>("SELECT id FROM game_vendor WHERE merchant_id = $1 AND vassalage = 'PG' AND game_category = 'RNG'", [context.merchantId]);
    const outsideGame = await context.pool.query<{ id: number }>(
      "INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, created_at) VALUES ($1, $2, 'PG001', 'Outside slot', 20, now()) RETURNING id",
      [context.merchantId, vendor.rows[0].id],
    );
    await context.pool.query("INSERT INTO game_provider (merchant_id, vassalage, adapter) VALUES ($1, 'PG', NULL)", [context.merchantId]);
    await outsideVendorSession(context, { memberId: slotPlayer.memberId, vassalage: 'PG', gameId: outsideGame.rows[0].id, token: PG_SESSION, nowMs: Date.now() });
    const pg = await providerClientFor(context, 'PG');
    await pg.bet({ sessionToken: PG_SESSION, transactionId: 'risk-pg-1', roundId: 'risk-pg-round', gameCode: 'PG001', amount: 5_00 });
    await pg.win({ playerId: String(slotPlayer.memberId), transactionId: 'risk-pg-2', roundId: 'risk-pg-round', gameCode: 'PG001', amount: 600_00 });
    await pg.endRound({ playerId: String(slotPlayer.memberId), roundId: 'risk-pg-round' });

    interface Win { username: string; product: string; gameCode: string; gameName: string; reference: string; stake: number; win: number; at: number }
    const week = valueOf<{ total: number; list: Win[] }>(await ops('/risk/large-wins?days=7'));
    expect(week.total).toBe(4);
    expect(week.list.map(({ username, product, gameCode, stake, win }) => ({ username, product, gameCode, stake, win }))).toEqual([
      { username: 'bigwinner', product: 'lottery', gameCode: 'SSC1', stake: 20, win: 9500 },
      { username: 'slotwinner', product: 'inhouse', gameCode: 'JLS001', stake: 10, win: 1250 },
      { username: 'slotwinner', product: 'vendor', gameCode: 'PG001', stake: 5, win: 600 },
      { username: 'smallloser', product: 'lottery', gameCode: 'SSC1', stake: 2, win: 3.8 },
    ]);
    expect(week.list[1]).toMatchObject({ gameName: 'Fortune Gems', reference: 'risk-round-1', at: expect.any(Number) });
    expect(week.list[0].reference).toMatch(/^LTEST/);

    // A threshold, a longer period, a page.
    expect(valueOf<{ list: Win[] }>(await ops('/risk/large-wins?days=7&minAmount=1250')).list.map((win) => win.username)).toEqual(['bigwinner', 'slotwinner']);
    const month = valueOf<{ total: number; list: Win[] }>(await ops('/risk/large-wins?days=30&minAmount=1000&limit=1&offset=1'));
    expect({ total: month.total, names: month.list.map((win) => win.username) }).toEqual({ total: 3, names: ['bigwinner'] });
    expect(valueOf<{ total: number; list: Win[] }>(await ops('/risk/large-wins?days=30&offset=50'))).toEqual({ total: 5, list: [] });
  });
});

describe('shared addresses and devices', () => {
  it('lists an address three accounts logged in from and a device two accounts share, with the accounts; nothing of another merchant', async () => {
    const names = ['shareda', 'sharedb', 'sharedc', 'loner'];
    const ids = await Promise.all(names.map((username) => createMember(context.pool, context.merchantId, { username, password: 'secret123' })));
    for (const username of names.slice(0, 3)) await tokenFor(context.app, username, 'secret123', '203.0.113.77');
    await tokenFor(context.app, 'loner', 'secret123', '203.0.113.78');
    // A failed login from the shared address is no use of it.
    expect((await loginRequest(context.app, { username: 'loner', password: 'wrong-password' }, { remoteAddress: '203.0.113.77' })).statusCode).not.toBe(200);
    // Another brand's accounts at the same address and on the same device: not counted.
    const stranger = await createMember(context.pool, otherMerchantId, { username: 'strangerx' });
    await context.ownerPool.query("INSERT INTO login_attempt (merchant_id, username, member_id, client_ip, login_type, outcome, created_at) VALUES ($1, 'strangerx', $2, '203.0.113.78', 'username', 'ok', now())", [otherMerchantId, stranger]);
    const device = randomBytes(32);
    for (const memberId of [ids[0], ids[3], stranger]) await context.ownerPool.query('INSERT INTO referral_device (member_id, device_hash) VALUES ($1, $2)', [memberId, device]);
    await context.ownerPool.query('INSERT INTO referral_device (member_id, device_hash) VALUES ($1, $2)', [ids[1], randomBytes(32)]);

    interface Shared { kind: string; value: string; accountCount: number; lastSeenAt: number | null; accounts: { username: string; status: string; lastSeenAt: number | null }[] }
    const shared = valueOf<{ total: number; list: Shared[] }>(await ops('/risk/shared-devices?days=1&minAccounts=2'));
    const mine = shared.list.filter((row) => row.value === '203.0.113.77' || row.value === '203.0.113.78' || row.kind === 'device');
    expect(mine.map(({ kind, value, accountCount, accounts }) => ({ kind, value, accountCount, accounts: accounts.map((account) => account.username).sort() }))).toEqual([
      { kind: 'address', value: '203.0.113.77', accountCount: 3, accounts: ['shareda', 'sharedb', 'sharedc'] },
      { kind: 'device', value: device.toString('hex').slice(0, 16), accountCount: 2, accounts: ['loner', 'shareda'] },
    ]);
    expect(mine[0].accounts.every((account) => account.status === 'active' && typeof account.lastSeenAt === 'number')).toBe(true);
    expect(mine[1].lastSeenAt).toBeNull();
    // Three accounts at least: the address only.
    const three = valueOf<{ total: number; list: Shared[] }>(await ops('/risk/shared-devices?days=1&minAccounts=3'));
    expect(three.list.map((row) => row.value)).toEqual(['203.0.113.77']);
  });
});

describe('bonus-only players', () => {
  it('lists who took a bonus, deposited nothing (or at most the amount) and asked for a withdrawal', async () => {
    const now = Date.now();
    // Took 800.00 of promotions, no deposit, asked for 600.00 (pending).
    const taker = await withdrawer(context, 600_00, now, 700_00);
    await promotionBonus(context.merchantId, taker.memberId, 800_00);
    // Took a bonus and deposited 30.00 before asking: listed only when 30.00 is little enough.
    const depositor = await withdrawer(context, 500_00, now, 500_00);
    await promotionBonus(context.merchantId, depositor.memberId, 20_00);
    await deposit(context.pool, context.merchantId, depositor.memberId, 30_00, now);
    // Took a bonus, never asked to withdraw: not listed.
    const keeper = await memberWithSession(context, 'bonuskeeper');
    await promotionBonus(context.merchantId, keeper.memberId, 500_00);
    // Another brand's bonus-only player: never seen.
    const stranger = await createMember(context.pool, otherMerchantId, { username: 'strangerbonus' });
    await promotionBonus(otherMerchantId, stranger, 900_00);
    await credit(context.pool, otherMerchantId, stranger, 600_00);
    const card = await context.ownerPool.query<{ id: number }>(
      `INSERT INTO withdraw_card (merchant_id, member_id, card_type, bank_code, bank_name, card_number, payee_name, created_at)
       VALUES ($1, $2, 'BC', 'DBBL', 'Dutch-Bangla Bank', '9988776655443', 'Stranger', now()) RETURNING id`,
      [otherMerchantId, stranger],
    );
    await holdWithdrawal(context.pool, { merchantId: otherMerchantId, memberId: stranger, amountMinor: 600_00, cardId: card.rows[0].id, withdrawType: 'BC', idempotencyKey: newKey(), nowMs: now });

    interface Row { username: string; status: string; bonus: number; deposits: number; withdrawals: number; withdrawalsPaid: number; withdrawalCount: number; lastWithdrawalAt: number }
    const nothing = valueOf<{ total: number; list: Row[] }>(await ops('/risk/bonus-only?days=7'));
    expect(nothing).toEqual({
      total: 1,
      list: [{ username: taker.username, status: 'active', bonus: 800, deposits: 0, withdrawals: 600, withdrawalsPaid: 0, withdrawalCount: 1, lastWithdrawalAt: expect.any(Number) }],
    });
    const little = valueOf<{ total: number; list: Row[] }>(await ops('/risk/bonus-only?days=7&maxDeposits=30'));
    expect(little.list.map((row) => [row.username, row.bonus, row.deposits, row.withdrawals])).toEqual([
      [taker.username, 800, 0, 600],
      [depositor.username, 20, 30, 500],
    ]);
    expect(valueOf<{ list: Row[] }>(await ops('/risk/bonus-only?days=7&maxDeposits=29.99')).list.map((row) => row.username)).toEqual([taker.username]);
  });
});

describe('agent chains', () => {
  it('lists an agent whose contract ended who still has downlines and was paid wages after the end', async () => {
    const now = Date.now();
    const agent = await createMember(context.pool, context.merchantId, { username: 'cutagent', memberType: 1 });
    const renewed = await createMember(context.pool, context.merchantId, { username: 'renewedagent', memberType: 1 });
    const bare = await createMember(context.pool, context.merchantId, { username: 'bareagent', memberType: 1 });
    const downlines = await Promise.all(['cutdown1', 'cutdown2'].map((username) => createMember(context.pool, context.merchantId, { username })));
    const renewedDown = await createMember(context.pool, context.merchantId, { username: 'reneweddown' });
    await context.ownerPool.query('UPDATE member SET upline_id = $1 WHERE id = ANY ($2::bigint[])', [agent, downlines]);
    await context.ownerPool.query('UPDATE member SET upline_id = $1 WHERE id = $2', [renewed, renewedDown]);
    const contract = (downline: number, state: string, endedAt: number | null, upline: number | null = null) =>
      context.ownerPool.query(
        `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at, terminated_at)
         VALUES ($1, 'realtime', $2, $3, '{}', $4, $5, $5, $6)`,
        [context.merchantId, upline, downline, state, new Date(now - 5 * DAY), endedAt === null ? null : new Date(endedAt)],
      );
    await contract(agent, 'terminated', now - 2 * DAY);
    await contract(renewed, 'terminated', now - 3 * DAY);
    await contract(renewed, 'active', null);
    await contract(bare, 'terminated', now - 2 * DAY);
    // A wage paid to the cut agent after its contract ended (from a settled round of a downline).
    const round = await insertSettledRound(context.pool, context.merchantId, '20260102-0001', now - DAY);
    const run = await context.ownerPool.query<{ id: number }>("INSERT INTO agent_wage_run (merchant_id, kind, ran_at) VALUES ($1, 'realtime', now()) RETURNING id", [context.merchantId]);
    await context.ownerPool.query(
      `INSERT INTO agent_wage (merchant_id, run_id, agent_id, source_id, round_id, game_code, numero, base_minor, house_won, rate, amount_minor, created_at)
       VALUES ($1, $2, $3, $4, $5, 'SSC1', '20260102-0001', 10000, true, 100, 1234, $6)`,
      [context.merchantId, run.rows[0].id, agent, downlines[0], round, new Date(now - DAY)],
    );
    // Another brand's cut agent with a downline: never seen.
    const strangerAgent = await createMember(context.pool, otherMerchantId, { username: 'strangeragent', memberType: 1 });
    const strangerDown = await createMember(context.pool, otherMerchantId, { username: 'strangerdown' });
    await context.ownerPool.query('UPDATE member SET upline_id = $1 WHERE id = $2', [strangerAgent, strangerDown]);
    await context.ownerPool.query(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at, terminated_at) VALUES ($1, 'realtime', NULL, $2, '{}', 'terminated', now(), now(), now())`,
      [otherMerchantId, strangerAgent],
    );

    const chains = valueOf<{ total: number; list: unknown[] }>(await ops('/risk/agent-chains'));
    expect(chains).toEqual({
      total: 1,
      list: [{ username: 'cutagent', status: 'active', contractKind: 'realtime', endedAt: now - 2 * DAY, downlines: 2, downlineContracts: 0, wagesSinceEnd: 12.34 }],
    });
  });
});

describe('lottery liability', () => {
  it('answers per open round what every bet winning would cost, and per number what it would pay, highest first', async () => {
    const secretsKey = testSecretsKey();
    const nowMs = LOTTERY_TEST_START_MS;
    const [first, second] = await fundedMembers(context.pool, context.merchantId, 2, 1_000_00, 'liab');
    const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'SSC5', nowMs);
    const position = (value: number, multiple = 1) => lineOf(play('SSC_POSITION'), [[value], [], [], [], []], { multiple });
    const base = { merchantId: context.merchantId, gameCode: 'SSC5', currentNumero: round.numero, chase: 0, winningStop: false, nowMs };
    // 7 in the first position: 19.00 a ticket at series 1900; 10 tickets' worth and one more; 3 once.
    await placeOrder(context.pool, { ...base, memberId: first, slip: slipOf([position(7, 10)]), betCartAmountSum: '20.0000' });
    await placeOrder(context.pool, { ...base, memberId: second, slip: slipOf([position(7), position(3)]), betCartAmountSum: '4.0000' });
    // Another brand's bets on its round of the same game: not here.
    const [stranger] = await fundedMembers(context.pool, otherMerchantId, 1, 1_000_00, 'liabx');
    const strangersRound = await roundOnSale(context.pool, secretsKey, otherMerchantId, 'SSC5', nowMs);
    await placeOrder(context.pool, { ...base, merchantId: otherMerchantId, memberId: stranger, currentNumero: strangersRound.numero, slip: slipOf([position(1, 50)]), betCartAmountSum: '100.0000' });

    interface Liability { rounds: { gameCode: string; numero: string; bets: number; stake: number; liability: number }[]; numbers: { gameCode: string; numero: string; play: string; row: number; number: number; payout: number }[] }
    const answer = valueOf<Liability>(await ops(`/risk/lottery-liability?gameCode=SSC5&numero=${round.numero}`));
    expect(answer.rounds).toEqual([expect.objectContaining({ gameCode: 'SSC5', numero: round.numero, bets: 3, stake: 24, liability: 228 })]);
    expect(answer.numbers).toEqual([
      { gameCode: 'SSC5', numero: round.numero, play: 'SSC_POSITION', row: 0, number: 7, payout: 209 },
      { gameCode: 'SSC5', numero: round.numero, play: 'SSC_POSITION', row: 0, number: 3, payout: 19 },
    ]);
    // Unfiltered: the same (no other open round has bets); another numero: nothing.
    expect(valueOf<Liability>(await ops('/risk/lottery-liability')).rounds.map((row) => row.numero)).toEqual([round.numero]);
    expect(valueOf<Liability>(await ops('/risk/lottery-liability?gameCode=SSC5&numero=20200101-001'))).toEqual({ rounds: [], numbers: [] });
  });
});

describe('who may read, the audit trail and bad queries', () => {
  const reports = ['/risk/large-wins', '/risk/shared-devices', '/risk/bonus-only', '/risk/agent-chains', '/risk/lottery-liability'];

  it('lets admins read every report and refuses the other desks', async () => {
    for (const url of reports) {
      expect((await ops(url, admin)).statusCode).toBe(200);
      const refused = await ops(url, cashier);
      expect({ url, status: refused.statusCode, errorCode: json<Envelope<null>>(refused).errorCode }).toEqual({ url, status: 403, errorCode: 'operator.role.forbidden' });
    }
  });

  it('audits each read once, naming the report and what was asked', async () => {
    const since = (await context.pool.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM operator_action')).rows[0].id;
    valueOf(await ops('/risk/large-wins?days=3&minAmount=100'));
    const rows = await context.pool.query<{ outcome: string; target_type: string; target_id: string; detail: Record<string, unknown> }>(
      "SELECT outcome, target_type, target_id, detail FROM operator_action WHERE action = 'risk.read' AND id > $1 ORDER BY id",
      [since],
    );
    expect(rows.rows.map((row) => row.outcome)).toEqual(['started', 'ok']);
    expect(rows.rows[1]).toMatchObject({ target_type: 'risk_report', target_id: 'large-wins', detail: { report: 'large-wins', asked: { days: 3, minAmount: 100, limit: 50, offset: 0 } } });
  });

  it('refuses a bad query in the envelope', async () => {
    for (const url of ['/risk/large-wins?days=0', '/risk/large-wins?minAmount=-1', '/risk/large-wins?minAmount=1.001', '/risk/shared-devices?minAccounts=1', '/risk/bonus-only?days=abc', '/risk/agent-chains?limit=0', '/risk/lottery-liability?gameCode=bad', '/risk/lottery-liability?numero=2026']) {
      const response = await ops(url);
      const body = json<Envelope<null>>(response);
      expect({ url, status: response.statusCode, success: body.success, errorCode: body.errorCode }).toEqual({ url, status: 400, success: false, errorCode: 'request.param.err' });
      expect(body.message).toEqual(expect.any(String));
    }
    const unknown = await ops('/risk/lottery-liability?gameCode=NOPE');
    expect({ status: unknown.statusCode, errorCode: json<Envelope<null>>(unknown).errorCode }).toEqual({ status: 404, errorCode: 'not.found' });
  });
});

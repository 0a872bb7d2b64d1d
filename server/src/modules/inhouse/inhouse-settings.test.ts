import type { Envelope, JlGameConfig, JlSession } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { PeriodicJob } from '../../db/periodic-job';
import { readSeedFile, seedMerchant } from '../../db/seed';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, sessionTokenOf } from '../game-provider/game-provider.testing';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransaction } from '../ledger';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { CrashGame, createCrashScheduler, PAUSE_MS } from './crash.service';
import { injectTransport, ProviderClient } from './provider-client';
import type { InhouseDeps } from './slots.service';

// A merchant narrowing the stakes of its in-house games, attacked from both sides on a real
// PostgreSQL, ledger and provider API: a player who calls the game API straight (whatever the page
// offers) and stakes outside the merchant's range is refused with no money moved and no round
// used; the game pages get the narrowed range; an operator cannot widen the certified bounds, put
// a slot between its certified bet steps, or turn the range upside down (nothing changes), content
// staff cannot change it at all; every change is audited once with the range before and after;
// another merchant's range is its own.

const clock = new TestClock();
let context: TestContext;
let scheduler: PeriodicJob<void>;
let counter = 0;
const tokens: Record<'risk' | 'content' | 'other', string> = { risk: '', content: '', other: '' };
let otherMerchantId: number;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  const secretsKey = secretsKeyFromEnv();
  const deps: InhouseDeps = { db: context.pool, clock: clock.now, secretsKey, provider: new ProviderClient({ db: context.pool, secretsKey, transport: injectTransport(context.app), clock: clock.now }) };
  // Stepped by hand: a tick interval that never comes.
  scheduler = createCrashScheduler(new CrashGame({ deps }), deps, 1e9);
  tokens.risk = (await operatorLogin(context, { username: 'stakes_risk', role: 'risk', nowMs: clock.now() })).token;
  tokens.content = (await operatorLogin(context, { username: 'stakes_content', role: 'content', nowMs: clock.now() })).token;
  const seed = await readSeedFile();
  otherMerchantId = (await seedMerchant(context.ownerPool, { ...seed, merchant: { code: 'OTHERSTAKES', name: 'Other Stakes' }, domains: ['otherstakes.example'] }))!;
  tokens.other = (await operatorLogin(context, { username: 'stakes_other', role: 'risk', merchantCode: 'OTHERSTAKES', nowMs: clock.now() })).token;
}, 120_000);

afterAll(async () => {
  await scheduler.close();
  await context.close();
});

interface Setting {
  gameCode: string;
  name: string;
  kind: 'slot' | 'crash';
  certified: { minBet: number; maxBet: number; betSteps: number[]; rtp: number };
  minBet: number;
  maxBet: number;
  narrowed: boolean;
}

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const post = (url: string, payload: object) => context.app.inject({ method: 'POST', url, payload });
const settingOf = async (gameCode: string, token = tokens.risk) => body<{ list: Setting[] }>(await ops(token, 'GET', '/inhouse/settings')).value!.list.find((game) => game.gameCode === gameCode)!;
const storedRows = async (merchantId: number) =>
  (await context.pool.query('SELECT game_code, min_bet_minor::int AS min, max_bet_minor::int AS max FROM inhouse_game_setting WHERE merchant_id = $1 ORDER BY game_code', [merchantId])).rows;
const audits = async (action: string, gameCode: string) =>
  (await context.pool.query<{ outcome: string; detail: Record<string, unknown> }>(
    'SELECT outcome, detail FROM operator_action WHERE merchant_id = $1 AND action = $2 AND target_id = $3 ORDER BY id',
    [context.merchantId, action, gameCode],
  )).rows;

/** A member with `fundsMinor` and a game session launched for `gameCode` (JL). */
async function player(fundsMinor: number, gameCode: string): Promise<{ memberId: number; session: string }> {
  const username = `stakes${++counter}player`;
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', clock.now());
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', clock.now());
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `stakes-test-${counter}`,
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -fundsMinor },
      { accountId: account, amountMinor: fundsMinor },
    ],
    nowMs: clock.now(),
  });
  const token = await tokenFor(context.app, username, 'secret123');
  const response = await launch(context.app, token, { gameId: gameCode, vassalage: 'JL', launchMode: 'GLS', language: 'EN' });
  expect(response.statusCode).toBe(200);
  return { memberId, session: sessionTokenOf(body<{ game_url: string }>(response).value.game_url) };
}

/** What a refused stake must leave as it was: the balance, the ledger, the game rounds. */
async function moneyOf(memberId: number) {
  const postings = await context.pool.query<{ count: string }>(
    'SELECT count(*) AS count FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id WHERE a.member_id = $1',
    [memberId],
  );
  const rounds = await context.pool.query<{ count: string }>("SELECT count(*) AS count FROM game_round WHERE member_id = $1 AND vassalage = 'JL'", [memberId]);
  const inhouse = await context.pool.query<{ count: string }>('SELECT count(*) AS count FROM inhouse_round WHERE merchant_id = $1 AND player_id = $2', [context.merchantId, String(memberId)]);
  return { balance: await memberBalanceMinor(context.pool, context.merchantId, memberId), postings: postings.rows[0].count, rounds: rounds.rows[0].count, inhouse: inhouse.rows[0].count };
}

const sessionConfig = async (session: string, gameCode: string): Promise<JlGameConfig> =>
  body<JlSession>(await context.app.inject({ method: 'GET', url: `/jl/v1/session?session=${session}&game=${gameCode}` })).value.game;

describe('GET /inhouse/settings', () => {
  it('lists every in-house game with its certified bounds and RTP; the certified bounds apply until narrowed; content and risk read it', async () => {
    const list = body<{ list: Setting[] }>(await ops(tokens.content, 'GET', '/inhouse/settings')).value!.list;
    expect(list.map((game) => [game.gameCode, game.kind])).toEqual([
      ['JLS001', 'slot'],
      ['JLS002', 'slot'],
      ['JLC001', 'crash'],
    ]);
    const slot = list[0];
    expect(slot.certified.betSteps).toEqual([0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8, 10, 20, 40, 60, 80, 100]);
    expect(slot).toMatchObject({ certified: { minBet: 0.2, maxBet: 100 }, minBet: 0.2, maxBet: 100, narrowed: false });
    expect(slot.certified.rtp).toBeCloseTo(0.959643, 6);
    expect(list[2]).toMatchObject({ name: 'Rocket Crash', certified: { minBet: 1, maxBet: 10_000, betSteps: [], rtp: 0.99 }, minBet: 1, maxBet: 10_000, narrowed: false });
    expect((await ops(tokens.risk, 'GET', '/inhouse/settings')).statusCode).toBe(200);
  });
});

describe('a slot narrowed by the merchant', () => {
  it('offers only the certified steps inside the range, and refuses a spin outside it sent straight to the API with no money moved', async () => {
    const changed = await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS001', { minBet: 1, maxBet: 8 });
    expect(changed.statusCode).toBe(200);
    expect(body<Setting>(changed).value).toMatchObject({ gameCode: 'JLS001', minBet: 1, maxBet: 8, narrowed: true, certified: { minBet: 0.2, maxBet: 100 } });

    const { memberId, session } = await player(500_00, 'JLS001');
    expect(await sessionConfig(session, 'JLS001')).toMatchObject({ minBet: 1, maxBet: 8, betSteps: [1, 2, 4, 6, 8] });

    const before = await moneyOf(memberId);
    // Certified steps both, but below and above what this merchant allows.
    for (const bet of [0.2, 0.8, 10, 100]) {
      const refused = await post('/jl/v1/slots/JLS001/spin', { session, bet });
      expect([refused.statusCode, body(refused).errorCode]).toEqual([400, 'inhouse.bet.invalid']);
      expect(body(refused).message).toBeTruthy();
    }
    expect(await moneyOf(memberId)).toEqual(before);

    // A step inside the range is played: exactly one bet of 2.00 through the ledger.
    const played = await post('/jl/v1/slots/JLS001/spin', { session, bet: 2 });
    expect(played.statusCode).toBe(200);
    const after = await moneyOf(memberId);
    expect(after.rounds).toBe(String(Number(before.rounds) + 1));
    expect(after.balance).toBe(before.balance - 200 + Math.round(body<{ win: number }>(played).value.win * 100));

    // The other slot keeps the certified steps.
    const other = await player(10_00, 'JLS002');
    expect((await sessionConfig(other.session, 'JLS002')).betSteps).toHaveLength(15);
  });

  it('gives the certified steps back on reset, audited once', async () => {
    await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS002', { minBet: 0.4, maxBet: 0.4 });
    const reset = await ops(tokens.risk, 'DELETE', '/inhouse/settings/JLS002');
    expect(reset.statusCode).toBe(200);
    expect(body<Setting>(reset).value).toMatchObject({ minBet: 0.2, maxBet: 100, narrowed: false });
    expect((await storedRows(context.merchantId)).map((row) => row.game_code)).not.toContain('JLS002');
    const done = (await audits('inhouse_setting.reset', 'JLS002')).filter((row) => row.outcome === 'ok');
    expect(done).toHaveLength(1);
    expect(done[0].detail).toEqual({ before: { minBet: 0.4, maxBet: 0.4 }, after: { minBet: 0.2, maxBet: 100 } });
    const { memberId, session } = await player(10_00, 'JLS002');
    expect(await sessionConfig(session, 'JLS002')).toMatchObject({ minBet: 0.2, maxBet: 100 });
    expect((await post('/jl/v1/slots/JLS002/spin', { session, bet: 0.2 })).statusCode).toBe(200);
    expect((await moneyOf(memberId)).rounds).toBe('1');
  });
});

describe('the crash game narrowed by the merchant', () => {
  it('shows the range in the session and refuses a bet outside it with no money moved; a bet inside rides', async () => {
    expect(body<Setting>(await ops(tokens.risk, 'PUT', '/inhouse/settings/JLC001', { minBet: 5, maxBet: 50.5 })).value).toMatchObject({ minBet: 5, maxBet: 50.5 });
    const { memberId, session } = await player(1_000_00, 'JLC001');
    expect(await sessionConfig(session, 'JLC001')).toMatchObject({ kind: 'crash', minBet: 5, maxBet: 50.5, betSteps: [] });

    // A round taking bets (the first steps make the seed chain).
    let open = false;
    for (let attempt = 0; attempt < 5 && !open; attempt++) {
      await scheduler.runOnce();
      open = (await context.pool.query("SELECT 1 FROM crash_round WHERE merchant_id = $1 AND phase = 'betting'", [context.merchantId])).rows.length > 0;
      if (!open) clock.advance(PAUSE_MS);
    }
    expect(open).toBe(true);

    const before = await moneyOf(memberId);
    for (const amount of [1, 4.99, 50.51, 10_000]) {
      const refused = await post('/jl/v1/crash/bet', { session, amount });
      expect([refused.statusCode, body(refused).errorCode]).toEqual([400, 'inhouse.bet.invalid']);
    }
    expect(await moneyOf(memberId)).toEqual(before);
    expect((await context.pool.query('SELECT 1 FROM crash_bet WHERE merchant_id = $1 AND player_id = $2', [context.merchantId, String(memberId)])).rows).toHaveLength(0);

    const placed = await post('/jl/v1/crash/bet', { session, amount: 50.5 });
    expect(placed.statusCode).toBe(200);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(before.balance - 50_50);
  });
});

describe('PUT /inhouse/settings/:gameCode', () => {
  it('refuses a range outside the certified bounds, off the bet steps, upside down or of no game, changing nothing', async () => {
    await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS001', { minBet: 1, maxBet: 8 });
    const rowsBefore = await storedRows(context.merchantId);
    const okBefore = (await audits('inhouse_setting.update', 'JLS001')).filter((row) => row.outcome === 'ok').length;
    const cases: [string, object][] = [
      ['JLS001', { minBet: 0.1, maxBet: 8 }], // below the certified minimum
      ['JLS001', { minBet: 1, maxBet: 200 }], // above the certified maximum
      ['JLS001', { minBet: 1, maxBet: 7 }], // 7 is not a bet step
      ['JLS001', { minBet: 0.5, maxBet: 8 }], // 0.5 is not a bet step
      ['JLS001', { minBet: 8, maxBet: 1 }], // upside down
      ['JLC001', { minBet: 0.5, maxBet: 50 }], // below the crash game's minimum
      ['JLC001', { minBet: 5, maxBet: 10_000.01 }], // above its maximum
      ['JLC001', { minBet: 5.005, maxBet: 50 }], // not a stake
      ['JLC001', { minBet: 60, maxBet: 50 }],
    ];
    for (const [gameCode, range] of cases) {
      const refused = await ops(tokens.risk, 'PUT', `/inhouse/settings/${gameCode}`, range);
      expect([gameCode, range, refused.statusCode, body(refused).errorCode]).toEqual([gameCode, range, 400, 'inhouse.setting.out.of.bounds']);
    }
    const unknown = await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS999', { minBet: 1, maxBet: 2 });
    expect([unknown.statusCode, body(unknown).errorCode]).toEqual([404, 'inhouse.game.unknown']);
    const missing = await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS001', { minBet: 1 });
    expect(missing.statusCode).toBe(400);
    expect(await storedRows(context.merchantId)).toEqual(rowsBefore);
    expect((await audits('inhouse_setting.update', 'JLS001')).filter((row) => row.outcome === 'ok')).toHaveLength(okBefore);
    expect(await settingOf('JLS001')).toMatchObject({ minBet: 1, maxBet: 8 });
  });

  it('is audited once per change with the range before and after', async () => {
    await ops(tokens.risk, 'DELETE', '/inhouse/settings/JLS002');
    const okBefore = (await audits('inhouse_setting.update', 'JLS002')).filter((row) => row.outcome === 'ok').length;
    expect((await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS002', { minBet: 0.6, maxBet: 20 })).statusCode).toBe(200);
    expect((await ops(tokens.risk, 'PUT', '/inhouse/settings/JLS002', { minBet: 1, maxBet: 2 })).statusCode).toBe(200);
    const done = (await audits('inhouse_setting.update', 'JLS002')).filter((row) => row.outcome === 'ok').slice(okBefore);
    expect(done.map((row) => row.detail)).toEqual([
      { before: { minBet: 0.2, maxBet: 100 }, after: { minBet: 0.6, maxBet: 20 } },
      { before: { minBet: 0.6, maxBet: 20 }, after: { minBet: 1, maxBet: 2 } },
    ]);
  });

  it('is refused to content staff (403), who only read', async () => {
    const rowsBefore = await storedRows(context.merchantId);
    const refused = await ops(tokens.content, 'PUT', '/inhouse/settings/JLS001', { minBet: 0.2, maxBet: 0.2 });
    expect([refused.statusCode, body(refused).errorCode]).toEqual([403, 'operator.role.forbidden']);
    expect((await ops(tokens.content, 'DELETE', '/inhouse/settings/JLS001')).statusCode).toBe(403);
    expect(await storedRows(context.merchantId)).toEqual(rowsBefore);
  });

  it("keeps each merchant's range its own", async () => {
    await ops(tokens.risk, 'DELETE', '/inhouse/settings/JLS001');
    const other = await ops(tokens.other, 'PUT', '/inhouse/settings/JLS001', { minBet: 40, maxBet: 40 });
    expect(other.statusCode).toBe(200);
    expect(await storedRows(otherMerchantId)).toEqual([{ game_code: 'JLS001', min: 4000, max: 4000 }]);
    expect(await settingOf('JLS001')).toMatchObject({ minBet: 0.2, maxBet: 100, narrowed: false });
    expect(await settingOf('JLS001', tokens.other)).toMatchObject({ minBet: 40, maxBet: 40, narrowed: true });
    // This merchant's players still get, and may stake, every certified step.
    const { session } = await player(10_00, 'JLS001');
    expect((await sessionConfig(session, 'JLS001')).betSteps).toHaveLength(15);
    expect((await post('/jl/v1/slots/JLS001/spin', { session, bet: 0.2 })).statusCode).toBe(200);
  });
});

import type { Envelope, VendorMaintenanceValue } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { credit, memberWithSession, valueOf } from '../withdrawal/withdrawal.testing';
import { launch, providerClientFor, sessionTokenOf } from './game-provider.testing';
import { tokenHashOf } from './wallet-api.service';

// POST /wps/game/launchGame over HTTP: the URL of a new session for a member who can afford the
// game, and each refusal the lobby handles (maintenance with suggestions, balance, not connected,
// unknown game, launchMode missing, guests).

const clock = new TestClock();
let context: TestContext;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

const GLS = { launchMode: 'GLS', accountType: 1, confirmTrans: 0, platform: 'html5-desktop', clientType: 3 };

async function member(balanceMinor: number) {
  const session = await memberWithSession(context, `ln${String(++counter).padStart(3, '0')}`, clock.nowMs);
  if (balanceMinor > 0) await credit(context.pool, context.merchantId, session.memberId, balanceMinor, clock.nowMs);
  return session;
}

const failure = (response: { statusCode: number; body: string }) => {
  const envelope = json<Envelope<unknown>>(response);
  return { status: response.statusCode, errorCode: envelope.errorCode, value: envelope.value };
};

async function gameIdOf(code: string, category: string): Promise<number> {
  const result = await context.pool.query<{ id: number }>(
    'SELECT g.id FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id WHERE g.game_code = $1 AND v.game_category = $2',
    [code, category],
  );
  return result.rows[0].id;
}

describe('POST /wps/game/launchGame', () => {
  it("answers the in-house game page with a new session's token, records the recent game and the session", async () => {
    const m = await member(5_000);
    const nodeId = await gameIdOf('JLS001', 'INHOUSE');
    const { game_url: url } = valueOf<{ game_url: string }>(await launch(context.app, m.token, { ...GLS, nodeId: String(nodeId), vassalage: 'JL', language: 'cn' }));
    expect(url).toMatch(/^\/jl\/play\/JLS001\?session=[A-Za-z0-9_-]{43}&lang=CN$/);
    const session = await context.pool.query('SELECT member_id, game_id, trial, play_balance_minor, language, expires_at FROM game_session WHERE token_hash = $1', [
      tokenHashOf(sessionTokenOf(url)),
    ]);
    expect(session.rows[0]).toEqual({
      member_id: String(m.memberId),
      game_id: nodeId,
      trial: false,
      play_balance_minor: null,
      language: 'CN',
      expires_at: new Date(clock.nowMs + 480 * MINUTE),
    });
    const recent = await context.pool.query('SELECT game_id FROM game_recent WHERE member_id = $1', [m.memberId]);
    expect(recent.rows).toEqual([{ game_id: nodeId }]);
    // The session plays in the game's own category: rounds of the INHOUSE row are INHOUSE rounds.
    const jl = await providerClientFor(context, 'JL', clock.now);
    const roundId = `r-${counter}`;
    await jl.bet({ sessionToken: sessionTokenOf(url), transactionId: `t-${counter}`, roundId, gameCode: 'JLS001', amount: 20 });
    const round = await context.pool.query('SELECT game_category FROM game_round WHERE vendor_round_id = $1', [roundId]);
    expect(round.rows[0].game_category).toBe('INHOUSE');
  });

  it('finds the game by code (the RNG row first) and takes the language from the header or the member', async () => {
    const m = await member(5_000);
    const { game_url: url } = valueOf<{ game_url: string }>(await launch(context.app, m.token, { ...GLS, gameId: 'JLS002' }));
    expect(url).toMatch(/^\/jl\/play\/JLS002\?session=.*&lang=EN$/);
    const session = await context.pool.query('SELECT game_id FROM game_session WHERE token_hash = $1', [tokenHashOf(sessionTokenOf(url))]);
    expect(session.rows[0].game_id).toBe(await gameIdOf('JLS002', 'RNG'));
  });

  it('requires launchMode (a clear 400, not the reference\'s "system busy")', async () => {
    const m = await member(5_000);
    expect(failure(await launch(context.app, m.token, { gameId: 'JLS001' }))).toMatchObject({ status: 400, errorCode: 'request.param.err' });
  });

  it('answers game.not_found for no game, a disabled game or none named', async () => {
    const m = await member(5_000);
    expect(failure(await launch(context.app, m.token, { ...GLS, gameId: 'NOPE01' }))).toMatchObject({ status: 404, errorCode: 'game.not_found' });
    expect(failure(await launch(context.app, m.token, { ...GLS, nodeId: '999999' }))).toMatchObject({ status: 404, errorCode: 'game.not_found' });
    expect(failure(await launch(context.app, m.token, { ...GLS }))).toMatchObject({ status: 404, errorCode: 'game.not_found' });
  });

  it('refuses a balance below the minimum bet with launch_game_balance_not_enough (balance and minimum in the value)', async () => {
    const m = await member(99);
    expect(failure(await launch(context.app, m.token, { ...GLS, gameId: 'JLC001' }))).toEqual({
      status: 400,
      errorCode: 'launch_game_balance_not_enough',
      value: { balance: 0.99, minBet: 1 },
    });
    // The slot's minimum (0.20) is within reach.
    expect((await launch(context.app, m.token, { ...GLS, gameId: 'JLS001' })).statusCode).toBe(200);
    const none = await member(0);
    expect(failure(await launch(context.app, none.token, { ...GLS, gameId: 'JLS001' })).errorCode).toBe('launch_game_balance_not_enough');
  });

  it('answers game.vendor.not_connected for a vendor without an adapter, with the clear message', async () => {
    const vendor = await context.pool.query<{ id: number }>("SELECT id FROM game_vendor WHERE vassalage = 'PG' AND game_category = 'RNG'");
    await context.pool.query(
      "INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, created_at) VALUES ($1, $2, 'PG001', 'Not connected', 20, now())",
      [context.merchantId, vendor.rows[0].id],
    );
    const m = await member(5_000);
    const response = await launch(context.app, m.token, { ...GLS, gameId: 'PG001', vassalage: 'PG' });
    expect(failure(response)).toMatchObject({ status: 400, errorCode: 'game.vendor.not_connected' });
    expect(json<Envelope<null>>(response).message).toBe('This game provider is not connected yet, please contact customer service');
    // A provider row without an adapter is the same.
    await context.pool.query("INSERT INTO game_provider (merchant_id, vassalage, adapter) VALUES ($1, 'PG', NULL)", [context.merchantId]);
    expect(failure(await launch(context.app, m.token, { ...GLS, gameId: 'PG001', vassalage: 'PG' })).errorCode).toBe('game.vendor.not_connected');
  });

  it('answers vendor_under_maintenance with the window and up to 6 launchable games of other vendors', async () => {
    // A second connected vendor with games to suggest (JL is the one under maintenance).
    const vendor = await context.pool.query<{ id: number }>("SELECT id FROM game_vendor WHERE vassalage = 'JDB' AND game_category = 'RNG'");
    await context.pool.query("INSERT INTO game_provider (merchant_id, vassalage, adapter) VALUES ($1, 'JDB', 'inhouse')", [context.merchantId]);
    for (let index = 1; index <= 8; index += 1) {
      await context.pool.query(
        `INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, is_hot, sort_order, created_at)
         VALUES ($1, $2, $3, $4, 20, $5, $6, now())`,
        [context.merchantId, vendor.rows[0].id, `JDB00${index}`, `JDB game ${index}`, index === 5, index],
      );
    }
    const startsAt = clock.nowMs - 10 * MINUTE;
    const endsAt = clock.nowMs + 50 * MINUTE;
    await context.pool.query("INSERT INTO game_vendor_maintenance (merchant_id, vassalage, starts_at, ends_at, reason) VALUES ($1, 'JL', $2, $3, 'upgrade')", [
      context.merchantId,
      new Date(startsAt),
      new Date(endsAt),
    ]);
    try {
      const m = await member(5_000);
      const refused = failure(await launch(context.app, m.token, { ...GLS, gameId: 'JLS001' }));
      expect(refused).toMatchObject({ status: 400, errorCode: 'vendor_under_maintenance' });
      const value = refused.value as VendorMaintenanceValue;
      expect(value.content.data).toEqual({ maintainTime: startsAt, endTime: endsAt });
      expect([value.maintenanceStart, value.maintenanceEnd]).toEqual([startsAt, endsAt]);
      expect(value.suggestions).toHaveLength(6);
      expect(value.suggestions.every((game) => game.vassalage === 'JDB')).toBe(true);
      // The hot one first.
      expect(value.suggestions[0]).toEqual({ nodeId: expect.any(String), gameCode: 'JDB005', gameName: 'JDB game 5', vassalage: 'JDB', gameCategory: 'RNG', iconUrl: null });
      // Trials are refused the same way.
      expect(failure(await launch(context.app, null, { gameId: 'JLS001' }, '/wps/game/launchTrial')).errorCode).toBe('vendor_under_maintenance');
      // No session was opened.
      const sessions = await context.pool.query('SELECT count(*)::int AS n FROM game_session WHERE member_id = $1', [m.memberId]);
      expect(sessions.rows[0].n).toBe(0);
    } finally {
      await context.pool.query('DELETE FROM game_vendor_maintenance');
    }
    // After the window the launch works again.
    const later = await member(5_000);
    expect((await launch(context.app, later.token, { ...GLS, gameId: 'JLS001' })).statusCode).toBe(200);
  });

  it('refuses free-play guests and callers without a session', async () => {
    await createMember(context.pool, context.merchantId, { username: 'lnguest', password: 'Guest-pass-42', memberType: 4, nowMs: clock.nowMs });
    const guest = await tokenFor(context.app, 'lnguest', 'Guest-pass-42', '10.77.0.1');
    expect(failure(await launch(context.app, guest, { ...GLS, gameId: 'JLS001' }))).toMatchObject({ status: 403, errorCode: 'guest.not.allowed' });
    expect(failure(await launch(context.app, null, { ...GLS, gameId: 'JLS001' })).status).toBe(401);
  });
});

import type { Envelope, LoginResult, WalletBalance } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, MINUTE, setAccountSettings, setModule, TestClock, tokenFor } from '../member/member.testing';
import { endOtherSessions } from './session.service';

// Sessions: idle and absolute expiry on the injected clock, logout, ending other sessions, and
// free play (guest accounts with play money).

const clock = new TestClock();
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

const memberInfo = (token: string) => context.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });

describe('session expiry', () => {
  it('ends a session after 30 idle minutes, and every request pushes that back', async () => {
    await createMember(context.pool, context.merchantId, { username: 'idle0001', password: 'idle1234' });
    const token = await tokenFor(context.app, 'idle0001', 'idle1234');
    for (let i = 0; i < 4; i++) {
      clock.advance(29 * MINUTE);
      expect((await memberInfo(token)).statusCode).toBe(200);
    }
    clock.advance(30 * MINUTE);
    const expired = await memberInfo(token);
    expect(expired.statusCode).toBe(401);
    expect(json<Envelope<null>>(expired).errorCode).toBe('user.or.token.invalid');
  });

  it('ends a session 12 hours after login however active it is', async () => {
    await createMember(context.pool, context.merchantId, { username: 'absolute01', password: 'absolute1' });
    const token = await tokenFor(context.app, 'absolute01', 'absolute1');
    for (let elapsed = 0; elapsed + 20 * MINUTE < 12 * 60 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      expect((await memberInfo(token)).statusCode).toBe(200);
    }
    clock.advance(20 * MINUTE);
    expect((await memberInfo(token)).statusCode).toBe(401);
  });

  it('takes its lifetimes from the merchant settings', async () => {
    await setAccountSettings(context.pool, context.merchantId, { sessionIdleMinutes: 5 });
    try {
      await createMember(context.pool, context.merchantId, { username: 'shortidle1', password: 'short123' });
      const token = await tokenFor(context.app, 'shortidle1', 'short123');
      clock.advance(4 * MINUTE);
      expect((await memberInfo(token)).statusCode).toBe(200);
      clock.advance(5 * MINUTE);
      expect((await memberInfo(token)).statusCode).toBe(401);
    } finally {
      await context.pool.query("DELETE FROM merchant_setting WHERE key = 'accounts'");
    }
  });

  it('does not let a token of one merchant into another', async () => {
    await createMember(context.pool, context.merchantId, { username: 'merchant01', password: 'merchant1' });
    const token = await tokenFor(context.app, 'merchant01', 'merchant1');
    await context.pool.query("INSERT INTO merchant (code, name) VALUES ('OTHER', 'Other brand')");
    const response = await context.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token, merchant: 'OTHER' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /wps/session/logout', () => {
  it('revokes the token at once, and only that one', async () => {
    await createMember(context.pool, context.merchantId, { username: 'logout01', password: 'logout12' });
    const first = await tokenFor(context.app, 'logout01', 'logout12');
    const second = await tokenFor(context.app, 'logout01', 'logout12');
    const response = await context.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: first } });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<null>>(response)).toEqual({ success: true, value: null, message: null, errorCode: null });
    expect((await memberInfo(first)).statusCode).toBe(401);
    expect((await memberInfo(second)).statusCode).toBe(200);
    const again = await context.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: first } });
    expect(again.statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const response = await context.app.inject({ method: 'DELETE', url: '/wps/session/logout' });
    expect(response.statusCode).toBe(401);
    expect(json<Envelope<null>>(response).errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });
});

describe('endOtherSessions', () => {
  it("revokes the member's other sessions and keeps the one named", async () => {
    const memberId = await createMember(context.pool, context.merchantId, { username: 'others01', password: 'others12' });
    const keep = await tokenFor(context.app, 'others01', 'others12');
    const other = await tokenFor(context.app, 'others01', 'others12');
    const keptSession = await context.pool.query<{ id: string }>(
      'SELECT id FROM member_session WHERE member_id = $1 ORDER BY id LIMIT 1',
      [memberId],
    );
    expect(await endOtherSessions(context.pool, memberId, Number(keptSession.rows[0].id), clock.nowMs)).toBe(1);
    expect((await memberInfo(keep)).statusCode).toBe(200);
    expect((await memberInfo(other)).statusCode).toBe(401);
    expect(await endOtherSessions(context.pool, memberId, null, clock.nowMs, 'password_reset')).toBe(1);
    expect((await memberInfo(keep)).statusCode).toBe(401);
    const reasons = await context.pool.query<{ revoke_reason: string }>('SELECT revoke_reason FROM member_session WHERE member_id = $1 ORDER BY id', [memberId]);
    expect(reasons.rows.map((row) => row.revoke_reason)).toEqual(['password_reset', 'password_change']);
  });
});

describe('POST /wps/session/login/freeplay', () => {
  const freePlay = (remoteAddress = '192.0.2.50') =>
    encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', { os: 'linux', platform: 'W' }, { remoteAddress });

  it('makes a guest (isAgent 4) with 2000.00 of play money, logged in', async () => {
    const response = await freePlay();
    expect(response.statusCode).toBe(200);
    const login = json<Envelope<LoginResult>>(response).value;
    expect(login).toMatchObject({ firstTimeLogin: false, passwordExpired: false, userName: expect.stringMatching(/^guest[a-z0-9]{10}$/) });
    const info = json<Envelope<{ isAgent: number; type: number; account: string }>>(await memberInfo(login.token)).value;
    expect(info).toMatchObject({ isAgent: 4, type: 4, account: login.userName });
    const balance = await context.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization: login.token } });
    expect(json<Envelope<WalletBalance>>(balance).value).toEqual({ sumBalance: 2000 });
    // The grant came from the play-money house account, as one balanced transaction.
    const house = await context.pool.query<{ balance_minor: string; unit: string }>(
      "SELECT balance_minor, unit FROM ledger_account WHERE kind = 'house_play_money' AND merchant_id = $1",
      [context.merchantId],
    );
    expect(house.rows[0].unit).toBe('PLAY');
    expect(Number(house.rows[0].balance_minor)).toBeLessThanOrEqual(-200_000);
  });

  it('is sent encrypted, its data may be empty; a plaintext call is refused and makes no guest', async () => {
    const guests = async () => Number((await context.pool.query<{ n: string }>("SELECT count(*) AS n FROM member WHERE username LIKE 'guest%'")).rows[0].n);
    const before = await guests();
    for (const plain of [
      context.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', remoteAddress: '192.0.2.51' }),
      context.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'linux', platform: 'W' }, remoteAddress: '192.0.2.51' }),
    ]) {
      const response = await plain;
      expect(response.statusCode).toBe(400);
      expect(json<Envelope<null>>(response).errorCode).toBe('request_body_required');
    }
    expect(await guests()).toBe(before);
    const response = await encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', {}, { remoteAddress: '192.0.2.51' });
    expect(response.statusCode).toBe(200);
    expect(await guests()).toBe(before + 1);
  });

  it('grants the amount the merchant configured', async () => {
    await setAccountSettings(context.pool, context.merchantId, { freePlayAmountMinor: 50_050 });
    try {
      const login = json<Envelope<LoginResult>>(await freePlay('192.0.2.52')).value;
      const balance = await context.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization: login.token } });
      expect(json<Envelope<WalletBalance>>(balance).value.sumBalance).toBe(500.5);
    } finally {
      await context.pool.query("DELETE FROM merchant_setting WHERE key = 'accounts'");
    }
  });

  it('is refused when FREEPLAY3 is off', async () => {
    await setModule(context.pool, context.merchantId, 'FREEPLAY3', false);
    try {
      const response = await freePlay('192.0.2.53');
      expect(response.statusCode).toBe(400);
      expect(json<Envelope<null>>(response).errorCode).toBe('function.not.available');
    } finally {
      await setModule(context.pool, context.merchantId, 'FREEPLAY3', true);
    }
  });

  it('limits how many guests one client IP makes per hour', async () => {
    await setAccountSettings(context.pool, context.merchantId, { freePlayPerIpPerHour: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await freePlay('192.0.2.60')).statusCode).toBe(200);
      const refused = await freePlay('192.0.2.60');
      expect(refused.statusCode).toBe(429);
      expect(json<Envelope<null>>(refused).errorCode).toBe('TOO_MANY_REQUESTS');
      expect((await freePlay('192.0.2.61')).statusCode).toBe(200);
      clock.advance(60 * MINUTE);
      expect((await freePlay('192.0.2.60')).statusCode).toBe(200);
    } finally {
      await context.pool.query("DELETE FROM merchant_setting WHERE key = 'accounts'");
    }
  });
});

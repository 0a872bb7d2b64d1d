import type { Envelope, LoginResult } from '@platform/shared/contract';
import { ok } from '../http/envelope';
import { createMember, tokenFor } from '../modules/member/member.testing';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { memberOf, sessionOf, useAuthentication } from './authentication';
import { useMerchantResolution } from './merchant';

// The authentication hook, on routes the test declares itself the way real-money routes
// (deposit, withdraw, chat) will: config { realAccountOnly: true }.

let context: TestContext;
let memberToken: string;
let guestToken: string;

beforeAll(async () => {
  context = await createTestApp();
  // Inside the merchant scope, like every /wps route.
  await context.app.register(async (scope) => {
    useMerchantResolution(scope, context.pool);
    useAuthentication(scope, { db: context.pool, clock: () => Date.now() });
    scope.post('/wps/test/withdraw', { config: { realAccountOnly: true } }, async (request) =>
      ok({ member: memberOf(request).username, sessionId: sessionOf(request).id }),
    );
    scope.get('/wps/test/whoami', { config: { auth: 'optional' } }, async (request) => ok({ member: request.authenticated?.member.username ?? null }));
    scope.get('/wps/test/public', async (request) => ok({ authenticated: request.authenticated }));
  });
  await createMember(context.pool, context.merchantId, { username: 'realone1', password: 'realone1' });
  memberToken = await tokenFor(context.app, 'realone1', 'realone1');
  const guest = await context.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
  guestToken = json<Envelope<LoginResult>>(guest).value.token;
});

afterAll(async () => {
  await context.close();
});

describe('realAccountOnly routes', () => {
  it('serve a member', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/withdraw', headers: { authorization: memberToken }, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<{ member: string }>>(response).value.member).toBe('realone1');
  });

  it('accept a "Bearer" prefix too', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/withdraw', headers: { authorization: `Bearer ${memberToken}` }, payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it.each(['EN', 'BN'])('refuse a free-play guest with guest.not.allowed (%s)', async (language) => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/withdraw', headers: { authorization: guestToken, language }, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(json<Envelope<null>>(response)).toMatchObject({
      errorCode: 'guest.not.allowed',
      message: language === 'EN' ? 'Please Register An Account First' : 'অনুগ্রহ করে প্রথমে একটি অ্যাকাউন্ট নিবন্ধন করুন',
    });
  });

  it('refuse a caller without a session with 401 before reading the body', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/withdraw', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(response.statusCode).toBe(401);
    expect(json<Envelope<null>>(response).errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });

  it.each(['garbage', 'x'.repeat(43), ''])('refuse an unknown token %j', async (token) => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/withdraw', headers: { authorization: token }, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('optional authentication', () => {
  it('knows the member when a live token is sent, and nobody otherwise', async () => {
    const known = await context.app.inject({ method: 'GET', url: '/wps/test/whoami', headers: { authorization: memberToken } });
    expect(json<Envelope<{ member: string | null }>>(known).value.member).toBe('realone1');
    const stale = await context.app.inject({ method: 'GET', url: '/wps/test/whoami', headers: { authorization: 'y'.repeat(43) } });
    expect(stale.statusCode).toBe(200);
    expect(json<Envelope<{ member: string | null }>>(stale).value.member).toBeNull();
  });

  it('leaves routes without an auth config alone', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/test/public', headers: { authorization: memberToken } });
    expect(json<Envelope<{ authenticated: unknown }>>(response).value.authenticated).toBeNull();
  });
});

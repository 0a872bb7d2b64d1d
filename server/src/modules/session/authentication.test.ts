import type { Envelope, LoginResult } from '@platform/contract';
import { ok } from '../../http/envelope';
import { createMerchantResolver, useMerchantResolution } from '../../plugins/merchant';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, setModule, tokenFor } from '../member/member.testing';
import { accessOf, memberOf, sessionOf, useAuthentication } from './authentication';

// The access hooks, on routes the test declares itself: one with no access config at all (closed
// by default), the way real-money routes (deposit, withdraw, chat) will say it explicitly
// (realAccountOnly), optional, public, member (guests too), and feature-gated ones.

let context: TestContext;
let memberToken: string;
let guestToken: string;
/** A first-time login: the session must change its password first. */
let mustChangeToken: string;

beforeAll(async () => {
  context = await createTestApp();
  // Inside the merchant scope, like every /wps route.
  await context.app.register(async (scope) => {
    useMerchantResolution(scope, createMerchantResolver(context.pool));
    useAuthentication(scope, { db: context.pool, clock: () => Date.now() });
    scope.post('/wps/test/withdraw', { config: { realAccountOnly: true } }, async (request) =>
      ok({ member: memberOf(request).username, sessionId: sessionOf(request).id }),
    );
    scope.get('/wps/test/whoami', { config: { auth: 'optional' } }, async (request) => ok({ member: request.authenticated?.member.username ?? null }));
    scope.get('/wps/test/public', { config: { auth: 'public' } }, async (request) => ok({ authenticated: request.authenticated }));
    scope.get('/wps/test/undeclared', async (request) => ok({ member: memberOf(request).username }));
    scope.get('/wps/test/any-member', { config: { auth: 'member' } }, async (request) => ok({ member: memberOf(request).username }));
    scope.post('/wps/test/free-play-only', { config: { auth: 'public', feature: 'FREEPLAY3' }, schema: { body: { type: 'object', required: ['name'] } } }, async () =>
      ok('on'),
    );
    scope.get('/wps/test/sms-only', { config: { auth: 'public', feature: 'REGMOBVERF3', featureRefusal: 'function.not.enabled' } }, async () => ok('on'));
    scope.post('/wps/test/change-password', { config: { duringPasswordChange: true } }, async (request) => ok({ member: memberOf(request).username }));
  });
  await createMember(context.pool, context.merchantId, { username: 'realone1', password: 'realone1' });
  memberToken = await tokenFor(context.app, 'realone1', 'realone1');
  await createMember(context.pool, context.merchantId, { username: 'firstone', password: 'firstone1', firstTimeLogin: true });
  mustChangeToken = await tokenFor(context.app, 'firstone', 'firstone1');
  const guest = await encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', {});
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

  it("does not look at the token of a route declared auth 'public'", async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/test/public', headers: { authorization: memberToken } });
    expect(json<Envelope<{ authenticated: unknown }>>(response).value.authenticated).toBeNull();
  });
});

describe('a route that declares no access', () => {
  it('refuses a request without a token: 401 CUSTOMER_NOT_LOGIN', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/test/undeclared' });
    expect(response.statusCode).toBe(401);
    expect(json<Envelope<null>>(response).errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });

  it('refuses a free-play guest: 403 guest.not.allowed', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/test/undeclared', headers: { authorization: guestToken } });
    expect(response.statusCode).toBe(403);
    expect(json<Envelope<null>>(response).errorCode).toBe('guest.not.allowed');
  });

  it('serves a member of a real account', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/test/undeclared', headers: { authorization: memberToken } });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<{ member: string }>>(response).value.member).toBe('realone1');
  });
});

describe("auth 'member'", () => {
  it('serves a free-play guest too, and refuses a request without a token', async () => {
    const guest = await context.app.inject({ method: 'GET', url: '/wps/test/any-member', headers: { authorization: guestToken } });
    expect(guest.statusCode).toBe(200);
    const nobody = await context.app.inject({ method: 'GET', url: '/wps/test/any-member' });
    expect(nobody.statusCode).toBe(401);
  });
});

describe('a session that must change its password first', () => {
  it('is refused with 403 password.change.required on a route that does not allow it', async () => {
    for (const [method, url] of [['POST', '/wps/test/withdraw'], ['GET', '/wps/test/undeclared'], ['GET', '/wps/test/any-member']] as const) {
      const response = await context.app.inject({ method, url, headers: { authorization: mustChangeToken }, payload: method === 'POST' ? {} : undefined });
      expect({ url, status: response.statusCode, errorCode: json<Envelope<null>>(response).errorCode }).toEqual({
        url,
        status: 403,
        errorCode: 'password.change.required',
      });
    }
  });

  it('is served by a route declared duringPasswordChange', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/change-password', headers: { authorization: mustChangeToken }, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<{ member: string }>>(response).value.member).toBe('firstone');
  });

  it('is nobody on an optional route, and not looked at on a public one', async () => {
    const optional = await context.app.inject({ method: 'GET', url: '/wps/test/whoami', headers: { authorization: mustChangeToken } });
    expect(optional.statusCode).toBe(200);
    expect(json<Envelope<{ member: string | null }>>(optional).value.member).toBeNull();
    const open = await context.app.inject({ method: 'GET', url: '/wps/test/public', headers: { authorization: mustChangeToken } });
    expect(open.statusCode).toBe(200);
  });
});

describe('feature-gated routes', () => {
  afterEach(async () => {
    await setModule(context.pool, context.merchantId, 'FREEPLAY3', true);
  });

  it('answer while the switch is on', async () => {
    await setModule(context.pool, context.merchantId, 'FREEPLAY3', true);
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/free-play-only', payload: { name: 'x' } });
    expect(response.statusCode).toBe(200);
  });

  it('answer 400 function.not.available while it is off, after validating the request as before', async () => {
    await setModule(context.pool, context.merchantId, 'FREEPLAY3', false);
    const off = await context.app.inject({ method: 'POST', url: '/wps/test/free-play-only', payload: { name: 'x' } });
    expect(off.statusCode).toBe(400);
    expect(json<Envelope<null>>(off).errorCode).toBe('function.not.available');
    const malformed = await context.app.inject({ method: 'POST', url: '/wps/test/free-play-only', payload: {} });
    expect(json<Envelope<null>>(malformed).errorCode).not.toBe('function.not.available');
  });

  it("answer the route's own refusal when it declares one", async () => {
    await setModule(context.pool, context.merchantId, 'REGMOBVERF3', false);
    const response = await context.app.inject({ method: 'GET', url: '/wps/test/sms-only' });
    expect(response.statusCode).toBe(403);
    expect(json<Envelope<null>>(response).errorCode).toBe('function.not.enabled');
  });
});

describe('accessOf', () => {
  it('closes a route by default and keeps the declared access otherwise', () => {
    expect(accessOf({})).toEqual({ auth: 'member', realAccountOnly: true, feature: null, duringPasswordChange: false });
    expect(accessOf({ auth: 'public' })).toEqual({ auth: 'public', realAccountOnly: false, feature: null, duringPasswordChange: false });
    expect(accessOf({ auth: 'optional' })).toEqual({ auth: 'optional', realAccountOnly: false, feature: null, duringPasswordChange: false });
    expect(accessOf({ auth: 'member' })).toEqual({ auth: 'member', realAccountOnly: false, feature: null, duringPasswordChange: false });
    expect(accessOf({ auth: 'optional', realAccountOnly: true })).toEqual({ auth: 'member', realAccountOnly: true, feature: null, duringPasswordChange: false });
    expect(accessOf({ duringPasswordChange: true })).toEqual({ auth: 'member', realAccountOnly: true, feature: null, duringPasswordChange: true });
    expect(accessOf({ auth: 'public', feature: 'FREEPLAY3' })).toEqual({ auth: 'public', realAccountOnly: false, feature: 'FREEPLAY3', duringPasswordChange: false });
  });
});

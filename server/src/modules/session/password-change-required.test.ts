import type { Envelope, LoginResult } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, loginRequest, setModule, TestClock } from '../member/member.testing';
import { codeIn, lastMessageTo } from '../notification/outbox.testing';
import { createAccountHooks } from './account-hooks';

// A login that must change its password (firstTimeLogin, or passwordExpired: an
// expired password under PWDEXPFORCECHANGE3 or the merchant's default one) gets a session that
// the server itself restricts to changing the password and logging out, until the change.

const clock = new TestClock();
let context: TestContext;
let counter = 0;
const nextIp = () => `198.51.100.${++counter}`;
const nextUsername = () => `force${String(++counter).padStart(5, '0')}`;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: createAccountHooks() });
});

afterAll(async () => {
  await context.close();
});

const get = (url: string, token: string, language = 'EN') =>
  context.app.inject({ method: 'GET', url, headers: { authorization: token, language } });

const changePassword = (token: string, oldPassword: string, newPassword: string) =>
  encryptedInject(context.app, 'POST', '/wps/member/password', { oldPassword, newPassword, confirmNewPassword: newPassword }, { headers: { authorization: token } });

async function logIn(username: string, password: string): Promise<LoginResult> {
  const response = await loginRequest(context.app, { username, password }, { remoteAddress: nextIp() });
  expect(response.statusCode).toBe(200);
  return json<Envelope<LoginResult>>(response).value;
}

/** Member data, money and settings: what a session that must change its password may not read. */
const GUARDED = ['/wps/member/info', '/wps/v2/wallets/balance', '/wps/v2/member/securityConfig'];

async function expectRestricted(token: string): Promise<void> {
  for (const url of GUARDED) {
    const response = await get(url, token);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    expect(json<Envelope<null>>(response)).toEqual({
      success: false,
      value: null,
      errorCode: 'password.change.required',
      message: 'You must change your password first, please log in again to change it',
    });
  }
}

async function expectUnrestricted(token: string): Promise<void> {
  for (const url of GUARDED) expect({ url, status: (await get(url, token)).statusCode }).toEqual({ url, status: 200 });
}

/** Why a login must change its password, and the member in that state; answers the password to log in with. */
const CASES: { reason: string; prepare: (username: string) => Promise<string> }[] = [
  {
    reason: 'a first-time login',
    prepare: async (username) => {
      await createMember(context.pool, context.merchantId, { username, password: 'given123', firstTimeLogin: true, nowMs: clock.nowMs });
      return 'given123';
    },
  },
  {
    reason: 'an expired password (PWDEXPFORCECHANGE3 on)',
    prepare: async (username) => {
      await createMember(context.pool, context.merchantId, { username, password: 'stale123', passwordExpiresAtMs: clock.nowMs - DAY, nowMs: clock.nowMs });
      return 'stale123';
    },
  },
  {
    reason: "the merchant's default password",
    prepare: async (username) => {
      await createMember(context.pool, context.merchantId, { username, password: '123456', nowMs: clock.nowMs });
      return '123456';
    },
  },
];

describe.each(CASES)('$reason', ({ prepare }) => {
  it('gives a token refused on member, money and settings calls, accepted for the change; then it works fully', async () => {
    const username = nextUsername();
    const password = await prepare(username);
    const login = await logIn(username, password);
    expect(login.firstTimeLogin || login.passwordExpired).toBe(true);
    await expectRestricted(login.token);
    // The refusal is in the caller's language.
    expect(json<Envelope<null>>(await get('/wps/member/info', login.token, 'CN')).message).toBe('您必须先修改密码，请重新登录以修改密码');
    // A rule-breaking or wrong change is still answered as such (the route is open to this session).
    const wrongOld = await changePassword(login.token, 'not-it-1', 'Renewed2025');
    expect(json<Envelope<null>>(wrongOld).errorCode).toBe('old.password.err');

    const changed = await changePassword(login.token, password, 'Renewed2025');
    expect(changed.statusCode).toBe(200);
    // The session that changed the password may now do everything.
    await expectUnrestricted(login.token);
    // And so may a new login with the new password.
    const fresh = await logIn(username, 'Renewed2025');
    expect(fresh).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    await expectUnrestricted(fresh.token);
  });

  it('may log out', async () => {
    const username = nextUsername();
    const login = await logIn(username, await prepare(username));
    const logout = await context.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: login.token } });
    expect(logout.statusCode).toBe(200);
    expect((await get('/wps/member/info', login.token)).statusCode).toBe(401);
  });
});

it('does not restrict an expired password while PWDEXPFORCECHANGE3 is off (the login does not ask for a change)', async () => {
  const username = nextUsername();
  await createMember(context.pool, context.merchantId, { username, password: 'stale123', passwordExpiresAtMs: clock.nowMs - DAY, nowMs: clock.nowMs });
  await setModule(context.pool, context.merchantId, 'PWDEXPFORCECHANGE3', false);
  try {
    const login = await logIn(username, 'stale123');
    expect(login.passwordExpired).toBe(false);
    await expectUnrestricted(login.token);
  } finally {
    await setModule(context.pool, context.merchantId, 'PWDEXPFORCECHANGE3', true);
  }
});

it('does not restrict a login by SMS code (it did not use the password; the client asks for no change)', async () => {
  const username = nextUsername();
  const mobile = `17${String(10_000_000 + ++counter).slice(-8)}`;
  await createMember(context.pool, context.merchantId, {
    username,
    password: 'given123',
    firstTimeLogin: true,
    countryDialingCode: '+880',
    mobile,
    nowMs: clock.nowMs,
  });
  const ip = nextIp();
  const sent = await context.app.inject({ method: 'POST', url: '/wps/verification/sms/noLogin', payload: { countryDialingCode: '+880', mobileNo: mobile }, remoteAddress: ip });
  expect(sent.statusCode).toBe(200);
  const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
  const response = await loginRequest(context.app, { type: 'sms', username: mobile, password: code, countryDialingCode: '+880' }, { remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  const login = json<Envelope<LoginResult>>(response).value;
  expect(login.firstTimeLogin).toBe(true);
  await expectUnrestricted(login.token);
  // The same account's password login is restricted.
  await expectRestricted((await logIn(username, 'given123')).token);
});

it("lets a public route answer as it does for anybody (the restricted token is not looked at)", async () => {
  const username = nextUsername();
  await createMember(context.pool, context.merchantId, { username, password: 'given123', firstTimeLogin: true, nowMs: clock.nowMs });
  const login = await logIn(username, 'given123');
  // What the change-password form needs: the site's rules and the key of the encrypted call.
  expect((await get('/wps/system/setting/register', login.token)).statusCode).toBe(200);
  expect((await get('/wps/session/key/rsa', login.token)).statusCode).toBe(200);
});

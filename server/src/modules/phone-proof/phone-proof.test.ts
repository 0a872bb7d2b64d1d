import type { Envelope, LoginResult, SystemStatus } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK } from 'jose';
import { AppError } from '../../http/envelope';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, knownCaptcha, MINUTE, setAccountSettings, setModule, TestClock } from '../member/member.testing';
import { createPhoneProofGate, firebaseSmsSettingsFrom, jwksUrlOf } from '.';

// The third-party (Firebase) SMS channel: a Firebase ID token in place of the site's own SMS code
// at SMS login and mobile registration. Google's role is played by a key pair made here and a key
// set served on 127.0.0.1 (the app reads it over HTTP, as it reads Google's); the tokens are
// shaped as Firebase issues them after a phone sign-in. Shaped like the attacks: a token of
// another project, audience or provider, expired, stale, from the future, of another number,
// signed by another key or by none, and a token used twice (also at the same instant).

const PROJECT = 'luckystar-test';
const SETTING = { projectId: PROJECT, apiKey: 'AIzaSyA-test_key_0123456789abcdefghij', authDomain: 'luckystar-test.firebaseapp.com' };
const KID = 'test-key-1';

const clock = new TestClock();
let context: TestContext;
let keyServer: Server;
let jwksUrl: string;
let signingKey: CryptoKey;
let forgedKey: CryptoKey;
let counter = 0;
let ipCounter = 0;
/** A fresh client address per request, so no address limit of one test touches another. */
const nextIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
/** A fresh national number (10 digits, as Bangladesh's without the trunk zero). */
const nextNumber = () => `17${String(30_000_000 + ++counter).slice(-8)}`;

type Failure = Envelope<Record<string, unknown> | null>;
const outcome = (response: LightMyRequestResponse) => (response.statusCode === 200 ? '200' : `${response.statusCode} ${json<Failure>(response).errorCode}`);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  forgedKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  keyServer = createServer((request, response) => {
    if (request.url !== '/jwk') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/jwk`;
  context = await createTestApp({ clock: clock.now, phoneProof: { jwksUrl } });
  await setFirebaseSms(SETTING);
});

afterAll(async () => {
  await context.close();
  await new Promise((resolve) => keyServer.close(resolve));
});

async function setFirebaseSms(value: Record<string, unknown> | null): Promise<void> {
  if (value === null) {
    await context.pool.query("DELETE FROM merchant_setting WHERE merchant_id = $1 AND key = 'firebaseSms'", [context.merchantId]);
    return;
  }
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'firebaseSms', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify(value)],
  );
}

interface TokenOptions {
  /** Claims over Firebase's (undefined removes one). */
  claims?: Record<string, unknown>;
  key?: CryptoKey;
  kid?: string;
}

/** An ID token as Firebase issues it after a phone sign-in at the server's current time. */
async function idToken(phoneNumber: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(clock.nowMs / 1000);
  const uid = `uid${++counter}`;
  const claims: Record<string, unknown> = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    phone_number: phoneNumber,
    firebase: { identities: { phone: [phoneNumber] }, sign_in_provider: 'phone' },
  };
  for (const [name, value] of Object.entries(options.claims ?? {})) {
    if (value === undefined) delete claims[name];
    else claims[name] = value;
  }
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' }).sign(options.key ?? signingKey);
}

const e164 = (national: string) => `+880${national}`;

/** A member whose number is +880<national>. */
async function memberWithNumber(national: string): Promise<number> {
  return createMember(context.pool, context.merchantId, {
    username: `phone${++counter}`,
    countryDialingCode: '+880',
    mobile: national,
    nowMs: clock.nowMs,
  });
}

/** POST /wps/session/login type sms through the channel (with a right captcha: earlier failures demand one). */
async function smsLogin(national: string, token: string | undefined, ip = nextIp(), extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
  return encryptedInject(
    context.app,
    'POST',
    '/wps/session/login',
    {
      username: `0${national}`,
      password: '000000',
      type: 'sms',
      countryDialingCode: '+880',
      captcha: 'KM4P',
      captchaId,
      firebaseChannel: 'sms',
      ...(token === undefined ? {} : { firebaseIdToken: token }),
      ...extra,
    },
    { remoteAddress: ip },
  );
}

const registerMobile = (payload: Record<string, unknown>, ip = nextIp()) =>
  encryptedInject(context.app, 'PUT', '/wps/member/register/mobile', { countryDialingCode: '+880', ...payload }, { remoteAddress: ip });

const sessionsOf = async (memberId: number) =>
  Number((await context.pool.query<{ n: string }>('SELECT count(*) AS n FROM member_session WHERE member_id = $1', [memberId])).rows[0].n);
const usedProofs = async () => Number((await context.pool.query<{ n: string }>('SELECT count(*) AS n FROM phone_proof_used')).rows[0].n);
const membersWithNumber = async (national: string) =>
  Number((await context.pool.query<{ n: string }>('SELECT count(*) AS n FROM member WHERE mobile_e164 = $1', [e164(national)])).rows[0].n);

async function status(): Promise<SystemStatus> {
  const response = await context.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: nextIp() });
  expect(response.statusCode).toBe(200);
  return json<Envelope<SystemStatus>>(response).value;
}

describe('the status', () => {
  it("gives the browser the channel's three public values, nothing more", async () => {
    await setFirebaseSms({ ...SETTING, maxAuthAgeSeconds: 900 });
    expect((await status()).info.firebaseSms).toEqual({ projectId: PROJECT, apiKey: SETTING.apiKey, authDomain: SETTING.authDomain });
    await setFirebaseSms(SETTING);
  });
});

describe('login by SMS through Firebase', () => {
  it('logs the member of the proved number in, and the token never again', async () => {
    const national = nextNumber();
    const memberId = await memberWithNumber(national);
    const token = await idToken(e164(national));
    const first = await smsLogin(national, token);
    expect(first.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(first).value).toMatchObject({ token: expect.any(String), id: memberId, firstTimeLogin: false, passwordExpired: false });
    expect(await sessionsOf(memberId)).toBe(1);

    const replay = await smsLogin(national, token);
    expect(replay.statusCode).toBe(400);
    expect(json<Failure>(replay)).toMatchObject({ errorCode: 'firebase.token.invalid', value: { captcha: true } });
    expect(await sessionsOf(memberId)).toBe(1);
    const attempts = await context.pool.query<{ outcome: string; login_type: string }>(
      'SELECT outcome, login_type FROM login_attempt WHERE member_id = $1 ORDER BY id',
      [memberId],
    );
    expect(attempts.rows).toEqual([
      { outcome: 'ok', login_type: 'sms' },
      { outcome: 'bad_code', login_type: 'sms' },
    ]);
  });

  it('lets one of ten logins sent at the same instant with one token through', async () => {
    const national = nextNumber();
    const memberId = await memberWithNumber(national);
    const token = await idToken(e164(national));
    const responses = await Promise.all(Array.from({ length: 10 }, () => smsLogin(national, token)));
    expect(responses.map(outcome).sort()).toEqual(['200', ...Array<string>(9).fill('400 firebase.token.invalid')]);
    expect(await sessionsOf(memberId)).toBe(1);
  });

  it('refuses every token that is not a fresh proof of this number from this project, and none of them changes anything', async () => {
    const national = nextNumber();
    const memberId = await memberWithNumber(national);
    const number = e164(national);
    const now = Math.floor(clock.nowMs / 1000);
    const unsigned = new UnsecuredJWT({
      iss: `https://securetoken.google.com/${PROJECT}`,
      aud: PROJECT,
      sub: 'uid-none',
      iat: now,
      exp: now + 3600,
      auth_time: now,
      phone_number: number,
      firebase: { sign_in_provider: 'phone' },
    }).encode();
    const hmacSigned = await new SignJWT({ iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub: 'uid-hs', iat: now, exp: now + 3600, auth_time: now, phone_number: number, firebase: { sign_in_provider: 'phone' } })
      .setProtectedHeader({ alg: 'HS256', kid: KID })
      .sign(new TextEncoder().encode('a shared secret anybody could have chosen 0123456789'));
    const cases: [string, string, string][] = [
      ['another project (issuer)', await idToken(number, { claims: { iss: 'https://securetoken.google.com/other-project' } }), 'firebase.token.invalid'],
      ['another audience', await idToken(number, { claims: { aud: 'other-project' } }), 'firebase.token.invalid'],
      ['two audiences', await idToken(number, { claims: { aud: [PROJECT, 'other-project'] } }), 'firebase.token.invalid'],
      ['expired', await idToken(number, { claims: { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 } }), 'firebase.token.invalid'],
      ['a phone sign-in 11 minutes old', await idToken(number, { claims: { auth_time: now - 660 } }), 'firebase.token.invalid'],
      ['issued in the future', await idToken(number, { claims: { iat: now + 600, exp: now + 4200 } }), 'firebase.token.invalid'],
      ['a phone sign-in in the future', await idToken(number, { claims: { auth_time: now + 600 } }), 'firebase.token.invalid'],
      ['no auth_time', await idToken(number, { claims: { auth_time: undefined } }), 'firebase.token.invalid'],
      ['a password sign-in', await idToken(number, { claims: { firebase: { identities: {}, sign_in_provider: 'password' } } }), 'firebase.token.invalid'],
      ['an anonymous sign-in with a phone claim', await idToken(number, { claims: { firebase: { sign_in_provider: 'anonymous' } } }), 'firebase.token.invalid'],
      ['no phone number', await idToken(number, { claims: { phone_number: undefined } }), 'firebase.token.invalid'],
      ['an empty subject', await idToken(number, { claims: { sub: '' } }), 'firebase.token.invalid'],
      ['signed by another key under the same key id', await idToken(number, { key: forgedKey }), 'firebase.token.invalid'],
      ['signed by a key Google does not have', await idToken(number, { key: forgedKey, kid: 'unknown-key' }), 'firebase.token.invalid'],
      ['not signed (alg none)', unsigned, 'firebase.token.invalid'],
      ['signed with HMAC (alg HS256)', hmacSigned, 'firebase.token.invalid'],
      ['not a token', 'eyJhbGciOiJSUzI1NiJ9.not-a-token.at-all', 'firebase.token.invalid'],
      ['another number', await idToken(e164(nextNumber())), 'firebase.phone.mismatch'],
      ['the number without its dialling code', await idToken(`+${national}`), 'firebase.phone.mismatch'],
    ];
    const results: string[] = [];
    for (const [, token] of cases) {
      const response = await smsLogin(national, token);
      results.push(outcome(response));
      expect(json<Failure>(response).value).toEqual({ captcha: true });
    }
    expect(results).toEqual(cases.map(([, , code]) => `400 ${code}`));
    expect(await sessionsOf(memberId)).toBe(0);
    expect((await context.pool.query('SELECT 1 FROM login_attempt WHERE member_id = $1 AND outcome <> $2', [memberId, 'bad_code'])).rowCount).toBe(0);
    expect((await context.pool.query('SELECT 1 FROM login_attempt WHERE member_id = $1', [memberId])).rowCount).toBe(cases.length);

    // Refused tokens were not used up; a real proof of the number still works.
    const proofsBefore = await usedProofs();
    expect(outcome(await smsLogin(national, await idToken(number)))).toBe('200');
    expect(await usedProofs()).toBe(proofsBefore + 1);
    expect(await sessionsOf(memberId)).toBe(1);
  });

  it('refuses channel fields that are incomplete', async () => {
    const national = nextNumber();
    await memberWithNumber(national);
    expect(outcome(await smsLogin(national, undefined))).toBe('400 firebase.token.invalid');
    // A token without the channel is not taken either.
    expect(outcome(await smsLogin(national, await idToken(e164(national)), nextIp(), { firebaseChannel: undefined }))).toBe('400 firebase.token.invalid');
    expect(outcome(await smsLogin(national, await idToken(e164(national)), nextIp(), { firebaseChannel: 'email' }))).toBe('400 request.param.err');
  });

  it('answers a proof of a number without an account like a wrong code, and keeps the token unused', async () => {
    const national = nextNumber();
    const before = await usedProofs();
    const response = await smsLogin(national, await idToken(e164(national)));
    expect(json<Failure>(response)).toMatchObject({ errorCode: 'sms.code.invalid', value: { captcha: true } });
    expect(await usedProofs()).toBe(before);
  });

  it('still counts toward the lockout: a locked number is refused even with a valid token, which stays unused', async () => {
    await setAccountSettings(context.pool, context.merchantId, { loginMaxFailures: 2 });
    try {
      const national = nextNumber();
      const memberId = await memberWithNumber(national);
      const ip = nextIp();
      for (let i = 0; i < 2; i++) expect(outcome(await smsLogin(national, await idToken(e164(national), { key: forgedKey }), ip))).toBe('400 firebase.token.invalid');
      const token = await idToken(e164(national));
      const before = await usedProofs();
      expect(outcome(await smsLogin(national, token, ip))).toBe('429 TOO_MANY_REQUESTS');
      expect(await usedProofs()).toBe(before);
      expect(await sessionsOf(memberId)).toBe(0);
      // The same number from another address (its owner) is not locked out by those failures.
      expect(outcome(await smsLogin(national, token, nextIp()))).toBe('200');
    } finally {
      await setAccountSettings(context.pool, context.merchantId, {});
    }
  });

  it('is still the SMS login: refused while MOBILEVERCODELOGIN3 is off, and not a password login', async () => {
    const national = nextNumber();
    await memberWithNumber(national);
    await setModule(context.pool, context.merchantId, 'MOBILEVERCODELOGIN3', false);
    try {
      expect(outcome(await smsLogin(national, await idToken(e164(national))))).toBe('400 function.not.available');
    } finally {
      await setModule(context.pool, context.merchantId, 'MOBILEVERCODELOGIN3', true);
    }
    const username = `pw${++counter}`;
    await createMember(context.pool, context.merchantId, { username, password: 'kestrel42', nowMs: clock.nowMs });
    const response = await encryptedInject(
      context.app,
      'POST',
      '/wps/session/login',
      { username, password: 'kestrel42', type: 'username', firebaseChannel: 'sms', firebaseIdToken: await idToken(e164(national)) },
      { remoteAddress: nextIp() },
    );
    expect(outcome(response)).toBe('400 request.param.err');
  });
});

describe('registration by mobile number through Firebase', () => {
  it('registers the proved number without a code of the site, and logs the new member in', async () => {
    const national = nextNumber();
    const token = await idToken(e164(national));
    const response = await registerMobile({ mobileNum: `0${national}`, firebaseChannel: 'sms', firebaseIdToken: token });
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<{ id: number; userName: string; generatedAccount: boolean; token: string }>>(response).value;
    expect(value).toMatchObject({ userName: national, generatedAccount: true, token: expect.any(String) });
    const stored = await context.pool.query<{ mobile_e164: string }>('SELECT mobile_e164 FROM member WHERE id = $1', [value.id]);
    expect(stored.rows[0].mobile_e164).toBe(e164(national));
    expect(await sessionsOf(value.id)).toBe(1);

    // The number moves to another account (back office); the old proof cannot register it again.
    await context.pool.query("UPDATE member SET username = username || 'x', mobile = '1999999999' WHERE id = $1", [value.id]);
    const replay = await registerMobile({ mobileNum: national, firebaseChannel: 'sms', firebaseIdToken: token });
    expect(json<Failure>(replay)).toMatchObject({ errorCode: 'firebase.token.invalid', value: { field: 'verificationCode' } });
    expect(replay.statusCode).toBe(400);
    expect(await membersWithNumber(national)).toBe(0);
  });

  it('refuses a token that proves nothing or proves another number, and registers nobody', async () => {
    const national = nextNumber();
    const number = e164(national);
    const now = Math.floor(clock.nowMs / 1000);
    const cases: [string, string][] = [
      [await idToken(e164(nextNumber())), 'firebase.phone.mismatch'],
      [await idToken(number, { claims: { iss: 'https://securetoken.google.com/other-project' } }), 'firebase.token.invalid'],
      [await idToken(number, { claims: { aud: 'other-project' } }), 'firebase.token.invalid'],
      [await idToken(number, { claims: { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 } }), 'firebase.token.invalid'],
      [await idToken(number, { claims: { firebase: { sign_in_provider: 'google.com' } } }), 'firebase.token.invalid'],
      [await idToken(number, { key: forgedKey }), 'firebase.token.invalid'],
    ];
    const before = await usedProofs();
    for (const [token, code] of cases) {
      const response = await registerMobile({ mobileNum: national, firebaseChannel: 'sms', firebaseIdToken: token });
      expect(outcome(response)).toBe(`400 ${code}`);
      expect(json<Failure>(response).value).toEqual({ field: 'verificationCode' });
    }
    expect(await membersWithNumber(national)).toBe(0);
    expect(await usedProofs()).toBe(before);
    // The number's own proof still registers it.
    expect(outcome(await registerMobile({ mobileNum: national, firebaseChannel: 'sms', firebaseIdToken: await idToken(number) }))).toBe('200');
    expect(await membersWithNumber(national)).toBe(1);
  });

  it('does not use a token up on a registration refused for another reason', async () => {
    const national = nextNumber();
    const token = await idToken(e164(national));
    const refused = await registerMobile({ mobileNum: national, countryDialingCode: '+999', firebaseChannel: 'sms', firebaseIdToken: token });
    expect(outcome(refused)).toBe('400 invalid.country.code');
    expect(outcome(await registerMobile({ mobileNum: national, firebaseChannel: 'sms', firebaseIdToken: token }))).toBe('200');
  });
});

describe('a merchant without the channel', () => {
  afterEach(async () => {
    await setFirebaseSms(SETTING);
  });

  for (const [label, setting] of [
    ['no setting', null],
    ['an incomplete setting', { projectId: PROJECT, authDomain: SETTING.authDomain }],
    ['a malformed setting', { ...SETTING, authDomain: 'javascript:alert(1)' }],
  ] as const) {
    it(`(${label}) is told nothing of it, refuses it at login and registration, and works as before`, async () => {
      await setFirebaseSms(setting);
      expect('firebaseSms' in (await status()).info).toBe(false);

      const national = nextNumber();
      const memberId = await memberWithNumber(national);
      const token = await idToken(e164(national));
      const login = await smsLogin(national, token);
      expect(login.statusCode).toBe(400);
      expect(json<Failure>(login)).toMatchObject({ errorCode: 'function.not.enabled', message: 'Function not enabled, please contact customer service' });
      // Refused before counting: no attempt recorded, no session.
      expect((await context.pool.query('SELECT 1 FROM login_attempt WHERE member_id = $1', [memberId])).rowCount).toBe(0);
      expect(await sessionsOf(memberId)).toBe(0);

      const other = nextNumber();
      expect(outcome(await registerMobile({ mobileNum: other, firebaseChannel: 'sms', firebaseIdToken: await idToken(e164(other)) }))).toBe('400 function.not.enabled');
      expect(await membersWithNumber(other)).toBe(0);
      // Without the channel's fields, registration asks for the site's own SMS code as before.
      expect(json<Failure>(await registerMobile({ mobileNum: other }))).toMatchObject({ errorCode: 'reg_field_required', value: { field: 'verificationCode' } });
    });
  }
});

describe('the used-token table', () => {
  it('cannot be rewritten by the app role', async () => {
    await expect(context.pool.query('UPDATE phone_proof_used SET expires_at = now()')).rejects.toThrow(/permission denied/);
  });

  it('lets expired tokens go, but an expired token is refused anyway', async () => {
    const national = nextNumber();
    await memberWithNumber(national);
    const token = await idToken(e164(national));
    expect(outcome(await smsLogin(national, token))).toBe('200');
    clock.advance(2 * 60 * MINUTE);
    // The next check purges the rows of tokens past their expiry: this one's row goes.
    const fresh = nextNumber();
    await memberWithNumber(fresh);
    expect(outcome(await smsLogin(fresh, await idToken(e164(fresh))))).toBe('200');
    const hashes = await context.pool.query<{ expires_at: Date }>('SELECT expires_at FROM phone_proof_used');
    expect(hashes.rows.every((row) => row.expires_at.getTime() > clock.nowMs)).toBe(true);
    expect(outcome(await smsLogin(national, token))).toBe('400 firebase.token.invalid');
  });
});

describe('the token check itself', () => {
  it("answers 503 server.busy, not a verdict on the token, when Google's keys cannot be read", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gate = createPhoneProofGate({ jwksUrl: `http://127.0.0.1:${port}/jwk` });
    const settings = firebaseSmsSettingsFrom(SETTING)!;
    const number = e164(nextNumber());
    const failure = await gate.check(settings, { channel: 'sms', idToken: await idToken(number) }, number, clock.nowMs).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 503, errorCode: 'server.busy' });
  });

  it('reads its keys only over https, or http on a loopback address', () => {
    expect(jwksUrlOf('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com').hostname).toBe('www.googleapis.com');
    expect(jwksUrlOf('http://127.0.0.1:9099/jwk').port).toBe('9099');
    expect(() => jwksUrlOf('http://keys.example.com/jwk')).toThrow(/https/);
    expect(() => jwksUrlOf('not a url')).toThrow(/not a URL/);
  });

  it('takes a setting only with all three public values, well formed', () => {
    expect(firebaseSmsSettingsFrom(SETTING)).toEqual({ ...SETTING, maxAuthAgeSeconds: 600 });
    expect(firebaseSmsSettingsFrom({ ...SETTING, maxAuthAgeSeconds: 120 })?.maxAuthAgeSeconds).toBe(120);
    expect(firebaseSmsSettingsFrom({ ...SETTING, maxAuthAgeSeconds: 86_400 })?.maxAuthAgeSeconds).toBe(600);
    for (const broken of [undefined, null, [], 'x', { ...SETTING, apiKey: '' }, { ...SETTING, projectId: 'Has Spaces' }, { ...SETTING, authDomain: 'a b' }]) {
      expect(firebaseSmsSettingsFrom(broken)).toBeUndefined();
    }
  });
});

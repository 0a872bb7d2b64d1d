import type { Envelope, LoginChallenge, LoginResult, SecurityConfig } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, knownCaptcha, loginRequest, MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { codeIn, lastMessageTo, outboxFor } from '../notification/outbox.testing';
import { createAccountHooks } from '../session';

// Of the sign-in factors (SMS, e-mail, Google, bank account name), these test sign-in
// verification by an e-mailed code and by the account holder name of the bound bank card, beside
// the authenticator and SMS, counted by the same locks.

const clock = new TestClock();
const hooks = createAccountHooks();
let context: TestContext;
let counter = 0;
const nextIp = () => `198.18.7.${++counter}`;
const nextUsername = () => `mailbank${String(++counter).padStart(4, '0')}`;
const PASSWORD = 'secret123';
const HOLDER = 'Rahim Uddin';

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: hooks });
});

afterAll(async () => {
  await context.close();
});

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  return context.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const change = (method: 'POST' | 'PUT', url: string, token: string, payload: Record<string, unknown>) =>
  encryptedInject(context.app, method, url, payload, { headers: { authorization: token } });

const verify = (payload: { ticket: string; type: string; code: string }, ip = nextIp()) =>
  encryptedInject(context.app, 'POST', '/wps/session/login/verification', payload, { remoteAddress: ip });

async function challengeFor(username: string, ip = nextIp(), withCaptcha = false): Promise<LoginChallenge> {
  const captcha = withCaptcha ? { captcha: 'AB3K', captchaId: await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs) } : {};
  const response = await loginRequest(context.app, { username, password: PASSWORD, ...captcha }, { remoteAddress: ip });
  expect(response.statusCode).toBe(403);
  const body = json<Envelope<LoginChallenge>>(response);
  expect(body.errorCode).toBe('login_verify_required');
  return body.value;
}

async function member(options: { email?: string; card?: boolean } = {}): Promise<{ username: string; memberId: number; token: string }> {
  const username = nextUsername();
  const memberId = await createMember(context.pool, context.merchantId, { username, password: PASSWORD, nowMs: clock.nowMs });
  if (options.email) await context.pool.query('UPDATE member SET email = $2 WHERE id = $1', [memberId, options.email]);
  if (options.card) await bindCard(memberId);
  return { username, memberId, token: await tokenFor(context.app, username, PASSWORD, nextIp()) };
}

/** A bank card bound as the withdrawal module binds one (the member's real name is its holder). */
async function bindCard(memberId: number): Promise<number> {
  await context.pool.query('UPDATE member SET payee_name = $2 WHERE id = $1', [memberId, HOLDER]);
  const result = await context.pool.query<{ id: string }>(
    `INSERT INTO withdraw_card (merchant_id, member_id, card_type, bank_code, bank_name, card_number, payee_name, created_at)
     VALUES ($1, $2, 'BC', 'BRAC', 'BRAC Bank', $3, $4, $5) RETURNING id`,
    [context.merchantId, memberId, `1234${String(memberId).padStart(8, '0')}5678`, HOLDER, new Date(clock.nowMs)],
  );
  return Number(result.rows[0].id);
}

async function turnOnEmail(token: string, address: string): Promise<void> {
  const sent = await call('POST', '/wps/v2/member/2fa/email/code', token);
  expect(sent.statusCode).toBe(200);
  const code = codeIn((await lastMessageTo(context.pool, address)).body);
  const on = await change('PUT', '/wps/v2/member/2fa/email', token, { enabled: true, code, password: PASSWORD });
  expect(on.statusCode).toBe(200);
  expect(json<Envelope<SecurityConfig>>(on).value.emailLoginVerification).toBe(true);
  clock.advance(MINUTE);
}

async function turnOnBankName(token: string): Promise<void> {
  const on = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: HOLDER, password: PASSWORD });
  expect(on.statusCode).toBe(200);
  expect(json<Envelope<SecurityConfig>>(on).value.bankNameLoginVerification).toBe(true);
}

describe('sign-in verification by e-mail', () => {
  it('needs an e-mail address, a code sent there and the password to turn on', async () => {
    const { token } = await member();
    const none = await call('POST', '/wps/v2/member/2fa/email/code', token);
    expect(none.statusCode).toBe(400);
    expect(json<Envelope<null>>(none)).toMatchObject({ errorCode: 'email.not.bound', message: 'Please bind an e-mail address first' });

    const address = `p${counter}@example.com`;
    const { token: withMail } = await member({ email: address });
    const sent = await call('POST', '/wps/v2/member/2fa/email/code', withMail);
    expect(json<Envelope<{ email: string; expiredMinutes: number }>>(sent).value).toMatchObject({ email: `${address.slice(0, 2)}***@example.com`, expiredMinutes: 5 });
    const mail = await lastMessageTo(context.pool, address);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Lucky Star: আপনার সাইন-ইন যাচাইকরণ কোড' });
    const code = codeIn(mail.body);
    const wrong = await change('PUT', '/wps/v2/member/2fa/email', withMail, { enabled: true, code: code === '000000' ? '111111' : '000000', password: PASSWORD });
    expect(json<Envelope<null>>(wrong).errorCode).toBe('two.factor.code.invalid');
    const badPassword = await change('PUT', '/wps/v2/member/2fa/email', withMail, { enabled: true, code, password: 'nope-nope' });
    expect(json<Envelope<null>>(badPassword).errorCode).toBe('current.password.err');
    const on = await change('PUT', '/wps/v2/member/2fa/email', withMail, { enabled: true, code, password: PASSWORD });
    expect(on.statusCode).toBe(200);
    expect(json<Envelope<SecurityConfig>>(on).value).toMatchObject({ emailLoginVerification: true, bankNameLoginVerification: false });
  });

  it('e-mails a code with login_verify_required and logs in with it; a resend is throttled', async () => {
    const address = `login${counter}@example.com`;
    const { username, token } = await member({ email: address });
    await turnOnEmail(token, address);
    const challenge = await challengeFor(username);
    expect(challenge).toMatchObject({ factors: ['email'], verifyType: 'email', emailSent: true, smsSent: false, mobile: null, bankCard: null });
    expect(challenge.email).toBe(`lo***@example.com`);
    const code = codeIn((await lastMessageTo(context.pool, address)).body);
    const wrong = await verify({ ticket: challenge.ticket, type: 'email', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong).errorCode).toBe('two.factor.code.invalid');
    // Not a factor this ticket offers.
    expect(json<Envelope<null>>(await verify({ ticket: challenge.ticket, type: 'totp', code })).errorCode).toBe('request.param.err');

    const early = await call('POST', '/wps/session/login/verification/email', undefined, { ticket: challenge.ticket });
    expect(early.statusCode).toBe(429);
    clock.advance(MINUTE);
    const resent = await call('POST', '/wps/session/login/verification/email', undefined, { ticket: challenge.ticket });
    expect(resent.statusCode).toBe(200);
    const fresh = codeIn((await lastMessageTo(context.pool, address)).body);
    // A new code retires the old one.
    if (fresh !== code) expect((await verify({ ticket: challenge.ticket, type: 'email', code })).statusCode).toBe(400);
    const done = await verify({ ticket: challenge.ticket, type: 'email', code: fresh });
    expect(done.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(done).value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await verify({ ticket: challenge.ticket, type: 'email', code: fresh })).statusCode).toBe(400);
  });

  it('keeps sending codes to the address it was turned on with after the profile e-mail changes', async () => {
    const address = `keep${counter}@example.com`;
    const { username, memberId, token } = await member({ email: address });
    await turnOnEmail(token, address);
    const intruder = `intruder${counter}@example.com`;
    await context.pool.query('UPDATE member SET email = $2 WHERE id = $1', [memberId, intruder]);
    await challengeFor(username);
    expect(await outboxFor(context.pool, intruder)).toHaveLength(0);
    expect((await lastMessageTo(context.pool, address)).subject).toContain('Lucky Star');
    // Turning it off proves the same mailbox.
    clock.advance(MINUTE);
    expect((await call('POST', '/wps/v2/member/2fa/email/code', token)).statusCode).toBe(200);
    expect(await outboxFor(context.pool, intruder)).toHaveLength(0);
    const code = codeIn((await lastMessageTo(context.pool, address)).body);
    const off = await change('PUT', '/wps/v2/member/2fa/email', token, { enabled: false, code, password: PASSWORD });
    expect(json<Envelope<SecurityConfig>>(off).value.emailLoginVerification).toBe(false);
    expect((await loginRequest(context.app, { username, password: PASSWORD }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });
});

describe('sign-in verification by the bank account name', () => {
  it('needs a bound bank card, its holder name and the password to turn on', async () => {
    const { memberId, token } = await member();
    const noCard = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: HOLDER, password: PASSWORD });
    expect(noCard.statusCode).toBe(400);
    expect(json<Envelope<null>>(noCard)).toMatchObject({ errorCode: 'bank.card.not.bound', message: 'Please bind a bank card for withdrawals first' });
    await bindCard(memberId);
    const config = json<Envelope<SecurityConfig>>(await call('GET', '/wps/v2/member/securityConfig', token)).value;
    expect(config.bankCard).toMatch(/^BRAC Bank \*\*\*\*5678$/);
    const wrong = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: 'Karim Uddin', password: PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong)).toMatchObject({ errorCode: 'bank.name.invalid', message: 'The account holder name does not match your bound bank card' });
    // Spacing and case aside.
    const on = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: '  rahim   UDDIN ', password: PASSWORD });
    expect(on.statusCode).toBe(200);
    expect(json<Envelope<SecurityConfig>>(on).value).toMatchObject({ bankNameLoginVerification: true, emailLoginVerification: false });
  });

  it('asks for the holder name at sign-in without telling it, and logs in with it', async () => {
    const { username, token } = await member({ card: true });
    await turnOnBankName(token);
    const response = await loginRequest(context.app, { username, password: PASSWORD }, { remoteAddress: nextIp() });
    expect(response.body).not.toMatch(/rahim/i);
    const challenge = json<Envelope<LoginChallenge>>(response).value;
    expect(challenge).toMatchObject({ factors: ['bank_name'], verifyType: 'bank_name', smsSent: false, emailSent: false, email: null });
    expect(challenge.bankCard).toMatch(/^BRAC Bank \*\*\*\*5678$/);
    const wrong = await verify({ ticket: challenge.ticket, type: 'bank_name', code: 'Someone Else' });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong).errorCode).toBe('bank.name.invalid');
    const done = await verify({ ticket: challenge.ticket, type: 'bank_name', code: 'RAHIM UDDIN' });
    expect(done.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(done).value.userName).toBe(username);
  });

  it('is not in force while no bank card is bound', async () => {
    const { username, memberId, token } = await member({ card: true });
    await turnOnBankName(token);
    await context.pool.query('UPDATE withdraw_card SET deleted_at = $2 WHERE member_id = $1', [memberId, new Date(clock.nowMs)]);
    expect((await loginRequest(context.app, { username, password: PASSWORD }, { remoteAddress: nextIp() })).statusCode).toBe(200);
    const config = json<Envelope<SecurityConfig>>(await call('GET', '/wps/v2/member/securityConfig', token)).value;
    expect(config).toMatchObject({ bankNameLoginVerification: true, bankCard: null });
    // Off with the password alone, there being no card to name.
    const off = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: false, name: '', password: PASSWORD });
    expect(json<Envelope<SecurityConfig>>(off).value.bankNameLoginVerification).toBe(false);
  });

  it('ends a ticket after 5 wrong names, and wrong names lock the account from that address like wrong passwords', async () => {
    const { username, token } = await member({ card: true });
    await turnOnBankName(token);
    const ip = nextIp();
    const challenge = await challengeFor(username, ip);
    for (let i = 0; i < 5; i++) expect((await verify({ ticket: challenge.ticket, type: 'bank_name', code: `Guess ${i}` }, ip)).statusCode).toBe(400);
    const locked = await loginRequest(context.app, { username, password: PASSWORD }, { remoteAddress: ip });
    expect(locked.statusCode).toBe(429);
    expect(json<Envelope<null>>(locked).errorCode).toBe('TOO_MANY_REQUESTS');
    clock.advance(5 * MINUTE);
    const fresh = await challengeFor(username, ip, true);
    expect(json<Envelope<null>>(await verify({ ticket: challenge.ticket, type: 'bank_name', code: HOLDER })).errorCode).toBe('login.verify.expired');
    expect((await verify({ ticket: fresh.ticket, type: 'bank_name', code: HOLDER })).statusCode).toBe(200);
  });

  it('does not give fresh guesses to someone who knows the password', async () => {
    const { username, token } = await member({ card: true });
    await turnOnBankName(token);
    const first = await challengeFor(username);
    for (let i = 0; i < 4; i++) await verify({ ticket: first.ticket, type: 'bank_name', code: `Guess ${i}` });
    const second = await challengeFor(username, nextIp(), true);
    await verify({ ticket: second.ticket, type: 'bank_name', code: 'Guess 5' });
    const third = await challengeFor(username, nextIp(), true);
    const refused = await verify({ ticket: third.ticket, type: 'bank_name', code: HOLDER });
    expect(refused.statusCode).toBe(429);
  });

  it('locks the settings for 5 minutes after 5 wrong names', async () => {
    const { token } = await member({ card: true });
    for (let i = 0; i < 5; i++) {
      const wrong = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: `Guess ${i}`, password: PASSWORD });
      expect(json<Envelope<null>>(wrong).errorCode).toBe('bank.name.invalid');
    }
    const locked = await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: HOLDER, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    clock.advance(5 * MINUTE);
    expect((await change('PUT', '/wps/v2/member/2fa/bankName', token, { enabled: true, name: HOLDER, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('all four factors', () => {
  it('offers them in order, e-mails nothing until asked, and any one completes the login', async () => {
    const address = `four${counter}@example.com`;
    const { username, token } = await member({ email: address, card: true });
    await turnOnEmail(token, address);
    await turnOnBankName(token);
    // An authenticator too.
    const { secretKey } = json<Envelope<{ secretKey: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
    const { Secret, TOTP } = await import('otpauth');
    const codeNow = () => TOTP.generate({ secret: Secret.fromBase32(secretKey), timestamp: clock.nowMs });
    expect((await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeNow(), password: PASSWORD })).statusCode).toBe(200);
    clock.advance(MINUTE);
    const mails = (await outboxFor(context.pool, address)).length;
    const challenge = await challengeFor(username);
    expect(challenge).toMatchObject({ factors: ['totp', 'email', 'bank_name'], verifyType: 'totp', emailSent: false });
    expect(await outboxFor(context.pool, address)).toHaveLength(mails);
    expect((await call('POST', '/wps/session/login/verification/email', undefined, { ticket: challenge.ticket })).statusCode).toBe(200);
    expect(await outboxFor(context.pool, address)).toHaveLength(mails + 1);
    expect((await verify({ ticket: challenge.ticket, type: 'bank_name', code: HOLDER })).statusCode).toBe(200);
  });
});

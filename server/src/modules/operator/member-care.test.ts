import { Secret, TOTP } from 'otpauth';
import type { Envelope, LoginResult } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, loginRequest, TestClock, tokenFor } from '../member/member.testing';
import { verifyPassword } from '../identity';
import { createAccountHooks } from '../session';
import { operatorLogin } from './operator.testing';

// Customer service's member actions through the operator API, on a real PostgreSQL, shaped like
// misuse: a temporary password (the old one stops working, the temporary one lets the member in
// only to choose their own), removing a lost second factor (login no longer asks for it), staff
// notes; every member's sessions ending; another merchant's member out of reach and untouched;
// roles without the route refused; nothing of a password or secret in the audit trail.

const clock = new TestClock();
let context: TestContext;
let support: string;
let risk: string;
let cashier: string;
let content: string;
let otherMerchantId: number;
let counter = 0;
const nextIp = () => `198.51.100.${++counter}`;
const PASSWORD = 'secret123';

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: createAccountHooks() });
  support = (await operatorLogin(context, { username: 'care-support', role: 'support', nowMs: clock.nowMs })).token;
  risk = (await operatorLogin(context, { username: 'care-risk', role: 'risk', nowMs: clock.nowMs })).token;
  cashier = (await operatorLogin(context, { username: 'care-cashier', role: 'cashier', nowMs: clock.nowMs })).token;
  content = (await operatorLogin(context, { username: 'care-content', role: 'content', nowMs: clock.nowMs })).token;
  otherMerchantId = (await context.ownerPool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('CARE2', 'Other brand') RETURNING id")).rows[0].id;
});

afterAll(async () => {
  await context.close();
});

const ops = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

const memberGet = (url: string, token: string) => context.app.inject({ method: 'GET', url, headers: { authorization: token } });

const logIn = (username: string, password: string) => loginRequest(context.app, { username, password }, { remoteAddress: nextIp() });

const passwordRow = async (memberId: number) =>
  (await context.ownerPool.query<{ password_hash: string; first_time_login: boolean }>('SELECT password_hash, first_time_login FROM member WHERE id = $1', [memberId])).rows[0];

const liveSessions = async (memberId: number) =>
  Number((await context.ownerPool.query<{ n: string }>('SELECT count(*) AS n FROM member_session WHERE member_id = $1 AND revoked_at IS NULL', [memberId])).rows[0].n);

/** Every audit row of an action on a member, as text (to look for what must never be there). */
const auditRows = async (action: string, username: string) =>
  (await context.ownerPool.query<{ outcome: string; detail: Record<string, unknown>; text: string }>(
    'SELECT outcome, detail, detail::text AS text FROM operator_action WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, username],
  )).rows;

const codeAt = (secretKey: string, timestamp: number): string => TOTP.generate({ secret: Secret.fromBase32(secretKey), timestamp });

describe('password reset', () => {
  it('gives a temporary password that works once, only to choose a new one; the old one and every session stop working', async () => {
    const id = await createMember(context.pool, context.merchantId, { username: 'care_pw', password: PASSWORD, nowMs: clock.nowMs });
    const sessions = [await tokenFor(context.app, 'care_pw', PASSWORD, nextIp()), await tokenFor(context.app, 'care_pw', PASSWORD, nextIp())];
    expect((await memberGet('/wps/member/info', sessions[0])).statusCode).toBe(200);
    // The member forgot the password and guessed: the account now asks a captcha at login.
    expect(json<Envelope<null>>(await logIn('care_pw', 'a wrong guess')).errorCode).not.toBeNull();

    const response = await ops('POST', '/members/CARE_PW/password-reset', support, { reason: 'called, identity checked by card number' });
    expect(response.statusCode).toBe(200);
    const { temporaryPassword, sessionsEnded } = json<Envelope<{ temporaryPassword: string; sessionsEnded: number }>>(response).value;
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(sessionsEnded).toBe(2);

    expect(await liveSessions(id)).toBe(0);
    for (const token of sessions) expect((await memberGet('/wps/member/info', token)).statusCode).toBe(401);
    const stored = await passwordRow(id);
    expect(stored.first_time_login).toBe(true);
    expect(stored.password_hash).not.toContain(temporaryPassword);
    expect(await verifyPassword(stored.password_hash, PASSWORD)).toBe(false);
    expect(await verifyPassword(stored.password_hash, temporaryPassword)).toBe(true);

    // The temporary password signs in (the guesses before the call forgotten), but only to change it.
    const login = await logIn('care_pw', temporaryPassword);
    expect(login.statusCode === 200 ? '' : login.body).toBe('');
    const value = json<Envelope<LoginResult>>(login).value;
    expect(value.firstTimeLogin).toBe(true);
    expect(json<Envelope<null>>(await memberGet('/wps/member/info', value.token)).errorCode).toBe('password.change.required');
    const changed = await encryptedInject(context.app, 'POST', '/wps/member/password', { oldPassword: temporaryPassword, newPassword: 'mine4567x', confirmNewPassword: 'mine4567x' }, { headers: { authorization: value.token } });
    expect(changed.statusCode).toBe(200);
    const chosen = await passwordRow(id);
    expect(chosen.first_time_login).toBe(false);
    expect(await verifyPassword(chosen.password_hash, temporaryPassword)).toBe(false);
    expect((await logIn('care_pw', 'mine4567x')).statusCode).toBe(200);

    // Audited once, with when the password changed: never the password.
    const audit = await auditRows('member.password_reset', 'CARE_PW');
    expect(audit.map((row) => row.outcome)).toEqual(['started', 'ok']);
    expect(audit[1].detail).toEqual({
      reason: 'called, identity checked by card number',
      before: { passwordChangedAt: clock.nowMs },
      after: { passwordChangedAt: clock.nowMs, mustChangePassword: true, sessionsEnded: 2 },
    });
    for (const row of audit) expect(row.text).not.toContain(temporaryPassword);
  });

  it("leaves another merchant's member untouched: 404", async () => {
    const id = await createMember(context.pool, otherMerchantId, { username: 'care_far', password: PASSWORD, nowMs: clock.nowMs });
    const before = await passwordRow(id);
    const response = await ops('POST', '/members/care_far/password-reset', support, { reason: 'wrong brand' });
    expect(response.statusCode).toBe(404);
    expect(json<Envelope<null>>(response).errorCode).toBe('operator.member.not.found');
    expect(await passwordRow(id)).toEqual(before);
    expect((await auditRows('member.password_reset', 'care_far')).map((row) => row.outcome)).toEqual(['started', 'refused']);
  });

  it('is refused to cashiers and content staff (403), and a blank reason (400), changing nothing', async () => {
    const id = await createMember(context.pool, context.merchantId, { username: 'care_kept', password: PASSWORD, nowMs: clock.nowMs });
    await tokenFor(context.app, 'care_kept', PASSWORD, nextIp());
    const before = await passwordRow(id);
    for (const token of [cashier, content]) {
      const response = await ops('POST', '/members/care_kept/password-reset', token, { reason: 'not mine to do' });
      expect(response.statusCode).toBe(403);
      expect(json<Envelope<null>>(response).errorCode).toBe('operator.role.forbidden');
    }
    expect((await ops('POST', '/members/care_kept/password-reset', risk, { reason: '   ' })).statusCode).toBe(400);
    expect((await ops('POST', '/members/care_kept/password-reset', risk, {})).statusCode).toBe(400);
    expect(await passwordRow(id)).toEqual(before);
    expect(await liveSessions(id)).toBe(1);
  });
});

describe('second factor reset', () => {
  /** A member with an authenticator bound and confirmed, logged in; answers the app's secret and the session. */
  async function memberWithTotp(username: string, merchantId = context.merchantId): Promise<{ id: number; secretKey: string; token: string }> {
    const id = await createMember(context.pool, merchantId, { username, password: PASSWORD, nowMs: clock.nowMs });
    if (merchantId !== context.merchantId) {
      // Another brand's member is bound directly: their site is not this test's.
      await context.ownerPool.query("INSERT INTO member_sms_two_factor (member_id, merchant_id, enabled_at) VALUES ($1, $2, now())", [id, merchantId]);
      return { id, secretKey: '', token: '' };
    }
    const token = await tokenFor(context.app, username, PASSWORD, nextIp());
    const started = await context.app.inject({ method: 'POST', url: '/wps/v2/member/2fa/totp', headers: { authorization: token } });
    const { secretKey } = json<Envelope<{ secretKey: string }>>(started).value;
    const confirmed = await encryptedInject(context.app, 'POST', '/wps/v2/member/2fa/totp/confirm', { code: codeAt(secretKey, clock.nowMs), password: PASSWORD }, { headers: { authorization: token } });
    expect(confirmed.statusCode).toBe(200);
    clock.advance(30_000);
    return { id, secretKey, token };
  }

  it('removes the authenticator: the password alone signs in again, sessions end, the trail names factors only', async () => {
    const { id, secretKey, token } = await memberWithTotp('care_2fa');
    const challenged = await logIn('care_2fa', PASSWORD);
    expect(json<Envelope<null>>(challenged).errorCode).toBe('login_verify_required');

    const response = await ops('POST', '/members/care_2fa/second-factor-reset', risk, { reason: 'lost phone, identity checked' });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<{ removed: string[] }>>(response).value).toEqual({ removed: ['totp'] });

    expect(await liveSessions(id)).toBe(0);
    expect((await memberGet('/wps/member/info', token)).statusCode).toBe(401);
    const login = await logIn('care_2fa', PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(login).value.token).toEqual(expect.any(String));
    expect(Number((await context.ownerPool.query('SELECT count(*) AS n FROM member_totp WHERE member_id = $1', [id])).rows[0].n)).toBe(0);

    const audit = await auditRows('member.second_factor_reset', 'care_2fa');
    expect(audit.map((row) => row.outcome)).toEqual(['started', 'ok']);
    expect(audit[1].detail).toEqual({ reason: 'lost phone, identity checked', before: { secondFactors: ['totp'] }, after: { secondFactors: [] } });
    for (const row of audit) expect(row.text).not.toContain(secretKey);
  });

  it("leaves another merchant's member's factors: 404; refused to cashiers (403)", async () => {
    const far = await memberWithTotp('care_far2fa', otherMerchantId);
    const response = await ops('POST', '/members/care_far2fa/second-factor-reset', support, { reason: 'wrong brand' });
    expect(response.statusCode).toBe(404);
    expect(Number((await context.ownerPool.query('SELECT count(*) AS n FROM member_sms_two_factor WHERE member_id = $1', [far.id])).rows[0].n)).toBe(1);

    const { id } = await memberWithTotp('care_keep2fa');
    expect((await ops('POST', '/members/care_keep2fa/second-factor-reset', cashier, { reason: 'not mine to do' })).statusCode).toBe(403);
    expect(Number((await context.ownerPool.query('SELECT count(*) AS n FROM member_totp WHERE member_id = $1', [id])).rows[0].n)).toBe(1);
    expect(json<Envelope<null>>(await logIn('care_keep2fa', PASSWORD)).errorCode).toBe('login_verify_required');
  });
});

describe('notes', () => {
  interface Note { id: number; text: string; operator: string; createdAt: number }
  const notesOf = async (username: string, token = cashier): Promise<Note[]> => {
    const response = await ops('GET', `/members/${username}/notes`, token);
    expect(response.statusCode).toBe(200);
    return json<Envelope<{ list: Note[] }>>(response).value.list;
  };

  it('lists notes newest first, by every desk, audited as added', async () => {
    await createMember(context.pool, context.merchantId, { username: 'care_notes', password: PASSWORD, nowMs: clock.nowMs });
    const first = await ops('POST', '/members/care_notes/notes', support, { text: 'Asked about the weekend bonus.' });
    expect(first.statusCode).toBe(200);
    clock.advance(1_000);
    expect((await ops('POST', '/members/care_notes/notes', content, { text: '  Prefers Bangla.  ' })).statusCode).toBe(200);
    expect((await ops('POST', '/members/care_notes/notes', risk, { text: 'Same device as another account.' })).statusCode).toBe(200);

    const list = await notesOf('CARE_NOTES');
    expect(list.map(({ text, operator }) => ({ text, operator }))).toEqual([
      { text: 'Same device as another account.', operator: 'care-risk' },
      { text: 'Prefers Bangla.', operator: 'care-content' },
      { text: 'Asked about the weekend bonus.', operator: 'care-support' },
    ]);
    expect(await notesOf('care_notes', support)).toEqual(list);

    const audit = await auditRows('member_note.add', 'care_notes');
    expect(audit.map((row) => row.outcome)).toEqual(['started', 'ok', 'started', 'ok', 'started', 'ok']);
    expect(audit[1].detail).toEqual({ before: null, after: json<Envelope<Note>>(first).value });
  });

  it('refuses a note too long or blank (400), another merchant\'s member (404), writing nothing', async () => {
    await createMember(context.pool, context.merchantId, { username: 'care_quiet', password: PASSWORD, nowMs: clock.nowMs });
    await createMember(context.pool, otherMerchantId, { username: 'care_farnote', password: PASSWORD, nowMs: clock.nowMs });
    expect((await ops('POST', '/members/care_quiet/notes', support, { text: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await ops('POST', '/members/care_quiet/notes', support, { text: ' \n ' })).statusCode).toBe(400);
    expect((await ops('POST', '/members/care_quiet/notes', support, { text: 'x'.repeat(1000) })).statusCode).toBe(200);
    expect((await notesOf('care_quiet')).map((note) => note.text.length)).toEqual([1000]);

    expect((await ops('POST', '/members/care_farnote/notes', support, { text: 'hello' })).statusCode).toBe(404);
    expect((await ops('GET', '/members/care_farnote/notes', support)).statusCode).toBe(404);
    expect(Number((await context.ownerPool.query('SELECT count(*) AS n FROM member_note WHERE merchant_id = $1', [otherMerchantId])).rows[0].n)).toBe(0);
  });
});

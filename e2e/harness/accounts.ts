import type { APIRequestContext } from '@playwright/test';
import { encryptForServer } from '../../server/src/http/encryption';
import { hashPassword } from '../../server/src/modules/identity';
import { openOutboxBody } from '../../server/src/modules/notification';
import { secretsKeyFromEnv } from '../../server/src/secrets-key';
import { operatorSql } from './database';
import { WORKER_MERCHANT_ID } from './merchant';

// Accounts for browser tests, made the way any client makes them: through the real API, with the
// real encryption, in this worker's merchant (harness/merchant.ts: pass the `request` fixture of
// harness/test.ts). Codes the site "sends" are read from the built-in sender's outbox table, as
// an operator would in development: its texts are sealed, and opened here with the run's
// SECRETS_KEY (harness/global-setup.ts gives the server and the workers the same one).

export interface Envelope<T = unknown> {
  success: boolean;
  value: T;
  message: string | null;
  errorCode: string | null;
}

/** Calls an encrypted route (RSA-OAEP-wrapped AES-256-GCM, like the browser's API client). */
export async function callEncrypted<T = unknown>(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  // Its serverTime stamps the payload (a replayed or stale payload is refused).
  const key = (await (await request.get('/wps/session/key/rsa')).json()) as Envelope<{ publicKey: string; serverTime: number }>;
  const sealed = await encryptForServer(payload, key.value);
  const response = await request.fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Encryption: sealed.encryption, 'X-Gateway-Version': '3', ...headers },
    data: sealed.body,
  });
  return { status: response.status(), body: (await response.json()) as Envelope<T> };
}

let serial = 0;
/** A username the seeded rule accepts (a letter first, then letters and digits, 6-16). */
export function uniqueUsername(prefix = 'e2e'): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${serial}`.slice(0, 16);
}

/** A Bangladeshi mobile number (+880, 10 digits) no other test uses. */
export function uniqueMobile(): string {
  serial += 1;
  return `17${String(Date.now() % 1e6).padStart(6, '0')}${String(serial % 100).padStart(2, '0')}`;
}

/**
 * A password the site accepts: 8-64 characters and not on the common-password list (so not
 * 'Secret123', which is on it).
 */
export const TEST_PASSWORD = 'Kestrel42x';

/**
 * Forgets this worker's registration counts (per address and per browser: the server asks for a
 * captcha after a few registrations from one address, and refuses past a limit). A test's set-up
 * accounts all come from 127.0.0.1; they are not what the test is about.
 */
export async function clearRegistrationLimits(): Promise<void> {
  await operatorSql(`DELETE FROM auth_throttle WHERE scope LIKE 'register.%' AND merchant_id = ${WORKER_MERCHANT_ID}`);
}

/** Registers a player by username and password; throws on any refusal. */
export async function registerPlayer(request: APIRequestContext, username = uniqueUsername(), password = TEST_PASSWORD) {
  await clearRegistrationLimits();
  const { status, body } = await callEncrypted<{ token: string }>(request, 'PUT', '/wps/member/register', {
    username,
    password,
    confirmPassword: password,
  });
  if (status !== 200 || !body.success) throw new Error(`registration of ${username} refused: ${status} ${body.errorCode} ${body.message}`);
  return { username, password };
}

/**
 * Makes a member an agent with an invitation code (operator actions: agents' own invitation links
 * come with the agent centre) and returns the code.
 */
export async function promoteToAgent(username: string): Promise<string> {
  const code = `AG${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;
  const rows = await operatorSql<{ affiliate_code: string }>(
    `UPDATE member SET member_type = 1, affiliate_code = coalesce(affiliate_code, $2)
      WHERE lower(username) = lower($1) AND merchant_id = ${WORKER_MERCHANT_ID}
      RETURNING affiliate_code`,
    [username, code],
  );
  if (!rows[0]) throw new Error(`no member ${username}`);
  return rows[0].affiliate_code;
}

/** Turns a whitelabel feature switch on or off for this worker's merchant. */
export async function setFeatureSwitch(moduleId: string, enabled: boolean): Promise<void> {
  await operatorSql(
    `UPDATE whitelabel_module SET enabled = $2
      WHERE module_id = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`,
    [moduleId, enabled],
  );
}

interface OutboxRow {
  body_sealed: string;
  subject: string | null;
}

/** An outbox row's text opened with the run's SECRETS_KEY. */
function opened(row: OutboxRow): { body: string; subject: string | null } {
  return { body: openOutboxBody(secretsKeyFromEnv(), row.body_sealed), subject: row.subject };
}

/** The newest message the built-in sender wrote for a recipient (E.164 number or e-mail). */
export async function latestOutboxMessage(recipient: string): Promise<{ body: string; subject: string | null } | undefined> {
  const rows = await operatorSql<OutboxRow>(
    `SELECT body_sealed, subject FROM outbox WHERE recipient = $1 AND merchant_id = ${WORKER_MERCHANT_ID} ORDER BY id DESC LIMIT 1`,
    [recipient],
  );
  return rows[0] && opened(rows[0]);
}

/** The 6-digit code of the newest SMS to `e164`, waiting briefly for it to be written. */
export async function latestSmsCode(e164: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = /\b(\d{6})\b/.exec((await latestOutboxMessage(e164))?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS code sent to ${e164}`);
}

/** Forgets every login/SMS failure count of this worker's merchant, so one test's lockout cannot leak into the next. */
export async function clearThrottles(): Promise<void> {
  await operatorSql(`DELETE FROM auth_throttle WHERE merchant_id = ${WORKER_MERCHANT_ID}`);
}

// ---- Accounts with more than a name and password (auth-passwords, auth-two-factor) ------------

/** The session token of a login through the real API (encrypted, like the browser's). */
export async function loginToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const { status, body } = await callEncrypted<{ token: string }>(request, 'POST', '/wps/session/login', { username, password, type: 'username' });
  if (status !== 200 || !body.success) throw new Error(`login of ${username} refused: ${status} ${body.errorCode} ${body.message}`);
  return body.value.token;
}

/** The id of the newest outbox message, to tell later messages from earlier ones. */
export async function outboxMark(): Promise<number> {
  const rows = await operatorSql<{ id: string | null }>('SELECT max(id) AS id FROM outbox');
  return Number(rows[0]?.id ?? 0);
}

/** The newest message to `recipient` written after `mark` (outboxMark), waiting briefly for it. */
export async function outboxMessageAfter(recipient: string, mark: number, timeoutMs = 10_000): Promise<{ body: string; subject: string | null }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await operatorSql<OutboxRow>(
      `SELECT body_sealed, subject FROM outbox WHERE recipient = $1 AND id > $2 AND merchant_id = ${WORKER_MERCHANT_ID} ORDER BY id DESC LIMIT 1`,
      [recipient, mark],
    );
    if (rows[0]) return opened(rows[0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing sent to ${recipient} after outbox message ${mark}`);
}

/** The 6-digit code of the newest SMS to `e164` written after `mark` (outboxMark). */
export async function smsCodeAfter(e164: string, mark: number, timeoutMs = 10_000): Promise<string> {
  const { body } = await outboxMessageAfter(e164, mark, timeoutMs);
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`the SMS to ${e164} carries no code: ${body}`);
  return code;
}

/**
 * Lets the site's 60-second spacing of SMS to one number pass at once (the sends are moved back
 * in time), so a test can ask for the next code to a number that just received one.
 */
export async function letSmsResendIntervalPass(e164: string): Promise<void> {
  await operatorSql(`UPDATE verification_send SET sent_at = sent_at - interval '61 seconds' WHERE mobile = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`, [e164]);
}

export interface RegisteredMember {
  username: string;
  password: string;
  /** The session the registration started. */
  token: string;
  email?: string;
  /** National number (uniqueMobile()) and its E.164 form, as the outbox names it. */
  mobile?: string;
  e164?: string;
}

/**
 * Registers a player by username and password with the optional fields of the registration form:
 * an e-mail address, and a Bangladeshi mobile number (proved with the SMS code, REGMOBVERF3).
 * Afterwards the number may receive its next code at once (letSmsResendIntervalPass).
 */
export async function registerMember(
  request: APIRequestContext,
  options: { username?: string; password?: string; email?: string; mobile?: string } = {},
): Promise<RegisteredMember> {
  const username = options.username ?? uniqueUsername();
  const password = options.password ?? TEST_PASSWORD;
  const payload: Record<string, string> = { username, password, confirmPassword: password };
  if (options.email) payload.email = options.email;
  let e164: string | undefined;
  if (options.mobile) {
    e164 = `+880${options.mobile}`;
    const mark = await outboxMark();
    const sent = await request.post('/wps/verification/sms/register', { data: { countryDialingCode: '+880', mobileNo: options.mobile } });
    if (!sent.ok()) throw new Error(`registration code for ${e164} refused: ${sent.status()} ${await sent.text()}`);
    Object.assign(payload, { mobileNum: options.mobile, countryDialingCode: '+880', verificationCode: await smsCodeAfter(e164, mark) });
  }
  await clearRegistrationLimits();
  const { status, body } = await callEncrypted<{ token: string }>(request, 'PUT', '/wps/member/register', payload);
  if (status !== 200 || !body.success) throw new Error(`registration of ${username} refused: ${status} ${body.errorCode} ${body.message}`);
  if (e164) await letSmsResendIntervalPass(e164);
  return { username, password, token: body.value.token, email: options.email, mobile: options.mobile, e164 };
}

/**
 * Sets a member's password as the back office does when it hands out the merchant's default weak
 * password ('accounts'.defaultPassword, '123456' in the seed), which no
 * registration accepts. The hash is the server's own (argon2id).
 */
export async function setPasswordAsOperator(username: string, password: string): Promise<void> {
  const rows = await operatorSql(
    `UPDATE member SET password_hash = $2
      WHERE lower(username) = lower($1) AND merchant_id = ${WORKER_MERCHANT_ID}
      RETURNING id`,
    [username, await hashPassword(password)],
  );
  if (!rows[0]) throw new Error(`no member ${username}`);
}

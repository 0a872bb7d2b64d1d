import type { APIRequestContext } from '@playwright/test';
import { encryptForServer } from '../../server/src/http/encryption';
import { operatorSql } from './database';

// Accounts for browser tests, made the way any client makes them: through the real API, with the
// real encryption. Codes the site "sends" are read from the built-in sender's outbox table, as an
// operator would in development.

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
  const key = (await (await request.get('/wps/session/key/rsa')).json()) as Envelope<{ publicKey: string }>;
  const sealed = await encryptForServer(payload, key.value.publicKey);
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

/** Registers a player by username and password; throws on any refusal. */
export async function registerPlayer(request: APIRequestContext, username = uniqueUsername(), password = 'Secret123') {
  const { status, body } = await callEncrypted<{ token: string }>(request, 'PUT', '/wps/member/register', {
    username,
    password,
    confirmPassword: password,
  });
  if (status !== 200 || !body.success) throw new Error(`registration of ${username} refused: ${status} ${body.errorCode} ${body.message}`);
  return { username, password };
}

/** Makes a member an agent (operator action) and returns their affiliate code. */
export async function promoteToAgent(username: string): Promise<string> {
  const rows = await operatorSql<{ affiliate_code: string }>(
    `UPDATE member SET member_type = 1
      WHERE lower(username) = lower($1) AND merchant_id = (SELECT id FROM merchant WHERE code = 'DEFAULT')
      RETURNING affiliate_code`,
    [username],
  );
  if (!rows[0]) throw new Error(`no member ${username}`);
  return rows[0].affiliate_code;
}

/** Turns a whitelabel feature switch (SPEC §6) on or off for the default merchant. */
export async function setFeatureSwitch(moduleId: string, enabled: boolean): Promise<void> {
  await operatorSql(
    `UPDATE whitelabel_module SET enabled = $2
      WHERE module_id = $1 AND merchant_id = (SELECT id FROM merchant WHERE code = 'DEFAULT')`,
    [moduleId, enabled],
  );
}

/** The newest message the built-in sender wrote for a recipient (E.164 number or e-mail). */
export async function latestOutboxMessage(recipient: string): Promise<{ body: string; subject: string | null } | undefined> {
  const rows = await operatorSql<{ body: string; subject: string | null }>(
    'SELECT body, subject FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  return rows[0];
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

/** Forgets every login/SMS failure count, so one test's lockout cannot leak into the next. */
export async function clearThrottles(): Promise<void> {
  await operatorSql('DELETE FROM auth_throttle');
}

import { parseServiceBaseUrl } from '../../config';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { openText, seal, type SealPurpose, type SecretsKey } from '../../secrets-key';
import type pg from 'pg';
import { DeliveryError } from './delivery-error';

// The SMS provider of a merchant, and the adapter that speaks its HTTP API.
//
// Each merchant brings its own account: merchant_setting 'smsProvider'
//   { "provider": "twilio", "accountId": "AC…", "senderId": "+15005550006", "baseUrl"?: "https://api.twilio.com" }
// and the account's secret (Twilio's auth token) in server_secret 'sms_provider.<merchant id>',
// sealed with SECRETS_KEY like every secret the database keeps (a copy of the database alone opens
// none). A merchant with both has its SMS delivered; without them its SMS stay in the outbox. The
// base URL is the document's, else SMS_PROVIDER_BASE_URL of the environment (a regional endpoint,
// a local fake in tests), else the provider's own.
//
// One provider is spoken today: Twilio's Messages API (POST form-encoded To, From or
// MessagingServiceSid, Body to /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic
// auth AccountSid:AuthToken; 201 answers the message's sid). Another is another adapter here.

export const SMS_PROVIDER_SETTING = 'smsProvider';
export const SMS_PROVIDERS = ['twilio'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** The merchant's smsProvider document, checked. */
export interface SmsProviderSettings {
  provider: SmsProviderName;
  /** The provider's account (Twilio: the Account SID, AC + 32 hex). */
  accountId: string;
  /** Who the SMS comes from (Twilio: an E.164 number, an alphanumeric sender id, or a Messaging Service SID MG…). */
  senderId: string;
  /** The API's base URL when it is not the provider's own (or SMS_PROVIDER_BASE_URL's). */
  baseUrl?: string;
}

/** Everything an attempt needs: the settings, the base URL resolved, the secret opened. */
export interface SmsAccount extends SmsProviderSettings {
  baseUrl: string;
  secret: string;
}

export interface SmsAdapter {
  readonly provider: SmsProviderName;
  readonly defaultBaseUrl: string;
  /** Why the account id or sender id cannot be this provider's (undefined: they can). */
  refusal(settings: Pick<SmsProviderSettings, 'accountId' | 'senderId'>): string | undefined;
  /** Hands one SMS to the provider: its message id, or a DeliveryError. */
  send(account: SmsAccount, message: { to: string; text: string }, timeoutMs: number): Promise<{ providerMessageId: string | null }>;
}

// Twilio's formats: SIDs are two letters and 32 hex digits; an alphanumeric sender id is at most
// 11 letters, digits and spaces with at least one letter.
const TWILIO_ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const TWILIO_MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

/** Twilio's Programmable Messaging API. */
export const twilioAdapter: SmsAdapter = {
  provider: 'twilio',
  defaultBaseUrl: 'https://api.twilio.com',
  refusal({ accountId, senderId }) {
    if (!TWILIO_ACCOUNT_SID.test(accountId)) return 'accountId must be a Twilio Account SID (AC and 32 hexadecimal digits)';
    if (!E164.test(senderId) && !ALPHANUMERIC_SENDER.test(senderId) && !TWILIO_MESSAGING_SERVICE_SID.test(senderId)) {
      return 'senderId must be an E.164 number, an alphanumeric sender id (1-11 letters, digits, spaces) or a Messaging Service SID (MG…)';
    }
    return undefined;
  },
  async send(account, message, timeoutMs) {
    const url = `${account.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(account.accountId)}/Messages.json`;
    const form = new URLSearchParams({ To: message.to, Body: message.text });
    form.set(TWILIO_MESSAGING_SERVICE_SID.test(account.senderId) ? 'MessagingServiceSid' : 'From', account.senderId);
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${account.accountId}:${account.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        // A redirect would carry the credentials elsewhere: refused.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable('Twilio', error, timeoutMs);
    }
    try {
      body = await response.text();
    } catch (error) {
      // The answer's status arrived but not its body: a 2xx is an accepted message all the same.
      if (response.ok) return { providerMessageId: null };
      throw unreachable('Twilio', error, timeoutMs);
    }
    const parsed = parseJson(body);
    if (response.ok) return { providerMessageId: typeof parsed?.sid === 'string' ? parsed.sid : null };
    // Twilio's error document: { code, message, more_info, status }.
    const code = typeof parsed?.code === 'number' || typeof parsed?.code === 'string' ? ` (error ${parsed.code})` : '';
    const detail = typeof parsed?.message === 'string' ? parsed.message : body.slice(0, 200);
    throw new DeliveryError(`Twilio answered HTTP ${response.status}${code}: ${detail}`, isPermanentHttpStatus(response.status));
  },
};

/** Providers by name. */
export const SMS_ADAPTERS: Readonly<Record<SmsProviderName, SmsAdapter>> = { twilio: twilioAdapter };

/**
 * A refusal of the message by the provider (4xx: a number it will not take) is not retried; its
 * own failures (5xx), rate limits (429) and request timeouts (408) are, and so are refused
 * credentials (401, 403): they are the account's, not the message's, and may be put right meanwhile.
 */
export function isPermanentHttpStatus(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

function unreachable(provider: string, error: unknown, timeoutMs: number): DeliveryError {
  // Read by shape: the timeout's DOMException is not an Error of every realm.
  const { name, message, cause } = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { message?: unknown } };
  if (name === 'TimeoutError' || name === 'AbortError') return new DeliveryError(`${provider} did not answer within ${timeoutMs} ms`, false);
  const why = typeof cause?.message === 'string' ? `: ${cause.message}` : '';
  return new DeliveryError(`${provider} could not be reached (${typeof message === 'string' ? message : String(error)}${why})`, false);
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Why a document cannot be a provider setting (undefined: it can). */
export function smsProviderRefusal(stored: unknown): string | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return 'the setting must be a JSON object';
  const source = stored as Record<string, unknown>;
  const provider = text(source.provider);
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) return `provider must be one of ${SMS_PROVIDERS.join(', ')}`;
  const refusal = SMS_ADAPTERS[provider as SmsProviderName].refusal({ accountId: text(source.accountId), senderId: text(source.senderId) });
  if (refusal) return refusal;
  if (source.baseUrl !== undefined && source.baseUrl !== null && text(source.baseUrl) !== '') {
    try {
      parseServiceBaseUrl(text(source.baseUrl), 'baseUrl');
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}

/** The settings of a stored document; undefined when absent or not well formed (SMS stay in the outbox). */
export function smsProviderSettingsFrom(stored: unknown): SmsProviderSettings | undefined {
  if (smsProviderRefusal(stored) !== undefined) return undefined;
  const source = stored as Record<string, unknown>;
  const baseUrl = text(source.baseUrl);
  return {
    provider: text(source.provider) as SmsProviderName,
    accountId: text(source.accountId),
    senderId: text(source.senderId),
    ...(baseUrl ? { baseUrl: parseServiceBaseUrl(baseUrl, 'baseUrl') } : {}),
  };
}

const secretName = (merchantId: number): string => `sms_provider.${merchantId}`;
const purposeOf = (merchantId: number): SealPurpose => `server_secret.${secretName(merchantId)}`;

interface StoredProvider {
  settings: SmsProviderSettings | undefined;
  sealedSecret: string | null;
}

async function readStored(db: Db, merchantId: number): Promise<StoredProvider> {
  const result = await db.query<{ value: unknown; sealed: string | null }>(
    `SELECT (SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = $2) AS value,
            (SELECT sealed_value FROM server_secret WHERE name = $3) AS sealed`,
    [merchantId, SMS_PROVIDER_SETTING, secretName(merchantId)],
  );
  const row = result.rows[0];
  return { settings: row?.value == null ? undefined : smsProviderSettingsFrom(row.value), sealedSecret: row?.sealed ?? null };
}

/** The provider a new SMS of the merchant is meant for: undefined when its setting or secret is missing. */
export async function smsProviderOf(db: Db, merchantId: number): Promise<SmsProviderName | undefined> {
  const stored = await readStored(db, merchantId);
  return stored.settings && stored.sealedSecret ? stored.settings.provider : undefined;
}

/** The merchant's account as an attempt uses it, or undefined when none is configured. */
export async function smsAccountOf(db: Db, secretsKey: SecretsKey, merchantId: number, fallbackBaseUrl: string | undefined): Promise<SmsAccount | undefined> {
  const stored = await readStored(db, merchantId);
  if (!stored.settings || !stored.sealedSecret) return undefined;
  const { settings } = stored;
  return {
    ...settings,
    baseUrl: settings.baseUrl ?? fallbackBaseUrl ?? SMS_ADAPTERS[settings.provider].defaultBaseUrl,
    secret: openText(secretsKey, purposeOf(merchantId), stored.sealedSecret),
  };
}

/** What an operator sees of the setting: never the secret, only whether there is one. */
export interface SmsProviderView {
  configured: boolean;
  provider: SmsProviderName | null;
  accountId: string | null;
  senderId: string | null;
  baseUrl: string | null;
  secretSet: boolean;
}

export async function smsProviderView(db: Db, merchantId: number): Promise<SmsProviderView> {
  const { settings, sealedSecret } = await readStored(db, merchantId);
  return {
    configured: settings !== undefined && sealedSecret !== null,
    provider: settings?.provider ?? null,
    accountId: settings?.accountId ?? null,
    senderId: settings?.senderId ?? null,
    baseUrl: settings?.baseUrl ?? null,
    secretSet: sealedSecret !== null,
  };
}

/** A provider setting refused, and why (the operator's mistake, not the server's). */
export class InvalidSmsProvider extends Error {}

/**
 * Sets the merchant's provider (and its secret, sealed, when one is given; else the stored one
 * stays). Throws InvalidSmsProvider naming what is wrong.
 */
export async function setSmsProvider(
  pool: pg.Pool,
  secretsKey: SecretsKey,
  merchantId: number,
  settings: SmsProviderSettings,
  secret: string | undefined,
): Promise<void> {
  const document: Record<string, string> = { provider: settings.provider, accountId: settings.accountId.trim(), senderId: settings.senderId.trim() };
  if (settings.baseUrl?.trim()) document.baseUrl = settings.baseUrl.trim();
  const refusal = smsProviderRefusal(document);
  if (refusal) throw new InvalidSmsProvider(refusal);
  await withTransaction(pool, async (client) => {
    if (secret === undefined) {
      const stored = await client.query('SELECT 1 FROM server_secret WHERE name = $1', [secretName(merchantId)]);
      if (stored.rowCount === 0) throw new InvalidSmsProvider('secret is required: the merchant has no SMS provider secret yet');
    } else {
      await client.query(
        `INSERT INTO server_secret (name, sealed_value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET sealed_value = EXCLUDED.sealed_value, value = NULL`,
        [secretName(merchantId), seal(secretsKey, purposeOf(merchantId), secret)],
      );
    }
    await client.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [merchantId, SMS_PROVIDER_SETTING, JSON.stringify(document)],
    );
  });
}

/** Removes the merchant's provider and its secret: its SMS stay in the outbox from then on. Whether there was one. */
export async function removeSmsProvider(pool: pg.Pool, merchantId: number): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const setting = await client.query('DELETE FROM merchant_setting WHERE merchant_id = $1 AND key = $2', [merchantId, SMS_PROVIDER_SETTING]);
    const secret = await client.query('DELETE FROM server_secret WHERE name = $1', [secretName(merchantId)]);
    return (setting.rowCount ?? 0) + (secret.rowCount ?? 0) > 0;
  });
}

/** How many merchants have a provider setting and a secret (the start-up line says it). */
export async function merchantsWithSmsProvider(db: Db): Promise<number> {
  const result = await db.query<{ value: unknown }>(
    `SELECT s.value FROM merchant_setting s
       JOIN server_secret secret ON secret.name = 'sms_provider.' || s.merchant_id AND secret.sealed_value IS NOT NULL
      WHERE s.key = $1`,
    [SMS_PROVIDER_SETTING],
  );
  return result.rows.filter((row) => smsProviderSettingsFrom(row.value) !== undefined).length;
}

import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import type { SecretsKey } from '../../secrets-key';
import { addressSubject } from '../rate-limit';
import { anySuspect, claimSolution, selectBotCheckSetting, type SuspectSubject } from './bot-check.queries';

// The bot check: a self-hosted proof of work, ALTCHA
// v2 (altcha-lib), nothing leaves the site.
//
//   1. GET /wps/botcheck/challenge: a challenge in ALTCHA's deterministic mode. The server picks
//      a random counter below `maxNumber`, derives its SHA-256 key and publishes the key's first
//      half as the prefix to find, with an HMAC of the parameters (signature) and of the key
//      (keySignature). Our own expiry (ms, by the injected clock) and the merchant are inside the
//      signed parameters (data), so neither can be changed.
//   2. The browser counts up from 0 until a key has that prefix (on average maxNumber / 2 hashes)
//      and sends base64 of JSON { challenge, solution } as the field `botCheck`.
//   3. verifyBotCheck (login, registration, SMS sends): the signature, the merchant, the expiry,
//      the key (an HMAC, no hashing work for the server), then the challenge's signature is claimed
//      in bot_check_used: a second use, here or on another replica, is refused.
//
// When it is demanded: always when the merchant's setting says so ('botCheck' { required: true });
// otherwise automatically for a subject that met an abuse limit (a lock in
// auth_throttle, noted by the trigger of migration 035) that ended within the last `suspectHours`
// (while the lock runs, the limit itself answers 429): the
// client address (any limit: login, registration, SMS, captcha, free play, invitation codes),
// and, per call, the account being logged in to or the number an SMS goes to.

export interface BotCheckSettings {
  /** Every login (password), registration and SMS send must carry a solved check. */
  required: boolean;
  /** After a lock of the client address (or of the account or number) the check is demanded this long. */
  suspectHours: number;
  /** Difficulty: the secret counter is below this; a browser hashes half of it on average. */
  maxNumber: number;
  /** How long a challenge can be answered. */
  ttlSeconds: number;
}

export const DEFAULT_BOT_CHECK_SETTINGS: BotCheckSettings = {
  required: false,
  suspectHours: 24,
  maxNumber: 50_000,
  ttlSeconds: 600,
};

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The stored document over the defaults, key by key, keeping only well-typed values. */
export function botCheckSettingsFrom(stored: unknown): BotCheckSettings {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_BOT_CHECK_SETTINGS };
  if (typeof source.required === 'boolean') settings.required = source.required;
  if (isPositiveInteger(source.suspectHours)) settings.suspectHours = source.suspectHours;
  // The counter is a uint32; at least 2 so that the answer is not always 0.
  if (isPositiveInteger(source.maxNumber) && source.maxNumber >= 2 && source.maxNumber <= 0xffffffff) settings.maxNumber = source.maxNumber;
  if (isPositiveInteger(source.ttlSeconds)) settings.ttlSeconds = source.ttlSeconds;
  return settings;
}

export async function readBotCheckSettings(db: Db, merchantId: number): Promise<BotCheckSettings> {
  return botCheckSettingsFrom(await selectBotCheckSetting(db, merchantId));
}

/** What a login, registration or SMS send is about, for the automatic demand. */
export interface BotCheckSubject {
  merchantId: number;
  clientIp: string;
  /** The lower-case account name of a login (its account-wide lock counts). */
  account?: string;
  /** The E.164 number of an SMS send (its per-number lock counts). */
  mobile?: string;
}

export interface BotCheckAttempt extends BotCheckSubject {
  /** The `botCheck` field as sent. */
  answer: string | undefined;
  nowMs: number;
}

export interface BotCheckGate {
  /** A new signed challenge, and whether this client must answer one now. */
  challenge(subject: BotCheckSubject, nowMs: number): Promise<{ required: boolean; challenge: string }>;
  /** Whether this call must carry a solved check. */
  isRequired(subject: BotCheckSubject, nowMs: number): Promise<boolean>;
  /**
   * Throws 400 botcheck.required (value { botCheck: true }) when a check is demanded and none was
   * sent, 400 botcheck.invalid ('invalid reCaptcha input') when the one sent is wrong, expired,
   * for another merchant or already used. A check sent when none is demanded is checked and used
   * up too (a client that solved one should not find it refused later).
   */
  verify(attempt: BotCheckAttempt): Promise<void>;
}

const ALGORITHM = 'SHA-256';

/** The HMAC keys, derived from SECRETS_KEY: the same on every replica, nothing stored. */
function hmacSecrets(secretsKey: SecretsKey): { signature: string; keySignature: string } {
  const derive = (label: string) => createHmac('sha256', secretsKey.key).update(`bot-check:${label}`).digest('hex');
  return { signature: derive('challenge'), keySignature: derive('key') };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

function decodePayload(answer: string): Payload | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { challenge, solution } = parsed as Record<string, unknown>;
    if (typeof challenge !== 'object' || challenge === null || typeof solution !== 'object' || solution === null) return undefined;
    const { parameters, signature } = challenge as Record<string, unknown>;
    if (typeof parameters !== 'object' || parameters === null || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
    return parsed as Payload;
  } catch {
    return undefined;
  }
}

export const botCheckRequired = (): AppError => new AppError(400, 'botcheck.required', {}, { botCheck: true });
export const botCheckInvalid = (): AppError => new AppError(400, 'botcheck.invalid', {}, { botCheck: true });

export function createBotCheckGate(db: Db, secretsKey: SecretsKey): BotCheckGate {
  const secrets = hmacSecrets(secretsKey);

  async function isRequired(subject: BotCheckSubject, nowMs: number, settings?: BotCheckSettings): Promise<boolean> {
    const rules = settings ?? (await readBotCheckSettings(db, subject.merchantId));
    if (rules.required) return true;
    const ip = subject.clientIp.slice(0, 200);
    const subjects: SuspectSubject[] = [
      // Every per-address limit: login.ip, register.ip (an IPv6 /64), sms.ip, freeplay.ip, captcha, ...
      { scope: '*', subject: ip },
      { scope: '*', subject: addressSubject(subject.clientIp) },
    ];
    if (subject.account) subjects.push({ scope: 'login.account', subject: subject.account.toLowerCase().slice(0, 200) });
    if (subject.mobile) subjects.push({ scope: 'sms.mobile', subject: subject.mobile });
    return anySuspect(db, subject.merchantId, subjects, nowMs - rules.suspectHours * 3_600_000, nowMs);
  }

  return {
    isRequired: (subject, nowMs) => isRequired(subject, nowMs),

    async challenge(subject, nowMs) {
      const settings = await readBotCheckSettings(db, subject.merchantId);
      const challenge: Challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        deriveKey,
        counter: randomInt(settings.maxNumber),
        // Our expiry, by the server's (injectable) clock; altcha-lib's own expiresAt reads Date.now().
        data: { merchant: subject.merchantId, expiresAt: nowMs + settings.ttlSeconds * 1000 },
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
      return { required: await isRequired(subject, nowMs, settings), challenge: encode(challenge) };
    },

    async verify(attempt) {
      const answer = attempt.answer?.trim() ?? '';
      if (answer === '') {
        if (await isRequired(attempt, attempt.nowMs)) throw botCheckRequired();
        return;
      }
      const payload = decodePayload(answer);
      if (!payload) throw botCheckInvalid();
      const { parameters, signature } = payload.challenge;
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secrets.signature,
          hmacKeySignatureSecret: secrets.keySignature,
        });
        verified = result.verified;
      } catch {
        verified = false;
      }
      // Signed, so these are the server's own values.
      const expiresAt = parameters.data?.expiresAt;
      if (
        !verified ||
        parameters.algorithm !== ALGORITHM ||
        parameters.data?.merchant !== attempt.merchantId ||
        typeof expiresAt !== 'number' ||
        expiresAt <= attempt.nowMs
      ) {
        throw botCheckInvalid();
      }
      if (!(await claimSolution(db, attempt.merchantId, signature as string, attempt.nowMs, expiresAt))) throw botCheckInvalid();
    },
  };
}

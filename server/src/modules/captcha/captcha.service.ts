import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/pool';
import { durationsOf, readAccountSettings } from '../merchant';
import { reserveAttempts, tooManyRequests } from '../rate-limit';
import { CAPTCHA_ALPHABET, drawCaptcha } from './captcha-image';
import * as queries from './captcha.queries';

// Image captchas: a random 4-character text drawn as a PNG. Only a hash of the answer is kept;
// an answer is accepted once, before expiry, compared ignoring case in constant time.

export const CAPTCHA_LENGTH = 4;

export interface CaptchaChallenge {
  /** 32 hex characters; sent back with the typed text. */
  captchaId: string;
  /** 'data:image/png;base64,…' */
  image: string;
  expiresAtMs: number;
}

function answerHash(captchaId: string, answer: string): Buffer {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toUpperCase()}`, 'utf8').digest();
}

function randomText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export interface CreateCaptchaInput {
  merchantId: number;
  clientIp: string | null;
  nowMs: number;
  ttlMs: number;
  /** The text to draw; random when absent (tools and tests that must know the answer pass one). */
  text?: string;
}

/** A new challenge, stored (hashed) and drawn. Also clears out long-expired challenges. */
export async function createCaptcha(db: Db, input: CreateCaptchaInput): Promise<CaptchaChallenge> {
  const captchaId = randomBytes(16).toString('hex');
  const text = input.text ?? randomText();
  const expiresAtMs = input.nowMs + input.ttlMs;
  const png = await drawCaptcha(text);
  await queries.insertChallenge(db, {
    captchaId,
    merchantId: input.merchantId,
    answerHash: answerHash(captchaId, text),
    nowMs: input.nowMs,
    expiresAtMs,
    clientIp: input.clientIp,
  });
  // Housekeeping: challenges expired for an hour are of no use to anyone.
  await queries.deleteChallengesExpiredBefore(db, input.nowMs - 3_600_000);
  return { captchaId, image: `data:image/png;base64,${png.toString('base64')}`, expiresAtMs };
}

/**
 * GET /wps/captcha: a new image for a client address, with the merchant's lifetime. Every image
 * is a stored row, so one address may not ask for them without end: past captchaPerIpPerMinute
 * it is locked out (429) for the lockout period.
 */
export async function issueCaptcha(db: Db, caller: { merchantId: number; clientIp: string; nowMs: number }): Promise<CaptchaChallenge> {
  const { merchantId, clientIp, nowMs } = caller;
  const settings = await readAccountSettings(db, merchantId);
  const durations = durationsOf(settings);
  const reservation = await reserveAttempts(
    db,
    merchantId,
    [{ key: { scope: 'captcha.ip', subject: clientIp }, rule: { maxFailures: settings.captchaPerIpPerMinute, windowMs: 60_000, lockMs: durations.lockoutMs } }],
    nowMs,
  );
  if (!reservation.allowed) throw tooManyRequests(settings.lockoutMinutes, reservation.lockedUntilMs);
  return createCaptcha(db, { merchantId, clientIp, nowMs, ttlMs: durations.captchaTtlMs });
}

/**
 * Whether `text` answers the challenge. Any answer, right or wrong, uses the challenge up: a
 * second try needs a new image. False for an unknown, used, expired or other merchant's id.
 */
export async function verifyCaptcha(
  db: Db,
  merchantId: number,
  captchaId: string | null | undefined,
  text: string | null | undefined,
  nowMs: number,
): Promise<boolean> {
  if (!captchaId || !/^[0-9a-f]{32}$/.test(captchaId) || !text) return false;
  const stored = await queries.useChallenge(db, merchantId, captchaId, nowMs);
  if (!stored) return false;
  return timingSafeEqual(stored, answerHash(captchaId, text));
}

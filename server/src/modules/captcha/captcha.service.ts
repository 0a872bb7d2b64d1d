import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
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
  /** The PNG in base64 (GET /wps/captcha's value). */
  pngBase64: string;
  expiresAtMs: number;
}

/** A captcha id as the caller may choose it: 32 lower-case hex characters. */
const CAPTCHA_ID = /^[0-9a-f]{32}$/;

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
  /** The id the caller drew for this image (32 hex characters); random when absent. */
  captchaId?: string;
}

/** A new challenge, stored (hashed) and drawn. Also clears out long-expired challenges. */
export async function createCaptcha(db: Db, input: CreateCaptchaInput): Promise<CaptchaChallenge> {
  const captchaId = input.captchaId ?? randomBytes(16).toString('hex');
  // The route's schema checks a caller's id; a tool passing a bad one is a bug, not a 4xx.
  if (!CAPTCHA_ID.test(captchaId)) throw new Error('a captcha id is 32 lower-case hex characters');
  const text = input.text ?? randomText();
  const expiresAtMs = input.nowMs + input.ttlMs;
  const png = await drawCaptcha(text);
  const stored = await queries.insertChallenge(db, {
    captchaId,
    merchantId: input.merchantId,
    answerHash: answerHash(captchaId, text),
    nowMs: input.nowMs,
    expiresAtMs,
    clientIp: input.clientIp,
  });
  // An id is good for one image: a caller naming one that was used before gets no image (and
  // cannot make an image someone else asked for answer to a text of its own).
  if (!stored) throw new AppError(400, 'captcha.err', {}, { field: 'captcha', captcha: true });
  // Housekeeping: challenges expired for an hour are of no use to anyone.
  await queries.deleteChallengesExpiredBefore(db, input.nowMs - 3_600_000);
  return { captchaId, pngBase64: png.toString('base64'), expiresAtMs };
}

/**
 * GET /wps/captcha: a new image for a client address, with the merchant's lifetime. Every image
 * is a stored row, so one address may not ask for them without end: past captchaPerIpPerMinute
 * it is locked out (429) for the lockout period.
 */
export async function issueCaptcha(
  db: Db,
  caller: { merchantId: number; clientIp: string; nowMs: number; captchaId?: string },
): Promise<CaptchaChallenge> {
  const { merchantId, clientIp, nowMs, captchaId } = caller;
  const settings = await readAccountSettings(db, merchantId);
  const durations = durationsOf(settings);
  const reservation = await reserveAttempts(
    db,
    merchantId,
    [{ key: { scope: 'captcha.ip', subject: clientIp }, rule: { maxFailures: settings.captchaPerIpPerMinute, windowMs: 60_000, lockMs: durations.lockoutMs } }],
    nowMs,
  );
  if (!reservation.allowed) throw tooManyRequests(settings.lockoutMinutes, reservation.lockedUntilMs);
  return createCaptcha(db, { merchantId, clientIp, nowMs, ttlMs: durations.captchaTtlMs, captchaId });
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
  if (!captchaId || !CAPTCHA_ID.test(captchaId) || !text) return false;
  const stored = await queries.useChallenge(db, merchantId, captchaId, nowMs);
  if (!stored) return false;
  return timingSafeEqual(stored, answerHash(captchaId, text));
}

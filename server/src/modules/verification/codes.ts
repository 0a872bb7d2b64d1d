import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../http/envelope';
import type { CodePurpose } from '../notification';
import { withTransaction } from '../../db/transaction';
import { lockedUntil, reserveAttempts, type ThrottleKey } from '../rate-limit';
import * as queries from './verification.queries';

// One-time SMS codes and the throttle in front of sending them.
//
// Invariants (asserted in verification.test.ts):
// - A code is 6 digits from crypto.randomInt; only salt + SHA-256 of it is stored.
// - At most one live code per (merchant, number, purpose): issuing a new one retires the old.
// - A code verifies once (consumed_at is set in the same statement that checks it), before it
//   expires, and after `maxAttempts` wrong guesses it is retired even if the right one follows.
// - Sending is serialised per number across every merchant (advisory lock), so parallel requests
//   cannot slip past the 60-second spacing or the all-merchants count; the per-number and per-IP
//   counts of a merchant are race-safe upserts (rate-limit module).
// - A number receives at most `maxSendsPerMobileAllMerchants` requests in the window whichever
//   brands they came through: the per-merchant limits alone are multiplied by changing the
//   `Merchant` header, and the phone (and the SMS bill) is the same.

export interface CodePolicy {
  /** Lifetime of a code; returned to the client as expiredMinutes. */
  expiredMinutes: number;
  /** Wrong guesses that retire a code. */
  maxAttempts: number;
  /** Minimum spacing of two sends to one number. */
  resendIntervalMs: number;
  /** Window in which send requests are counted. */
  windowMs: number;
  /** Send requests per number in the window; the one reaching it locks the number. */
  maxSendsPerMobile: number;
  /**
   * Send requests per number in the window through all merchants together; past it every
   * merchant refuses the number until the oldest leaves the window. Twice the per-merchant limit,
   * so someone using one brand never meets it (5 sends, the 5-minute lock, 5 more).
   */
  maxSendsPerMobileAllMerchants: number;
  /** Send requests per client IP in the window; the one reaching it locks the IP. */
  maxSendsPerIp: number;
  /** How long a lock lasts (5 minutes by default). */
  lockMs: number;
}

export const DEFAULT_CODE_POLICY: CodePolicy = {
  expiredMinutes: 5,
  maxAttempts: 5,
  resendIntervalMs: 60_000,
  windowMs: 15 * 60_000,
  maxSendsPerMobile: 5,
  maxSendsPerMobileAllMerchants: 10,
  maxSendsPerIp: 20,
  lockMs: 5 * 60_000,
};

export interface IssuedCode {
  code: string;
  expiresAtMs: number;
}

export interface SendRequest {
  merchantId: number;
  /** E.164 */
  mobile: string;
  ip: string;
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(salt).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export class VerificationCodes {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    readonly policy: CodePolicy = DEFAULT_CODE_POLICY,
  ) {}

  /**
   * Decides whether one send request for `mobile` from `ip` may go ahead: null, or the refusal
   * (429). An admitted request is recorded and counted toward the 5-minute lock of the number and
   * of the IP (rate-limit module, scopes sms.mobile and sms.ip). Every admitted request counts,
   * whether or not a message is then sent, so the answers do not depend on whether the number
   * has an account. A refusal may have written a lock, so the caller commits before throwing it.
   */
  private async admitSend(client: pg.PoolClient, request: SendRequest): Promise<AppError | null> {
    const { merchantId, mobile, ip } = request;
    const now = this.now();
    const mobileKey: ThrottleKey = { scope: 'sms.mobile', subject: mobile };
    const ipKey: ThrottleKey = { scope: 'sms.ip', subject: ip };
    if ((await lockedUntil(client, merchantId, mobileKey, now)) !== null || (await lockedUntil(client, merchantId, ipKey, now)) !== null) {
      return this.tooManyRequests();
    }

    const lastSentAt = await queries.lastSentAtMs(client, merchantId, mobile);
    if (lastSentAt !== undefined && now - lastSentAt < this.policy.resendIntervalMs) {
      const seconds = Math.ceil((this.policy.resendIntervalMs - (now - lastSentAt)) / 1000);
      return new AppError(429, 'sms.too.frequent', { seconds: String(seconds) });
    }

    const { windowMs, lockMs } = this.policy;
    // Every brand's sends to the number: refused without counting, so it does not lock the number
    // at this merchant as well.
    const oldestBlocking = await queries.nthLatestSendToNumberMs(client, mobile, this.policy.maxSendsPerMobileAllMerchants, now - windowMs);
    if (oldestBlocking !== undefined) return this.tooManyRequests(oldestBlocking + windowMs - now);

    const reservation = await reserveAttempts(
      client,
      merchantId,
      [
        { key: mobileKey, rule: { maxFailures: this.policy.maxSendsPerMobile, windowMs, lockMs } },
        { key: ipKey, rule: { maxFailures: this.policy.maxSendsPerIp, windowMs, lockMs } },
      ],
      now,
    );
    if (!reservation.allowed) return this.tooManyRequests();
    await queries.insertSend(client, merchantId, mobile, ip, now);
    return null;
  }

  /** 429 TOO_MANY_REQUESTS, 'too many requests, try again after 5 minutes' (or the given wait). */
  tooManyRequests(waitMs = this.policy.lockMs): AppError {
    return new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(Math.max(1, Math.ceil(waitMs / 60_000))) });
  }

  /**
   * Throttles one send request, then issues a code for `purpose` when `issueCode` is true (the
   * caller sends it). With `issueCode` false the request is only counted: the caller answers
   * exactly as if a code had been sent. Throws 429 when refused.
   */
  async requestCode(request: SendRequest, purpose: CodePurpose, issueCode: boolean): Promise<{ issued: IssuedCode | null; expiresAtMs: number }> {
    const outcome = await withTransaction(this.pool, async (client) => {
      await queries.lockSendsOf(client, request.mobile);
      const refusal = await this.admitSend(client, request);
      if (refusal) return { refusal, issued: null };
      return { refusal: null, issued: issueCode ? await this.issue(client, request.merchantId, request.mobile, purpose) : null };
    });
    if (outcome.refusal) throw outcome.refusal;
    return { issued: outcome.issued, expiresAtMs: outcome.issued?.expiresAtMs ?? this.now() + this.policy.expiredMinutes * 60_000 };
  }

  /** A fresh code for (number, purpose), retiring any live one (inside requestCode's transaction). */
  private async issue(client: pg.PoolClient, merchantId: number, mobile: string, purpose: CodePurpose): Promise<IssuedCode> {
    const now = this.now();
    const code = generateCode();
    const salt = randomBytes(16).toString('hex');
    const expiresAtMs = now + this.policy.expiredMinutes * 60_000;
    await queries.retireLiveCodes(client, merchantId, mobile, purpose, now);
    await queries.insertCode(client, {
      merchantId,
      mobile,
      purpose,
      codeHash: hashCode(salt, code),
      salt,
      maxAttempts: this.policy.maxAttempts,
      nowMs: now,
      expiresAtMs,
    });
    return { code, expiresAtMs };
  }

  /**
   * True once for the right, unexpired code of (number, purpose), which is then used up. A wrong
   * code counts an attempt; the last allowed wrong attempt retires the code.
   */
  async consume(merchantId: number, mobile: string, purpose: CodePurpose, code: string): Promise<boolean> {
    if (!/^[0-9]{6}$/.test(code)) {
      // Not even shaped like a code: still counts as a wrong attempt against a live code.
      code = '';
    }
    return withTransaction(this.pool, async (client) => {
      const now = this.now();
      const live = await queries.selectLiveCodeForUpdate(client, merchantId, mobile, purpose);
      if (!live) return false;
      if (live.expiresAtMs <= now) {
        await queries.consumeCode(client, live.id, now);
        return false;
      }
      if (code !== '' && sameHash(hashCode(live.salt, code), live.codeHash)) {
        await queries.consumeCode(client, live.id, now);
        return true;
      }
      await queries.recordWrongAttempt(client, live.id, live.attempts + 1, now);
      return false;
    });
  }
}

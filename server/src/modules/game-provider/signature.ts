import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROVIDER_SIGNATURE_MAX_SKEW_MS } from '@platform/contract';

// The provider API's signature (contract game-provider.ts): X-Signature = hex HMAC-SHA256(the
// vendor's secret, "<METHOD>\n<path>\n<X-Timestamp>\n<raw body>"), over the body's bytes exactly
// as sent (no re-serialisation: a vendor's JSON need not match ours). The method and path bind a
// signature to one action (a signed rollback cannot be replayed as a bet to another path), the
// timestamp (epoch ms) to a moment: a call outside ±PROVIDER_SIGNATURE_MAX_SKEW_MS of the
// server's clock is refused, so a captured call cannot be replayed later. Within the window a
// replay moves nothing: every money call is idempotent by its transaction id.

export interface SignedRequest {
  method: string;
  /** The request's path with its query, as sent (e.g. /provider/v1/JL/bet). */
  path: string;
  /** Epoch milliseconds, as the X-Timestamp header carries it (decimal digits). */
  timestamp: string;
  body: string | Buffer;
}

const TIMESTAMP = /^[0-9]{1,16}$/;

/** The bytes a signature covers. */
function signedBytes(request: SignedRequest): Buffer {
  const head = Buffer.from(`${request.method.toUpperCase()}\n${request.path}\n${request.timestamp}\n`, 'utf8');
  return Buffer.concat([head, typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body]);
}

/** hex HMAC-SHA256(secret, method, path, timestamp, body): what a vendor sends as X-Signature. */
export function signProviderRequest(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(signedBytes(request)).digest('hex');
}

/** True when the timestamp (header text) is within ±PROVIDER_SIGNATURE_MAX_SKEW_MS of `nowMs`. */
export function providerTimestampFresh(timestamp: unknown, nowMs: number): timestamp is string {
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs) <= PROVIDER_SIGNATURE_MAX_SKEW_MS;
}

/** True when `signature` is the request's signature under `secret` (compared in constant time). */
export function verifyProviderSignature(secret: string, request: SignedRequest, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signProviderRequest(secret, request), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

import { createHmac, timingSafeEqual } from 'node:crypto';

// The provider API's signature: X-Signature = hex HMAC-SHA256(the vendor's secret, the raw request
// body), over the bytes exactly as sent (no re-serialisation: a vendor's JSON need not match ours).

/** hex HMAC-SHA256(secret, body): what a vendor sends as X-Signature. */
export function signProviderBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** True when `signature` is the body's signature under `secret` (compared in constant time). */
export function verifyProviderSignature(secret: string, body: string | Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signProviderBody(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

// The Idempotency-Key of an order (wallet.ts IDEMPOTENCY_KEY_HEADER): one per order, sent again
// when the same order is retried after a failure whose outcome is unknown (the answer was lost:
// the bet may have been placed), so that the server places it once. Any answer of the server (the
// order placed, or refused: nothing was placed) ends the key; another order draws a new one.
import { CLIENT_ERROR_CODES, isApiError } from '@platform/shared';

/** A random version-4 UUID (crypto.randomUUID exists only on secure pages: getRandomValues elsewhere). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer (network, timeout, aborted in flight) or a server-side failure (5xx): the order may exist. */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0) return error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout || error.errorCode === CLIENT_ERROR_CODES.canceled;
  return error.status >= 500;
}

/** The key of one order: the same for the same payload until the server has answered it. */
export function createOrderKey(draw: () => string = newIdempotencyKey) {
  let current: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (!current || current.payload !== text) current = { payload: text, key: draw() };
      return current.key;
    },
    /** The order was answered (placed, or refused) or failed for sure: forget its key. */
    settled(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) current = null;
    },
  };
}

import { CLIENT_ERROR_CODES, isApiError } from '@platform/shared';

/**
 * A key for one money action (the Idempotency-Key header): a random UUID. crypto.randomUUID exists
 * only in secure contexts (https, localhost); elsewhere the same version-4 UUID is drawn from
 * getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed money call may have been done by the server: no answer at all (network,
 * timeout, cancelled in flight), or a server-side failure (5xx: a crash after the commit, a
 * proxy's error page). Then the same submit is sent again under the same key, so that it is done
 * once. deposit.gateway.unavailable is an answer: the deposit was closed and nothing paid.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0) return error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout || error.errorCode === CLIENT_ERROR_CODES.canceled;
  return error.status >= 500 && error.errorCode !== 'deposit.gateway.unavailable';
}

/**
 * The key of one submit: drawn when the submit is first sent, and sent again when the same submit
 * (same payload) is retried after a failure whose outcome is unknown. An answer of the server
 * (success or refusal: nothing was made, or the deposit was closed) ends it: the next submit draws
 * a new key, as does another payload.
 */
export function createRetryKey(draw: () => string = newIdempotencyKey) {
  let current: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (!current || current.payload !== text) current = { payload: text, key: draw() };
      return current.key;
    },
    /** The submit was answered (or failed for sure): forget its key. */
    settled(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) current = null;
    },
  };
}

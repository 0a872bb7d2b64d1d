import { CLIENT_ERROR_CODES, isApiError } from '@platform/shared';

/** A key for one withdrawal the member confirms (the Idempotency-Key header): a random version-4 UUID. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts (https, localhost).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer from the server (network, timeout): the withdrawal may have been made there. */
export function outcomeUnknown(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && (error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout);
}

/**
 * The key of one withdrawal: drawn when it is first sent and sent again when the same order is
 * retried after a failure with no answer, so that it is made once. Any answer of the server ends
 * it: the next order draws a new key, as does another payload.
 */
export function createRetryKey(draw: () => string = newIdempotencyKey) {
  let current: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (!current || current.payload !== text) current = { payload: text, key: draw() };
      return current.key;
    },
    settled(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) current = null;
    },
  };
}

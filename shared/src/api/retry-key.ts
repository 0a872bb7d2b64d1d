// Idempotency-Keys of money actions (a transfer, a withdrawal, a lottery order, a red envelope):
// one key per action, sent again only when the same action is retried after a failure whose
// outcome is unknown, so the server carries it out once. Shared by the remotes that send money.
import { CLIENT_ERROR_CODES, isApiError } from './api-error';

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

/** A failed money call the server may have carried out: no answer at all, or a 5xx. */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0) return error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout || error.errorCode === CLIENT_ERROR_CODES.canceled;
  return error.status >= 500;
}

/**
 * The key of one money action: drawn when it is first sent, and sent again when the same action
 * (same payload) is retried after a failure whose outcome is unknown, so that it moves money once.
 * An answer of the server (done, or refused: nothing moved) ends it, as does another payload.
 * `isOutcomeUnknown` says which failures keep the key (an action with answers of its own that
 * move nothing, such as a gateway's refusal, passes a stricter one).
 */
export function createRetryKey(draw: () => string = newIdempotencyKey, isOutcomeUnknown: (error: unknown) => boolean = outcomeUnknown) {
  let current: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (!current || current.payload !== text) current = { payload: text, key: draw() };
      return current.key;
    },
    /** The action was answered (or failed for sure): forget its key. */
    settled(error?: unknown): void {
      if (error === undefined || !isOutcomeUnknown(error)) current = null;
    },
  };
}

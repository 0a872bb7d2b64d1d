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
 * The key of an action the member may retry: drawn when the action is first sent, and sent again
 * for as long as the same action (same payload) has not succeeded, so a retry after a lost answer
 * moves money once. A success, or another payload, draws a new key next time.
 */
export function createRetryKey() {
  let current: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (!current || current.payload !== text) current = { payload: text, key: newIdempotencyKey() };
      return current.key;
    },
    succeeded(): void {
      current = null;
    },
  };
}

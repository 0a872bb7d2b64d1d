import { apiFailure } from '@platform/shared/testing';
import { ApiError, newIdempotencyKey } from '@platform/shared';
import { createRetryKey, outcomeUnknown } from './idempotency-key';

const network = new ApiError({ status: 0, errorCode: 'network.error', message: 'Network error' });
const timeout = new ApiError({ status: 0, errorCode: 'network.timeout', message: 'Timed out' });
const badGateway = new ApiError({ status: 502, errorCode: 'http.502', message: 'Bad Gateway' });

describe('the Idempotency-Key of a deposit submit', () => {
  it('is a version-4 UUID', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is drawn once per submit and sent again when the same submit is retried after a network failure', () => {
    let drawn = 0;
    const keys = createRetryKey(() => `key-${++drawn}`);
    const payload = { amount: 500, bankCode: 'DEMOBANK', payeeName: 'A' };
    expect(keys.keyFor(payload)).toBe('key-1');
    keys.settled(network);
    expect(keys.keyFor({ ...payload })).toBe('key-1');
    keys.settled(timeout);
    expect(keys.keyFor(payload)).toBe('key-1');
    keys.settled(badGateway);
    expect(keys.keyFor(payload)).toBe('key-1');
    keys.settled();
    // Answered: the next submit is another deposit.
    expect(keys.keyFor(payload)).toBe('key-2');
  });

  it('is drawn anew for another payload and after a refusal of the server', () => {
    let drawn = 0;
    const keys = createRetryKey(() => `key-${++drawn}`);
    expect(keys.keyFor({ amount: 500 })).toBe('key-1');
    keys.settled(network);
    expect(keys.keyFor({ amount: 600 })).toBe('key-2');
    keys.settled(apiFailure('deposit.gateway.unavailable', 'The payment provider is not responding', null, 502));
    expect(keys.keyFor({ amount: 600 })).toBe('key-3');
    keys.settled(apiFailure('deposit.pending.limit', 'Too many'));
    expect(keys.keyFor({ amount: 600 })).toBe('key-4');
  });

  it('treats failures without an answer of the server, and its 5xx, as of unknown outcome', () => {
    expect([network, timeout, badGateway].map(outcomeUnknown)).toEqual([true, true, true]);
    expect(outcomeUnknown(apiFailure('deposit.amount.out.of.range', 'Out of range'))).toBe(false);
    expect(outcomeUnknown(apiFailure('system.err', 'Server error', null, 500))).toBe(true);
    expect(outcomeUnknown(apiFailure('deposit.gateway.unavailable', 'Not responding', null, 502))).toBe(false);
    expect(outcomeUnknown(apiFailure('wallet.idempotency.conflict', 'Conflict', null, 409))).toBe(false);
    expect(outcomeUnknown(new Error('bug'))).toBe(false);
  });
});

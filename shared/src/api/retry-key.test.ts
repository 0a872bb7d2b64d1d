import { ApiError } from './api-error';
import { createRetryKey, newIdempotencyKey, outcomeUnknown } from './retry-key';

const network = new ApiError({ status: 0, errorCode: 'network.error', message: 'Network error' });
const serverError = new ApiError({ status: 500, errorCode: 'system.err', message: 'Server error' });
const refused = new ApiError({ status: 400, errorCode: 'wallet.balance.insufficient', message: 'Not enough' });

describe('the Idempotency-Key of a money action', () => {
  it('is a version-4 UUID, a new one each time', () => {
    const [first, second] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('treats no answer, a 5xx and a thrown non-API error as of unknown outcome, and a refusal as an answer', () => {
    expect([network, serverError, new Error('bug')].map(outcomeUnknown)).toEqual([true, true, true]);
    expect(outcomeUnknown(refused)).toBe(false);
  });

  it('is kept for the same payload while the outcome is unknown, and drawn anew after an answer or for another payload', () => {
    let drawn = 0;
    const keys = createRetryKey(() => `key-${++drawn}`);
    expect(keys.keyFor({ amount: 100 })).toBe('key-1');
    keys.settled(network);
    expect(keys.keyFor({ amount: 100 })).toBe('key-1');
    keys.settled(serverError);
    expect(keys.keyFor({ amount: 100 })).toBe('key-1');
    expect(keys.keyFor({ amount: 200 })).toBe('key-2');
    keys.settled(refused);
    expect(keys.keyFor({ amount: 200 })).toBe('key-3');
    keys.settled();
    expect(keys.keyFor({ amount: 200 })).toBe('key-4');
  });

  it('takes the action’s own rule of which failures keep the key', () => {
    let drawn = 0;
    const untilSuccess = createRetryKey(() => `key-${++drawn}`, () => true);
    expect(untilSuccess.keyFor({ amount: 100 })).toBe('key-1');
    untilSuccess.settled(refused);
    expect(untilSuccess.keyFor({ amount: 100 })).toBe('key-1');
    untilSuccess.settled();
    expect(untilSuccess.keyFor({ amount: 100 })).toBe('key-2');
    const noAnswerOnly = createRetryKey(() => `key-${++drawn}`, (error) => error === network);
    expect(noAnswerOnly.keyFor({ amount: 100 })).toBe('key-3');
    noAnswerOnly.settled(serverError);
    expect(noAnswerOnly.keyFor({ amount: 100 })).toBe('key-4');
  });
});

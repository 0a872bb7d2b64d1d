/** @jest-environment node */
import { createHmac } from 'node:crypto';
import {
  CRASH_MAX_MULTIPLIER,
  CRASH_MIN_CASHOUT,
  Rational,
  cashoutWins,
  crashPayout,
  crashPoint,
  crashPointFromWord,
  crashRtp,
  hmacStream,
  msUntilMultiplier,
  multiplierAt,
  playRound,
} from '.';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

describe('the crash point', () => {
  test('is floor(99 · 2^32 / (u + 1)) hundredths of the first word, between 1.00 and the maximum', () => {
    expect(crashPointFromWord(2 ** 32 - 1)).toBe(100); // 0.99 → an instant bust
    expect(crashPointFromWord(0)).toBe(CRASH_MAX_MULTIPLIER);
    expect(crashPointFromWord(2 ** 31 - 1)).toBe(198); // U = 1/2 → 1.98
    expect(crashPointFromWord(Math.floor(2 ** 32 / 10) - 1)).toBe(990);
    expect(() => crashPointFromWord(2 ** 32)).toThrow(RangeError);
    const stream = hmacStream(hmac, { serverSeed: 'crash', clientSeed: 'round', nonce: 1 });
    const word = hmacStream(hmac, { serverSeed: 'crash', clientSeed: 'round', nonce: 1 }).nextUint32();
    expect(crashPoint(stream)).toBe(crashPointFromWord(word));
    expect(playRound('JLC001', hmacStream(hmac, { serverSeed: 'crash', clientSeed: 'round', nonce: 1 }))).toEqual({ kind: 'crash', gameCode: 'JLC001', crashPoint: crashPointFromWord(word) });
  });

  test('gives every cash-out target an RTP of 0.99 exactly as computed (exhaustive over a 16-bit word space)', () => {
    const bits = 16;
    const range = 2 ** bits;
    const crashes = Array.from({ length: range }, (_, word) => crashPointFromWord(word, bits));
    for (const target of [101, 102, 150, 199, 200, 333, 1000, 5000, 100_000, 6_000_000]) {
      // Brute force: total paid over all words for a 1-unit bet at `target`, over the word count.
      const winners = crashes.filter((crash) => cashoutWins(target, crash)).length;
      const bruteForce = Rational.of(BigInt(winners) * BigInt(target), 100n * BigInt(range));
      expect(crashRtp(target, bits).toString()).toBe(bruteForce.toString());
      expect(bruteForce.toNumber()).toBeLessThanOrEqual(0.99);
    }
  });

  test('RTP at 32 bits is 0.99 minus less than target · 2^-32 / 100 for any target', () => {
    for (const target of [CRASH_MIN_CASHOUT, 150, 200, 1000, 12345, 1_000_000, CRASH_MAX_MULTIPLIER]) {
      const rtp = crashRtp(target).toNumber();
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(0.99 - rtp).toBeLessThanOrEqual(target / 2 ** 32 / 100 + 1e-15);
    }
    expect(() => crashRtp(100)).toThrow(RangeError);
    expect(() => crashRtp(CRASH_MAX_MULTIPLIER + 1)).toThrow(RangeError);
  });
});

describe('cash-outs', () => {
  test('win from 1.01 up to and including the crash point', () => {
    expect(cashoutWins(100, 500)).toBe(false);
    expect(cashoutWins(101, 101)).toBe(true);
    expect(cashoutWins(101, 100)).toBe(false);
    expect(cashoutWins(250, 250)).toBe(true);
    expect(cashoutWins(251, 250)).toBe(false);
    expect(cashoutWins(150.5, 500)).toBe(false);
  });

  test('pay floor(bet × multiplier / 100) minor units', () => {
    expect(crashPayout(100, 137)).toBe(137);
    expect(crashPayout(150, 137)).toBe(205); // 205.5 → 205
    expect(crashPayout(1_000_000, CRASH_MAX_MULTIPLIER)).toBe(1_000_000_000_000);
    expect(() => crashPayout(-1, 200)).toThrow(RangeError);
  });
});

describe('the multiplier curve', () => {
  test('m(t) = floor(100 · e^(0.00006 t)) from 1.00, and msUntilMultiplier is its inverse', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(11_553)).toBe(200);
    expect(multiplierAt(11_552)).toBe(199);
    expect(msUntilMultiplier(100)).toBe(0);
    expect(msUntilMultiplier(CRASH_MIN_CASHOUT)).toBe(166);
    for (const multiplier of [101, 102, 150, 200, 201, 999, 1000, 12_345, 1_000_000, CRASH_MAX_MULTIPLIER]) {
      const ms = msUntilMultiplier(multiplier);
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(multiplier);
      expect(multiplierAt(ms - 1)).toBeLessThan(multiplier);
    }
    // Non-decreasing.
    let previous = 100;
    for (let ms = 0; ms < 100_000; ms += 7) {
      const multiplier = multiplierAt(ms);
      expect(multiplier).toBeGreaterThanOrEqual(previous);
      previous = multiplier;
    }
  });
});

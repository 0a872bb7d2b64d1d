// Provably fair draws: pinned numbers for a fixed seed (the format may never change), the reads
// each kind makes, ranges and distinctness, and the browser's asynchronous verification.
import { createHash, createHmac, webcrypto } from 'node:crypto';
import { webCryptoHmacSha256, type HmacSubtleCrypto, type RandomSource } from '@platform/inhouse-games';
import { DRAW_SIZES, VN18_PRIZE_DIGITS, VN_PRIZE_DIGITS, drawFromSource, drawNumberWidth, drawRound, formatDraw, isValidDraw, roundClientSeed, verifyDrawAsync, type LotteryKind } from '.';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const KINDS: readonly [LotteryKind, string][] = [
  ['SSC', 'SSC1M'],
  ['11X5', 'X5GD'],
  ['PK10', 'PK10JS'],
  ['LHC', 'LHC'],
  ['VN', 'VNMB'],
  ['K3', 'JSK3'],
  ['PC28', 'PC28'],
  ['3D', 'F3D'],
  ['P5', 'FPL5'],
  ['VN18', 'VNMN5'],
];

test('a fixed server seed, game code and numero give fixed numbers (pinned; recomputed independently in Python)', () => {
  const numbers = (kind: LotteryKind, code: string) => drawRound(kind, code, '20261122-0001', 'server-seed', null, hmac).numbers;
  expect(numbers('SSC', 'SSC1M')).toEqual([6, 1, 8, 4, 2]);
  expect(numbers('11X5', 'X5GD')).toEqual([9, 10, 11, 5, 4]);
  expect(numbers('PK10', 'PK10JS')).toEqual([2, 1, 7, 3, 8, 4, 6, 5, 10, 9]);
  expect(numbers('LHC', 'LHC')).toEqual([8, 7, 29, 6, 37, 1, 48]);
  expect(numbers('VN', 'VNMB')).toEqual([
    18873, 37481, 44731, 47603, 99385, 29025, 47956, 5368, 61202, 8285, 152, 8721, 677, 8431, 5001, 4082, 196, 6639, 185, 4591, 421, 143, 148, 37, 5, 89, 30,
  ]);
  // The kinds added later, pinned when they were added (the reads below show how each is made).
  expect(numbers('K3', 'JSK3')).toEqual([1, 5, 5]);
  expect(numbers('PC28', 'PC28')).toEqual([8, 2, 6]);
  expect(numbers('3D', 'F3D')).toEqual([1, 8, 2]);
  expect(numbers('P5', 'FPL5')).toEqual([1, 0, 3, 3, 7]);
  // The southern and central format: 18 numbers stored ĐB first (856046), G8 last (35), although
  // the result is announced G8 first.
  expect(numbers('VN18', 'VNMN5')).toEqual([856046, 37832, 8638, 58425, 18810, 12134, 4213, 21656, 62503, 85011, 8029, 69058, 1578, 4424, 3481, 8566, 632, 35]);
  // Another numero, game code or seed gives another draw.
  expect(drawRound('VN', 'VNMB', '20261122-0002', 'server-seed', null, hmac).numbers).not.toEqual(numbers('VN', 'VNMB'));
  expect(drawRound('VN', 'VNMB2', '20261122-0001', 'server-seed', null, hmac).numbers).not.toEqual(numbers('VN', 'VNMB'));
  expect(drawRound('VN', 'VNMB', '20261122-0001', 'other-seed', null, hmac).numbers).not.toEqual(numbers('VN', 'VNMB'));
});

const SALES_HASH = createHash('sha256').update('the bets of a round').digest('hex');

test('with a sales hash the key is `${seed}:${salesHash}` (pinned); without one, the seed alone: knowing the seed is not knowing the draw', () => {
  // Pinned like the draws above (recomputed in Python from HMAC-SHA256 keyed "server-seed:<hash>").
  expect(drawRound('SSC', 'SSC1M', '20261122-0001', 'server-seed', SALES_HASH, hmac).numbers).toEqual([8, 6, 0, 1, 2]);
  const vnOf = (salesHash: string | null) => drawRound('VN', 'VNMB', '20261122-0001', 'server-seed', salesHash, hmac).numbers;
  expect(vnOf(SALES_HASH)).not.toEqual(vnOf(null));
  // One more bet (another sales hash) is another draw.
  expect(vnOf(createHash('sha256').update('the bets of a round, and one more').digest('hex'))).not.toEqual(vnOf(SALES_HASH));
  // Only a real SHA-256 in lowercase hex is a sales hash.
  expect(() => vnOf('A'.repeat(64))).toThrow(RangeError);
  expect(() => vnOf('ab')).toThrow(RangeError);
});

test('the round client seed is `${gameCode}-${numero}` and must fit the client-seed pattern', () => {
  expect(roundClientSeed('SSC1M', '20261122-0001')).toBe('SSC1M-20261122-0001');
  expect(() => roundClientSeed('SSC 1M', '1')).toThrow(RangeError);
  expect(() => roundClientSeed('SSC1M', '2026:1')).toThrow(RangeError);
  expect(() => roundClientSeed('', '1')).toThrow(RangeError);
  expect(() => roundClientSeed('X'.repeat(60), '20261122-0001')).toThrow(RangeError);
});

test('each kind reads only uniformInt, in the documented order', () => {
  const recorder = () => {
    const calls: number[] = [];
    const source: RandomSource = {
      uniformInt: (n) => {
        calls.push(n);
        return 0;
      },
      nextUint32: () => {
        throw new Error('nextUint32 is not used');
      },
    };
    return { calls, source };
  };
  const reads = (kind: LotteryKind) => {
    const { calls, source } = recorder();
    const draw = drawFromSource(kind, source);
    return { calls, numbers: draw.numbers };
  };
  expect(reads('SSC')).toEqual({ calls: [10, 10, 10, 10, 10], numbers: [0, 0, 0, 0, 0] });
  expect(reads('11X5')).toEqual({ calls: [11, 10, 9, 8, 7], numbers: [1, 2, 3, 4, 5] });
  expect(reads('PK10')).toEqual({ calls: [10, 9, 8, 7, 6, 5, 4, 3, 2], numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  expect(reads('LHC')).toEqual({ calls: [49, 48, 47, 46, 45, 44, 43], numbers: [1, 2, 3, 4, 5, 6, 7] });
  expect(reads('VN').calls).toEqual(VN_PRIZE_DIGITS.map((digits) => 10 ** digits));
  expect(reads('K3')).toEqual({ calls: [6, 6, 6], numbers: [1, 1, 1] });
  expect(reads('PC28')).toEqual({ calls: [10, 10, 10], numbers: [0, 0, 0] });
  expect(reads('3D')).toEqual({ calls: [10, 10, 10], numbers: [0, 0, 0] });
  expect(reads('P5')).toEqual({ calls: [10, 10, 10, 10, 10], numbers: [0, 0, 0, 0, 0] });
  // ĐB (10^6) first, then G1, G2, G3×2, G4×7 (10^5), G5, G6×3 (10^4), G7 (10^3), G8 (10^2).
  expect(reads('VN18').calls).toEqual([1e6, 1e5, 1e5, 1e5, 1e5, 1e5, 1e5, 1e5, 1e5, 1e5, 1e5, 1e5, 1e4, 1e4, 1e4, 1e4, 1e3, 1e2]);
  expect(reads('VN18').numbers).toHaveLength(18);
  // Fisher–Yates: j = i + uniformInt(n − i) swaps a[i] and a[j]; always the last: 11, then 1 (moved to the end), 2, 3, 4.
  const last = { uniformInt: (n: number) => n - 1, nextUint32: () => 0 };
  expect(drawFromSource('11X5', last).numbers).toEqual([11, 1, 2, 3, 4]);
});

test('draws are valid: ranges, sizes and distinctness over many rounds', () => {
  for (const [kind, code] of KINDS) {
    const seen = new Set<number>();
    for (let round = 1; round <= 300; round += 1) {
      const draw = drawRound(kind, code, `20261122-${round}`, 'seed-a', null, hmac);
      expect(draw.kind).toBe(kind);
      expect(draw.numbers).toHaveLength(DRAW_SIZES[kind]);
      expect(isValidDraw(draw)).toBe(true);
      for (const n of draw.numbers) seen.add(kind === 'VN' || kind === 'VN18' ? n % 10 : n);
    }
    // Every value shows up in 300 rounds.
    expect(seen.size).toBe({ SSC: 10, '11X5': 11, PK10: 10, LHC: 49, VN: 10, K3: 6, PC28: 10, '3D': 10, P5: 10, VN18: 10 }[kind]);
  }
  expect(isValidDraw({ kind: '11X5', numbers: [1, 1, 2, 3, 4] })).toBe(false);
  expect(isValidDraw({ kind: 'LHC', numbers: [1, 2, 3, 4, 5, 6, 50] })).toBe(false);
  expect(isValidDraw({ kind: 'VN', numbers: VN_PRIZE_DIGITS.map((digits) => 10 ** digits) })).toBe(false);
  expect(isValidDraw({ kind: 'SSC', numbers: [1, 2, 3, 4] })).toBe(false);
  expect(isValidDraw({ kind: 'K3', numbers: [0, 1, 2] })).toBe(false);
  expect(isValidDraw({ kind: 'K3', numbers: [1, 6, 7] })).toBe(false);
  expect(isValidDraw({ kind: 'K3', numbers: [6, 6, 6] })).toBe(true);
  expect(isValidDraw({ kind: 'PC28', numbers: [9, 9, 10] })).toBe(false);
  expect(isValidDraw({ kind: 'P5', numbers: [0, 0, 0] })).toBe(false);
  // VN18: 18 numbers, each below 10^its digits (ĐB 6 digits, G8 2), repeats allowed.
  const vn18 = VN18_PRIZE_DIGITS.map((digits) => 10 ** digits - 1);
  expect(isValidDraw({ kind: 'VN18', numbers: vn18 })).toBe(true);
  expect(isValidDraw({ kind: 'VN18', numbers: VN18_PRIZE_DIGITS.map(() => 7) })).toBe(true);
  expect(isValidDraw({ kind: 'VN18', numbers: [1_000_000, ...vn18.slice(1)] })).toBe(false);
  expect(isValidDraw({ kind: 'VN18', numbers: [...vn18.slice(0, 17), 100] })).toBe(false);
  expect(isValidDraw({ kind: 'VN18', numbers: vn18.slice(1) })).toBe(false);
  // A northern draw is no VN18 draw, nor the other way round.
  expect(isValidDraw({ kind: 'VN18', numbers: VN_PRIZE_DIGITS.map(() => 7) })).toBe(false);
  expect(isValidDraw({ kind: 'VN', numbers: vn18 })).toBe(false);
});

test('the browser’s asynchronous verification (WebCrypto) gives the server’s draw', async () => {
  const hmacAsync = webCryptoHmacSha256(webcrypto.subtle as unknown as HmacSubtleCrypto);
  for (const [kind, code] of KINDS) {
    for (const numero of ['20261122-0001', '20261122-0777']) {
      await expect(verifyDrawAsync(kind, code, numero, 'server-seed', null, hmacAsync)).resolves.toEqual(drawRound(kind, code, numero, 'server-seed', null, hmac));
      await expect(verifyDrawAsync(kind, code, numero, 'server-seed', SALES_HASH, hmacAsync)).resolves.toEqual(drawRound(kind, code, numero, 'server-seed', SALES_HASH, hmac));
    }
  }
});

test('formatDraw: SSC, K3, PC28, 3D and P5 one digit, 11X5 / PK10 / LHC two, VN and VN18 zero-padded to each prize’s digits', () => {
  expect(formatDraw({ kind: 'SSC', numbers: [0, 1, 2, 3, 4] })).toEqual(['0', '1', '2', '3', '4']);
  expect(formatDraw({ kind: '11X5', numbers: [1, 11, 3, 4, 5] })).toEqual(['01', '11', '03', '04', '05']);
  expect(formatDraw({ kind: 'LHC', numbers: [1, 2, 3, 4, 5, 6, 49] })).toEqual(['01', '02', '03', '04', '05', '06', '49']);
  expect(formatDraw({ kind: 'K3', numbers: [1, 5, 6] })).toEqual(['1', '5', '6']);
  expect(formatDraw({ kind: 'PC28', numbers: [0, 9, 3] })).toEqual(['0', '9', '3']);
  expect(formatDraw({ kind: '3D', numbers: [0, 0, 7] })).toEqual(['0', '0', '7']);
  expect(formatDraw({ kind: 'P5', numbers: [1, 0, 3, 3, 7] })).toEqual(['1', '0', '3', '3', '7']);
  const vn = formatDraw({ kind: 'VN', numbers: VN_PRIZE_DIGITS.map(() => 7) });
  expect(vn[0]).toBe('00007');
  expect(vn[10]).toBe('0007');
  expect(vn[20]).toBe('007');
  expect(vn[26]).toBe('07');
  // VN18: ĐB 6 digits, G1-G4 5, G5-G6 4, G7 3, G8 2.
  expect(formatDraw({ kind: 'VN18', numbers: VN18_PRIZE_DIGITS.map(() => 7) })).toEqual([
    '000007', '00007', '00007', '00007', '00007', '00007', '00007', '00007', '00007', '00007', '00007', '00007', '0007', '0007', '0007', '0007', '007', '07',
  ]);
  expect(VN18_PRIZE_DIGITS.map((_, index) => drawNumberWidth('VN18', index))).toEqual([6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 3, 2]);
  expect(VN18_PRIZE_DIGITS.filter((digits) => digits >= 3)).toHaveLength(17);
  expect(VN18_PRIZE_DIGITS.filter((digits) => digits >= 4)).toHaveLength(16);
});

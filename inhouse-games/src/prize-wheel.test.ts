/** @jest-environment node */
import { createHmac, randomBytes, webcrypto } from 'node:crypto';
import {
  MAX_TOTAL_WEIGHT,
  drawSegment,
  hmacStream,
  segmentAt,
  totalWeightOf,
  verifySpin,
  verifySpinAsync,
  webCryptoHmacSha256,
  type HmacSubtleCrypto,
  type RandomSource,
} from '.';

// The prize wheel's draw (prize-wheel.ts), as the server spins it with node:crypto and as the
// reward centre's verification recomputes it with WebCrypto.

const nodeHmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
const browserHmac = () => webCryptoHmacSha256(webcrypto.subtle as unknown as HmacSubtleCrypto);
const weights = [3000, 1845, 800, 2000, 10, 1845, 400, 100].map((weight) => ({ weight }));

describe('the draw', () => {
  it('gives each segment exactly its weight of the points in [0, total weight), asking the stream for that range', () => {
    const total = totalWeightOf(weights);
    expect(total).toBe(10_000);
    const counts = new Array<number>(weights.length).fill(0);
    const asked = new Set<number>();
    for (let point = 0; point < total; point++) {
      const source: RandomSource = { uniformInt: (n) => (asked.add(n), point), nextUint32: () => point };
      counts[drawSegment(source, weights)] += 1;
    }
    expect(counts).toEqual(weights.map((segment) => segment.weight));
    expect([...asked]).toEqual([total]);
    expect(segmentAt(weights, 0)).toBe(0);
    expect(segmentAt(weights, 2999)).toBe(0);
    expect(segmentAt(weights, 3000)).toBe(1);
    expect(segmentAt(weights, 9999)).toBe(7);
    expect(() => segmentAt(weights, 10_000)).toThrow(RangeError);
  });

  it('refuses weights that are no positive integers, or sum past 2^32', () => {
    expect(() => totalWeightOf([])).toThrow(RangeError);
    expect(() => totalWeightOf([{ weight: 0 }])).toThrow(RangeError);
    expect(() => totalWeightOf([{ weight: 1.5 }])).toThrow(RangeError);
    expect(() => totalWeightOf([{ weight: 2 ** 31 }, { weight: 2 ** 31 + 1 }])).toThrow(RangeError);
    expect(totalWeightOf([{ weight: 2 ** 31 }, { weight: 2 ** 31 }])).toBe(MAX_TOTAL_WEIGHT);
  });

  it('draws each segment as often as its weight says over 10^6 draws from random seeds (5 sigma each, and chi-square)', () => {
    const draws = 1_000_000;
    const total = totalWeightOf(weights);
    const counts = new Array<number>(weights.length).fill(0);
    // The draw over the byte streams of a thousand random seed pairs, a thousand draws from each:
    // an HMAC block holds 8 words, so the million draws cost an eighth of the HMACs a million
    // spins would, and each draw reads the stream exactly as a spin does.
    for (let seeds = 0; seeds < draws / 1000; seeds++) {
      const stream = hmacStream(nodeHmac, { serverSeed: randomBytes(32).toString('hex'), clientSeed: randomBytes(12).toString('base64url'), nonce: seeds });
      for (let draw = 0; draw < 1000; draw++) counts[drawSegment(stream, weights)] += 1;
    }
    let chiSquare = 0;
    weights.forEach(({ weight }, index) => {
      const p = weight / total;
      const expected = draws * p;
      const sigma = Math.sqrt(draws * p * (1 - p));
      expect({ index, off: Math.abs(counts[index] - expected) <= 5 * sigma }).toEqual({ index, off: true });
      chiSquare += (counts[index] - expected) ** 2 / expected;
    });
    // 7 degrees of freedom: P(χ² > 45) ≈ 1.4e-7 for a fair draw.
    expect(chiSquare).toBeLessThan(45);
  });
});

describe('verifying a spin', () => {
  it('lands on the segment the first accepted word of HMAC(serverSeed, "clientSeed:nonce") points at', () => {
    // Written out by hand: the first word of block 0, big-endian, is below 2^32 − (2^32 mod 10000)
    // (rejected only in 1 case out of 1.4 million), so the point is that word mod 10000.
    const block = nodeHmac('a-server-seed', 'my-seed:3');
    const word = ((block[0] << 24) >>> 0) + ((block[1] << 16) | (block[2] << 8) | block[3]);
    expect(word).toBeLessThan(2 ** 32 - (2 ** 32 % 10_000));
    expect(verifySpin('a-server-seed', 'my-seed', 3, weights, nodeHmac)).toBe(segmentAt(weights, word % 10_000));
  });

  it('computes the same segment in a browser (WebCrypto HMAC) as on the server', async () => {
    const hmacAsync = browserHmac();
    for (let nonce = 0; nonce < 20; nonce++) {
      const serverSeed = randomBytes(32).toString('hex');
      await expect(verifySpinAsync(serverSeed, 'browser-seed', nonce, weights, hmacAsync)).resolves.toBe(verifySpin(serverSeed, 'browser-seed', nonce, weights, nodeHmac));
    }
  });

  it('reads on into further blocks in a browser when every word of the first is rejected', async () => {
    // Weights summing to 2^31 + 1 reject about half of the words: some nonce's first eight are all
    // rejected (1 in 256), and the browser must then compute a second block, as the server reads it.
    const wide = [{ weight: 2 ** 30 }, { weight: 2 ** 30 + 1 }];
    let nonce = 0;
    for (; nonce < 10_000; nonce++) {
      const stream = hmacStream(nodeHmac, { serverSeed: 'wide-seed', clientSeed: 'c', nonce });
      drawSegment(stream, wide);
      if (stream.blocksUsed > 1) break;
    }
    expect(nonce).toBeLessThan(10_000);
    await expect(verifySpinAsync('wide-seed', 'c', nonce, wide, browserHmac())).resolves.toBe(verifySpin('wide-seed', 'c', nonce, wide, nodeHmac));
  });
});

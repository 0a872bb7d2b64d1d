/** @jest-environment node */
import { createHmac, webcrypto } from 'node:crypto';
import {
  ByteStream,
  OutcomeBlocksExhaustedError,
  blockMessage,
  blocksStream,
  hmacStream,
  outcomeBlocks,
  playRound,
  replayWithAsyncHmac,
  uniformIntFrom,
  utf8Bytes,
  webCryptoHmacSha256,
  type HmacSubtleCrypto,
} from '.';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const seeds = { serverSeed: 'server-seed', clientSeed: 'client-seed', nonce: 0 };

/** Words of a stream over the given 32-bit values (8 per block). */
const wordsStream = (words: number[]) => {
  const blocks: Uint8Array[] = [];
  for (let start = 0; start < words.length; start += 8) {
    const block = Buffer.alloc(32);
    words.slice(start, start + 8).forEach((word, index) => block.writeUInt32BE(word, index * 4));
    blocks.push(block);
  }
  return blocksStream(blocks);
};

describe('the byte stream', () => {
  test('block 0 is HMAC-SHA256(serverSeed, "clientSeed:nonce"), block k is HMAC(serverSeed, "clientSeed:nonce:k") (fixed vectors)', () => {
    expect(blockMessage('client-seed', 0, 0)).toBe('client-seed:0');
    expect(blockMessage('client-seed', 0, 1)).toBe('client-seed:0:1');
    expect(blockMessage('client-seed', 42, 0)).toBe('client-seed:42');
    // Pinned: the format may never change (past rounds must stay verifiable).
    expect(hex(hmac('server-seed', 'client-seed:0'))).toBe('e4855fab63cbdebbb54a426a78d98f48a3edc2bda72642152997c70bd1ec7c33');
    expect(hex(hmac('server-seed', 'client-seed:0:1'))).toBe('bb26839f027c7b8a9177b093cebfb07eea2216c0c5cfff1e8284c095f8031b6f');

    const stream = hmacStream(hmac, seeds);
    const words = Array.from({ length: 16 }, () => stream.nextUint32());
    expect(words[0]).toBe(0xe4855fab);
    expect(words[7]).toBe(0xd1ec7c33);
    expect(words[8]).toBe(0xbb26839f);
    expect(words[15]).toBe(0xf8031b6f);
    expect(stream.blocksUsed).toBe(2);
    expect(stream.wordsUsed).toBe(16);

    const nonce42 = hmacStream(hmac, { ...seeds, nonce: 42 });
    expect(nonce42.nextUint32()).toBe(0x1517f290);
  });

  test('is deterministic: the same seeds give the same draws, another nonce or client seed others', () => {
    const draws = (stream: ByteStream) => Array.from({ length: 50 }, () => stream.uniformInt(37));
    expect(draws(hmacStream(hmac, seeds))).toEqual(draws(hmacStream(hmac, seeds)));
    expect(draws(hmacStream(hmac, { ...seeds, nonce: 1 }))).not.toEqual(draws(hmacStream(hmac, seeds)));
    expect(draws(hmacStream(hmac, { ...seeds, clientSeed: 'other' }))).not.toEqual(draws(hmacStream(hmac, seeds)));
  });

  test('refuses a bad nonce or n', () => {
    expect(() => hmacStream(hmac, { ...seeds, nonce: -1 })).toThrow(RangeError);
    expect(() => hmacStream(hmac, { ...seeds, nonce: 1.5 })).toThrow(RangeError);
    const stream = hmacStream(hmac, seeds);
    expect(() => stream.uniformInt(0)).toThrow(RangeError);
    expect(() => stream.uniformInt(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => stream.uniformInt(2.5)).toThrow(RangeError);
  });

  test('a block that is not 32 bytes is refused', () => {
    expect(() => new ByteStream(() => new Uint8Array(16)).nextUint32()).toThrow(RangeError);
  });
});

describe('uniformInt', () => {
  test('rejects the words at or above the largest multiple of n and reads on', () => {
    // n = 3: 2^32 mod 3 = 1, so only 0xffffffff is rejected.
    const stream = wordsStream([0xffffffff, 0xfffffffe, 7]);
    expect(stream.uniformInt(3)).toBe(0xfffffffe % 3);
    expect(stream.wordsUsed).toBe(2);
    expect(stream.uniformInt(3)).toBe(1);
    // n = 3 · 2^30: a quarter of the words are rejected.
    const big = 3 * 2 ** 30;
    const words = wordsStream([big, big + 5, 2 ** 32 - 1, 12345]);
    expect(words.uniformInt(big)).toBe(12345);
    expect(words.wordsUsed).toBe(4);
    // n = 1 and n = 2^32 read exactly one word.
    const one = wordsStream([0xffffffff, 0xffffffff]);
    expect(one.uniformInt(1)).toBe(0);
    expect(one.uniformInt(2 ** 32)).toBe(0xffffffff);
    expect(one.wordsUsed).toBe(2);
  });

  test('is unbiased on small n (chi-square over 60,000 draws of the real stream, p > 0.001)', () => {
    // Critical values of the chi-square distribution at p = 0.001 by degrees of freedom.
    const critical: Record<number, number> = { 1: 10.83, 2: 13.82, 4: 18.47, 5: 20.52, 6: 22.46, 9: 27.88, 36: 67.99 };
    const draws = 60_000;
    for (const n of [2, 3, 5, 6, 7, 10, 37]) {
      const stream = hmacStream(hmac, { serverSeed: `chi-${n}`, clientSeed: 'uniform', nonce: n });
      const counts = new Array<number>(n).fill(0);
      for (let draw = 0; draw < draws; draw += 1) counts[stream.uniformInt(n)] += 1;
      const expected = draws / n;
      const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
      expect({ n, chiSquare: chiSquare < critical[n - 1] }).toEqual({ n, chiSquare: true });
    }
  });

  test('has no modulo bias where plain modulo would have a large one (n = 3 · 2^30)', () => {
    // w mod n would put half of all words in [0, 2^30); the unbiased draw puts a third there.
    const n = 3 * 2 ** 30;
    const stream = hmacStream(hmac, { serverSeed: 'bias', clientSeed: 'large-n', nonce: 0 });
    const draws = 30_000;
    let low = 0;
    for (let draw = 0; draw < draws; draw += 1) if (stream.uniformInt(n) < 2 ** 30) low += 1;
    const share = low / draws;
    const sigma = Math.sqrt((1 / 3) * (2 / 3) / draws);
    expect(Math.abs(share - 1 / 3)).toBeLessThan(5 * sigma);
  });

  test('uniformIntFrom draws from any word source with the same rule', () => {
    let calls = 0;
    expect(uniformIntFrom(() => [2 ** 32 - 1, 10][calls++], 3)).toBe(1);
    expect(calls).toBe(2);
  });
});

describe('precomputed blocks for the browser', () => {
  // The browser's crypto.subtle (DOM types) is what the verification page passes.
  const subtle: HmacSubtleCrypto = (globalThis.crypto ?? (webcrypto as unknown as Crypto)).subtle;

  test('WebCrypto blocks equal node:crypto blocks, and the UTF-8 of any seed is the same', async () => {
    const unicode = { serverSeed: 'sérver-秘密-🎰', clientSeed: 'clïent ✓', nonce: 7 };
    const blocks = await outcomeBlocks(webCryptoHmacSha256(subtle), unicode, 3);
    expect(blocks.map(hex)).toEqual([0, 1, 2].map((index) => hex(hmac(unicode.serverSeed, blockMessage(unicode.clientSeed, unicode.nonce, index)))));
    expect(Buffer.from(utf8Bytes(unicode.serverSeed)).equals(Buffer.from(unicode.serverSeed, 'utf8'))).toBe(true);
  });

  test('a stream over too few blocks says so; replayWithAsyncHmac fetches more and matches the server', async () => {
    const stream = blocksStream([hmac('s', 'c:0')]);
    for (let word = 0; word < 8; word += 1) stream.nextUint32();
    expect(() => stream.nextUint32()).toThrow(OutcomeBlocksExhaustedError);

    // A slot round with free spins needs many blocks: find one, then replay it from 1 block up.
    const hmacAsync = webCryptoHmacSha256(subtle);
    let nonce = 0;
    let server = playRound('JLS001', hmacStream(hmac, { serverSeed: 'replay', clientSeed: 'x', nonce }), { bet: 100 });
    while (server.kind !== 'slot' || server.result.freeSpins.length === 0) {
      nonce += 1;
      server = playRound('JLS001', hmacStream(hmac, { serverSeed: 'replay', clientSeed: 'x', nonce }), { bet: 100 });
    }
    const replayed = await replayWithAsyncHmac(hmacAsync, { serverSeed: 'replay', clientSeed: 'x', nonce }, (source) => playRound('JLS001', source, { bet: 100 }), 1);
    expect(replayed).toEqual(server);
  });
});

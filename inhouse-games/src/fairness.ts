// Provably fair randomness of the in-house games (games-design.md "Fairness byte stream").
//
// A round's outcome is a pure function of three public-after-the-fact values:
//   serverSeed (secret until rotated; its SHA-256 is shown before play), clientSeed (the player's),
//   nonce (0, 1, 2, … per bet under one seed pair).
// The bytes are HMAC-SHA256 blocks, read in order:
//   block 0     = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`)
//   block k ≥ 1 = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${k}`)
// Key and message are the UTF-8 bytes of those strings (what node:crypto's createHmac does with a
// string key, and what WebCrypto does with TextEncoder bytes).
//
// The bytes are read as 32-bit big-endian words (8 per block, a block is never split: word i is
// bytes 4i..4i+3 of block floor(i / 8)). An integer in [0, n) comes from rejection sampling: a word
// w is accepted when w < n · floor(2^32 / n), and then the integer is w mod n; otherwise the next
// word is read. Every accepted value is equally likely (no modulo bias).
//
// The engine never hashes by itself: it takes the HMAC as a synchronous function, so the server
// passes node:crypto and a browser either passes blocks precomputed with WebCrypto
// (`outcomeBlocks`, `replayWithAsyncHmac`) or any synchronous implementation. One code path
// computes outcomes everywhere: the games read a `RandomSource`.

/** HMAC-SHA256 of UTF-8 `message` under the UTF-8 `key`, synchronous (server: node:crypto). */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

/** HMAC-SHA256 of UTF-8 `message` under the UTF-8 `key`, asynchronous (browser: WebCrypto). */
export type HmacSha256Async = (key: string, message: string) => Promise<Uint8Array | ArrayBuffer>;

/** The three values that decide one round. */
export interface RoundSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  /** A non-negative safe integer, written in decimal in the HMAC message. */
  readonly nonce: number;
}

/** What every game reads its randomness from. */
export interface RandomSource {
  /** A uniformly distributed integer in [0, n), for an integer n with 1 ≤ n ≤ 2^32. */
  uniformInt(n: number): number;
  /** The next 32-bit word as an unsigned integer in [0, 2^32) (same as uniformInt(2^32)). */
  nextUint32(): number;
}

/** Bytes in one HMAC-SHA256 block. */
export const BLOCK_BYTES = 32;
/** 32-bit words in one block. */
export const WORDS_PER_BLOCK = BLOCK_BYTES / 4;
const TWO_POW_32 = 0x1_0000_0000;

/** The HMAC message of block `index` of a round (see the file's comment). */
export function blockMessage(clientSeed: string, nonce: number, index: number): string {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`nonce must be a non-negative safe integer, not ${nonce}`);
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`block index must be a non-negative integer, not ${index}`);
  return index === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${index}`;
}

/** Raised by a stream over precomputed blocks when the game needs more of them. */
export class OutcomeBlocksExhaustedError extends Error {
  constructor(readonly blocksAvailable: number) {
    super(`the outcome needs more than the ${blocksAvailable} precomputed HMAC blocks`);
    this.name = 'OutcomeBlocksExhaustedError';
  }
}

/**
 * The byte stream of one round: 32-bit words read from consecutive blocks. `blockAt(index)` gives
 * block `index` (32 bytes); it is asked for each block once, in order.
 */
export class ByteStream implements RandomSource {
  private block: Uint8Array | null = null;
  private blockIndex = -1;
  private wordIndex = WORDS_PER_BLOCK;
  private words = 0;

  constructor(private readonly blockAt: (index: number) => Uint8Array) {}

  /** Blocks read so far (the verification page precomputes at least this many). */
  get blocksUsed(): number {
    return this.blockIndex + 1;
  }

  /** 32-bit words read so far. */
  get wordsUsed(): number {
    return this.words;
  }

  nextUint32(): number {
    if (this.wordIndex === WORDS_PER_BLOCK) {
      const block = this.blockAt(this.blockIndex + 1);
      if (block.length !== BLOCK_BYTES) throw new RangeError(`an HMAC-SHA256 block has ${BLOCK_BYTES} bytes, not ${block.length}`);
      this.block = block;
      this.blockIndex += 1;
      this.wordIndex = 0;
    }
    const bytes = this.block as Uint8Array;
    const offset = this.wordIndex * 4;
    this.wordIndex += 1;
    this.words += 1;
    return bytes[offset] * 0x100_0000 + ((bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]);
  }

  uniformInt(n: number): number {
    return uniformIntFrom(() => this.nextUint32(), n);
  }
}

/**
 * Rejection sampling of an integer in [0, n) from uniform 32-bit words (`nextWord`): reads words
 * until one is below the largest multiple of n that fits in 2^32, and answers it modulo n. n = 1
 * still reads one word (every draw reads at least one, so the words a game reads do not depend on
 * its parameters' sizes).
 */
export function uniformIntFrom(nextWord: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`uniformInt needs an integer n in [1, 2^32], not ${n}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % n;
  }
}

/** The stream of a round computed on demand with a synchronous HMAC (the server's way). */
export function hmacStream(hmac: HmacSha256, seeds: RoundSeeds): ByteStream {
  blockMessage(seeds.clientSeed, seeds.nonce, 0);
  return new ByteStream((index) => hmac(seeds.serverSeed, blockMessage(seeds.clientSeed, seeds.nonce, index)));
}

/**
 * The stream over blocks computed beforehand (blocks[0], blocks[1], …); reading past the last one
 * throws OutcomeBlocksExhaustedError.
 */
export function blocksStream(blocks: readonly Uint8Array[]): ByteStream {
  return new ByteStream((index) => {
    if (index >= blocks.length) throw new OutcomeBlocksExhaustedError(blocks.length);
    return blocks[index];
  });
}

/** Blocks 0 … count−1 of a round with an asynchronous HMAC (WebCrypto in a browser). */
export async function outcomeBlocks(hmacAsync: HmacSha256Async, seeds: RoundSeeds, count: number): Promise<Uint8Array[]> {
  const messages = Array.from({ length: count }, (_, index) => blockMessage(seeds.clientSeed, seeds.nonce, index));
  const blocks = await Promise.all(messages.map((message) => hmacAsync(seeds.serverSeed, message)));
  return blocks.map((block) => (block instanceof Uint8Array ? block : new Uint8Array(block)));
}

/**
 * Recomputes a round in a browser with the same engine the server ran: precomputes `initialBlocks`
 * blocks with the asynchronous HMAC, runs `play` over them, and when `play` needs more blocks
 * (a long free-spin sequence) doubles the count and runs it again. `play` must be pure (it may run
 * more than once).
 */
export async function replayWithAsyncHmac<T>(hmacAsync: HmacSha256Async, seeds: RoundSeeds, play: (source: RandomSource) => T, initialBlocks = 4): Promise<T> {
  let count = Math.max(1, initialBlocks);
  for (;;) {
    const blocks = await outcomeBlocks(hmacAsync, seeds, count);
    try {
      return play(blocksStream(blocks));
    } catch (error) {
      if (!(error instanceof OutcomeBlocksExhaustedError)) throw error;
      count *= 2;
    }
  }
}

/** The UTF-8 bytes of a string (no TextEncoder needed: the engine runs on any JavaScript). */
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Uint8Array.from(bytes);
}

/** The part of WebCrypto's SubtleCrypto this module uses (typed here: the engine has no DOM types). */
export interface HmacSubtleCrypto {
  importKey(format: 'raw', keyData: Uint8Array<ArrayBuffer>, algorithm: { name: 'HMAC'; hash: 'SHA-256' }, extractable: false, keyUsages: ['sign']): Promise<unknown>;
  sign(algorithm: 'HMAC', key: never, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

/**
 * An asynchronous HMAC-SHA256 over WebCrypto (pass `crypto.subtle`; the browser's verification
 * page uses it with `replayWithAsyncHmac`). Keys are imported once per server seed.
 */
export function webCryptoHmacSha256(subtle: HmacSubtleCrypto): HmacSha256Async {
  const keys = new Map<string, Promise<unknown>>();
  return async (key, message) => {
    let imported = keys.get(key);
    if (!imported) {
      imported = subtle.importKey('raw', utf8Bytes(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      keys.set(key, imported);
    }
    return new Uint8Array(await subtle.sign('HMAC', (await imported) as never, utf8Bytes(message)));
  };
}

// Provably fair, checked in the browser: a drawn round's numbers are recomputed from its revealed
// server seed and its sales hash (fixed when sales closed) with the same code the server drew them
// with (verifyDrawAsync over WebCrypto's HMAC-SHA256), and the seed is checked against the hash
// published before betting opened (SHA-256 of the seed's text, hex). Loaded with the
// verification dialog only.
import type { LotteryDraw } from '@platform/contract';
import { utf8Bytes, webCryptoHmacSha256, type HmacSubtleCrypto } from '@platform/inhouse-games';
import { formatDraw, verifyDrawAsync, type LotteryKind } from '@platform/lottery-rules';

export type VerifySubtle = HmacSubtleCrypto & { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };

export interface Verification {
  /** SHA-256 of the revealed seed, hex. */
  seedHash: string;
  hashMatches: boolean;
  /** The numbers recomputed here, formatted as the draw shows them. */
  numbers: string[];
  numbersMatch: boolean;
  matches: boolean;
}

/** Raised where the page has no WebCrypto (a page not served over https). */
export class VerificationUnavailableError extends Error {
  constructor() {
    super('WebCrypto is not available on this page');
    this.name = 'VerificationUnavailableError';
  }
}

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export function pageSubtle(): VerifySubtle | undefined {
  return (globalThis.crypto as Crypto | undefined)?.subtle as unknown as VerifySubtle | undefined;
}

/** Recomputes a drawn round. Throws for a round without a revealed seed, or without WebCrypto. */
export async function verifyDraw(kind: LotteryKind, draw: LotteryDraw, subtle: VerifySubtle | null | undefined = pageSubtle()): Promise<Verification> {
  if (!subtle) throw new VerificationUnavailableError();
  if (!draw.serverSeed) throw new RangeError(`round ${draw.numero} has no revealed seed`);
  const seedHash = hex(new Uint8Array(await subtle.digest('SHA-256', utf8Bytes(draw.serverSeed))));
  const recomputed = await verifyDrawAsync(kind, draw.gameCode, draw.numero, draw.serverSeed, draw.salesHash, webCryptoHmacSha256(subtle));
  const numbers = formatDraw(recomputed);
  const hashMatches = seedHash === draw.serverSeedHash.trim().toLowerCase();
  const numbersMatch = numbers.length === draw.numbers.length && numbers.every((number, index) => number === draw.numbers[index]);
  return { seedHash, hashMatches, numbers, numbersMatch, matches: hashMatches && numbersMatch };
}

// Provably fair, checked in the browser: a spin's segment is recomputed from its revealed server
// seed, its client seed and nonce, and the wheel's weights when it was spun, with the code the
// server drew it with (verifySpinAsync of @platform/inhouse-games over WebCrypto's HMAC-SHA256),
// and the seed is checked against the hash the page showed before the spin (SHA-256 of the seed's
// text, hex).
import type { PrizeWheelSpinInfo } from '@platform/contract';
import { utf8Bytes, verifySpinAsync, webCryptoHmacSha256, type HmacSubtleCrypto } from '@platform/inhouse-games';

export type VerifySubtle = HmacSubtleCrypto & { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };

export interface SpinVerification {
  /** SHA-256 of the revealed seed, hex, computed here. */
  seedHash: string;
  hashMatches: boolean;
  /** The segment recomputed here. */
  segmentIndex: number;
  segmentMatches: boolean;
  matches: boolean;
}

/** Raised where the page has no WebCrypto (a page not served over https). */
export class VerificationUnavailableError extends Error {
  constructor() {
    super('WebCrypto is not available on this page');
    this.name = 'VerificationUnavailableError';
  }
}

/** Raised for a spin whose server seed is still secret (the member has not rotated it yet). */
export class SeedNotRevealedError extends Error {
  constructor(readonly transactionId: string) {
    super(`the seed of spin ${transactionId} is not revealed yet`);
    this.name = 'SeedNotRevealedError';
  }
}

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export function pageSubtle(): VerifySubtle | undefined {
  return (globalThis.crypto as Crypto | undefined)?.subtle as unknown as VerifySubtle | undefined;
}

/** Recomputes a spin. Throws for a spin without a revealed seed, or without WebCrypto. */
export async function verifySpinInBrowser(spin: PrizeWheelSpinInfo, subtle: VerifySubtle | null | undefined = pageSubtle()): Promise<SpinVerification> {
  if (!subtle) throw new VerificationUnavailableError();
  if (spin.serverSeed === null) throw new SeedNotRevealedError(spin.transactionId);
  const seedHash = hex(new Uint8Array(await subtle.digest('SHA-256', utf8Bytes(spin.serverSeed))));
  const segments = spin.weights.map((weight) => ({ weight }));
  let segmentIndex = -1;
  try {
    segmentIndex = await verifySpinAsync(spin.serverSeed, spin.clientSeed, spin.nonce, segments, webCryptoHmacSha256(subtle));
  } catch (error) {
    // Weights no draw could have used (none, or not positive integers): nothing to match.
    if (!(error instanceof RangeError)) throw error;
  }
  const hashMatches = seedHash === spin.serverSeedHash.trim().toLowerCase();
  const segmentMatches = segmentIndex === spin.segmentIndex;
  return { seedHash, hashMatches, segmentIndex, segmentMatches, matches: hashMatches && segmentMatches };
}

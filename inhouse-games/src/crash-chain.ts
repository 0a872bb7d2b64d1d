// JLC001 Rocket Crash: seeds the house cannot choose (the "chain" scheme; server/README.md
// "In-house games", migration 046).
//
// A chain of `length` seeds is made before its first round: seed[length] is random (64 hex
// characters), and seed[n] = SHA-256(seed[n + 1]) for n = length − 1 … 0, SHA-256 of the seed's
// text, written as 64 lower-case hex characters (what serverSeedHash already is for every game).
// seed[0], the chain's end, is published before the chain's first round opens. Round n of the
// chain (n = 1, 2, …) plays seed[n]: every seed is fixed by the published end before any bet, and
// seed[n] reveals nothing of seed[n + 1] (that would be a SHA-256 preimage). Anyone holding the
// end checks a revealed seed: hashing seed[n] n times gives seed[0].
//
// A chain fixed in advance could still have been picked among many for its low crash points, so
// each round's outcome also takes a value fixed after the chain was published and that the
// house does not choose: the round's salt, SHA-256 of the round's bets at betting close
// (crashSaltText). The crash point is then the game's usual one with seed[n] as server seed and
// the salt as client seed, nonce 0: crashPoint(HMAC-SHA256(seed[n], `${salt}:0`)).
//
// Hashing is passed in (node:crypto on the server, WebCrypto or crypto-js in the browser), as the
// engine's HMAC is (fairness.ts).

/** Hex SHA-256 of a text's UTF-8 bytes, synchronous (the server). */
export type Sha256Hex = (text: string) => string;
/** Hex SHA-256 of a text's UTF-8 bytes, asynchronous (a browser's WebCrypto). */
export type Sha256HexAsync = (text: string) => Promise<string>;

/** The longest chain a verification walks (a round's index is at most this). */
export const CRASH_CHAIN_MAX_LENGTH = 1_000_000;

const SEED = /^[0-9a-f]{64}$/;

function checkedSteps(steps: number): number {
  if (!Number.isSafeInteger(steps) || steps < 0 || steps > CRASH_CHAIN_MAX_LENGTH) throw new RangeError(`a chain index in [0, ${CRASH_CHAIN_MAX_LENGTH}], not ${steps}`);
  return steps;
}

/** seed[n − steps] from seed[n]: SHA-256 applied `steps` times. */
export function walkChain(sha256Hex: Sha256Hex, seed: string, steps: number): string {
  let current = seed;
  for (let step = checkedSteps(steps); step > 0; step -= 1) current = sha256Hex(current);
  return current;
}

/** walkChain with an asynchronous SHA-256 (the verification page). */
export async function walkChainAsync(sha256Hex: Sha256HexAsync, seed: string, steps: number): Promise<string> {
  let current = seed;
  for (let step = checkedSteps(steps); step > 0; step -= 1) current = await sha256Hex(current);
  return current;
}

/**
 * True when `seed` is seed[index] of the chain whose published end is `end`: hashing it `index`
 * times gives the end. A seed the house swapped after publishing the end never does.
 */
export async function chainSeedVerifies(sha256Hex: Sha256HexAsync, seed: string, index: number, end: string): Promise<boolean> {
  if (!SEED.test(seed) || !SEED.test(end) || !Number.isSafeInteger(index) || index < 1 || index > CRASH_CHAIN_MAX_LENGTH) return false;
  return (await walkChainAsync(sha256Hex, seed, index)) === end;
}

/** One bet of a round as its salt counts it. */
export interface CrashSaltBet {
  /** The bet's id (crash_bet.id). */
  id: number | string;
  /** Minor units. */
  betMinor: number;
}

/**
 * The text whose SHA-256 (hex) is a chain round's salt: the round's id, then each bet taken
 * before betting closed, in id order, as "<id>:<minor units>", one per line.
 */
export function crashSaltText(roundId: number | string, bets: readonly CrashSaltBet[]): string {
  const lines = [...bets].sort((a, b) => Number(a.id) - Number(b.id)).map((bet) => `${bet.id}:${bet.betMinor}`);
  return [`round:${roundId}`, ...lines].join('\n');
}

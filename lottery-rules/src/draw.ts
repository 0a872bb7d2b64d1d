// Provably fair draws of the house lotteries: a round's numbers are a pure function of the
// server seed, the game code and the round's numero, over the in-house games' HMAC-SHA256 byte
// stream (@platform/inhouse-games/fairness: only that file, not the slot engine; rejection-sampled uniform integers).
// Decides (the format may never change: past rounds must stay verifiable):
//   · the stream of a round is hmacStream(hmac, { serverSeed, clientSeed: `${gameCode}-${numero}`,
//     nonce: 0 }); that client seed must match the in-house client-seed pattern ^[!-9;-~]{1,64}$
//     (no ':' and no spaces), so a game code or numero holding them is refused;
//   · how each kind reads the stream, only through uniformInt(n), in this order:
//       SSC   5 × uniformInt(10), 万 first;
//       11X5  partial Fisher–Yates of [1..11]: for i = 0..4, j = i + uniformInt(11 − i), swap
//             a[i] and a[j]; the draw is a[0..4];
//       PK10  Fisher–Yates of [1..10] the same way for i = 0..8 (9 reads; the last car is what
//             is left);
//       LHC   partial Fisher–Yates of [1..49] for i = 0..6; a[0..5] are 正码1-6, a[6] the 特码;
//       VN    27 numbers, number i = uniformInt(10^VN_PRIZE_DIGITS[i]), ĐB first;
//       K3    3 × (1 + uniformInt(6)), first die first;
//       PC28  3 × uniformInt(10);
//       3D    3 × uniformInt(10), 百 first;
//       P5    5 × uniformInt(10), 万 first;
//       VN18  18 numbers, number i = uniformInt(10^VN18_PRIZE_DIGITS[i]), ĐB first (the southern
//             and central draws announce G8 first; the stream and the stored numbers go ĐB first,
//             like VN's, so a kind's special prize is always its first number).
//   · a round drawn with a sales hash (64 lowercase hex digits: SHA-256 of the round's bets as
//     they stood when sales closed, computed by the server; server/README.md, Lottery) uses
//     `${serverSeed}:${salesHash}` as the HMAC key in place of the seed alone, the client seed
//     and nonce unchanged. The seed is fixed (and its hash published) before sales open, the
//     sales hash only when they close: whoever reads the seed early (a leaked secrets key) still
//     cannot tell the numbers while bets can be placed. Rounds drawn before sales hashes existed
//     have none and keep the seed alone.
import { hmacStream, replayWithAsyncHmac, type HmacSha256, type HmacSha256Async, type RandomSource, type RoundSeeds } from '@platform/inhouse-games/fairness';
import type { Draw, LotteryKind } from './types';

/** Digits of the 27 northern prize numbers: ĐB, G1, G2×2, G3×6 (5 digits), G4×4, G5×6 (4), G6×3 (3), G7×4 (2). */
export const VN_PRIZE_DIGITS: readonly number[] = Object.freeze([
  5,
  5,
  ...new Array<number>(2).fill(5),
  ...new Array<number>(6).fill(5),
  ...new Array<number>(4).fill(4),
  ...new Array<number>(6).fill(4),
  ...new Array<number>(3).fill(3),
  ...new Array<number>(4).fill(2),
]);

/**
 * Digits of the 18 southern and central prize numbers (XSMN, XSMT), stored ĐB first: ĐB (6), G1,
 * G2, G3×2, G4×7 (5), G5, G6×3 (4), G7 (3), G8 (2). 17 of them have at least 3 digits, 16 at least 4.
 */
export const VN18_PRIZE_DIGITS: readonly number[] = Object.freeze([
  6,
  5,
  5,
  ...new Array<number>(2).fill(5),
  ...new Array<number>(7).fill(5),
  4,
  ...new Array<number>(3).fill(4),
  3,
  2,
]);

/** Numbers in a draw of each kind. */
export const DRAW_SIZES: Readonly<Record<LotteryKind, number>> = Object.freeze({ SSC: 5, '11X5': 5, PK10: 10, LHC: 7, VN: 27, K3: 3, PC28: 3, '3D': 3, P5: 5, VN18: 18 });

/** The Vietnamese kinds: prize tables whose numbers have each their own digits, ĐB first. */
const VIETNAM_KINDS: ReadonlySet<LotteryKind> = new Set<LotteryKind>(['VN', 'VN18']);

/** Whether a kind is a Vietnamese lottery (its games are the SEA menu's, its results a prize table). */
export function isVietnamKind(kind: LotteryKind): boolean {
  return VIETNAM_KINDS.has(kind);
}

/** The digits of each prize number of a Vietnamese kind, ĐB first (undefined for the other kinds). */
export function vnPrizeDigitsOf(kind: LotteryKind): readonly number[] | undefined {
  return kind === 'VN' ? VN_PRIZE_DIGITS : kind === 'VN18' ? VN18_PRIZE_DIGITS : undefined;
}

/** The kinds whose numbers are single digits (shown as one character, entered as one). */
const ONE_DIGIT_KINDS: ReadonlySet<LotteryKind> = new Set<LotteryKind>(['SSC', 'K3', 'PC28', '3D', 'P5']);

/** Characters a number of a draw is shown with: 1 for digit and dice kinds, VN and VN18 each prize's digits, else 2. */
export function drawNumberWidth(kind: LotteryKind, index: number): number {
  return ONE_DIGIT_KINDS.has(kind) ? 1 : (vnPrizeDigitsOf(kind)?.[index] ?? 2);
}

/** 1..size after `steps` Fisher–Yates steps (see the file's comment): entries 0..steps−1 are drawn. */
function shuffle(source: RandomSource, size: number, steps: number): number[] {
  const deck = Array.from({ length: size }, (_, index) => index + 1);
  for (let i = 0; i < steps; i += 1) {
    const j = i + source.uniformInt(size - i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** The draw of a kind read from a random source (see the file's comment for the order of reads). */
export function drawFromSource(kind: LotteryKind, source: RandomSource): Draw {
  switch (kind) {
    case 'SSC':
      return { kind, numbers: Array.from({ length: 5 }, () => source.uniformInt(10)) };
    case '11X5':
      return { kind, numbers: shuffle(source, 11, 5).slice(0, 5) };
    case 'PK10':
      return { kind, numbers: shuffle(source, 10, 9) };
    case 'LHC':
      return { kind, numbers: shuffle(source, 49, 7).slice(0, 7) };
    case 'VN':
      return { kind, numbers: VN_PRIZE_DIGITS.map((digits) => source.uniformInt(10 ** digits)) };
    case 'K3':
      return { kind, numbers: Array.from({ length: 3 }, () => 1 + source.uniformInt(6)) };
    case 'PC28':
    case '3D':
    case 'P5':
      return { kind, numbers: Array.from({ length: DRAW_SIZES[kind] }, () => source.uniformInt(10)) };
    case 'VN18':
      return { kind, numbers: VN18_PRIZE_DIGITS.map((digits) => source.uniformInt(10 ** digits)) };
    default:
      throw new RangeError(`unknown lottery kind ${String(kind)}`);
  }
}

const CLIENT_SEED = /^[!-9;-~]{1,64}$/;

/** The client seed of a round: `${gameCode}-${numero}` (throws when it breaks the client-seed pattern). */
export function roundClientSeed(gameCode: string, numero: string): string {
  const seed = `${gameCode}-${numero}`;
  if (!gameCode || !numero || !CLIENT_SEED.test(seed)) throw new RangeError(`game code and numero make no valid client seed: ${JSON.stringify(seed)}`);
  return seed;
}

const SALES_HASH = /^[0-9a-f]{64}$/;

function roundSeeds(gameCode: string, numero: string, serverSeed: string, salesHash: string | null): RoundSeeds {
  if (salesHash !== null && !SALES_HASH.test(salesHash)) throw new RangeError(`a sales hash is 64 lowercase hex digits: ${JSON.stringify(salesHash)}`);
  return { serverSeed: salesHash === null ? serverSeed : `${serverSeed}:${salesHash}`, clientSeed: roundClientSeed(gameCode, numero), nonce: 0 };
}

/**
 * A round's draw with a synchronous HMAC (the server). `salesHash`: the round's, fixed when its
 * sales closed (null for a round drawn before sales hashes existed; see the file's comment).
 */
export function drawRound(kind: LotteryKind, gameCode: string, numero: string, serverSeed: string, salesHash: string | null, hmac: HmacSha256): Draw {
  return drawFromSource(kind, hmacStream(hmac, roundSeeds(gameCode, numero, serverSeed, salesHash)));
}

/** The same draw recomputed with an asynchronous HMAC (the browser's verification page, WebCrypto). */
export function verifyDrawAsync(kind: LotteryKind, gameCode: string, numero: string, serverSeed: string, salesHash: string | null, hmacAsync: HmacSha256Async): Promise<Draw> {
  // Blocks of 8 words computed up front: enough for the kind's reads with a few rejections.
  const blocks = kind === 'VN' ? 5 : kind === 'VN18' ? 4 : 2;
  return replayWithAsyncHmac(hmacAsync, roundSeeds(gameCode, numero, serverSeed, salesHash), (source) => drawFromSource(kind, source), blocks);
}

/** Whether numbers are a possible draw of their kind (sizes, ranges, distinctness). */
export function isValidDraw(draw: Draw): boolean {
  const { kind, numbers } = draw;
  if (!Object.prototype.hasOwnProperty.call(DRAW_SIZES, kind) || !Array.isArray(numbers) || numbers.length !== DRAW_SIZES[kind]) return false;
  if (!numbers.every((n) => Number.isInteger(n))) return false;
  switch (kind) {
    case 'SSC':
    case 'PC28':
    case '3D':
    case 'P5':
      return numbers.every((n) => n >= 0 && n <= 9);
    case 'K3':
      return numbers.every((n) => n >= 1 && n <= 6);
    case '11X5':
      return new Set(numbers).size === 5 && numbers.every((n) => n >= 1 && n <= 11);
    case 'PK10':
      return new Set(numbers).size === 10 && numbers.every((n) => n >= 1 && n <= 10);
    case 'LHC':
      return new Set(numbers).size === 7 && numbers.every((n) => n >= 1 && n <= 49);
    case 'VN':
      return numbers.every((n, index) => n >= 0 && n < 10 ** VN_PRIZE_DIGITS[index]);
    case 'VN18':
      return numbers.every((n, index) => n >= 0 && n < 10 ** VN18_PRIZE_DIGITS[index]);
  }
}

/** The numbers as shown: digit and dice kinds one character, 11X5/PK10/LHC two digits, VN and VN18 zero-padded to each prize's digits. */
export function formatDraw(draw: Draw): string[] {
  return draw.numbers.map((n, index) => String(n).padStart(drawNumberWidth(draw.kind, index), '0'));
}

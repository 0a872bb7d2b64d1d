// The draw of a prize wheel spin (server module prize-wheel/, contract/src/prize-wheel.ts), pure:
// the server runs it to spin, the tests to check it, and the member centre's reward centre runs it
// to verify a spin in the browser. No Node APIs and nothing imported but the fairness byte stream;
// the HMAC is passed in (node:crypto on the server, WebCrypto in a browser).
//
// A spin reads one integer in [0, total weight) from the byte stream of (serverSeed, clientSeed,
// nonce) with its unbiased reader (rejection sampling, no modulo bias), and lands on the segment,
// in wheel order, whose run of the weights holds it: segment i when
//   weight[0] + … + weight[i-1] ≤ point < weight[0] + … + weight[i].
// So a segment is drawn with probability exactly weight / total.
import { hmacStream, replayWithAsyncHmac, type HmacSha256, type HmacSha256Async, type RandomSource } from './fairness';

/** What the draw reads of a segment. */
export interface WeightedSegment {
  readonly weight: number;
}

/** The largest range the byte stream's integer reader takes. */
export const MAX_TOTAL_WEIGHT = 0x1_0000_0000;

/** The sum of the weights; throws unless each is a positive integer and the sum fits the reader. */
export function totalWeightOf(segments: readonly WeightedSegment[]): number {
  if (segments.length === 0) throw new RangeError('a wheel needs at least one segment');
  let total = 0;
  for (const { weight } of segments) {
    if (!Number.isSafeInteger(weight) || weight < 1) throw new RangeError(`a segment's weight is a positive integer, not ${weight}`);
    total += weight;
  }
  if (total > MAX_TOTAL_WEIGHT) throw new RangeError(`the weights sum to ${total}, more than 2^32`);
  return total;
}

/** The segment the point in [0, total weight) falls on. */
export function segmentAt(segments: readonly WeightedSegment[], point: number): number {
  let rest = point;
  for (let index = 0; index < segments.length; index++) {
    if (rest < segments[index].weight) return index;
    rest -= segments[index].weight;
  }
  throw new RangeError(`point ${point} is beyond the total weight`);
}

/** Draws a segment's index from a random source, by weight. */
export function drawSegment(source: RandomSource, segments: readonly WeightedSegment[]): number {
  return segmentAt(segments, source.uniformInt(totalWeightOf(segments)));
}

/** The index of the segment a spin with these seeds lands on (the server's draw, and its check). */
export function verifySpin(serverSeed: string, clientSeed: string, nonce: number, segments: readonly WeightedSegment[], hmac: HmacSha256): number {
  return drawSegment(hmacStream(hmac, { serverSeed, clientSeed, nonce }), segments);
}

/**
 * verifySpin with an asynchronous HMAC (a browser's WebCrypto: webCryptoHmacSha256(crypto.subtle)).
 * One block is precomputed first: a draw reads a second only when its first eight words are all
 * rejected, and replayWithAsyncHmac then computes more.
 */
export function verifySpinAsync(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  segments: readonly WeightedSegment[],
  hmacAsync: HmacSha256Async,
): Promise<number> {
  return replayWithAsyncHmac(hmacAsync, { serverSeed, clientSeed, nonce }, (source) => drawSegment(source, segments), 1);
}

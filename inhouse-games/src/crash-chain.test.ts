/** @jest-environment node */
import { createHash, createHmac } from 'node:crypto';
import { chainSeedVerifies, crashPoint, crashSaltText, hmacStream, walkChain, walkChainAsync } from '.';

// The crash rounds' seed chain: a chain made from a random last seed verifies every round's seed
// from its published end, a round's crash point recomputes from its seed and salt, and a seed
// swapped after the end was published (to give a chosen crash point) fails verification.

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const sha256HexAsync = async (text: string) => sha256Hex(text);
const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

/** seed[0 … length] of a chain from its last seed. */
function chain(last: string, length: number): string[] {
  const seeds = [last];
  for (let n = length; n > 0; n -= 1) seeds.unshift(sha256Hex(seeds[0]));
  return seeds;
}

const LAST = createHash('sha256').update('a random last seed').digest('hex');

describe('the crash seed chain', () => {
  const seeds = chain(LAST, 50);
  const end = seeds[0];

  test('seed[n] = SHA-256(seed[n + 1]); walking n steps from seed[n] reaches the published end', async () => {
    expect(walkChain(sha256Hex, LAST, 50)).toBe(end);
    for (const n of [1, 2, 17, 49, 50]) {
      expect(sha256Hex(seeds[n])).toBe(seeds[n - 1]);
      expect(walkChain(sha256Hex, seeds[n], n)).toBe(end);
      expect(await walkChainAsync(sha256HexAsync, seeds[n], n)).toBe(end);
      expect(await chainSeedVerifies(sha256HexAsync, seeds[n], n, end)).toBe(true);
    }
  });

  test("refuses a seed at another index, another chain's seed, and malformed input", async () => {
    expect(await chainSeedVerifies(sha256HexAsync, seeds[5], 6, end)).toBe(false);
    expect(await chainSeedVerifies(sha256HexAsync, seeds[5], 4, end)).toBe(false);
    expect(await chainSeedVerifies(sha256HexAsync, chain(sha256Hex('other'), 50)[5], 5, end)).toBe(false);
    expect(await chainSeedVerifies(sha256HexAsync, seeds[5].toUpperCase(), 5, end)).toBe(false);
    expect(await chainSeedVerifies(sha256HexAsync, seeds[5], 0, end)).toBe(false);
    expect(await chainSeedVerifies(sha256HexAsync, 'end', 5, end)).toBe(false);
  });

  test("a round's crash point recomputes from its revealed seed and its salt (the bets at betting close)", () => {
    const salt = sha256Hex(crashSaltText(812, [{ id: 9, betMinor: 500 }, { id: 4, betMinor: 100 }]));
    expect(crashSaltText(812, [{ id: 9, betMinor: 500 }, { id: 4, betMinor: 100 }])).toBe('round:812\n4:100\n9:500');
    const played = crashPoint(hmacStream(hmac, { serverSeed: seeds[7], clientSeed: salt, nonce: 0 }));
    // The first word of HMAC-SHA256(seed, "<salt>:0"), by hand.
    const word = createHmac('sha256', seeds[7]).update(`${salt}:0`).digest().readUInt32BE(0);
    expect(played).toBe(Math.min(Math.max(Math.floor((99 * 2 ** 32) / (word + 1)), 100), 100_000_000));
    // Other bets, another salt: the house cannot know a round's point before its bets are in.
    const otherSalt = sha256Hex(crashSaltText(812, [{ id: 4, betMinor: 100 }]));
    expect(otherSalt).not.toBe(salt);
  });

  test('catches a house that swaps a round seed for one giving a low crash point', async () => {
    const salt = sha256Hex(crashSaltText(3, []));
    const honest = crashPoint(hmacStream(hmac, { serverSeed: seeds[3], clientSeed: salt, nonce: 0 }));
    // The house looks for a seed of its own whose crash is an instant bust and plays it as round 3.
    let swapped = '';
    for (let attempt = 0; ; attempt += 1) {
      const candidate = sha256Hex(`forged ${attempt}`);
      if (crashPoint(hmacStream(hmac, { serverSeed: candidate, clientSeed: salt, nonce: 0 })) < Math.min(honest, 110)) {
        swapped = candidate;
        break;
      }
    }
    // Its crash point recomputes from what it published, but the seed does not lead to the chain's end.
    expect(await chainSeedVerifies(sha256HexAsync, swapped, 3, end)).toBe(false);
    expect(await chainSeedVerifies(sha256HexAsync, seeds[3], 3, end)).toBe(true);
  });
});

// Random picks (机选, "quick pick"): random valid rows of a play, for the betting page's quick-pick
// button (with Math.random) and for tests and benchmarks (with the seeded mulberry32, so a run can
// be repeated). Not for anything that decides money: draws use the fair stream of draw.ts.
import type { PlayDefinition } from './types';

/** A seeded PRNG (mulberry32) in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomInt = (random: () => number, n: number): number => Math.floor(random() * n);

/** `size` distinct values of `values`, in random order. */
export function randomSubset(random: () => number, values: readonly number[], size: number): number[] {
  const pool = [...values];
  for (let i = 0; i < size; i += 1) {
    const j = i + randomInt(random, pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, size);
}

/** Random rows that pass the row checks (sizes within min..min(max, maxPerRow), at least one pick), ascending. */
export function randomRows(play: PlayDefinition, random: () => number, maxPerRow: number): number[][] {
  for (;;) {
    const rows = play.rows.map((row) => {
      const high = Math.min(row.max, maxPerRow);
      const size = row.min + randomInt(random, Math.max(0, high - row.min) + 1);
      return randomSubset(random, row.values, size).sort((a, b) => a - b);
    });
    if (rows.some((row) => row.length > 0)) return rows;
  }
}

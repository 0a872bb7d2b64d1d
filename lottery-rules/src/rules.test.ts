// The two 胆拖 (banker/drag) settlement rules, banker_choose and banker_superset, on their own: a
// play whose features are given (the rules read only rule, k, the two pick words B and G and the
// feature words F_B, F_G), against the tickets expanded by hand (all of B plus k − |B| of G), on
// hand-picked cases and on random bankers, drags, k and feature sets of any size. product, sum,
// choose and superset are tested in catalogue.test.ts.
import { combinations, mulberry32, randomInt, randomSubset } from './harness.testing';
import { definePlay } from './play-kit';
import { winCount, type Draw, type SettleRule } from '.';

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const maskOf = (values: readonly number[]) => values.reduce((mask, v) => mask | (1n << BigInt(v)), 0n);
const draw: Draw = { kind: 'SSC', numbers: [0, 0, 0, 0, 0] };

/** A 胆拖 play of two digit rows (bankers, drags) whose features are `featureSets` (one set per row). */
const withFeatures = (rule: SettleRule, k: number | undefined, featureSets: readonly (readonly number[])[], rows = 2) =>
  definePlay({
    id: 1,
    code: 'TEST',
    kind: 'SSC',
    group: 'test',
    rows: Array.from({ length: rows }, () => ({ labelKey: 'row_pick', values: DIGITS, display: 'digit' as const, min: 0, max: 10 })),
    rule,
    k,
    probability: { num: 1, den: 2 },
    unitStakeMinor: 200,
    count: () => 1,
    featureMasks: () => ({ masks: featureSets.map(maskOf) }),
  });

const wins = (rule: 'banker_choose' | 'banker_superset', k: number, bankers: number[], drags: number[], drawn: number[]) =>
  winCount(withFeatures(rule, k, [drawn, drawn]), [maskOf(bankers), maskOf(drags)], draw);

/** The tickets (all bankers + k − |B| drags) that lie inside the drawn set / hold it, counted one by one. */
function brute(rule: 'banker_choose' | 'banker_superset', k: number, bankers: number[], drags: number[], drawn: number[]): number {
  if (k < bankers.length) return 0;
  return combinations(drags, k - bankers.length)
    .map((rest) => [...bankers, ...rest])
    .filter((ticket) => (rule === 'banker_choose' ? ticket.every((v) => drawn.includes(v)) : drawn.every((v) => ticket.includes(v)))).length;
}

test('banker_choose: every banker drawn → C(drags drawn, k − |B|), else 0', () => {
  // B {1}, G {2, 3, 4, 9}, drawn {1, 2, 3, 4, 5}, k 3: {1} + 2 of the drawn drags 2 3 4 → C(3,2) = 3.
  expect(wins('banker_choose', 3, [1], [2, 3, 4, 9], [1, 2, 3, 4, 5])).toBe(3);
  // Banker 9 not drawn: every ticket holds it → 0, however many drags are drawn.
  expect(wins('banker_choose', 3, [1, 9], [2, 3, 4], [1, 2, 3, 4, 5])).toBe(0);
  // Fewer drags drawn than a ticket needs → C(1, 2) = 0.
  expect(wins('banker_choose', 3, [1], [2, 8, 9], [1, 2, 3, 4, 5])).toBe(0);
  // k = |B|: the one ticket of the bankers alone.
  expect(wins('banker_choose', 2, [1, 2], [7], [1, 2, 3, 4, 5])).toBe(1);
});

test('banker_superset: every drawn number a banker or a drag → C(|G| − r, k − |B| − r), r the drawn drags, else 0', () => {
  // B {1, 2}, G {3, 4, 5, 6, 7}, drawn {1, 3, 4, 5, 6}, k 6: r = 4 drags every winning ticket holds, plus
  // k − |B| − r = 0 of the one left (7) → C(1, 0) = 1; banker 2 need not be drawn.
  expect(wins('banker_superset', 6, [1, 2], [3, 4, 5, 6, 7], [1, 3, 4, 5, 6])).toBe(1);
  // B {1}, G {2 … 8}, drawn {1, 2, 3, 4, 5}, k 7: r = 4, C(7 − 4, 6 − 4) = C(3, 2) = 3.
  expect(wins('banker_superset', 7, [1], [2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5])).toBe(3);
  // 9 drawn, neither a banker nor a drag → 0.
  expect(wins('banker_superset', 7, [1], [2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 9])).toBe(0);
  // More drawn drags than a ticket takes (r = 4 > k − |B| = 3) → C(·, −1) = 0.
  expect(wins('banker_superset', 6, [1, 2, 3], [4, 5, 6, 7, 8], [4, 5, 6, 7, 1])).toBe(0);
});

test('both rules = the tickets expanded one by one, on random bankers, drags, k and drawn sets of any size', () => {
  const random = mulberry32(91);
  let checks = 0;
  let won = 0;
  for (let trial = 0; trial < 4000; trial += 1) {
    const shuffled = randomSubset(random, DIGITS, 10);
    const b = randomInt(random, 5);
    const g = randomInt(random, 11 - b);
    const bankers = shuffled.slice(0, b);
    const drags = shuffled.slice(b, b + g);
    const drawn = randomSubset(random, DIGITS, randomInt(random, 11));
    const k = randomInt(random, b + g + 2);
    for (const rule of ['banker_choose', 'banker_superset'] as const) {
      const expected = brute(rule, k, bankers, drags, drawn);
      expect({ rule, k, bankers, drags, drawn, wins: wins(rule, k, bankers, drags, drawn) }).toEqual({ rule, k, bankers, drags, drawn, wins: expected });
      checks += 1;
      won += expected;
    }
  }
  expect(checks).toBe(8000);
  expect(won).toBeGreaterThan(1000);
});

test('the rules read each row against its own feature word: F_B for the bankers, F_G for the drags', () => {
  const play = (rule: SettleRule, features: number[][]) => withFeatures(rule, 3, features);
  // The bankers tested on F_B only: banker 1 is in F_B, not in F_G.
  expect(winCount(play('banker_choose', [[1], [2, 3]]), [maskOf([1]), maskOf([2, 3, 4])], draw)).toBe(1);
  expect(winCount(play('banker_choose', [[2, 3], [1, 2, 3]]), [maskOf([1]), maskOf([2, 3, 4])], draw)).toBe(0);
  // banker_superset reads F_G: every value of it among B ∪ G.
  expect(winCount(play('banker_superset', [[9], [1, 2]]), [maskOf([1]), maskOf([2, 3, 4])], draw)).toBe(2);
  expect(winCount(play('banker_superset', [[1], [1, 9]]), [maskOf([1]), maskOf([2, 3, 4])], draw)).toBe(0);
});

test('two_of_three needs k 3 and its prize levels, and only it has levels', () => {
  const tiers = [
    { labelKey: 'tier_two_in', weight: 1 },
    { labelKey: 'tier_three_in', weight: 5 },
  ];
  const base = { ...withFeatures('choose', 3, [[1]], 1), count: () => 1, featureMasks: () => ({ masks: [1n] }) };
  expect(() => definePlay({ ...base, rule: 'two_of_three', prizeTiers: tiers })).not.toThrow();
  expect(() => definePlay({ ...base, prizeTiers: tiers })).toThrow('two_of_three, and only it');
  expect(() => definePlay({ ...base, rule: 'two_of_three' })).toThrow('two_of_three, and only it');
  expect(() => definePlay({ ...base, rule: 'two_of_three', k: 2, prizeTiers: tiers })).toThrow('two_of_three, and only it');
});

test('a banker play needs k, two rows of one word, and features of one layer', () => {
  expect(() => withFeatures('banker_choose', undefined, [[1], [1]])).toThrow('banker_choose needs k');
  expect(() => withFeatures('banker_superset', 6, [[1], [1], [1]], 3)).toThrow('needs two rows of one word');
  expect(() =>
    definePlay({
      ...withFeatures('banker_choose', 3, [[1], [1]]),
      rows: [
        { labelKey: 'row_pick', values: DIGITS, display: 'digit', min: 0, max: 10 },
        { labelKey: 'row_pick', values: [0, 99], display: 'two', min: 0, max: 2 },
      ],
      count: () => 1,
      featureMasks: () => ({ masks: [1n, 1n] }),
    }),
  ).toThrow('needs two rows of one word');
  // Two layers of features: the rule reads one.
  expect(() => winCount(withFeatures('banker_choose', 3, [[1], [1], [1], [1]]), [maskOf([1]), maskOf([2, 3])], draw)).toThrow('one layer');
});

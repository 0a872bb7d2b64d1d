import {
  PLAYS,
  WORD_BITS,
  drawFromSource,
  isValidDraw,
  isVietnamKind,
  mulberry32,
  pickWords,
  picksFromRows,
  randomInt,
  randomRows,
  randomSubset,
  rowWordCounts,
  winCount,
  type Draw,
  type LotteryKind,
  type PlayDefinition,
} from '@platform/lottery-rules';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

// The SQL that settles a round counts a bet's winning tickets as lottery-rules' winCount does, for
// every play of the catalogue, on random valid bets and random draws: the per-play terms and the
// per-bet expression settlement runs (lottery_settle_terms, lottery_win_count_by_terms: migration
// 090) and the PL/pgSQL lottery_win_count they fall back on (migration 039). A property check
// beside the hand-worked tables (hand-worked.test.ts): those fix what a bet wins; this one holds
// the SQL twin equal to the TypeScript on many more bets than anybody works out by hand. Half the
// bets lean on the draw (they pick some of the values drawn on their rows), so that multiple
// wins, every layer of a layered play and superset wins are met, not only misses; the Vietnamese
// draws repeat endings on purpose, so that lô counts a number drawn several times.

const SEED = 20_261_130;
const DRAWS_PER_PLAY = 12;
const BETS_PER_DRAW = 8;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
});

afterAll(async () => {
  await database.drop();
});

/** A random draw of the kind; Vietnamese draws with some endings repeated over several prizes. */
function randomDraw(kind: LotteryKind, random: () => number): Draw {
  const draw = drawFromSource(kind, { uniformInt: (n) => randomInt(random, n), nextUint32: () => randomInt(random, 4_294_967_296) });
  if (kind === 'LHC') return { ...draw, lunarYear: 2020 + randomInt(random, 26) };
  if (!isVietnamKind(kind) || random() < 0.3) return draw;
  const digits = 2 + randomInt(random, 2);
  const ending = randomInt(random, 10 ** digits);
  const numbers = draw.numbers.map((number) => (random() < 0.3 && number >= 10 ** digits ? number - (number % 10 ** digits) + ending : number));
  const repeated = { ...draw, numbers };
  return isValidDraw(repeated) ? repeated : draw;
}

/** Per row of the play, the values the draw's features set on that row's words (any layer). */
function drawnValues(play: PlayDefinition, f: readonly bigint[]): number[][] {
  const counts = rowWordCounts(play);
  const n = counts.reduce((sum, count) => sum + count, 0);
  let offset = 0;
  return play.rows.map((row, index) => {
    const first = offset;
    offset += counts[index];
    return row.values.filter((value) => {
      const word = first + Math.floor(value / WORD_BITS);
      const bit = 1n << BigInt(value % WORD_BITS);
      for (let j = word; j < f.length; j += n) if (f[j] & bit) return true;
      return false;
    });
  });
}

/** Random valid rows; when `lean`, each row also takes some of the values drawn on it. */
function randomBet(play: PlayDefinition, f: readonly bigint[], random: () => number, lean: boolean): bigint[] {
  let plain = randomRows(play, random, 1 + randomInt(random, 8));
  while (play.ticketsOf(picksFromRows(plain)) === 0) plain = randomRows(play, random, 1 + randomInt(random, 8));
  if (lean) {
    const drawn = drawnValues(play, f);
    const rows = plain.map((row, index) => {
      const extra = drawn[index].length ? randomSubset(random, drawn[index], 1 + randomInt(random, drawn[index].length)) : [];
      const merged = [...new Set([...extra, ...row])].slice(0, play.rows[index].max);
      return merged.sort((a, b) => a - b);
    });
    const picks = picksFromRows(rows);
    if (rows.every((row, index) => row.length >= play.rows[index].min) && play.ticketsOf(picks) > 0) return picks;
  }
  return picksFromRows(plain);
}

interface Trial {
  play: PlayDefinition;
  draw: Draw;
  picks: bigint[];
  expected: number;
}

const words = (values: readonly bigint[]): string => `{${values.join(',')}}`;

it('counts the winning tickets of random bets of every play as winCount does, by terms and by the PL/pgSQL loop', async () => {
  const random = mulberry32(SEED);
  const trials: Trial[] = [];
  const inputs = { rule: [] as string[], k: [] as number[], n: [] as number[], p: [] as string[], f: [] as string[] };
  for (const play of PLAYS) {
    for (let d = 0; d < DRAWS_PER_PLAY; d += 1) {
      const draw = randomDraw(play.kind, random);
      const { f } = play.features(draw);
      for (let b = 0; b < BETS_PER_DRAW; b += 1) {
        const picks = randomBet(play, f, random, b % 2 === 0);
        expect(play.ticketsOf(picks)).toBeGreaterThan(0);
        const p = pickWords(play, picks);
        trials.push({ play, draw, picks, expected: winCount(play, picks, draw) });
        inputs.rule.push(play.rule);
        inputs.k.push(play.k ?? 0);
        inputs.n.push(p.length);
        inputs.p.push(words(p));
        inputs.f.push(words(f));
      }
    }
  }
  // As settlement does: the terms once per play and draw (here per bet), then the expression.
  const result = await database.appPool.query<{ byTerms: string; byLoop: string; hasTerms: boolean }>(
    `WITH t AS MATERIALIZED (
       SELECT i, rule, k, n, p::bigint[] AS p, f::bigint[] AS f
         FROM unnest($1::text[], $2::integer[], $3::integer[], $4::text[], $5::text[]) WITH ORDINALITY AS t (rule, k, n, p, f, i)
     ), terms AS MATERIALIZED (
       SELECT t.*, s.pos, s.mask, s.weight, s.wins_by_hits FROM t CROSS JOIN LATERAL lottery_settle_terms(t.rule, t.k, t.n, t.f) AS s
     )
     SELECT lottery_win_count_by_terms(rule, k, p, f, n, pos, mask, weight, wins_by_hits) AS "byTerms",
            lottery_win_count(rule, k, p, f) AS "byLoop",
            pos IS NOT NULL AS "hasTerms"
       FROM terms ORDER BY i`,
    [inputs.rule, inputs.k, inputs.n, inputs.p, inputs.f],
  );
  expect(result.rows).toHaveLength(trials.length);
  const mismatches = trials.flatMap((trial, index) => {
    const { byTerms, byLoop } = result.rows[index];
    return Number(byTerms) === trial.expected && Number(byLoop) === trial.expected
      ? []
      : [{ code: trial.play.code, draw: trial.draw, picks: trial.picks.map(String), winCount: trial.expected, byTerms, byLoop }];
  });
  expect(mismatches.slice(0, 5)).toEqual([]);
  // Every play of the four term rules has features in whole layers of its pick words: none is left
  // to the loop for its shape. The banker rules (11X5 胆拖 of 任三/四/六/七/八, migration 091) and
  // two_of_three (LHC 三中二, migration 094) have no terms: their bets, a handful in a round, are
  // counted by the loop.
  const termRules = new Set(['product', 'sum', 'choose', 'superset']);
  expect(trials.filter((trial, index) => termRules.has(trial.play.rule) !== result.rows[index].hasTerms).map((trial) => trial.play.code)).toEqual([]);
  // Not vacuous: every rule met winning bets, most plays did, and some bets won several tickets.
  const won = trials.filter((trial) => trial.expected > 0);
  expect(new Set(won.map((trial) => trial.play.rule))).toEqual(new Set([...termRules, 'banker_choose', 'banker_superset', 'two_of_three']));
  expect(new Set(won.map((trial) => trial.play.code)).size).toBeGreaterThan(0.9 * PLAYS.length);
  expect(won.filter((trial) => trial.expected > 1).length).toBeGreaterThan(trials.length / 20);
});

it('falls back on the PL/pgSQL loop for a bet whose pick words are not its play’s, with the same count', async () => {
  // Terms made for a play of two pick words; the bet has three. Read as three words, the six
  // feature words are two layers of {1, 2, 4} against picks {1, 2, 4}: 1 × 1 × 1 × 1 × 1 × 1 = 1.
  // Read with the terms of two words they would pair 1 with 4 and win nothing.
  const result = await database.appPool.query<{ byTerms: string; byLoop: string }>(
    `SELECT lottery_win_count_by_terms('product', 0, t.p, t.f, 2, s.pos, s.mask, s.weight, s.wins_by_hits) AS "byTerms",
            lottery_win_count('product', 0, t.p, t.f) AS "byLoop"
       FROM (SELECT '{1,2,4}'::bigint[] AS p, '{1,2,4,1,2,4}'::bigint[] AS f) AS t
            CROSS JOIN LATERAL lottery_settle_terms('product', 0, 2, t.f) AS s`,
  );
  expect(result.rows[0]).toEqual({ byTerms: '1', byLoop: '1' });
});

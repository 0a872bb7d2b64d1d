// Settlement's counting rules (types.ts SettleRule), the TypeScript twin of the server's SQL.
// Decides: the word layout of a bet's picks (each row's mask cut into ceil((max value + 1) /
// WORD_BITS) words, rows in order) and the win count, read ONLY from the play's rule, its k, the
// pick words and the draw's feature words f (word j of f pairs with pick word j mod n):
//   product   ∏_j popcount(p_(j mod n) & f_j)
//   sum       Σ_j popcount(p_(j mod n) & f_j)
//   choose    C(Σ_j popcount(p_(j mod n) & f_j), k)
//   superset  every f_j ⊆ p_(j mod n) ? C(Σ popcount(p) − Σ popcount(f), k − Σ popcount(f)) : 0
// and, for 胆拖 bets of two one-word rows p = [B bankers, G drags] against one layer f = [F_B, F_G]
// (a ticket is all of B plus k − |B| drags):
//   banker_choose    B ⊆ F_B ? C(popcount(G & F_G), k − popcount(B)) : 0
//                    the tickets inside the drawn set: every banker drawn, the rest drawn drags;
//   banker_superset  F_G ⊆ B | G ? C(popcount(G) − r, k − popcount(B) − r) : 0, r = popcount(F_G & ~B)
//                    the tickets holding the drawn set: the r drawn numbers that are not bankers
//                    must be among the ticket's drags, the other k − |B| − r drags are any of G's
//                    remaining popcount(G) − r.
// and for LHC 三中二 (tickets of 3 numbers, n picked, h of them hit):
//   two_of_three     C(h, 2)·(n − h) + ALL_THREE_WEIGHT·C(h, 3)
//                    the tickets with two hits (two of the h and one of the n − h missed) and, at
//                    ALL_THREE_WEIGHT units each, those with three.
// A push (isPush) refunds the whole bet; its features carry no winning bits, so winCount is 0.
import { binomial, popcount, splitWords, wordsFor } from './bits';
import { ALL_THREE_WEIGHT, type Draw, type PlayDefinition } from './types';

/** Words of each row of a play (ceil((max value + 1) / WORD_BITS)). */
export function rowWordCounts(play: PlayDefinition): number[] {
  return play.rows.map((row) => wordsFor(Math.max(...row.values)));
}

/** The picks as words: each row's mask cut into its words, rows in order. */
export function pickWords(play: PlayDefinition, picks: readonly bigint[]): bigint[] {
  if (picks.length !== play.rows.length) throw new RangeError(`${play.code} has ${play.rows.length} rows, not ${picks.length}`);
  const counts = rowWordCounts(play);
  return picks.flatMap((mask, index) => {
    if (typeof mask !== 'bigint' || mask < 0n) throw new RangeError(`${play.code}: a picks mask is a non-negative bigint`);
    return splitWords(mask, counts[index]);
  });
}

/** The bankers' and the drags' words of a 胆拖 bet, checked against the one layer its rule reads. */
function bankerWords(play: PlayDefinition, p: readonly bigint[], f: readonly bigint[]): [bigint, bigint] {
  if (p.length !== 2 || f.length !== 2) throw new RangeError(`${play.code}: ${play.rule} reads 2 pick words against 2 feature words, not ${p.length} against ${f.length}`);
  return [p[0], p[1]];
}

/** Winning tickets of a bet's picks on a draw. */
export function winCount(play: PlayDefinition, picks: readonly bigint[], draw: Draw): number {
  const p = pickWords(play, picks);
  const { f } = play.features(draw);
  const n = p.length;
  if (f.length === 0 || f.length % n !== 0) throw new RangeError(`${play.code}: ${f.length} feature words for ${n} pick words`);
  switch (play.rule) {
    case 'product':
      return f.reduce((product, word, j) => product * popcount(p[j % n] & word), 1);
    case 'sum':
      return f.reduce((sum, word, j) => sum + popcount(p[j % n] & word), 0);
    case 'choose':
      return binomial(
        f.reduce((sum, word, j) => sum + popcount(p[j % n] & word), 0),
        play.k as number,
      );
    case 'superset': {
      if (f.some((word, j) => (word & ~p[j % n]) !== 0n)) return 0;
      const drawn = f.reduce((sum, word) => sum + popcount(word), 0);
      const picked = p.reduce((sum, word) => sum + popcount(word), 0);
      return binomial(picked - drawn, (play.k as number) - drawn);
    }
    case 'two_of_three': {
      const hits = f.reduce((sum, word, j) => sum + popcount(p[j % n] & word), 0);
      const picked = p.reduce((sum, word) => sum + popcount(word), 0);
      return binomial(hits, 2) * (picked - hits) + ALL_THREE_WEIGHT * binomial(hits, 3);
    }
    case 'banker_choose': {
      const [bankers, drags] = bankerWords(play, p, f);
      if ((bankers & ~f[0]) !== 0n) return 0;
      return binomial(popcount(drags & f[1]), (play.k as number) - popcount(bankers));
    }
    case 'banker_superset': {
      const [bankers, drags] = bankerWords(play, p, f);
      if ((f[1] & ~(bankers | drags)) !== 0n) return 0;
      const takenDrags = popcount(f[1] & ~bankers);
      return binomial(popcount(drags) - takenDrags, (play.k as number) - popcount(bankers) - takenDrags);
    }
  }
}

/** Whether the draw refunds every bet of the play (LHC 两面 on a special of 49). */
export function isPush(play: PlayDefinition, draw: Draw): boolean {
  return play.features(draw).push;
}

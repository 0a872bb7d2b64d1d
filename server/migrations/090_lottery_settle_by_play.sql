-- Settlement by play: what decides a bet is worked out once per round and play, so that the
-- UPDATE settling a round evaluates a short inline expression per bet instead of calling
-- lottery_win_count (migration 039), a PL/pgSQL loop whose call alone costs several times the
-- expression (npm run bench -- --lottery). Same rules, same results: lottery_win_count stays the
-- reference and is still called for what the expression does not cover (below), and the server's
-- settle-sql-twin test holds both against lottery-rules' winCount on random bets of every play.
--
-- A play's feature words f have L layers of the bet's n pick words (word j pairs with pick word
-- (j − 1) mod n + 1). lottery_settle_terms turns them into terms (pos, mask, weight): pick word
-- pos against mask, counted weight times, from which the four rules read:
--   product   every word j of f is a term (pos (j − 1) mod n + 1, weight 1): ∏ popcount(p_pos & mask);
--   sum       Σ popcount(p_pos & f_j) over the layers is Σ_b 2^b · popcount(p_pos & plane_b), where
--   choose    plane_b holds the values drawn on pos a number of times with bit b set (the layers
--             added up bit-sliced): one term per non-empty plane, words with nothing drawn
--             dropped. The hits h = Σ weight · popcount(p_pos & mask) ≤ top, the most any bet can
--             hit, and the bet wins wins_by_hits[h + 1]: h for sum, C(h, k) for choose (read from
--             a table of top + 1 entries instead of factorials per bet);
--   superset  mask = the union of the layers on pos: a bet with some mask ⊄ p_pos wins nothing
--             (most bets: the cheap test), the others are counted by lottery_win_count.
-- n is the play's pick word count (lottery-rules rowWordCounts, passed in by the settlement): a
-- play without it, features that are not a whole number of layers of it, or a bet with another
-- number of words are left to lottery_win_count (every output NULL / the bet's check below).
CREATE FUNCTION lottery_settle_terms(rule text, k integer, n integer, f bigint[],
    OUT pos integer[], OUT mask bigint[], OUT weight integer[], OUT wins_by_hits bigint[])
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  m integer := cardinality(f);
  planes bigint[];
  word bigint;
  carry bigint;
  top integer := 0;
  b integer;
  i integer;
  j integer;
BEGIN
  IF rule IS NULL OR n IS NULL OR n < 1 OR m IS NULL OR m = 0 OR m % n <> 0 THEN RETURN; END IF;
  pos := '{}'; mask := '{}'; weight := '{}';
  IF rule = 'product' THEN
    FOR j IN 1 .. m LOOP
      pos := pos || ((j - 1) % n + 1); mask := mask || f[j]; weight := weight || 1;
    END LOOP;
  ELSIF rule IN ('sum', 'choose') THEN
    FOR i IN 1 .. n LOOP
      -- Each layer's word added into the planes: plane b gets the bits whose count has bit b.
      planes := '{}';
      j := i;
      WHILE j <= m LOOP
        carry := f[j];
        b := 1;
        WHILE carry <> 0 LOOP
          IF b > coalesce(cardinality(planes), 0) THEN planes := planes || 0::bigint; END IF;
          word := planes[b] & carry;
          planes[b] := planes[b] # carry;
          carry := word;
          b := b + 1;
        END LOOP;
        j := j + n;
      END LOOP;
      FOR b IN 1 .. coalesce(cardinality(planes), 0) LOOP
        IF planes[b] <> 0 THEN
          pos := pos || i; mask := mask || planes[b]; weight := weight || (1 << (b - 1));
          top := top + (1 << (b - 1)) * bit_count(planes[b]::bit(64))::integer;
        END IF;
      END LOOP;
    END LOOP;
    wins_by_hits := ARRAY(SELECT CASE WHEN rule = 'sum' THEN h ELSE lottery_choose(h, k) END FROM generate_series(0, top) AS h ORDER BY h);
  ELSIF rule = 'superset' THEN
    FOR i IN 1 .. n LOOP
      word := 0;
      j := i;
      WHILE j <= m LOOP word := word | f[j]; j := j + n; END LOOP;
      IF word <> 0 THEN pos := pos || i; mask := mask || word; weight := weight || 1; END IF;
    END LOOP;
  ELSE
    pos := NULL; mask := NULL; weight := NULL;
  END IF;
END $$;

-- A bet's winning tickets from its play's terms: the same number as lottery_win_count(rule, k, p,
-- f). A LANGUAGE sql function of one expression, which the planner inlines into the settling
-- UPDATE (no call per bet). The terms are read unrolled, in buckets of up to 1, 2, 5, 10 and 20
-- terms (a term past the play's last is NULL and counts as nothing); a play with more terms (none
-- of today's catalogue: VN lô on three digits has up to 16) goes to lottery_win_count.
CREATE FUNCTION lottery_win_count_by_terms(rule text, k integer, p bigint[], f bigint[], n integer,
                                           pos integer[], mask bigint[], weight integer[], wins_by_hits bigint[])
  RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN pos IS NULL OR cardinality(p) IS DISTINCT FROM n OR cardinality(pos) > 20 THEN lottery_win_count(rule, k, p, f)
    WHEN rule = 'product' THEN CASE
        WHEN cardinality(pos) <= 1 THEN COALESCE(bit_count((p[pos[1]] & mask[1])::bit(64)), 1)
        WHEN cardinality(pos) <= 2 THEN COALESCE(bit_count((p[pos[1]] & mask[1])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[2]] & mask[2])::bit(64)), 1)
        WHEN cardinality(pos) <= 5 THEN COALESCE(bit_count((p[pos[1]] & mask[1])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[2]] & mask[2])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[3]] & mask[3])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[4]] & mask[4])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[5]] & mask[5])::bit(64)), 1)
        WHEN cardinality(pos) <= 10 THEN COALESCE(bit_count((p[pos[1]] & mask[1])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[2]] & mask[2])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[3]] & mask[3])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[4]] & mask[4])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[5]] & mask[5])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[6]] & mask[6])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[7]] & mask[7])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[8]] & mask[8])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[9]] & mask[9])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[10]] & mask[10])::bit(64)), 1)
        ELSE COALESCE(bit_count((p[pos[1]] & mask[1])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[2]] & mask[2])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[3]] & mask[3])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[4]] & mask[4])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[5]] & mask[5])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[6]] & mask[6])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[7]] & mask[7])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[8]] & mask[8])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[9]] & mask[9])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[10]] & mask[10])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[11]] & mask[11])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[12]] & mask[12])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[13]] & mask[13])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[14]] & mask[14])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[15]] & mask[15])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[16]] & mask[16])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[17]] & mask[17])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[18]] & mask[18])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[19]] & mask[19])::bit(64)), 1)
               * COALESCE(bit_count((p[pos[20]] & mask[20])::bit(64)), 1)
      END
    WHEN rule IN ('sum', 'choose') THEN wins_by_hits[1 + CASE
        WHEN cardinality(pos) <= 1 THEN COALESCE(weight[1] * bit_count((p[pos[1]] & mask[1])::bit(64)), 0)
        WHEN cardinality(pos) <= 2 THEN COALESCE(weight[1] * bit_count((p[pos[1]] & mask[1])::bit(64)), 0)
               + COALESCE(weight[2] * bit_count((p[pos[2]] & mask[2])::bit(64)), 0)
        WHEN cardinality(pos) <= 5 THEN COALESCE(weight[1] * bit_count((p[pos[1]] & mask[1])::bit(64)), 0)
               + COALESCE(weight[2] * bit_count((p[pos[2]] & mask[2])::bit(64)), 0)
               + COALESCE(weight[3] * bit_count((p[pos[3]] & mask[3])::bit(64)), 0)
               + COALESCE(weight[4] * bit_count((p[pos[4]] & mask[4])::bit(64)), 0)
               + COALESCE(weight[5] * bit_count((p[pos[5]] & mask[5])::bit(64)), 0)
        WHEN cardinality(pos) <= 10 THEN COALESCE(weight[1] * bit_count((p[pos[1]] & mask[1])::bit(64)), 0)
               + COALESCE(weight[2] * bit_count((p[pos[2]] & mask[2])::bit(64)), 0)
               + COALESCE(weight[3] * bit_count((p[pos[3]] & mask[3])::bit(64)), 0)
               + COALESCE(weight[4] * bit_count((p[pos[4]] & mask[4])::bit(64)), 0)
               + COALESCE(weight[5] * bit_count((p[pos[5]] & mask[5])::bit(64)), 0)
               + COALESCE(weight[6] * bit_count((p[pos[6]] & mask[6])::bit(64)), 0)
               + COALESCE(weight[7] * bit_count((p[pos[7]] & mask[7])::bit(64)), 0)
               + COALESCE(weight[8] * bit_count((p[pos[8]] & mask[8])::bit(64)), 0)
               + COALESCE(weight[9] * bit_count((p[pos[9]] & mask[9])::bit(64)), 0)
               + COALESCE(weight[10] * bit_count((p[pos[10]] & mask[10])::bit(64)), 0)
        ELSE COALESCE(weight[1] * bit_count((p[pos[1]] & mask[1])::bit(64)), 0)
               + COALESCE(weight[2] * bit_count((p[pos[2]] & mask[2])::bit(64)), 0)
               + COALESCE(weight[3] * bit_count((p[pos[3]] & mask[3])::bit(64)), 0)
               + COALESCE(weight[4] * bit_count((p[pos[4]] & mask[4])::bit(64)), 0)
               + COALESCE(weight[5] * bit_count((p[pos[5]] & mask[5])::bit(64)), 0)
               + COALESCE(weight[6] * bit_count((p[pos[6]] & mask[6])::bit(64)), 0)
               + COALESCE(weight[7] * bit_count((p[pos[7]] & mask[7])::bit(64)), 0)
               + COALESCE(weight[8] * bit_count((p[pos[8]] & mask[8])::bit(64)), 0)
               + COALESCE(weight[9] * bit_count((p[pos[9]] & mask[9])::bit(64)), 0)
               + COALESCE(weight[10] * bit_count((p[pos[10]] & mask[10])::bit(64)), 0)
               + COALESCE(weight[11] * bit_count((p[pos[11]] & mask[11])::bit(64)), 0)
               + COALESCE(weight[12] * bit_count((p[pos[12]] & mask[12])::bit(64)), 0)
               + COALESCE(weight[13] * bit_count((p[pos[13]] & mask[13])::bit(64)), 0)
               + COALESCE(weight[14] * bit_count((p[pos[14]] & mask[14])::bit(64)), 0)
               + COALESCE(weight[15] * bit_count((p[pos[15]] & mask[15])::bit(64)), 0)
               + COALESCE(weight[16] * bit_count((p[pos[16]] & mask[16])::bit(64)), 0)
               + COALESCE(weight[17] * bit_count((p[pos[17]] & mask[17])::bit(64)), 0)
               + COALESCE(weight[18] * bit_count((p[pos[18]] & mask[18])::bit(64)), 0)
               + COALESCE(weight[19] * bit_count((p[pos[19]] & mask[19])::bit(64)), 0)
               + COALESCE(weight[20] * bit_count((p[pos[20]] & mask[20])::bit(64)), 0)
      END]
    WHEN CASE
        WHEN cardinality(pos) <= 1 THEN COALESCE(p[pos[1]] & mask[1] = mask[1], true)
        WHEN cardinality(pos) <= 2 THEN COALESCE(p[pos[1]] & mask[1] = mask[1], true)
               AND COALESCE(p[pos[2]] & mask[2] = mask[2], true)
        WHEN cardinality(pos) <= 5 THEN COALESCE(p[pos[1]] & mask[1] = mask[1], true)
               AND COALESCE(p[pos[2]] & mask[2] = mask[2], true)
               AND COALESCE(p[pos[3]] & mask[3] = mask[3], true)
               AND COALESCE(p[pos[4]] & mask[4] = mask[4], true)
               AND COALESCE(p[pos[5]] & mask[5] = mask[5], true)
        WHEN cardinality(pos) <= 10 THEN COALESCE(p[pos[1]] & mask[1] = mask[1], true)
               AND COALESCE(p[pos[2]] & mask[2] = mask[2], true)
               AND COALESCE(p[pos[3]] & mask[3] = mask[3], true)
               AND COALESCE(p[pos[4]] & mask[4] = mask[4], true)
               AND COALESCE(p[pos[5]] & mask[5] = mask[5], true)
               AND COALESCE(p[pos[6]] & mask[6] = mask[6], true)
               AND COALESCE(p[pos[7]] & mask[7] = mask[7], true)
               AND COALESCE(p[pos[8]] & mask[8] = mask[8], true)
               AND COALESCE(p[pos[9]] & mask[9] = mask[9], true)
               AND COALESCE(p[pos[10]] & mask[10] = mask[10], true)
        ELSE COALESCE(p[pos[1]] & mask[1] = mask[1], true)
               AND COALESCE(p[pos[2]] & mask[2] = mask[2], true)
               AND COALESCE(p[pos[3]] & mask[3] = mask[3], true)
               AND COALESCE(p[pos[4]] & mask[4] = mask[4], true)
               AND COALESCE(p[pos[5]] & mask[5] = mask[5], true)
               AND COALESCE(p[pos[6]] & mask[6] = mask[6], true)
               AND COALESCE(p[pos[7]] & mask[7] = mask[7], true)
               AND COALESCE(p[pos[8]] & mask[8] = mask[8], true)
               AND COALESCE(p[pos[9]] & mask[9] = mask[9], true)
               AND COALESCE(p[pos[10]] & mask[10] = mask[10], true)
               AND COALESCE(p[pos[11]] & mask[11] = mask[11], true)
               AND COALESCE(p[pos[12]] & mask[12] = mask[12], true)
               AND COALESCE(p[pos[13]] & mask[13] = mask[13], true)
               AND COALESCE(p[pos[14]] & mask[14] = mask[14], true)
               AND COALESCE(p[pos[15]] & mask[15] = mask[15], true)
               AND COALESCE(p[pos[16]] & mask[16] = mask[16], true)
               AND COALESCE(p[pos[17]] & mask[17] = mask[17], true)
               AND COALESCE(p[pos[18]] & mask[18] = mask[18], true)
               AND COALESCE(p[pos[19]] & mask[19] = mask[19], true)
               AND COALESCE(p[pos[20]] & mask[20] = mask[20], true)
      END THEN lottery_win_count(rule, k, p, f)
    ELSE 0
  END
$$;

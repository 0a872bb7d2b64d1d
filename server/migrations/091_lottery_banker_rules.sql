-- Two settlement rules for the 胆拖 (banker/drag) bets of 11X5 任选三/四 and 任选六/七/八, whose
-- winning tickets product, sum, choose and superset cannot count (lottery-rules types.ts
-- SettleRule, rules.ts winCount). A bet has two rows of one word each, p = [B bankers, G drags],
-- a ticket is all of B plus k − |B| drags, and its play's features are one layer f = [F_B, F_G]
-- (the drawn set in both words):
--   banker_choose    the tickets inside the drawn set: every banker in F_B, then
--                    C(popcount(G & F_G), k − popcount(B)), else 0;
--   banker_superset  the tickets holding the drawn set: every value of F_G a banker or a drag,
--                    then with r = popcount(F_G & ~B) (the drawn drags every such ticket holds)
--                    C(popcount(G) − r, k − popcount(B) − r), else 0.
-- lottery_choose answers 0 for a negative k. lottery_win_count is migration 039's with these two
-- branches added before its loop; the other rules are counted exactly as before. The features
-- table accepts the two rule names.
DO $$
DECLARE
  rule_check text;
BEGIN
  SELECT conname INTO rule_check FROM pg_constraint
   WHERE conrelid = 'lottery_draw_feature'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%rule%''superset''%';
  EXECUTE format('ALTER TABLE lottery_draw_feature DROP CONSTRAINT %I', rule_check);
END $$;
ALTER TABLE lottery_draw_feature
  ADD CONSTRAINT lottery_draw_feature_rule_known CHECK (rule IN ('product', 'sum', 'choose', 'superset', 'banker_choose', 'banker_superset'));

-- Winning tickets of a bet: the SQL twin of winCount (lottery-rules/src/rules.ts, SettleRule).
-- p: the bet's pick words; f: the play's feature words for the round (a whole multiple of p's
-- length: word j of f pairs with word (j mod n) of p). PL/pgSQL loops: one call per bet of a
-- round, several times faster than the same in SQL with subqueries (npm run bench -- --lottery).
CREATE OR REPLACE FUNCTION lottery_win_count(rule text, k integer, p bigint[], f bigint[]) RETURNS bigint
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n integer := cardinality(p);
  total bigint := 0;
  product bigint := 1;
  picked bigint := 0;
  drawn bigint := 0;
  j integer;
  pick bigint;
BEGIN
  -- 胆拖: p = [bankers, drags] against one layer f = [F_B, F_G] (the play's rows are one word each).
  IF rule = 'banker_choose' THEN
    IF (p[1] & f[1]) <> p[1] THEN RETURN 0; END IF;
    RETURN lottery_choose(bit_count((p[2] & f[2])::bit(64)), k - bit_count(p[1]::bit(64)));
  ELSIF rule = 'banker_superset' THEN
    IF (f[2] & ~(p[1] | p[2])) <> 0 THEN RETURN 0; END IF;
    -- drawn: the drawn numbers that are not bankers, all of them drags every winning ticket holds.
    drawn := bit_count((f[2] & ~p[1])::bit(64));
    RETURN lottery_choose(bit_count(p[2]::bit(64)) - drawn, k - bit_count(p[1]::bit(64)) - drawn);
  END IF;
  FOR j IN 1 .. cardinality(f) LOOP
    pick := p[((j - 1) % n) + 1];
    IF rule = 'product' THEN
      product := product * bit_count((pick & f[j])::bit(64));
    ELSIF rule = 'superset' THEN
      IF (pick & f[j]) <> f[j] THEN RETURN 0; END IF;
      drawn := drawn + bit_count(f[j]::bit(64));
    ELSE
      total := total + bit_count((pick & f[j])::bit(64));
    END IF;
  END LOOP;
  IF rule = 'superset' THEN
    -- The picks counted once each, however many layers the features have.
    FOR j IN 1 .. n LOOP
      picked := picked + bit_count(p[j]::bit(64));
    END LOOP;
  END IF;
  RETURN CASE rule
    WHEN 'product' THEN product
    WHEN 'sum' THEN total
    WHEN 'choose' THEN lottery_choose(total, k)
    WHEN 'superset' THEN lottery_choose(picked - drawn, k - drawn)
  END;
END $$;

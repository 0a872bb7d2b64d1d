-- A settlement rule for LHC 三中二, whose bets win by how many of a ticket's three numbers are
-- among the six regular ones (lottery-rules types.ts SettleRule, rules.ts winCount): with h the
-- hits and n the numbers picked,
--   two_of_three     C(h, 2)·(n − h) + 5·C(h, 3)
-- the tickets with two hits counted once and those with three five times (ALL_THREE_WEIGHT), so
-- the prize stays win count × the play's unit prize. lottery_settle_terms has no terms for it, so
-- the settling UPDATE counts these bets with lottery_win_count. lottery_win_count is migration
-- 091's with this branch added; the other rules are counted exactly as before. The features
-- table accepts the rule's name.
ALTER TABLE lottery_draw_feature DROP CONSTRAINT lottery_draw_feature_rule_known;
ALTER TABLE lottery_draw_feature
  ADD CONSTRAINT lottery_draw_feature_rule_known
  CHECK (rule IN ('product', 'sum', 'choose', 'superset', 'banker_choose', 'banker_superset', 'two_of_three'));

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
  ELSIF rule = 'two_of_three' THEN
    -- 三中二: h hits of the n picks; two hits count 1, three count 5 (lottery-rules ALL_THREE_WEIGHT).
    FOR j IN 1 .. cardinality(f) LOOP
      total := total + bit_count((p[((j - 1) % n) + 1] & f[j])::bit(64));
    END LOOP;
    FOR j IN 1 .. n LOOP
      picked := picked + bit_count(p[j]::bit(64));
    END LOOP;
    RETURN lottery_choose(total, 2) * (picked - total) + 5 * lottery_choose(total, 3);
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

-- Chase plans (追号计划): an order may bet each round of its chase at its own multiple, the slip's
-- lines at their multiples times the round's factor (a same-multiple, doubling or profit-rate plan
-- the page works out). Each bet already stores the multiple it was placed at, so the records show
-- every round's multiple; the order keeps the plan as it was asked, one factor per round from its
-- first, so that a repeated request (the same Idempotency-Key) is compared with it. NULL: every
-- round at the lines' own multiples (orders placed without a plan, and a plan of factors 1 only).
ALTER TABLE lottery_order
  ADD COLUMN chase_multiples integer[]
    CHECK (chase_multiples IS NULL OR (cardinality(chase_multiples) = rounds AND 1 <= ALL (chase_multiples)));

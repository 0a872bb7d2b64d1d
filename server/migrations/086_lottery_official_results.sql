-- Official results: a lottery game whose numbers are a public draw held elsewhere (the Vietnamese
-- state lottery's daily result, Hong Kong's Mark Six) is not drawn from the house's seed. Its rounds
-- close for sale as usual and then wait past their draw time, open, until staff enter the official
-- numbers. Four eyes: two different operators each type the numbers without seeing the other's
-- entry; only when both agree is the round drawn (and then settled by the scheduler, exactly once);
-- when they differ, both entries are set aside and two fresh ones are needed. A round still waiting
-- can be voided as any other (every bet refunded once).
ALTER TABLE lottery_game
  ADD COLUMN result_source text NOT NULL DEFAULT 'house' CHECK (result_source IN ('house', 'official'));

-- A round drawn from entered numbers says so: its seed is never revealed (it decided nothing), so
-- the rule that a drawn round shows its seed holds for the house's draws only.
ALTER TABLE lottery_round
  ADD COLUMN result_source text NOT NULL DEFAULT 'house' CHECK (result_source IN ('house', 'official'));
DO $$
DECLARE
  seed_rule text;
BEGIN
  SELECT conname INTO seed_rule FROM pg_constraint
   WHERE conrelid = 'lottery_round'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%server_seed IS NOT NULL%';
  EXECUTE format('ALTER TABLE lottery_round DROP CONSTRAINT %I', seed_rule);
END $$;
ALTER TABLE lottery_round
  ADD CONSTRAINT lottery_round_seed_shown CHECK ((state IN ('drawn', 'settled') AND result_source = 'house') = (server_seed IS NOT NULL));

--   pending     the first entry, waiting for another operator's
--   confirmed   two entries agreed: the round was drawn with these numbers
--   mismatched  the other entry differed: set aside, both must be entered again
CREATE TABLE lottery_result_entry (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  round_id     bigint      NOT NULL REFERENCES lottery_round (id) ON DELETE CASCADE,
  operator_id  bigint      NOT NULL REFERENCES operator (id),
  numbers      integer[]   NOT NULL,
  state        text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'mismatched')),
  entered_at   timestamptz NOT NULL,
  decided_at   timestamptz
);
-- At most one entry waits per round: the second operator's entry decides it.
CREATE UNIQUE INDEX lottery_result_entry_one_pending ON lottery_result_entry (round_id) WHERE state = 'pending';
CREATE INDEX lottery_result_entry_round ON lottery_result_entry (round_id, id);

-- A dividend's net loss deducts the salaries paid to the team for the same period (the daily and
-- hourly salaries of periods inside it and the real-time salary of rounds settled in it, paid to
-- the agent or any agent below it): the house pays those already, so a dividend on the loss before
-- them would pay the same loss twice (dividend.service.ts). Rows written before keep 0.
ALTER TABLE agent_dividend ADD COLUMN salaries_minor bigint NOT NULL DEFAULT 0 CHECK (salaries_minor >= 0);

DO $$
DECLARE
  old_check text;
BEGIN
  SELECT conname INTO old_check FROM pg_constraint
   WHERE conrelid = 'agent_dividend'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%net_loss_minor = %promotions_minor%';
  EXECUTE format('ALTER TABLE agent_dividend DROP CONSTRAINT %I', old_check);
END $$;

ALTER TABLE agent_dividend ADD CONSTRAINT agent_dividend_net_loss
  CHECK (net_loss_minor = bets_minor - wins_minor - rebates_minor - promotions_minor - salaries_minor);

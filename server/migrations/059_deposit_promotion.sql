-- The deposit promotion a member chose on the deposit page for this deposit (modules/promotion,
-- promotion.deposit-choice.ts): the member was joined to it when the deposit was made. Kept for
-- the records and for support ("I chose the welcome bonus"); the bonus itself is earned as for any
-- joined promotion (the first qualifying deposit after joining), not from this column.
ALTER TABLE deposit
  ADD COLUMN promotion_id integer REFERENCES promotion (id) ON DELETE SET NULL;

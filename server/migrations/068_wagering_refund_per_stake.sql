-- What each refund gave back of each stake it refunds (modules/wagering; server/README.md,
-- "Wagering"). A refund names the stakes it refunds and the money it refunds of each (a voided
-- lottery round's refund pays a member for bets of several orders at once), and of each it puts
-- back at most what that stake took off the requirement less what earlier refunds of it put back.
-- wagering_entry holds one refund entry per movement and member, with at most one stake
-- (refunds_entry_id), so the per-stake bookkeeping is a table of its own: one row per refund entry
-- and stake. Rows are inserted under the stake's member's wagering_balance row lock, in the
-- transaction of the refund's postings, and never change.

CREATE TABLE wagering_refund_part (
  refund_entry_id  bigint NOT NULL REFERENCES wagering_entry (id),
  stake_entry_id   bigint NOT NULL REFERENCES wagering_entry (id),
  -- The money the refund gave back of this stake, minor units.
  money_minor      bigint NOT NULL CHECK (money_minor > 0),
  -- What that put back of the requirement (part of the refund entry's change_minor).
  change_minor     bigint NOT NULL CHECK (change_minor >= 0),
  PRIMARY KEY (refund_entry_id, stake_entry_id)
);
CREATE INDEX wagering_refund_part_stake ON wagering_refund_part (stake_entry_id);

CREATE TRIGGER wagering_refund_part_no_change
  BEFORE UPDATE OR DELETE ON wagering_refund_part
  FOR EACH ROW EXECUTE FUNCTION wagering_entry_append_only();

-- The refunds recorded so far that named their stake keep counting against it.
INSERT INTO wagering_refund_part (refund_entry_id, stake_entry_id, money_minor, change_minor)
SELECT id, refunds_entry_id, money_minor, change_minor
  FROM wagering_entry
 WHERE kind = 'stake_refunded' AND refunds_entry_id IS NOT NULL AND money_minor > 0;

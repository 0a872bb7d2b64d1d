-- A bonus not wagered in time is taken back (modules/promotion, promotion.take-back.ts): when
-- wager_within_days have passed since the claim and the member's wagering requirement has not
-- been met since, the bonus leaves the member's wallet (as much of it as is there; ledger kind
-- promotion_takeback, key promotion_takeback:<claim id>) and what it added to the requirement is
-- removed (a requirement_removed entry, never below zero). The claim keeps what happened;
-- wagering_settled_at is when the check found the requirement met or took the bonus back (a claim
-- is checked until then).
ALTER TABLE promotion_claim
  DROP CONSTRAINT IF EXISTS promotion_claim_state_check,
  DROP CONSTRAINT IF EXISTS promotion_claim_check,
  ADD COLUMN taken_back_at          timestamptz,
  ADD COLUMN taken_back_minor       bigint CHECK (taken_back_minor >= 0),
  ADD COLUMN wagering_settled_at    timestamptz,
  ADD CONSTRAINT promotion_claim_state CHECK (state IN ('joined', 'claimed', 'taken_back')),
  ADD CONSTRAINT promotion_claim_paid CHECK (
    (state IN ('claimed', 'taken_back')) = (claimed_at IS NOT NULL AND bonus_minor IS NOT NULL AND ledger_transaction_id IS NOT NULL)),
  ADD CONSTRAINT promotion_claim_taken_back CHECK ((state = 'taken_back') = (taken_back_at IS NOT NULL AND taken_back_minor IS NOT NULL));
CREATE INDEX promotion_claim_wagering_due ON promotion_claim (claimed_at) WHERE state = 'claimed' AND wagering_settled_at IS NULL;

ALTER TABLE wagering_entry
  DROP CONSTRAINT IF EXISTS wagering_entry_kind_check,
  ADD CONSTRAINT wagering_entry_kind CHECK (kind IN ('opening', 'requirement_added', 'stake_counted', 'stake_refunded', 'requirement_removed'));

-- A promotion may reward points (modules/points: the POINT unit of the ledger) instead of money
-- or prize-wheel tickets: reward_points of them, credited once per claim (ledger kind
-- point_promotion, key point_promotion:<claim id>). Like tickets, such a claim moves no money and
-- asks no wagering; the claim row keeps the points it gave.
ALTER TABLE promotion
  ADD COLUMN reward_points integer CHECK (reward_points BETWEEN 1 AND 1000000),
  DROP CONSTRAINT promotion_reward_kind,
  DROP CONSTRAINT promotion_reward,
  ADD CONSTRAINT promotion_reward_kind CHECK (reward_kind IN ('fixed', 'percent', 'streak', 'tickets', 'points')),
  ADD CONSTRAINT promotion_reward CHECK (
    (trigger = 'none') OR
    (reward_kind = 'fixed' AND reward_fixed_minor IS NOT NULL AND trigger <> 'sign_in') OR
    (reward_kind = 'tickets' AND reward_tickets IS NOT NULL AND trigger <> 'sign_in') OR
    (reward_kind = 'points' AND reward_points IS NOT NULL AND trigger <> 'sign_in') OR
    (reward_kind = 'percent' AND reward_basis_points IS NOT NULL AND trigger IN ('first_deposit', 'deposit', 'net_loss')) OR
    (reward_kind = 'streak' AND sign_in_rewards_minor IS NOT NULL AND trigger = 'sign_in'));

ALTER TABLE promotion_claim
  ADD COLUMN points integer CHECK (points > 0),
  DROP CONSTRAINT promotion_claim_paid,
  ADD CONSTRAINT promotion_claim_paid CHECK (
    (state IN ('claimed', 'taken_back')) =
    (claimed_at IS NOT NULL AND ((bonus_minor IS NOT NULL AND ledger_transaction_id IS NOT NULL) OR tickets IS NOT NULL OR points IS NOT NULL)));

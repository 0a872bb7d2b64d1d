-- Promotions that repeat, and the triggers that need them (modules/promotion, server/README.md,
-- "Promotions"):
--   - sign_in: the daily sign-in task. A member signs in once a merchant day; the day's reward is
--     the streak's entry of sign_in_rewards_minor (day 1, day 2, …, then round again), and a day
--     missed starts the streak over;
--   - bet_volume: what the member staked (net of refunds) in a merchant day reaches min_bet_minor:
--     a fixed reward, once that day;
--   - net_loss (rescue): the member lost at least min_loss_minor yesterday (stakes less wins and
--     refunds); a share of the loss (reward_basis_points, at most reward_cap_minor), claimed today;
--   - deposit with repeat 'daily' (daily reload): the first qualifying deposit of each day, no
--     joining;
--   - application: the member applies (a comment and up to three images); an operator approves
--     (the bonus is paid then: issued) or rejects with a reason;
--   - issued: an operator issues the bonus to members it names.
-- A reward is money (fixed, a percentage, or the sign-in streak's) or prize-wheel tickets.
ALTER TABLE promotion
  DROP CONSTRAINT IF EXISTS promotion_trigger_check,
  DROP CONSTRAINT IF EXISTS promotion_reward_kind_check,
  DROP CONSTRAINT promotion_reward,
  ADD COLUMN repeat                 text     NOT NULL DEFAULT 'once' CHECK (repeat IN ('once', 'daily')),
  ADD COLUMN sign_in_rewards_minor  bigint[] CHECK (cardinality(sign_in_rewards_minor) BETWEEN 1 AND 31 AND 0 < ALL (sign_in_rewards_minor)),
  ADD COLUMN min_bet_minor          bigint   CHECK (min_bet_minor > 0),
  ADD COLUMN min_loss_minor         bigint   CHECK (min_loss_minor > 0),
  ADD COLUMN reward_tickets         integer  CHECK (reward_tickets BETWEEN 1 AND 100),
  ADD CONSTRAINT promotion_trigger CHECK (trigger IN
    ('none', 'registration', 'first_deposit', 'deposit', 'promo_code', 'sign_in', 'bet_volume', 'net_loss', 'application', 'issued')),
  ADD CONSTRAINT promotion_reward_kind CHECK (reward_kind IN ('fixed', 'percent', 'streak', 'tickets')),
  ADD CONSTRAINT promotion_reward CHECK (
    (trigger = 'none') OR
    (reward_kind = 'fixed' AND reward_fixed_minor IS NOT NULL AND trigger <> 'sign_in') OR
    (reward_kind = 'tickets' AND reward_tickets IS NOT NULL AND trigger <> 'sign_in') OR
    (reward_kind = 'percent' AND reward_basis_points IS NOT NULL AND trigger IN ('first_deposit', 'deposit', 'net_loss')) OR
    (reward_kind = 'streak' AND sign_in_rewards_minor IS NOT NULL AND trigger = 'sign_in')),
  ADD CONSTRAINT promotion_repeat CHECK (
    CASE WHEN trigger IN ('sign_in', 'bet_volume', 'net_loss') THEN repeat = 'daily'
         WHEN trigger = 'deposit' THEN true
         ELSE repeat = 'once' END),
  ADD CONSTRAINT promotion_thresholds CHECK (
    (trigger = 'bet_volume') = (min_bet_minor IS NOT NULL) AND (trigger = 'net_loss') = (min_loss_minor IS NOT NULL));

-- A member's row of a promotion is now one per period: '' for a promotion that pays once, the
-- merchant day (YYYY-MM-DD) for a daily one (for net_loss, the day whose loss it makes good).
-- streak: the sign-in day it paid (1, 2, …). tickets: the prize-wheel tickets it granted (a
-- tickets reward moves no money: no ledger movement, no bonus).
ALTER TABLE promotion_claim
  DROP CONSTRAINT promotion_claim_promotion_id_member_id_key,
  DROP CONSTRAINT promotion_claim_state,
  DROP CONSTRAINT promotion_claim_paid,
  ADD COLUMN period_key    text    NOT NULL DEFAULT '' CHECK (period_key = '' OR period_key ~ '^\d{4}-\d{2}-\d{2}$'),
  ADD COLUMN streak        integer CHECK (streak > 0),
  ADD COLUMN tickets       integer CHECK (tickets > 0),
  ADD CONSTRAINT promotion_claim_once_per_period UNIQUE (promotion_id, member_id, period_key),
  ADD CONSTRAINT promotion_claim_state CHECK (state IN ('joined', 'applying', 'rejected', 'claimed', 'taken_back')),
  ADD CONSTRAINT promotion_claim_paid CHECK (
    (state IN ('claimed', 'taken_back')) =
    (claimed_at IS NOT NULL AND ((bonus_minor IS NOT NULL AND ledger_transaction_id IS NOT NULL) OR tickets IS NOT NULL)));

-- An application (trigger application): what the member wrote and sent (png or jpg, at most 5 MB
-- each, up to three), and the operator's decision. The claim row is 'applying' until then;
-- approving pays it (claimed), rejecting keeps the reason (rejected).
CREATE TABLE promotion_application (
  claim_id      bigint      PRIMARY KEY REFERENCES promotion_claim (id) ON DELETE CASCADE,
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  comment       text        NOT NULL CHECK (length(comment) <= 140),
  applied_at    timestamptz NOT NULL,
  reviewed_at   timestamptz,
  reviewed_by   text,
  reject_reason text        CHECK (length(reject_reason) BETWEEN 1 AND 500),
  CHECK ((reviewed_at IS NULL) = (reviewed_by IS NULL))
);
CREATE INDEX promotion_application_waiting ON promotion_application (merchant_id, applied_at) WHERE reviewed_at IS NULL;

CREATE TABLE promotion_application_image (
  claim_id     bigint   NOT NULL REFERENCES promotion_application (claim_id) ON DELETE CASCADE,
  position     smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type text     NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  image        bytea    NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 5242880),
  PRIMARY KEY (claim_id, position)
);

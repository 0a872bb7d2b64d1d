-- Promotions a member can receive (modules/promotion). A promotion row gains its rules: when it
-- runs, what starts its bonus (trigger), how much the bonus is, what has to be staked before the
-- member may withdraw it (added to the member's wagering requirement when the bonus is paid), how
-- long a bonus waits to be claimed, what the member must have first, and whether one person may
-- receive it once only (bonus abuse: checked on the mobile number, bank cards, device and address
-- of every account that claims it). A promotion without a trigger ('none') is one to read only,
-- as every promotion was before.
ALTER TABLE promotion
  ADD COLUMN trigger                   text     NOT NULL DEFAULT 'none'
                                                CHECK (trigger IN ('none', 'registration', 'first_deposit', 'deposit', 'promo_code')),
  ADD COLUMN starts_at                 timestamptz,
  ADD COLUMN ends_at                   timestamptz,
  -- fixed: reward_fixed_minor; percent: reward_basis_points of the qualifying deposit (10000 =
  -- 100 %), at most reward_cap_minor.
  ADD COLUMN reward_kind               text     CHECK (reward_kind IN ('fixed', 'percent')),
  ADD COLUMN reward_fixed_minor        bigint   CHECK (reward_fixed_minor > 0),
  ADD COLUMN reward_basis_points       integer  CHECK (reward_basis_points BETWEEN 1 AND 100000),
  ADD COLUMN reward_cap_minor          bigint   CHECK (reward_cap_minor > 0),
  -- Deposit triggers: the smallest deposit that qualifies.
  ADD COLUMN min_deposit_minor         bigint   CHECK (min_deposit_minor > 0),
  -- Staked before withdrawing: multiplier (hundredths: 1000 = 10×) × the bonus, plus the
  -- deposit when wagering_includes_deposit.
  ADD COLUMN wagering_multiplier_x100  integer  NOT NULL DEFAULT 0 CHECK (wagering_multiplier_x100 BETWEEN 0 AND 100000),
  ADD COLUMN wagering_includes_deposit boolean  NOT NULL DEFAULT false,
  -- Days after the claim to meet it; NULL: no limit.
  ADD COLUMN wager_within_days         integer  CHECK (wager_within_days > 0),
  -- Hours a bonus waits to be claimed once earned; NULL: until the promotion ends.
  ADD COLUMN claim_window_hours        integer  CHECK (claim_window_hours > 0),
  -- Registration and first deposit: only members registered within this many days.
  ADD COLUMN new_player_days           integer  CHECK (new_player_days > 0),
  ADD COLUMN requires_mobile_verified  boolean  NOT NULL DEFAULT false,
  ADD COLUMN requires_bank_card        boolean  NOT NULL DEFAULT false,
  ADD COLUMN requires_real_name        boolean  NOT NULL DEFAULT false,
  ADD COLUMN one_per_person            boolean  NOT NULL DEFAULT false,
  ADD COLUMN promo_code                text     CHECK (promo_code ~ '^[A-Z0-9]{4,20}$'),
  ADD CONSTRAINT promotion_schedule CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at),
  ADD CONSTRAINT promotion_reward CHECK (
    (trigger = 'none') OR
    (reward_kind = 'fixed' AND reward_fixed_minor IS NOT NULL) OR
    (reward_kind = 'percent' AND reward_basis_points IS NOT NULL AND trigger IN ('first_deposit', 'deposit'))),
  ADD CONSTRAINT promotion_code_named CHECK ((trigger = 'promo_code') = (promo_code IS NOT NULL));
CREATE UNIQUE INDEX promotion_code ON promotion (merchant_id, promo_code) WHERE promo_code IS NOT NULL;

-- One member's part in one promotion: joined (deposit triggers), then a bonus earned (claimable
-- until claim_deadline), then claimed (paid by the ledger movement promotion:<id>). A member has
-- at most one row per promotion: a promotion pays a member once.
CREATE TABLE promotion_claim (
  id                    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  promotion_id          integer     NOT NULL REFERENCES promotion (id) ON DELETE CASCADE,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  state                 text        NOT NULL CHECK (state IN ('joined', 'claimed')),
  joined_at             timestamptz NOT NULL,
  -- The deposit that earned it (deposit triggers).
  deposit_id            bigint      REFERENCES deposit (id),
  deposit_minor         bigint      CHECK (deposit_minor > 0),
  bonus_minor           bigint      CHECK (bonus_minor > 0),
  requirement_minor     bigint      CHECK (requirement_minor >= 0),
  claimed_at            timestamptz,
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  UNIQUE (promotion_id, member_id),
  CHECK ((state = 'claimed') = (claimed_at IS NOT NULL AND bonus_minor IS NOT NULL AND ledger_transaction_id IS NOT NULL))
);
CREATE INDEX promotion_claim_member ON promotion_claim (member_id);

-- Who received a once-per-person promotion, by each thing that names a person: a claim writes
-- the claiming account's mobile number, bank cards, device and addresses here in the transaction
-- that pays it, so a second account sharing any of them is refused (and of two claiming at
-- once, one is). Values are SHA-256 digests: the table is a list of fingerprints, not of cards.
CREATE TABLE promotion_identity (
  promotion_id   integer NOT NULL REFERENCES promotion (id) ON DELETE CASCADE,
  identity_kind  text    NOT NULL CHECK (identity_kind IN ('mobile', 'card', 'device', 'address')),
  identity_hash  bytea   NOT NULL CHECK (octet_length(identity_hash) = 32),
  member_id      bigint  NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  PRIMARY KEY (promotion_id, identity_kind, identity_hash)
);

-- Invite a friend (modules/referral): every member has an invitation code; a player who
-- registers with another member's code becomes that member's friend (a referral, not an agent
-- downline: member.upline_id is untouched). The inviter earns, through the ledger, a reward per
-- friend who qualifies (first deposit and real stake), a share of friends' deposits and settled
-- stakes per closed day (level 1: direct friends, level 2: their friends) and achievement bonuses.
-- Time columns are written from the application's clock.

-- A merchant's programme. A merchant without a row has it off.
CREATE TABLE referral_setting (
  merchant_id              integer     PRIMARY KEY REFERENCES merchant (id) ON DELETE CASCADE,
  enabled                  boolean     NOT NULL DEFAULT false,
  -- A friend qualifies with a first deposit of at least this and real settled stake of at least this.
  min_first_deposit_minor  bigint      NOT NULL DEFAULT 0 CHECK (min_first_deposit_minor >= 0),
  min_valid_stake_minor    bigint      NOT NULL DEFAULT 0 CHECK (min_valid_stake_minor >= 0),
  -- Paid to the inviter once per qualified friend.
  invitation_reward_minor  bigint      NOT NULL DEFAULT 0 CHECK (invitation_reward_minor >= 0),
  -- Shares of friends' deposits and settled stakes, basis points (50 = 0.5 %), at most 10 %.
  deposit_rate_l1_bp       integer     NOT NULL DEFAULT 0 CHECK (deposit_rate_l1_bp BETWEEN 0 AND 1000),
  deposit_rate_l2_bp       integer     NOT NULL DEFAULT 0 CHECK (deposit_rate_l2_bp BETWEEN 0 AND 1000),
  bet_rate_l1_bp           integer     NOT NULL DEFAULT 0 CHECK (bet_rate_l1_bp BETWEEN 0 AND 1000),
  bet_rate_l2_bp           integer     NOT NULL DEFAULT 0 CHECK (bet_rate_l2_bp BETWEEN 0 AND 1000),
  -- Whether a friend sharing an address with the inviter (or a rewarded friend) earns nothing.
  -- Off only where many real people share one address (a carrier's NAT).
  check_address            boolean     NOT NULL DEFAULT true,
  -- The site address the share link is made of; null: the address the member is on.
  main_domain              text        CHECK (main_domain ~ '^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$'),
  updated_at               timestamptz NOT NULL
);

-- Achievements: N qualified friends earn a bonus, claimed once. One the operator takes away is
-- inactive, not deleted: its claims stay, so putting it back pays nobody twice.
CREATE TABLE referral_achievement (
  id           serial      PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  friends      integer     NOT NULL CHECK (friends BETWEEN 1 AND 100000),
  bonus_minor  bigint      NOT NULL CHECK (bonus_minor > 0),
  active       boolean     NOT NULL DEFAULT true,
  UNIQUE (merchant_id, friends)
);

-- A member's invitation code, made the first time it is asked for.
CREATE TABLE referral_code (
  member_id    bigint      PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  code         text        NOT NULL CHECK (code ~ '^[A-Z0-9]{8}$'),
  created_at   timestamptz NOT NULL
);
CREATE UNIQUE INDEX referral_code_code ON referral_code (merchant_id, code);

-- A friend: who invited them and how far they are. registered → deposited (first deposit) →
-- qualified (the thresholds met) → rewarded (the inviter paid, ledger_transaction_id), or refused
-- (the friend shares a device, address or card with the inviter or with a friend already rewarded).
CREATE TABLE referral (
  invitee_id            bigint      PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  inviter_id            bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  code                  text        NOT NULL,
  invited_at            timestamptz NOT NULL,
  state                 text        NOT NULL DEFAULT 'registered'
                                    CHECK (state IN ('registered', 'deposited', 'qualified', 'rewarded', 'refused')),
  first_deposit_at      timestamptz,
  first_deposit_minor   bigint,
  qualified_at          timestamptz,
  rewarded_at           timestamptz,
  reward_minor          bigint      CHECK (reward_minor >= 0),
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  refused_reason        text        CHECK (refused_reason IN ('linked_to_inviter', 'linked_to_rewarded_friend')),
  CHECK (inviter_id <> invitee_id),
  CHECK ((state = 'refused') = (refused_reason IS NOT NULL)),
  CHECK ((state = 'rewarded') = (rewarded_at IS NOT NULL AND reward_minor IS NOT NULL))
);
CREATE INDEX referral_inviter ON referral (inviter_id, invited_at DESC);
CREATE INDEX referral_open ON referral (merchant_id) WHERE state IN ('registered', 'deposited', 'qualified');

-- Devices seen for a member (its Device-Id at registration and on its referral pages), as
-- SHA-256 fingerprints: what the abuse check compares besides addresses and cards.
CREATE TABLE referral_device (
  member_id    bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  device_hash  bytea  NOT NULL CHECK (octet_length(device_hash) = 32),
  PRIMARY KEY (member_id, device_hash)
);

-- The fingerprints of each friend an inviter was rewarded for, written in the transaction that
-- pays: a second friend sharing one of them is refused (of two paid at once, one is).
CREATE TABLE referral_reward_identity (
  inviter_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  identity_kind  text   NOT NULL CHECK (identity_kind IN ('device', 'address', 'card')),
  identity_hash  bytea  NOT NULL CHECK (octet_length(identity_hash) = 32),
  invitee_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  PRIMARY KEY (inviter_id, identity_kind, identity_hash)
);

-- A closed day whose friends' deposits and stakes were counted (once, with its rebates).
CREATE TABLE referral_day (
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  balance_date date        NOT NULL,
  counted_at   timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, balance_date)
);

-- What a member earned on a day from one friend: the friend's approved deposits (kind deposit) or
-- settled valid stake in a category (kind bet), the level, the rate then in force, the rebate
-- (rounded down), and once paid the ledger movement (one per member, day and kind).
CREATE TABLE referral_rebate (
  merchant_id           integer     NOT NULL,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  balance_date          date        NOT NULL,
  kind                  text        NOT NULL CHECK (kind IN ('deposit', 'bet')),
  friend_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  category              text        NOT NULL,
  level                 smallint    NOT NULL CHECK (level IN (1, 2)),
  base_minor            bigint      NOT NULL CHECK (base_minor > 0),
  rate_bp               integer     NOT NULL CHECK (rate_bp BETWEEN 0 AND 1000),
  amount_minor          bigint      NOT NULL CHECK (amount_minor > 0),
  paid_at               timestamptz,
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  PRIMARY KEY (member_id, balance_date, kind, friend_id, category),
  FOREIGN KEY (merchant_id, balance_date) REFERENCES referral_day (merchant_id, balance_date) ON DELETE CASCADE,
  CHECK ((paid_at IS NULL) = (ledger_transaction_id IS NULL))
);
CREATE INDEX referral_rebate_unpaid ON referral_rebate (merchant_id, balance_date) WHERE paid_at IS NULL;

-- An achievement claimed by a member: once (the primary key), paid in the same transaction.
CREATE TABLE referral_achievement_claim (
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  achievement_id        integer     NOT NULL REFERENCES referral_achievement (id),
  merchant_id           integer     NOT NULL,
  bonus_minor           bigint      NOT NULL CHECK (bonus_minor > 0),
  claimed_at            timestamptz NOT NULL,
  ledger_transaction_id bigint      NOT NULL REFERENCES ledger_transaction (id),
  PRIMARY KEY (member_id, achievement_id)
);

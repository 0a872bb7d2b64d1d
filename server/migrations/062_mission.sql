-- Missions and leaderboards (modules/mission): time-boxed missions whose milestones a member
-- reaches by settled activity inside the mission's window, each milestone's reward claimed once
-- (money through the ledger, kind mission_reward from house_missions, with a wagering
-- requirement; or prize-wheel tickets), and a leaderboard whose prizes a periodic job pays once
-- after the end. Progress is never stored: it is read from the bets, game rounds, deposits and
-- sessions each time. Time columns are written from the application's clock.

-- A mission of a merchant. texts: per language (BN CN EN ID TH TY VI) {title, description, rules};
-- the merchant's own name is the fallback. device: the clients it is for (the request's Device
-- header). min_vip_level: the audience (0: every member; members have no VIP level yet, so only 0
-- admits anyone today). leaderboard_metric: null for a mission without a leaderboard.
CREATE TABLE mission (
  id                  integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id         integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  name                text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  texts               jsonb       NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(texts) = 'object'),
  starts_at           timestamptz NOT NULL,
  ends_at             timestamptz NOT NULL,
  device              text        NOT NULL DEFAULT 'all' CHECK (device IN ('all', 'web', 'mobile')),
  min_vip_level       smallint    NOT NULL DEFAULT 0 CHECK (min_vip_level BETWEEN 0 AND 99),
  leaderboard_metric  text        CHECK (leaderboard_metric IN ('stake', 'deposits', 'wins')),
  paused              boolean     NOT NULL DEFAULT false,
  -- Set once, in the transaction that paid the leaderboard's prizes (or found none to pay).
  leaderboard_paid_at timestamptz,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  CHECK (ends_at > starts_at),
  CHECK (ends_at - starts_at <= interval '366 days')
);
CREATE INDEX mission_merchant ON mission (merchant_id, ends_at);
CREATE INDEX mission_leaderboard_due ON mission (ends_at) WHERE leaderboard_metric IS NOT NULL AND leaderboard_paid_at IS NULL;

-- A milestone: the kind counted and its target (minor units for stake, deposits and wins; days
-- for sign_ins; distinct games for variety), and its reward: money (minor units, with the
-- wagering multiplier ×100 of the reward) or prize-wheel tickets.
CREATE TABLE mission_milestone (
  id                       integer  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mission_id               integer  NOT NULL REFERENCES mission (id) ON DELETE CASCADE,
  kind                     text     NOT NULL CHECK (kind IN ('stake', 'deposits', 'wins', 'sign_ins', 'variety')),
  target                   bigint   NOT NULL CHECK (target > 0),
  reward_kind              text     NOT NULL CHECK (reward_kind IN ('money', 'tickets')),
  reward_minor             bigint   CHECK (reward_minor > 0),
  reward_tickets           integer  CHECK (reward_tickets BETWEEN 1 AND 100),
  wagering_multiplier_x100 integer  NOT NULL DEFAULT 100 CHECK (wagering_multiplier_x100 BETWEEN 0 AND 10000),
  sort_order               smallint NOT NULL DEFAULT 0,
  CHECK ((reward_kind = 'money') = (reward_minor IS NOT NULL)),
  CHECK ((reward_kind = 'tickets') = (reward_tickets IS NOT NULL)),
  CHECK (kind NOT IN ('sign_ins', 'variety') OR target <= 10000)
);
CREATE INDEX mission_milestone_mission ON mission_milestone (mission_id, sort_order, id);

-- A member's claim of a milestone: one row per member and milestone, made by the first claim and
-- locked by every claim (two at once queue on it). claimed_at is set in the transaction that paid.
CREATE TABLE mission_claim (
  id                    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  mission_id            integer     NOT NULL REFERENCES mission (id) ON DELETE RESTRICT,
  milestone_id          integer     NOT NULL REFERENCES mission_milestone (id) ON DELETE RESTRICT,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  created_at            timestamptz NOT NULL,
  claimed_at            timestamptz,
  progress              bigint,
  reward_minor          bigint      CHECK (reward_minor > 0),
  requirement_minor     bigint      CHECK (requirement_minor >= 0),
  tickets               integer     CHECK (tickets > 0),
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  UNIQUE (milestone_id, member_id),
  CHECK ((claimed_at IS NULL) = (progress IS NULL)),
  CHECK (claimed_at IS NULL OR (reward_minor IS NOT NULL) <> (tickets IS NOT NULL)),
  CHECK ((reward_minor IS NULL) = (ledger_transaction_id IS NULL))
);
CREATE INDEX mission_claim_member ON mission_claim (member_id, mission_id);

-- The leaderboard's prize of a rank (minor units, with its wagering multiplier ×100).
CREATE TABLE mission_leaderboard_prize (
  mission_id               integer  NOT NULL REFERENCES mission (id) ON DELETE CASCADE,
  rank                     smallint NOT NULL CHECK (rank BETWEEN 1 AND 100),
  amount_minor             bigint   NOT NULL CHECK (amount_minor > 0),
  wagering_multiplier_x100 integer  NOT NULL DEFAULT 100 CHECK (wagering_multiplier_x100 BETWEEN 0 AND 10000),
  PRIMARY KEY (mission_id, rank)
);

-- What the job paid a rank (once: the key, and the ledger's key mission:leaderboard:<mission>:<rank>).
CREATE TABLE mission_leaderboard_payout (
  mission_id            integer     NOT NULL REFERENCES mission (id) ON DELETE RESTRICT,
  rank                  smallint    NOT NULL,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  score                 bigint      NOT NULL CHECK (score > 0),
  amount_minor          bigint      NOT NULL CHECK (amount_minor > 0),
  requirement_minor     bigint      NOT NULL CHECK (requirement_minor >= 0),
  ledger_transaction_id bigint      NOT NULL REFERENCES ledger_transaction (id),
  paid_at               timestamptz NOT NULL,
  PRIMARY KEY (mission_id, rank),
  UNIQUE (mission_id, member_id)
);

-- Progress reads a member's settled activity by time: the lottery's bets by when they settled,
-- game rounds by when they ended (lottery_bet_member covers creation only), and sessions by start.
CREATE INDEX lottery_bet_member_settled ON lottery_bet (member_id, settled_at) WHERE state IN ('won', 'lost');
CREATE INDEX game_round_member_ended ON game_round (member_id, ended_at) WHERE status = 'settled' AND NOT trial;
CREATE INDEX member_session_member_created ON member_session (member_id, created_at);

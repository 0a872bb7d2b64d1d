-- Issue 10, the game-provider side (server module game-provider): which vendors are connected and
-- how (operator configuration: adapter, sealed secret, session length, maintenance windows), the
-- game sessions a launch opens, and the seamless-wallet API's bookkeeping: a round per vendor
-- round id and a row per vendor transaction id. Money itself moves only in the ledger
-- (postTransaction, kinds game_bet / game_win / game_rollback); these rows say which ledger
-- transaction a vendor transaction was, and what was answered to it.
--
-- game_id columns name `game` rows (migration 029) without a foreign key: a round and its
-- transactions are history, kept with the game's code and name even after an operator removes
-- the game from the catalogue.

-- A vendor (vassalage) as the provider API sees it, per merchant. adapter NULL: no adapter is
-- written for it yet (launch answers game.vendor.not_connected). The HMAC secret the vendor signs
-- with is sealed with the server's SECRETS_KEY (src/secrets-key.ts); NULL until first needed, when
-- the server generates a random one (game-provider/provider-secret.ts).
CREATE TABLE game_provider (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  vassalage       text    NOT NULL,
  adapter         text    CHECK (adapter IN ('inhouse')),
  secret_sealed   text,
  session_minutes integer NOT NULL DEFAULT 480 CHECK (session_minutes BETWEEN 1 AND 10080),
  enabled         boolean NOT NULL DEFAULT true,
  UNIQUE (merchant_id, vassalage)
);

-- Existing merchants with the in-house vendor get it connected (new ones: the seed).
INSERT INTO game_provider (merchant_id, vassalage, adapter)
SELECT DISTINCT merchant_id, vassalage, 'inhouse' FROM game_vendor WHERE vassalage = 'JL'
ON CONFLICT DO NOTHING;

-- A vendor's maintenance: launches answer vendor_under_maintenance, the provider API refuses bets
-- (wins and rollbacks are still accepted). ends_at NULL: until further notice.
CREATE TABLE game_vendor_maintenance (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  vassalage   text        NOT NULL,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz,
  reason      text        NOT NULL DEFAULT '',
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX game_vendor_maintenance_vendor ON game_vendor_maintenance (merchant_id, vassalage, starts_at);

-- A launch's session: the token travels in the game URL; only its SHA-256 is kept. A trial
-- session has no member and plays with play_balance_minor, which never touches the ledger.
CREATE TABLE game_session (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id          bigint      REFERENCES member (id),
  vassalage          text        NOT NULL,
  game_id            integer     NOT NULL,
  token_hash         bytea       NOT NULL UNIQUE,
  trial              boolean     NOT NULL,
  play_balance_minor bigint      CHECK (play_balance_minor >= 0),
  -- The game page's language (BN, CN, EN, ID, TH, TY, VI), as the launch asked.
  language           text        NOT NULL DEFAULT 'EN',
  created_at         timestamptz NOT NULL,
  expires_at         timestamptz NOT NULL,
  CHECK (trial = (member_id IS NULL)),
  CHECK (trial = (play_balance_minor IS NOT NULL))
);
CREATE INDEX game_session_member ON game_session (member_id, created_at) WHERE member_id IS NOT NULL;

-- A vendor's round. Real rounds belong to a member (bet records read them, issue 10 helper F);
-- trial rounds to their session only (member_id NULL, never a bet record). ledger_account_id is
-- the member account the round's bets came from: its wins and rollbacks go back to the same one.
CREATE TABLE game_round (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id         bigint      REFERENCES member (id),
  game_session_id   bigint      REFERENCES game_session (id),
  trial             boolean     NOT NULL DEFAULT false,
  vassalage         text        NOT NULL,
  game_id           integer,
  game_code         text        NOT NULL,
  game_name         text        NOT NULL,
  game_category     text        NOT NULL,
  vendor_round_id   text        NOT NULL,
  ledger_account_id bigint      REFERENCES ledger_account (id),
  bet_minor         bigint      NOT NULL DEFAULT 0 CHECK (bet_minor >= 0),
  win_minor         bigint      NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
  valid_bet_minor   bigint      NOT NULL DEFAULT 0 CHECK (valid_bet_minor >= 0),
  status            text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'rolled_back')),
  started_at        timestamptz NOT NULL,
  ended_at          timestamptz,
  UNIQUE (merchant_id, vassalage, vendor_round_id),
  CHECK (trial = (member_id IS NULL)),
  CHECK (trial OR ledger_account_id IS NOT NULL)
);
CREATE INDEX game_round_member ON game_round (member_id, game_category, started_at);

-- A vendor transaction, unique per vendor id: a repeat finds it and answers `response` (when
-- request_hash matches) or is refused. A rollback of an id never seen leaves a tombstone (kind
-- 'bet', rolled_back, no request_hash): the bet arriving later under that id is refused.
CREATE TABLE game_transaction (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  vassalage             text        NOT NULL,
  vendor_tx_id          text        NOT NULL,
  kind                  text        NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  round_id              bigint      REFERENCES game_round (id),
  member_id             bigint      REFERENCES member (id),
  amount_minor          bigint      NOT NULL CHECK (amount_minor >= 0),
  request_hash          bytea,
  response              jsonb,
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  rolled_back           boolean     NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL,
  UNIQUE (merchant_id, vassalage, vendor_tx_id)
);
CREATE INDEX game_transaction_round ON game_transaction (round_id);

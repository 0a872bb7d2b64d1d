-- Issue 10, the in-house (JL) game server (server module inhouse): provably fair seeds, slot
-- rounds, and the multiplayer crash game's rounds and bets. No money lives here: every bet and
-- win goes through the seamless-wallet API (module game-provider) as an outside vendor's would,
-- which posts it to the ledger; these rows say what was played, with which seed and nonce, and
-- which provider transaction ids carry it (so a crash between the bet and the win is recovered by
-- re-sending the same ids). Time columns are written from the application's clock, never now().

-- A player's seed pair (HMAC-SHA256(serverSeed, clientSeed:nonce)). The player is the provider's
-- playerId (a member, or a trial session) per merchant; one active seed each. The server seed is
-- sealed with SECRETS_KEY while active (its SHA-256 is shown before play); rotation reveals it
-- (server_seed, clear from then on: every round played with it can be verified) and starts a new
-- one. The client seed is the player's (1-64 printable characters), random by default.
CREATE TABLE fair_seed (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  player_id          text        NOT NULL CHECK (length(player_id) BETWEEN 1 AND 100),
  trial              boolean     NOT NULL,
  server_seed_sealed text        NOT NULL,
  server_seed_hash   text        NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed        text        NOT NULL CHECK (client_seed ~ '^[\x21-\x7e]{1,64}$'),
  next_nonce         bigint      NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  active             boolean     NOT NULL DEFAULT true,
  server_seed        text        CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  created_at         timestamptz NOT NULL,
  revealed_at        timestamptz,
  CHECK (active = (server_seed IS NULL)),
  CHECK (active = (revealed_at IS NULL))
);
CREATE UNIQUE INDEX fair_seed_active ON fair_seed (merchant_id, player_id) WHERE active;
CREATE INDEX fair_seed_player ON fair_seed (merchant_id, player_id, id);

-- A slot spin: one nonce of one seed, never reused (refused rounds keep theirs). The outcome is
-- computed when the nonce is taken (it depends on the seeds and nonce only) and shown once the
-- round is settled. state:
--   pending   the nonce is taken; the bet was sent (bet_done: the provider accepted it) and the win
--             not yet: the recovery job re-sends what is missing with the same transaction ids
--   settled   bet, win (even 0) and end of round accepted by the provider
--   refused   the provider refused the bet (insufficient funds, expired session...) or it was
--             rolled back: no money moved
CREATE TABLE inhouse_round (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  player_id         text        NOT NULL,
  trial             boolean     NOT NULL,
  fair_seed_id      bigint      NOT NULL REFERENCES fair_seed (id),
  nonce             bigint      NOT NULL CHECK (nonce >= 0),
  -- The client seed in force when the nonce was taken (the player may change it between rounds).
  client_seed       text        NOT NULL,
  game_code         text        NOT NULL,
  bet_minor         bigint      NOT NULL CHECK (bet_minor > 0),
  win_minor         bigint      NOT NULL CHECK (win_minor >= 0),
  outcome           jsonb       NOT NULL,
  provider_round_id text        NOT NULL UNIQUE,
  bet_tx_id         text        NOT NULL UNIQUE,
  win_tx_id         text        NOT NULL UNIQUE,
  state             text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'settled', 'refused')),
  bet_done          boolean     NOT NULL DEFAULT false,
  refusal           text,
  created_at        timestamptz NOT NULL,
  settled_at        timestamptz,
  UNIQUE (fair_seed_id, nonce)
);
CREATE INDEX inhouse_round_player ON inhouse_round (merchant_id, player_id, id);
CREATE INDEX inhouse_round_pending ON inhouse_round (created_at) WHERE state = 'pending';

-- A crash round, per merchant, run by one leader (advisory lock): betting until betting_ends_at,
-- running from started_at (multiplier from the elapsed time), crashed at the crash point the
-- seed gives. Its seed hash is published when betting opens; the seed is revealed at the crash.
-- The crash point is HMAC-SHA256(serverSeed, clientSeed:nonce) with the public client seed below.
CREATE TABLE crash_round (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  game_code          text        NOT NULL,
  server_seed_sealed text        NOT NULL,
  server_seed_hash   text        NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed        text        NOT NULL,
  nonce              bigint      NOT NULL DEFAULT 0,
  phase              text        NOT NULL CHECK (phase IN ('betting', 'running', 'crashed')),
  betting_ends_at    timestamptz NOT NULL,
  started_at         timestamptz,
  crashed_at         timestamptz,
  -- Hundredths of the multiplier (250 = 2.50x); written at the crash, with the seed.
  crash_point_x100   integer     CHECK (crash_point_x100 >= 100),
  server_seed        text        CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  created_at         timestamptz NOT NULL,
  CHECK ((phase = 'crashed') = (server_seed IS NOT NULL)),
  CHECK ((phase = 'crashed') = (crash_point_x100 IS NOT NULL))
);
CREATE UNIQUE INDEX crash_round_current ON crash_round (merchant_id, game_code) WHERE phase <> 'crashed';
CREATE INDEX crash_round_history ON crash_round (merchant_id, game_code, id);

-- A player's bet on a crash round (one each). status:
--   pending   sent to the provider, not yet accepted
--   open      accepted; riding the multiplier
--   cashed    cashed out (by the player or the auto cash-out) at cashout_x100: wins bet × that
--   lost      still open at the crash: wins 0
--   refused   the provider refused it (or it was rolled back): no money moved
-- settled: the win (even 0) and the end of the round were accepted by the provider.
CREATE TABLE crash_bet (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  crash_round_id    bigint      NOT NULL REFERENCES crash_round (id),
  player_id         text        NOT NULL,
  player_name       text        NOT NULL,
  trial             boolean     NOT NULL,
  bet_minor         bigint      NOT NULL CHECK (bet_minor > 0),
  auto_cashout_x100 integer     CHECK (auto_cashout_x100 >= 101),
  status            text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'open', 'cashed', 'lost', 'refused')),
  cashout_x100      integer     CHECK (cashout_x100 >= 100),
  win_minor         bigint      CHECK (win_minor >= 0),
  provider_round_id text        NOT NULL UNIQUE,
  bet_tx_id         text        NOT NULL UNIQUE,
  win_tx_id         text        NOT NULL UNIQUE,
  settled           boolean     NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL,
  cashed_out_at     timestamptz,
  settled_at        timestamptz,
  UNIQUE (crash_round_id, player_id),
  CHECK ((status = 'cashed') = (cashout_x100 IS NOT NULL)),
  CHECK ((status IN ('cashed', 'lost')) = (win_minor IS NOT NULL))
);
CREATE INDEX crash_bet_unsettled ON crash_bet (created_at) WHERE NOT settled AND status <> 'refused';
CREATE INDEX crash_bet_player ON crash_bet (merchant_id, player_id, id);

-- The crash game's events (round opened, bet, cash-out, ticks, crash) reach every replica's
-- open streams through NOTIFY inhouse_crash (payload: JSON, sent by the service after commit).

-- The game catalogue (issue 10): the games of each vendor row, a member's favourites and recently
-- played games, and the rooms of PVP games. Configuration rows (game, game_room) are written by the
-- seed and the operator; favourites and recent games by the member's own calls and the launch.

-- A game belongs to one vendor row (game_vendor is per merchant per category): the same game
-- offered in two categories has one row under each (the in-house slots under JL-RNG and
-- JL-INHOUSE, same game_code). Its nodeId on the wire is the id as text.
CREATE TABLE game (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id    integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  game_vendor_id integer NOT NULL REFERENCES game_vendor (id) ON DELETE CASCADE,
  -- The vendor's code of the game (JLS001, ...).
  game_code      text    NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  -- The name in English; names per language code in display_names {"CN": "...", "VI": "..."}.
  name           text    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  display_names  jsonb   NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(display_names) = 'object'),
  -- SLOT, CRASH, FISH, TABLE, ... (the lobby's classification filter).
  game_classify  text    CHECK (game_classify ~ '^[A-Z_]{1,40}$'),
  -- The smallest stake, in minor units of the merchant's currency.
  min_bet_minor  bigint  NOT NULL CHECK (min_bet_minor > 0),
  -- Paylines of a slot; null when the game has none.
  line_num       integer CHECK (line_num > 0),
  is_hot         boolean NOT NULL DEFAULT false,
  is_new         boolean NOT NULL DEFAULT false,
  -- Playable with play money without an account (trial launch).
  trial_enabled  boolean NOT NULL DEFAULT false,
  icon_url       text,
  platforms      text[]  NOT NULL DEFAULT ARRAY['html5-desktop', 'html5'],
  enabled        boolean NOT NULL DEFAULT true,
  sort_order     integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL,
  UNIQUE (game_vendor_id, game_code)
);
CREATE INDEX game_merchant_list ON game (merchant_id, sort_order, id) WHERE enabled;
CREATE INDEX game_merchant_code ON game (merchant_id, game_code);

-- The vendor row of a game is the merchant's own.
CREATE FUNCTION game_vendor_same_merchant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM game_vendor WHERE id = NEW.game_vendor_id AND merchant_id = NEW.merchant_id) THEN
    RAISE EXCEPTION 'game % names vendor row % of another merchant', NEW.game_code, NEW.game_vendor_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER game_vendor_same_merchant BEFORE INSERT OR UPDATE OF merchant_id, game_vendor_id ON game
  FOR EACH ROW EXECUTE FUNCTION game_vendor_same_merchant();

CREATE TABLE game_favourite (
  member_id  bigint  NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  game_id    integer NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX game_favourite_game ON game_favourite (game_id);

-- The games a member launched, one row per game with the last launch (the launch records it).
CREATE TABLE game_recent (
  member_id      bigint  NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  game_id        integer NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  last_played_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX game_recent_member ON game_recent (member_id, last_played_at DESC);
CREATE INDEX game_recent_game ON game_recent (game_id);

-- Rooms (tables by stake) of a PVP game.
CREATE TABLE game_room (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id       integer NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  room_code     text    NOT NULL CHECK (room_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name          text    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  min_bet_minor bigint  NOT NULL CHECK (min_bet_minor > 0),
  max_bet_minor bigint  CHECK (max_bet_minor IS NULL OR max_bet_minor >= min_bet_minor),
  enabled       boolean NOT NULL DEFAULT true,
  sort_order    integer NOT NULL DEFAULT 0,
  UNIQUE (game_id, room_code)
);

-- A merchant's stake range for each in-house game (modules/inhouse inhouse-settings.service.ts):
-- the merchant narrows what its players may stake, within the bounds of the game's certified
-- maths (a slot's bet steps, the crash game's minimum and maximum bet), never outside them. The
-- certified bounds live in the code, so the server checks a range against them when it is set and
-- again when it reads it; this table only keeps what the merchant chose. No row: the certified
-- bounds. Amounts in minor units.
CREATE TABLE inhouse_game_setting (
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  game_code     text        NOT NULL CHECK (game_code ~ '^[A-Z0-9]{2,16}$'),
  min_bet_minor bigint      NOT NULL CHECK (min_bet_minor > 0),
  max_bet_minor bigint      NOT NULL CHECK (max_bet_minor > 0),
  updated_at    timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, game_code),
  CHECK (min_bet_minor <= max_bet_minor)
);

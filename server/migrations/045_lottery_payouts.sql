-- The lottery pays what the bet page shows, within limits the merchant sets (server/README.md,
-- Lottery). Adds:
--   · lottery_bet.ticket_prize_minor: what one winning ticket of the bet pays at its multiple,
--     rounded down once (shared/src/lottery/prices.ts ticketPrizeMinor). The unit prize rounded
--     first and then multiplied paid 82–88 % instead of 90 % in the 角 and 分 modes. Bets placed
--     before this migration keep unit prize × multiple (NULL here).
--   · liability limits per game (0: none): the most a round may owe in prizes over all its bets,
--     the most one number of one play may owe (a Mark Six special number, a 3-digit VN number),
--     and the most one member may stake on one round. The running totals live in three tables
--     written by the betting transaction (upserts, so two bets at once add up under row locks)
--     and taken back when a bet is cancelled.
--   · the daily Vietnamese game is renamed as the house's own draw: its numbers come from the
--     round's seed, not from the official XSMB result, and players betting lô/đề must not be told
--     otherwise.

ALTER TABLE lottery_bet ADD COLUMN ticket_prize_minor bigint CHECK (ticket_prize_minor >= 0);
-- The most the bet can win (every ticket winning, each occurrence for lô), at most the game's cap:
-- what it adds to its round's liability.
ALTER TABLE lottery_bet ADD COLUMN liability_minor bigint NOT NULL DEFAULT 0 CHECK (liability_minor >= 0);

ALTER TABLE lottery_game
  ADD COLUMN max_round_payout_minor  bigint NOT NULL DEFAULT 0 CHECK (max_round_payout_minor >= 0),
  ADD COLUMN max_number_payout_minor bigint NOT NULL DEFAULT 0 CHECK (max_number_payout_minor >= 0),
  ADD COLUMN max_member_stake_minor  bigint NOT NULL DEFAULT 0 CHECK (max_member_stake_minor >= 0);

-- The liability of a round: the sum of its open bets' liability_minor.
CREATE TABLE lottery_round_liability (
  round_id            bigint      PRIMARY KEY REFERENCES lottery_round (id) ON DELETE CASCADE,
  payout_minor        bigint      NOT NULL CHECK (payout_minor >= 0)
);

-- The liability of one number (value) of one row of a play in a round: the prizes of the open
-- bets that win if that number comes up once (plays whose ticket is one number per row: the
-- settle rule sum, e.g. 特码, 定位胆, đề, 3 càng, lô per hit).
CREATE TABLE lottery_number_liability (
  round_id            bigint      NOT NULL REFERENCES lottery_round (id) ON DELETE CASCADE,
  play_id             integer     NOT NULL,
  row_index           integer     NOT NULL,
  value               integer     NOT NULL,
  payout_minor        bigint      NOT NULL CHECK (payout_minor >= 0),
  PRIMARY KEY (round_id, play_id, row_index, value)
);

-- What each member has staked on a round (open bets).
CREATE TABLE lottery_member_stake (
  round_id            bigint      NOT NULL REFERENCES lottery_round (id) ON DELETE CASCADE,
  member_id           bigint      NOT NULL,
  stake_minor         bigint      NOT NULL CHECK (stake_minor >= 0),
  PRIMARY KEY (round_id, member_id)
);

UPDATE lottery_game SET name = 'Vietnam Daily (house draw)' WHERE game_code = 'VNMB' AND name = 'Northern Vietnam (XSMB)';

CREATE OR REPLACE FUNCTION lottery_insert_default_games(merchant integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lottery_game (merchant_id, game_code, kind, group_code, prize_mode, name, interval_seconds, close_seconds,
                            first_draw_seconds, draws_per_day, numero_digits, utc_offset_minutes,
                            min_series, max_bet_series, max_series, default_series, max_prize_minor, sort_order)
  SELECT merchant, g.code, g.kind, g.grp, g.mode, g.name, g.interval_s, g.close_s, g.first_s, g.per_day, g.digits, g.utc_offset,
         1800, 1960, 1960, 1900, 30000000, g.sort_order
    FROM (VALUES
      ('SSC1',   'SSC',  'SSC',  'Lott', '1-minute SSC',               60,    5,    60,    1440, 4, 480, 0),
      ('SSC5',   'SSC',  'SSC',  'Lott', '5-minute SSC',               300,   30,   300,   288,  3, 480, 1),
      ('GD11X5', '11X5', '11X5', 'Lott', '3-minute 11x5',              180,   20,   180,   480,  3, 480, 2),
      ('PK10',   'PK10', 'PK10', 'Lott', 'Speed Racing (75 s)',        75,    8,    75,    1152, 4, 480, 3),
      ('LHC5',   'LHC',  'LHC',  'Lott', 'Speed Mark Six (5 min)',     300,   30,   300,   288,  3, 480, 4),
      ('VNMB',   'VN',   'VN',   'SEA',  'Vietnam Daily (house draw)', 86400, 600,  65700, 1,    0, 420, 5),
      ('VN5',    'VN',   'VN',   'SEA',  'Fast Vietnam (5 min)',       300,   30,   300,   288,  3, 420, 6)
    ) AS g(code, kind, grp, mode, name, interval_s, close_s, first_s, per_day, digits, utc_offset, sort_order)
  ON CONFLICT (merchant_id, game_code) DO NOTHING
$$;

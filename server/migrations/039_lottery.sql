-- Issue 11, the lottery (server module lottery): games configured per merchant, their rounds
-- ("numeros") with provably fair draws, orders and bets, and settlement. The play types, their
-- exact probabilities, prices and win rules live in @platform/shared/lottery (shared/src/lottery);
-- this schema stores what was bet and what was drawn, and evaluates wins with the same rules in
-- SQL (lottery_win_count below), one UPDATE per round. Money moves only through the ledger (kinds
-- bet, win, bet_refund, betting_rebate between the member's main wallet and house_lottery). Time
-- columns are written from the application's clock, never now().

-- A lottery game of a merchant. The schedule of a day (in the game's time zone, utc_offset_minutes):
-- draw k (1 … draws_per_day) at local midnight + first_draw_seconds + (k − 1) × interval_seconds,
-- numero `YYYYMMDD-<k padded to numero_digits>` (numero_digits 0: `YYYYMMDD`, one draw a day).
-- A round takes bets from the previous round's close (draw − interval − close_seconds) until
-- close_seconds before its draw. Series (奖金组): a bet's prices follow from its series G as
-- fair × G / 2000 (LOTTERY.md §1); min_series ≤ G ≤ max_bet_series, and the rebate on turnover is
-- (max_series − G) / 2000.
CREATE TABLE lottery_game (
  id                  integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id         integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  game_code           text        NOT NULL CHECK (game_code ~ '^[A-Z0-9]{2,16}$'),
  kind                text        NOT NULL CHECK (kind IN ('SSC', '11X5', 'PK10', 'LHC', 'VN')),
  -- The lobby group (gameGroupCode) and the prize mode whose menus list the game (Lott, or SEA for
  -- the Vietnam lottery).
  group_code          text        NOT NULL CHECK (group_code ~ '^[A-Z0-9]{2,16}$'),
  prize_mode          text        NOT NULL CHECK (prize_mode IN ('Lott', 'SEA')),
  name                text        NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  interval_seconds    integer     NOT NULL CHECK (interval_seconds BETWEEN 30 AND 86400),
  close_seconds       integer     NOT NULL CHECK (close_seconds >= 0 AND close_seconds < interval_seconds),
  first_draw_seconds  integer     NOT NULL CHECK (first_draw_seconds BETWEEN 0 AND 86400),
  draws_per_day       integer     NOT NULL CHECK (draws_per_day BETWEEN 1 AND 2880),
  numero_digits       integer     NOT NULL CHECK (numero_digits BETWEEN 0 AND 4),
  utc_offset_minutes  integer     NOT NULL CHECK (utc_offset_minutes BETWEEN -720 AND 840),
  min_series          integer     NOT NULL CHECK (min_series BETWEEN 1000 AND 2000),
  max_bet_series      integer     NOT NULL,
  max_series          integer     NOT NULL CHECK (max_series <= 2000),
  default_series      integer     NOT NULL,
  -- The most one bet may win (0: no cap); a prize above it is paid at the cap.
  max_prize_minor     bigint      NOT NULL DEFAULT 0 CHECK (max_prize_minor >= 0),
  enabled             boolean     NOT NULL DEFAULT true,
  sort_order          integer     NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, game_code),
  CHECK (min_series <= default_series AND default_series <= max_bet_series AND max_bet_series <= max_series),
  CHECK (first_draw_seconds + (draws_per_day - 1) * interval_seconds <= 86400)
);

-- One round of a game. The server seed (32 random bytes as hex) is sealed with SECRETS_KEY until
-- the draw; its SHA-256 is public from the round's creation, before betting opens. The draw is
-- drawRound(kind, game_code, numero, server_seed) (shared/src/lottery/draw.ts): anybody can
-- recompute it once server_seed is revealed. state:
--   open     taking bets until close_at (or waiting for its draw after it)
--   drawn    numbers and seed written, features of every play written, bets not yet settled
--   settled  every bet settled and paid (one transaction with the state change: exactly once)
--   void     no draw could be made: every bet refunded
CREATE TABLE lottery_round (
  id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id         integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  game_id             integer     NOT NULL REFERENCES lottery_game (id) ON DELETE CASCADE,
  numero              text        NOT NULL CHECK (numero ~ '^[0-9]{8}(-[0-9]{2,4})?$'),
  open_at             timestamptz NOT NULL,
  close_at            timestamptz NOT NULL,
  draw_at             timestamptz NOT NULL,
  server_seed_sealed  text        NOT NULL,
  server_seed_hash    text        NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  server_seed         text        CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  numbers             integer[],
  state               text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'drawn', 'settled', 'void')),
  drawn_at            timestamptz,
  settled_at          timestamptz,
  void_reason         text        CHECK (length(void_reason) <= 200),
  UNIQUE (game_id, numero),
  CHECK (open_at < close_at AND close_at <= draw_at),
  CHECK ((state IN ('drawn', 'settled')) = (numbers IS NOT NULL)),
  CHECK ((state IN ('drawn', 'settled')) = (server_seed IS NOT NULL)),
  CHECK ((state = 'void') = (void_reason IS NOT NULL))
);
CREATE INDEX lottery_round_game_draw ON lottery_round (game_id, draw_at);
CREATE INDEX lottery_round_due ON lottery_round (draw_at) WHERE state IN ('open', 'drawn');

-- What each play reads of a drawn round (PlayDefinition.features) and the play's rule: written
-- with the draw, read by settlement. A push refunds the bet (LHC two-sided bets on 49).
CREATE TABLE lottery_draw_feature (
  round_id            bigint      NOT NULL REFERENCES lottery_round (id) ON DELETE CASCADE,
  play_id             integer     NOT NULL,
  rule                text        NOT NULL CHECK (rule IN ('product', 'sum', 'choose', 'superset')),
  k                   integer     NOT NULL DEFAULT 0,
  f                   bigint[]    NOT NULL,
  push                boolean     NOT NULL,
  PRIMARY KEY (round_id, play_id)
);

-- One betting request: its slip lines over one round, or over several rounds for a chase (追号),
-- paid in full when placed (one ledger movement, key lottery:order:<id>). win_stop: once a bet of
-- the chase wins, its later bets not yet drawn are refunded (追中即停).
CREATE TABLE lottery_order (
  id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id         integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id           bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  game_id             integer     NOT NULL REFERENCES lottery_game (id),
  order_no            text        NOT NULL UNIQUE CHECK (order_no ~ '^L[0-9A-Z]{6,40}$'),
  chase               boolean     NOT NULL,
  win_stop            boolean     NOT NULL,
  rounds              integer     NOT NULL CHECK (rounds >= 1),
  -- What was asked: the round it started on and the slip (a repeated request must ask the same).
  first_numero        text        NOT NULL,
  slip                text        NOT NULL CHECK (length(slip) BETWEEN 1 AND 20000),
  amount_minor        bigint      NOT NULL CHECK (amount_minor > 0),
  -- The client's Idempotency-Key (or none): a repeated request returns the first order.
  request_key         text        CHECK (request_key ~ '^[A-Za-z0-9_.:-]{8,100}$'),
  stopped             boolean     NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL
);
CREATE UNIQUE INDEX lottery_order_request ON lottery_order (member_id, request_key) WHERE request_key IS NOT NULL;
CREATE INDEX lottery_order_member ON lottery_order (member_id, created_at);

-- One slip line in one round (orderDetailId). picks: the line's rows as WORD_BITS-bit masks (the
-- layout of pickWords); content: the slip row text shown in records. amount = tickets × unit stake
-- × money mode × multiple; unit_prize = the prize of one winning ticket at multiple 1 (at the
-- bet's series and mode, rounded down); rebate = floor(amount × (max_series − series) / 2000).
-- state: open (paid, waiting for its draw), won / lost / push (settled), cancelled (by the member
-- before close), stopped (a chase stopped on a win), void (the round was voided): the last four
-- refunded in full.
CREATE TABLE lottery_bet (
  id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id            bigint      NOT NULL REFERENCES lottery_order (id) ON DELETE CASCADE,
  merchant_id         integer     NOT NULL,
  member_id           bigint      NOT NULL,
  round_id            bigint      NOT NULL REFERENCES lottery_round (id),
  chase_index         integer     NOT NULL CHECK (chase_index >= 0),
  play_id             integer     NOT NULL,
  picks               bigint[]    NOT NULL,
  content             text        NOT NULL CHECK (length(content) BETWEEN 1 AND 20000),
  tickets             integer     NOT NULL CHECK (tickets >= 1),
  money_mode          smallint    NOT NULL CHECK (money_mode IN (1, 2, 3)),
  series              integer     NOT NULL,
  multiple            integer     NOT NULL CHECK (multiple BETWEEN 1 AND 10000),
  amount_minor        bigint      NOT NULL CHECK (amount_minor > 0),
  unit_prize_minor    bigint      NOT NULL CHECK (unit_prize_minor >= 0),
  max_prize_minor     bigint      NOT NULL CHECK (max_prize_minor >= 0),
  rebate_minor        bigint      NOT NULL CHECK (rebate_minor >= 0),
  state               text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'won', 'lost', 'push', 'cancelled', 'stopped', 'void')),
  win_count           bigint,
  prize_minor         bigint      NOT NULL DEFAULT 0 CHECK (prize_minor >= 0),
  created_at          timestamptz NOT NULL,
  settled_at          timestamptz,
  CHECK ((state = 'open') = (settled_at IS NULL))
) WITH (fillfactor = 70);
-- Settlement changes only columns no index holds, with room left on each page (fillfactor): its
-- updates are heap-only (HOT), writing no index entries (npm run bench -- --lottery).
CREATE INDEX lottery_bet_round ON lottery_bet (round_id);
CREATE INDEX lottery_bet_member ON lottery_bet (member_id, created_at);
CREATE INDEX lottery_bet_order ON lottery_bet (order_id, chase_index);

-- C(n, k) for the small n of the plays (n ≤ 1000).
CREATE FUNCTION lottery_choose(n bigint, k bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN k < 0 OR n < k THEN 0
              ELSE (factorial(n) / (factorial(k) * factorial(n - k)))::bigint END
$$;

-- Winning tickets of a bet: the SQL twin of winCount (shared/src/lottery/rules.ts, SettleRule).
-- p: the bet's pick words; f: the play's feature words for the round (a whole multiple of p's
-- length: word j of f pairs with word (j mod n) of p). PL/pgSQL loops: one call per bet of a
-- round, several times faster than the same in SQL with subqueries (npm run bench -- --lottery).
CREATE FUNCTION lottery_win_count(rule text, k integer, p bigint[], f bigint[]) RETURNS bigint
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n integer := cardinality(p);
  total bigint := 0;
  product bigint := 1;
  picked bigint := 0;
  drawn bigint := 0;
  j integer;
  pick bigint;
BEGIN
  FOR j IN 1 .. cardinality(f) LOOP
    pick := p[((j - 1) % n) + 1];
    IF rule = 'product' THEN
      product := product * bit_count((pick & f[j])::bit(64));
    ELSIF rule = 'superset' THEN
      IF (pick & f[j]) <> f[j] THEN RETURN 0; END IF;
      drawn := drawn + bit_count(f[j]::bit(64));
    ELSE
      total := total + bit_count((pick & f[j])::bit(64));
    END IF;
  END LOOP;
  IF rule = 'superset' THEN
    -- The picks counted once each, however many layers the features have.
    FOR j IN 1 .. n LOOP
      picked := picked + bit_count(p[j]::bit(64));
    END LOOP;
  END IF;
  RETURN CASE rule
    WHEN 'product' THEN product
    WHEN 'sum' THEN total
    WHEN 'choose' THEN lottery_choose(total, k)
    WHEN 'superset' THEN lottery_choose(picked - drawn, k - drawn)
  END;
END $$;

-- The games a merchant starts with (the seed calls this for every new merchant; below, every
-- merchant already there gets them once). Schedules follow LOTTERY.md §7: house SSC every minute
-- and every five minutes, 11X5 every three minutes, a 75-second racing game, a five-minute Mark
-- Six (times in UTC+8), and the northern Vietnam lottery once a day at 18:15 Hanoi time (betting
-- closes 18:05, before the first prize could be known: §10) beside a five-minute Vietnamese game.
-- Series (奖金组, §1): bets from 1800 (90 % return, 8 % rebate) to 1960 (98 %, no rebate), 1900 by
-- default; one bet wins at most 300,000.00 (§1 assign_high_limit_bonus).
CREATE FUNCTION lottery_insert_default_games(merchant integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lottery_game (merchant_id, game_code, kind, group_code, prize_mode, name, interval_seconds, close_seconds,
                            first_draw_seconds, draws_per_day, numero_digits, utc_offset_minutes,
                            min_series, max_bet_series, max_series, default_series, max_prize_minor, sort_order)
  SELECT merchant, g.code, g.kind, g.grp, g.mode, g.name, g.interval_s, g.close_s, g.first_s, g.per_day, g.digits, g.utc_offset,
         1800, 1960, 1960, 1900, 30000000, g.sort_order
    FROM (VALUES
      ('SSC1',   'SSC',  'SSC',  'Lott', '1-minute SSC',            60,    5,    60,    1440, 4, 480, 0),
      ('SSC5',   'SSC',  'SSC',  'Lott', '5-minute SSC',            300,   30,   300,   288,  3, 480, 1),
      ('GD11X5', '11X5', '11X5', 'Lott', '3-minute 11x5',           180,   20,   180,   480,  3, 480, 2),
      ('PK10',   'PK10', 'PK10', 'Lott', 'Speed Racing (75 s)',     75,    8,    75,    1152, 4, 480, 3),
      ('LHC5',   'LHC',  'LHC',  'Lott', 'Speed Mark Six (5 min)',  300,   30,   300,   288,  3, 480, 4),
      ('VNMB',   'VN',   'VN',   'SEA',  'Northern Vietnam (XSMB)', 86400, 600,  65700, 1,    0, 420, 5),
      ('VN5',    'VN',   'VN',   'SEA',  'Fast Vietnam (5 min)',    300,   30,   300,   288,  3, 420, 6)
    ) AS g(code, kind, grp, mode, name, interval_s, close_s, first_s, per_day, digits, utc_offset, sort_order)
  ON CONFLICT (merchant_id, game_code) DO NOTHING
$$;

SELECT lottery_insert_default_games(id) FROM merchant;

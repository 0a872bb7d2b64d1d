-- Points and the point mall (modules/points). Points are a third ledger unit, POINT, beside REAL
-- and PLAY: a member's points are the balance of its own account (kind member_points), moved only
-- by ledger transactions against the merchant's house_points account, so they keep every
-- guarantee of money (005 and 015): double entry, one transaction per idempotency key, append-only
-- postings, reconciliation, and a member's points never below zero. One point is one unit of
-- balance_minor (points are whole numbers). They never expire. Time columns are written from the
-- application's clock.

-- The unit, on accounts and transactions; a transaction still never mixes units (the posting
-- trigger of 032 compares the units of its accounts).
ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_unit_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_unit_check CHECK (unit IN ('REAL', 'PLAY', 'POINT'));
ALTER TABLE ledger_transaction DROP CONSTRAINT ledger_transaction_unit_check;
ALTER TABLE ledger_transaction ADD CONSTRAINT ledger_transaction_unit_check CHECK (unit IN ('REAL', 'PLAY', 'POINT'));

-- member_points: a member's points (one per member). house_points: the merchant's counterpart of
-- every point issued (earned, adjusted) or spent (redeemed, converted). Points live in these two
-- kinds only, and these two kinds hold nothing but points.
ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check
  CHECK (kind IN ('member_main', 'member_game', 'member_points') OR kind ~ '^house_[a-z_]{1,34}$');
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_point_unit_check
  CHECK ((unit = 'POINT') = (kind IN ('member_points', 'house_points')));
CREATE UNIQUE INDEX ledger_account_member_points ON ledger_account (member_id) WHERE kind = 'member_points';

-- A merchant's points: how many points an amount earns per source (a product category's settled
-- valid stake, or an approved deposit), and the conversion of points to main-wallet money.
-- A merchant without a row earns nothing and converts nothing.
CREATE TABLE point_setting (
  merchant_id          integer     PRIMARY KEY REFERENCES merchant (id) ON DELETE CASCADE,
  -- convert_points points are worth convert_amount_minor of money (100 points = 1.00).
  convert_points       integer     NOT NULL CHECK (convert_points > 0),
  convert_amount_minor bigint      NOT NULL CHECK (convert_amount_minor >= 0),
  -- The fewest points one conversion takes; conversions are whole multiples of convert_points.
  convert_min_points   integer     NOT NULL CHECK (convert_min_points > 0),
  convert_enabled      boolean     NOT NULL DEFAULT true,
  updated_at           timestamptz NOT NULL
);

-- Earning: every whole per_amount_minor of the source earns `points` (1 point per 10.00 staked:
-- per_amount_minor 1000, points 1). A source without a row earns nothing.
CREATE TABLE point_earn_rule (
  merchant_id      integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  source           text    NOT NULL CHECK (source IN ('lott', 'elott', 'rng', 'live', 'fish', 'pvp', 'sports', 'deposit')),
  per_amount_minor bigint  NOT NULL CHECK (per_amount_minor > 0),
  points           integer NOT NULL CHECK (points >= 0 AND points <= 1000000),
  PRIMARY KEY (merchant_id, source)
);

-- A closed day the earning job counted (the job counts each day once; a recount by an operator
-- credits only what was not credited: every credit has its own ledger key).
CREATE TABLE point_earn_day (
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  balance_date date        NOT NULL,
  counted_at   timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, balance_date)
);

-- The point mall's catalogue. kind: credit (amount_minor to the main wallet), bonus (amount_minor
-- with wagering_multiple × it to wager), tickets (ticket_count prize-wheel tickets), physical (a
-- gift delivered by hand: each redeem waits for an operator to mark it delivered). Texts are
-- objects of the seven languages. stock NULL: unlimited; member_limit NULL: no limit per member.
CREATE TABLE point_item (
  id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  kind              text        NOT NULL CHECK (kind IN ('credit', 'bonus', 'tickets', 'physical')),
  names             jsonb       NOT NULL CHECK (jsonb_typeof(names) = 'object'),
  descriptions      jsonb       NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(descriptions) = 'object'),
  image_url         text        CHECK (length(image_url) <= 500),
  price_points      integer     NOT NULL CHECK (price_points > 0),
  amount_minor      bigint      CHECK (amount_minor > 0),
  wagering_multiple integer     CHECK (wagering_multiple BETWEEN 0 AND 100),
  ticket_count      integer     CHECK (ticket_count BETWEEN 1 AND 100),
  stock             integer     CHECK (stock >= 0),
  member_limit      integer     CHECK (member_limit > 0),
  enabled           boolean     NOT NULL DEFAULT true,
  position          integer     NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  CHECK ((amount_minor IS NOT NULL) = (kind IN ('credit', 'bonus'))),
  CHECK ((wagering_multiple IS NOT NULL) = (kind = 'bonus')),
  CHECK ((ticket_count IS NOT NULL) = (kind = 'tickets'))
);
CREATE INDEX point_item_merchant ON point_item (merchant_id, position, id);

-- A redeem: the points paid (ledger_transaction_id, kind point_redeem), what was given
-- (reward_transaction_id for money), and for a physical item its delivery, marked once by an
-- operator. One per member and Idempotency-Key: a replay answers this row.
CREATE TABLE point_redeem (
  id                    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  item_id               bigint      NOT NULL REFERENCES point_item (id),
  idempotency_key       text        NOT NULL CHECK (idempotency_key <> '' AND length(idempotency_key) <= 200),
  kind                  text        NOT NULL CHECK (kind IN ('credit', 'bonus', 'tickets', 'physical')),
  -- The item's name when redeemed (its texts may change later).
  item_names            jsonb       NOT NULL,
  points                integer     NOT NULL CHECK (points > 0),
  amount_minor          bigint,
  ticket_count          integer,
  ledger_transaction_id bigint      NOT NULL REFERENCES ledger_transaction (id),
  reward_transaction_id bigint      REFERENCES ledger_transaction (id),
  delivery_status       text        CHECK (delivery_status IN ('pending', 'delivered')),
  delivered_at          timestamptz,
  delivered_by          text,
  delivery_note         text        CHECK (length(delivery_note) <= 500),
  created_at            timestamptz NOT NULL,
  UNIQUE (merchant_id, member_id, idempotency_key),
  CHECK ((delivery_status IS NOT NULL) = (kind = 'physical')),
  CHECK ((delivered_at IS NOT NULL) = (delivery_status IS NOT DISTINCT FROM 'delivered'))
);
CREATE INDEX point_redeem_member ON point_redeem (merchant_id, member_id, created_at DESC);
CREATE INDEX point_redeem_item_member ON point_redeem (item_id, member_id);
CREATE INDEX point_redeem_pending ON point_redeem (merchant_id, created_at) WHERE delivery_status = 'pending';

-- A conversion of points to main-wallet money: the points spent (ledger kind point_convert, unit
-- POINT) and the money given (kind point_convert, unit REAL, from house_point_mall) at the rate
-- then in force. One per member and Idempotency-Key: a replay answers this row.
CREATE TABLE point_conversion (
  id                     bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id            integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id              bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  idempotency_key        text        NOT NULL CHECK (idempotency_key <> '' AND length(idempotency_key) <= 200),
  points                 integer     NOT NULL CHECK (points > 0),
  amount_minor           bigint      NOT NULL CHECK (amount_minor >= 0),
  points_transaction_id  bigint      NOT NULL REFERENCES ledger_transaction (id),
  money_transaction_id   bigint      REFERENCES ledger_transaction (id),
  created_at             timestamptz NOT NULL,
  UNIQUE (merchant_id, member_id, idempotency_key)
);

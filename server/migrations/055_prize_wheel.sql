-- The prize wheel (modules/prize-wheel): a member receives tickets (from a promotion, or an
-- operator) and spins each once on the merchant's wheel. The segment is drawn provably fair, like
-- the in-house games (inhouse-games/src/fairness.ts): HMAC-SHA256 of the member's server seed,
-- the spin's client seed and a nonce, read as an unbiased integer in [0, total weight). A cash
-- prize is paid once through the ledger (kind prize_wheel, key prize_wheel:<ticket id>, from
-- house_prize_wheel) with 1× the prize added to the member's wagering requirement. Time columns
-- are written from the application's clock.

-- A merchant's wheel. One is enabled at a time: the one the pages show and new tickets are for.
CREATE TABLE prize_wheel (
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  enabled     boolean     NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX prize_wheel_enabled ON prize_wheel (merchant_id) WHERE enabled;
CREATE INDEX prize_wheel_merchant ON prize_wheel (merchant_id);

-- Its segments in wheel order (position); a segment is drawn with probability weight / the sum of
-- the wheel's weights. Weights are at most 10,000,000 and a wheel has at most 100 segments, so
-- the sum stays below 2^32, the largest range the byte stream's integer reader takes.
CREATE TABLE prize_wheel_segment (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  wheel_id     integer NOT NULL REFERENCES prize_wheel (id) ON DELETE CASCADE,
  position     integer NOT NULL CHECK (position BETWEEN 0 AND 99),
  label        text    NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  prize_kind   text    NOT NULL CHECK (prize_kind IN ('cash', 'none', 'physical')),
  amount_minor bigint  CHECK (amount_minor > 0),
  weight       integer NOT NULL CHECK (weight BETWEEN 1 AND 10000000),
  UNIQUE (wheel_id, position),
  CHECK ((prize_kind = 'cash') = (amount_minor IS NOT NULL))
);

-- A member's ticket: one spin of its wheel. Granting is idempotent by source per member: the
-- tickets of one grant are numbered 1…count (grant_index), so the same source granted again adds
-- nothing (source: promotion:<id>, operator:<operator id>:<idempotency key>, …).
CREATE TABLE prize_ticket (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  wheel_id    integer     NOT NULL REFERENCES prize_wheel (id),
  source      text        NOT NULL CHECK (source ~ '^[a-z][a-z_]{0,31}(:[A-Za-z0-9_.:-]{1,128})?$'),
  grant_index integer     NOT NULL CHECK (grant_index BETWEEN 1 AND 1000),
  state       text        NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'used', 'cancelled')),
  created_at  timestamptz NOT NULL,
  used_at     timestamptz,
  UNIQUE (member_id, source, grant_index),
  CHECK ((state = 'used') = (used_at IS NOT NULL))
);
CREATE INDEX prize_ticket_member ON prize_ticket (member_id, state, id);

-- A member's server seed for the wheel (the pattern of the in-house games' fair_seed, which is
-- keyed by the game vendor's player and carries the games' own client seed and nonce). Its
-- SHA-256 is shown before spinning; while active the seed is sealed with SECRETS_KEY (bound to
-- this table and the merchant); rotating reveals it (server_seed, clear from then on) and starts
-- a new one, nonce 0. It is made with the member's first ticket, so the hash is committed before
-- any spin.
CREATE TABLE prize_wheel_seed (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id          bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  server_seed_sealed text        NOT NULL,
  server_seed_hash   text        NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  next_nonce         bigint      NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  active             boolean     NOT NULL DEFAULT true,
  server_seed        text        CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  created_at         timestamptz NOT NULL,
  revealed_at        timestamptz,
  CHECK (active = (server_seed IS NULL)),
  CHECK (active = (revealed_at IS NULL))
);
CREATE UNIQUE INDEX prize_wheel_seed_active ON prize_wheel_seed (member_id) WHERE active;
CREATE INDEX prize_wheel_seed_member ON prize_wheel_seed (member_id, id);

-- A spin: exactly one per ticket (ticket_id unique), one nonce of one seed. What was drawn is kept
-- as it was (the weights in wheel order, the segment's label, kind and amount), so the spin still
-- verifies after an operator edits the wheel. A cash prize names its ledger movement; a physical
-- one waits for the merchant to deliver it.
CREATE TABLE prize_spin (
  id                    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  ticket_id             bigint      NOT NULL UNIQUE REFERENCES prize_ticket (id) ON DELETE CASCADE,
  wheel_id              integer     NOT NULL REFERENCES prize_wheel (id),
  seed_id               bigint      NOT NULL REFERENCES prize_wheel_seed (id),
  server_seed_hash      text        NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed           text        NOT NULL CHECK (client_seed ~ '^[!-9;-~]{1,64}$'),
  nonce                 bigint      NOT NULL CHECK (nonce >= 0),
  weights               integer[]   NOT NULL CHECK (cardinality(weights) BETWEEN 1 AND 100),
  segment_index         integer     NOT NULL CHECK (segment_index >= 0 AND segment_index < cardinality(weights)),
  segment_id            integer     REFERENCES prize_wheel_segment (id) ON DELETE SET NULL,
  prize_label           text        NOT NULL,
  prize_kind            text        NOT NULL CHECK (prize_kind IN ('cash', 'none', 'physical')),
  amount_minor          bigint      CHECK (amount_minor > 0),
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  delivery_status       text        CHECK (delivery_status IN ('pending', 'delivered')),
  created_at            timestamptz NOT NULL,
  UNIQUE (seed_id, nonce),
  CHECK ((prize_kind = 'cash') = (amount_minor IS NOT NULL)),
  CHECK ((prize_kind = 'cash') = (ledger_transaction_id IS NOT NULL)),
  CHECK ((prize_kind = 'physical') = (delivery_status IS NOT NULL))
);
CREATE INDEX prize_spin_member ON prize_spin (member_id, id);

-- Merchants seeded before this migration get the wheel the seed file gives new ones
-- (server/seed/default-merchant.json, prizeWheel): 8 segments whose weights sum to 10,000.
WITH wheel AS (
  INSERT INTO prize_wheel (merchant_id, name) SELECT id, 'Lucky Wheel' FROM merchant RETURNING id
)
INSERT INTO prize_wheel_segment (wheel_id, position, label, prize_kind, amount_minor, weight)
SELECT wheel.id, segment.position, segment.label, segment.prize_kind, segment.amount_minor, segment.weight
  FROM wheel CROSS JOIN (VALUES
    (0, '0.88',        'cash', 88,    3000),
    (1, 'Thank you',   'none', NULL,  1845),
    (2, '5',           'cash', 500,   800),
    (3, '1.88',        'cash', 188,   2000),
    (4, '88',          'cash', 8800,  10),
    (5, 'Better luck', 'none', NULL,  1845),
    (6, '8.88',        'cash', 888,   400),
    (7, '18.88',       'cash', 1888,  100)
  ) AS segment (position, label, prize_kind, amount_minor, weight);

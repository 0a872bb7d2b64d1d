-- The betting rebate (modules/rebate): a share of what a member staked on settled bets, per
-- product category and VIP level, counted per closed day of the merchant's time zone and paid
-- through the ledger (kind product_rebate, from house_rebate), either claimed by the member
-- (mode manual) or paid by a periodic job (mode auto). Time columns are written from the
-- application's clock.

-- A merchant's rebate: how it is paid. A merchant without a row pays no rebate (manual, no rates).
CREATE TABLE rebate_setting (
  merchant_id integer     PRIMARY KEY REFERENCES merchant (id) ON DELETE CASCADE,
  mode        text        NOT NULL DEFAULT 'manual' CHECK (mode IN ('manual', 'auto')),
  updated_at  timestamptz NOT NULL
);

-- The rate of each product category for each VIP level, in basis points of the settled stake
-- (50 = 0.5 %), at most 10 %. A category without a row earns nothing.
CREATE TABLE rebate_rate (
  merchant_id integer  NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  vip_level   smallint NOT NULL CHECK (vip_level BETWEEN 0 AND 99),
  category    text     NOT NULL CHECK (category IN ('lott', 'elott', 'rng', 'live', 'fish', 'pvp', 'sports')),
  rate_bp     integer  NOT NULL CHECK (rate_bp BETWEEN 0 AND 1000),
  PRIMARY KEY (merchant_id, vip_level, category)
);

-- A closed day whose rebates were counted (once: the row and the day's accruals are written in
-- one transaction, and a second counter waits on this row's key, then finds it there).
CREATE TABLE rebate_day (
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  balance_date date        NOT NULL,
  counted_at   timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, balance_date)
);

-- What a member earned on a day in a category: the settled stake, the rate in force when the day
-- was counted, the rebate (rounded down to whole minor units) and, once paid, the ledger movement
-- that paid it (key rebate:<member>:<date>:<category>: paid once, by a claim or by the job).
CREATE TABLE rebate_accrual (
  merchant_id           integer     NOT NULL,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  balance_date          date        NOT NULL,
  category              text        NOT NULL CHECK (category IN ('lott', 'elott', 'rng', 'live', 'fish', 'pvp', 'sports')),
  vip_level             smallint    NOT NULL,
  stake_minor           bigint      NOT NULL CHECK (stake_minor > 0),
  rate_bp               integer     NOT NULL CHECK (rate_bp BETWEEN 0 AND 1000),
  amount_minor          bigint      NOT NULL CHECK (amount_minor > 0),
  paid_at               timestamptz,
  paid_by               text        CHECK (paid_by IN ('claim', 'auto')),
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  PRIMARY KEY (merchant_id, member_id, balance_date, category),
  FOREIGN KEY (merchant_id, balance_date) REFERENCES rebate_day (merchant_id, balance_date) ON DELETE CASCADE,
  CHECK ((paid_at IS NULL) = (paid_by IS NULL) AND (paid_at IS NULL) = (ledger_transaction_id IS NULL))
);
CREATE INDEX rebate_accrual_unpaid ON rebate_accrual (merchant_id, balance_date) WHERE paid_at IS NULL;

-- Counting a day reads the bets settled in it: lottery rounds by the time they settled, vendor and
-- in-house game rounds by the time they ended.
CREATE INDEX lottery_round_settled ON lottery_round (merchant_id, settled_at) WHERE state = 'settled';
CREATE INDEX game_round_settled ON game_round (merchant_id, ended_at) WHERE status = 'settled' AND NOT trial;

-- VIP ranks and their benefits (modules/vip): a ladder of levels per merchant, each member's level,
-- the history of every change, the month ends run, and the benefits claimed. Amounts in minor
-- units, months 'YYYY-MM' of the merchant's calendar. Time columns are written from the
-- application's clock.

-- A level of the merchant's ladder: 0 is where every member starts. Reaching it asks every
-- requirement that is not 0 (in one month, and over all time up to that month's end); keeping it
-- asks the keep figures of every month. Names and texts per language (BN CN EN ID TH TY VI).
CREATE TABLE vip_level (
  merchant_id                integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  level                      smallint    NOT NULL CHECK (level BETWEEN 0 AND 20),
  names                      jsonb       NOT NULL DEFAULT '{}'::jsonb,
  club_label                 text        NOT NULL,
  color                      text        NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  color2                     text        NOT NULL CHECK (color2 ~ '^#[0-9a-fA-F]{6}$'),
  reach_month_turnover_minor bigint      NOT NULL DEFAULT 0 CHECK (reach_month_turnover_minor >= 0),
  reach_month_deposit_minor  bigint      NOT NULL DEFAULT 0 CHECK (reach_month_deposit_minor >= 0),
  reach_total_turnover_minor bigint      NOT NULL DEFAULT 0 CHECK (reach_total_turnover_minor >= 0),
  reach_total_deposit_minor  bigint      NOT NULL DEFAULT 0 CHECK (reach_total_deposit_minor >= 0),
  keep_month_turnover_minor  bigint      NOT NULL DEFAULT 0 CHECK (keep_month_turnover_minor >= 0),
  keep_month_deposit_minor   bigint      NOT NULL DEFAULT 0 CHECK (keep_month_deposit_minor >= 0),
  upgrade_bonus_minor        bigint      NOT NULL DEFAULT 0 CHECK (upgrade_bonus_minor >= 0),
  upgrade_wagering_x100      integer     NOT NULL DEFAULT 100 CHECK (upgrade_wagering_x100 BETWEEN 0 AND 10000),
  monthly_salary_minor       bigint      NOT NULL DEFAULT 0 CHECK (monthly_salary_minor >= 0),
  salary_wagering_x100       integer     NOT NULL DEFAULT 100 CHECK (salary_wagering_x100 BETWEEN 0 AND 10000),
  withdrawal_texts           jsonb       NOT NULL DEFAULT '{}'::jsonb,
  benefit_texts              jsonb       NOT NULL DEFAULT '{}'::jsonb,
  updated_at                 timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, level),
  -- Level 0 is where members start: nothing to reach, nothing to keep, nothing paid for it.
  CHECK (level > 0 OR (reach_month_turnover_minor = 0 AND reach_month_deposit_minor = 0 AND reach_total_turnover_minor = 0
                       AND reach_total_deposit_minor = 0 AND keep_month_turnover_minor = 0 AND keep_month_deposit_minor = 0
                       AND upgrade_bonus_minor = 0))
);

-- A member's level (no row: level 0) and the highest level it ever reached: every level up to that
-- one owes its upgrade bonus once, whatever happened since. The claims lock this row.
CREATE TABLE vip_member (
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id     bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  level         smallint    NOT NULL CHECK (level BETWEEN 0 AND 20),
  highest_level smallint    NOT NULL CHECK (highest_level BETWEEN 0 AND 20),
  changed_at    timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, member_id),
  CHECK (highest_level >= level)
);
CREATE INDEX vip_member_level ON vip_member (merchant_id, level) WHERE level > 0;

-- A month end of a merchant, run once: the row and every change it made are written in one
-- transaction, and a second runner (another replica, an operator) waits on its key, then finds it.
CREATE TABLE vip_month_run (
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  month       text        NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  ran_at      timestamptz NOT NULL,
  ran_by      text        NOT NULL,
  promoted    integer     NOT NULL,
  relegated   integer     NOT NULL,
  PRIMARY KEY (merchant_id, month)
);

-- Every change of a member's level: by a month end (promotion or relegation, at most one per
-- member and month) or by an operator (audited as well).
CREATE TABLE vip_level_change (
  id          bigserial   PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  from_level  smallint    NOT NULL,
  to_level    smallint    NOT NULL,
  reason      text        NOT NULL CHECK (reason IN ('promotion', 'relegation', 'operator')),
  month       text        CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  operator_id bigint,
  note        text,
  created_at  timestamptz NOT NULL,
  CHECK (from_level <> to_level),
  CHECK ((reason = 'operator') = (month IS NULL))
);
CREATE UNIQUE INDEX vip_level_change_month ON vip_level_change (merchant_id, member_id, month) WHERE month IS NOT NULL;
CREATE INDEX vip_level_change_member ON vip_level_change (merchant_id, member_id, created_at DESC);

-- A benefit claimed: a level's upgrade bonus (period '': once per member and level) or its salary
-- of a month (period 'YYYY-MM': once per member, level and month), paid by the ledger movement
-- named (key vip:<kind>:<member>:<level>:<period>).
CREATE TABLE vip_claim (
  id                          bigserial   PRIMARY KEY,
  merchant_id                 integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id                   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  kind                        text        NOT NULL CHECK (kind IN ('upgrade', 'salary')),
  level                       smallint    NOT NULL CHECK (level BETWEEN 1 AND 20),
  period                      text        NOT NULL,
  amount_minor                bigint      NOT NULL CHECK (amount_minor > 0),
  wagering_requirement_minor  bigint      NOT NULL CHECK (wagering_requirement_minor >= 0),
  ledger_transaction_id       bigint      NOT NULL REFERENCES ledger_transaction (id),
  claimed_at                  timestamptz NOT NULL,
  UNIQUE (merchant_id, member_id, kind, level, period),
  CHECK ((kind = 'upgrade') = (period = ''))
);
CREATE INDEX vip_claim_member ON vip_claim (merchant_id, member_id, claimed_at DESC);

-- A month's figures are read merchant-wide at its end: credited deposits and lottery bets by the
-- time they settled (game rounds by the time they ended: migration 058's index).
CREATE INDEX deposit_merchant_settled ON deposit (merchant_id, settled_at) WHERE credited_minor IS NOT NULL;
CREATE INDEX lottery_bet_merchant_settled ON lottery_bet (merchant_id, settled_at) WHERE state IN ('won', 'lost');

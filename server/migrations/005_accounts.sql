-- Accounts: members, their sessions, login throttling, image captchas, and the minimal
-- double-entry ledger behind a balance and the free-play grant (a later issue builds the wallet).
-- Time columns that rules depend on (expiry, lockout) are written from the application's clock,
-- never now(), so tests move time with an injected clock.

-- A player, agent or guest of one merchant.
CREATE TABLE member (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- As typed at registration; unique per merchant ignoring case (member_username below).
  username              text        NOT NULL CHECK (username <> '' AND length(username) <= 64),
  -- argon2id PHC string ($argon2id$v=19$m=19456,t=2,p=1$...).
  password_hash         text        NOT NULL,
  password_changed_at   timestamptz NOT NULL,
  -- NULL: the password never expires. Past it, login reports passwordExpired (PWDEXPFORCECHANGE3).
  password_expires_at   timestamptz,
  -- Set for accounts whose password someone else chose (agent or back-office creation): the
  -- first login asks for a new one.
  first_time_login      boolean     NOT NULL DEFAULT false,
  -- 0 member, 1/2/41/42 agents, 4 guest (free play). Sent to clients as isAgent and type.
  member_type           smallint    NOT NULL DEFAULT 0 CHECK (member_type IN (0, 1, 2, 4, 41, 42)),
  status                text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  upline_id             bigint      REFERENCES member (id),
  -- The code others register with to become this member's downline (agents).
  affiliate_code        text        CHECK (affiliate_code ~ '^[A-Za-z0-9]{4,32}$'),
  country_dialing_code  text        CHECK (country_dialing_code ~ '^\+[0-9]{1,4}$'),
  mobile                text        CHECK (mobile ~ '^[0-9]{4,20}$'),
  -- E.164 form (+8801712345678), the key SMS codes are sent to and looked up by.
  mobile_e164           text        GENERATED ALWAYS AS (country_dialing_code || mobile) STORED,
  email                 text,
  payee_name            text,
  qq_num                text,
  line                  text,
  whatsapp              text,
  zalo                  text,
  facebook              text,
  wechat                text,
  id_number             text,
  -- argon2id, like the login password.
  payment_password_hash text,
  nickname              text,
  language              text        CHECK (language ~ '^[A-Z]{2}$'),
  avatar_url            text,
  register_method       text        NOT NULL DEFAULT 'WEB',
  register_url          text,
  register_ip           text,
  created_at            timestamptz NOT NULL,
  last_login_at         timestamptz,
  last_login_ip         text,
  -- A member cannot be their own upline; guests never have downlines (not enforced here).
  CHECK (upline_id IS NULL OR upline_id <> id),
  -- A mobile number always has its dialling code.
  CHECK ((mobile IS NULL) = (country_dialing_code IS NULL))
);
CREATE UNIQUE INDEX member_username ON member (merchant_id, lower(username));
CREATE UNIQUE INDEX member_mobile ON member (merchant_id, mobile_e164) WHERE mobile_e164 IS NOT NULL;
CREATE UNIQUE INDEX member_affiliate_code ON member (merchant_id, lower(affiliate_code)) WHERE affiliate_code IS NOT NULL;
CREATE INDEX member_upline ON member (upline_id) WHERE upline_id IS NOT NULL;

-- A login. The client holds a random 256-bit token; only its SHA-256 is stored, so a copy of
-- this table logs nobody in. A session is usable while not revoked, before idle_expires_at
-- (pushed forward by every authenticated request, never past absolute_expires_at) and before
-- absolute_expires_at.
CREATE TABLE member_session (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id         integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id           bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  token_hash          bytea       NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  -- How the session was obtained: username, sms, freeplay, register, two_factor, oauth, reset.
  login_type          text        NOT NULL CHECK (login_type ~ '^[a-z_]{1,32}$'),
  -- Idle lifetime chosen at login (merchant setting), used to slide idle_expires_at.
  idle_timeout_ms     integer     NOT NULL CHECK (idle_timeout_ms > 0),
  created_at          timestamptz NOT NULL,
  last_seen_at        timestamptz NOT NULL,
  idle_expires_at     timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at          timestamptz,
  -- logout, password_change, password_reset, ...
  revoke_reason       text,
  client_ip           text,
  user_agent          text,
  CHECK (idle_expires_at <= absolute_expires_at),
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
);
CREATE INDEX member_session_member ON member_session (member_id) WHERE revoked_at IS NULL;

-- Failure counters that lock a subject (an account name, a client IP, a mobile number) for a
-- while after too many failures within a window. One row per (scope, subject), changed only by
-- single atomic upserts (lockout.ts), so concurrent attempts can never exceed the limit:
--   * an attempt is counted before it is checked (pessimistically); a success takes it back;
--   * failures never exceeds max + 1; locked_until is set by the attempt that reaches max;
--   * while locked_until is in the future every attempt is refused before any check runs.
CREATE TABLE auth_throttle (
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- login.account, login.ip, or another module's scope (sms.mobile, ...).
  scope             text        NOT NULL CHECK (scope ~ '^[a-z0-9_.]{1,40}$'),
  -- lower-case account name, IP address, E.164 number, ...
  subject           text        NOT NULL CHECK (length(subject) <= 200),
  failures          integer     NOT NULL CHECK (failures >= 0),
  window_started_at timestamptz NOT NULL,
  locked_until      timestamptz,
  updated_at        timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, scope, subject)
);

-- Every login attempt, for support and audit. Never holds the password.
CREATE TABLE login_attempt (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  username    text        NOT NULL,
  member_id   bigint      REFERENCES member (id) ON DELETE SET NULL,
  client_ip   text        NOT NULL,
  login_type  text        NOT NULL,
  -- ok, bad_password, bad_captcha, locked, blocked, two_factor_required, bad_code
  outcome     text        NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX login_attempt_member ON login_attempt (merchant_id, lower(username), created_at DESC);

-- Image captchas. The answer is kept only as SHA-256(id ':' lower(answer)); a challenge is
-- answered at most once (used_at is set by the first answer, right or wrong) and only before
-- expires_at.
CREATE TABLE captcha_challenge (
  id          text        PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  answer_hash bytea       NOT NULL CHECK (octet_length(answer_hash) = 32),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  client_ip   text,
  CHECK (expires_at > created_at)
);
CREATE INDEX captcha_challenge_expiry ON captcha_challenge (expires_at);

-- Ledger (double entry). Invariants:
--   1. Every transaction's postings sum to zero (deferred constraint trigger below), so money is
--      only ever moved, never created: the sum of all balances of a merchant is always zero.
--   2. An account's balance equals the sum of its postings; both change in the same database
--      transaction (ledger.queries.ts), accounts locked in id order.
--   3. A member's account never goes below zero (CHECK); house accounts may.
--   4. Postings are append-only (trigger below); a correction is a new transaction.
--   5. A transaction is recorded at most once per idempotency key, so a retried request cannot
--      move money twice.
--   6. Amounts are integers of minor units (1/100 of the currency unit); play money (unit PLAY)
--      and real money (REAL) never meet in one transaction.
CREATE TABLE ledger_account (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- NULL for the house's own accounts. A member with an account keeps their history: such a
  -- member is blocked, never deleted.
  member_id     bigint      REFERENCES member (id),
  -- member_main: the member's wallet. house_play_money: source of free-play grants.
  -- house_cash: the house's real-money counterpart (deposits, withdrawals, later).
  kind          text        NOT NULL CHECK (kind IN ('member_main', 'house_cash', 'house_play_money')),
  unit          text        NOT NULL CHECK (unit IN ('REAL', 'PLAY')),
  balance_minor bigint      NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  CHECK ((member_id IS NULL) = (kind LIKE 'house\_%')),
  CHECK (member_id IS NULL OR balance_minor >= 0),
  CHECK (kind <> 'house_play_money' OR unit = 'PLAY'),
  CHECK (kind <> 'house_cash' OR unit = 'REAL')
);
CREATE UNIQUE INDEX ledger_account_member ON ledger_account (member_id, kind) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_account_house ON ledger_account (merchant_id, kind) WHERE member_id IS NULL;

CREATE TABLE ledger_transaction (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  idempotency_key text        NOT NULL CHECK (idempotency_key <> '' AND length(idempotency_key) <= 200),
  -- free_play_grant, ... (what the movement was for)
  kind            text        NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
  unit            text        NOT NULL CHECK (unit IN ('REAL', 'PLAY')),
  created_at      timestamptz NOT NULL,
  UNIQUE (merchant_id, idempotency_key)
);

CREATE TABLE ledger_posting (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id      bigint NOT NULL REFERENCES ledger_transaction (id),
  account_id          bigint NOT NULL REFERENCES ledger_account (id),
  amount_minor        bigint NOT NULL CHECK (amount_minor <> 0),
  -- The account's balance right after this posting (statements without summing).
  balance_after_minor bigint NOT NULL
);
CREATE INDEX ledger_posting_transaction ON ledger_posting (transaction_id);
CREATE INDEX ledger_posting_account ON ledger_posting (account_id, id);

-- Invariant 1, checked at commit so a transaction's postings may be inserted one by one.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  mixed integer;
BEGIN
  SELECT COALESCE(sum(p.amount_minor), 0), count(DISTINCT a.unit)
    INTO total, mixed
    FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
   WHERE p.transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %)', NEW.transaction_id, total;
  END IF;
  IF mixed > 1 THEN
    RAISE EXCEPTION 'ledger transaction % mixes play money and real money', NEW.transaction_id;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_posting_balanced
  AFTER INSERT ON ledger_posting DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

-- Invariant 4.
CREATE FUNCTION ledger_posting_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger postings are append-only';
END $$;
CREATE TRIGGER ledger_posting_no_change
  BEFORE UPDATE OR DELETE ON ledger_posting
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_append_only();

-- Messages sent to people (SMS, e-mail), the one-time codes they carry, and the records that
-- throttle sending. Every time column is written from the application's clock (never now()),
-- so tests move time with an injected clock.

-- Every SMS and e-mail the built-in sender "sends": the message itself, kept for operators and
-- development (a real provider, when configured, still records here what it was asked to send).
CREATE TABLE outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  channel     text        NOT NULL CHECK (channel IN ('sms', 'email')),
  -- E.164 number (+8801712345678) for SMS, an address for e-mail.
  recipient   text        NOT NULL CHECK (recipient <> ''),
  subject     text,
  body        text        NOT NULL,
  -- Which sender handled it ('outbox' for the built-in one).
  sender      text        NOT NULL,
  created_at  timestamptz NOT NULL,
  CHECK ((channel = 'email') = (subject IS NOT NULL))
);
CREATE INDEX outbox_recipient ON outbox (merchant_id, recipient, id DESC);

-- One-time SMS codes. Only a hash of the code is stored; a code is good for one use, until it
-- expires, and for at most max_attempts wrong guesses. A new code for the same number and
-- purpose replaces the previous one (the old one is marked consumed).
CREATE TABLE verification_code (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- E.164 number the code was sent to.
  mobile        text        NOT NULL CHECK (mobile ~ '^\+[0-9]{8,19}$'),
  purpose       text        NOT NULL CHECK (purpose IN ('login', 'register', 'reset', 'two_factor')),
  -- hex SHA-256 of salt ‖ code
  code_hash     text        NOT NULL,
  salt          text        NOT NULL,
  attempts      integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts  integer     NOT NULL CHECK (max_attempts > 0),
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  consumed_at   timestamptz,
  CHECK (expires_at > created_at)
);
-- At most one live code per number and purpose.
CREATE UNIQUE INDEX verification_code_live ON verification_code (merchant_id, mobile, purpose) WHERE consumed_at IS NULL;

-- Every SMS send request admitted by the throttle (whether or not the number has an account), for
-- the 60-second spacing per number and for audit. The 5-minute locks after too many requests
-- live in auth_throttle (scopes sms.mobile and sms.ip, see session/lockout.ts).
CREATE TABLE verification_send (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  mobile      text        NOT NULL,
  ip          text        NOT NULL,
  sent_at     timestamptz NOT NULL
);
CREATE INDEX verification_send_mobile ON verification_send (merchant_id, mobile, sent_at DESC);

-- Single-use password-reset codes sent by e-mail (the SMS reset uses verification_code).
CREATE TABLE password_reset_token (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  -- hex SHA-256 of the token (the token is 128 random bits, so no salt is needed).
  token_hash  text        NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX password_reset_token_member ON password_reset_token (member_id);

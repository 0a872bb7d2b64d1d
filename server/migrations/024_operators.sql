-- Operators (issue 9): the merchant's back-office staff who approve and reject deposits, pay and
-- reject withdrawals, adjust a balance with a reason and send messages, through the operator API
-- (/ops/v1, server/src/modules/operator) and its command-line tool (npm run ops). Every action
-- an operator takes is audited in operator_action, which is append-only.

CREATE TABLE operator (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  username      text        NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,40}$'),
  -- argon2id, like members' passwords.
  password_hash text        NOT NULL,
  status        text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX operator_username ON operator (merchant_id, lower(username));

-- An operator's API token: only its SHA-256 is kept, like members' sessions. Usable before
-- expires_at unless revoked.
CREATE TABLE operator_token (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint      NOT NULL REFERENCES operator (id) ON DELETE CASCADE,
  token_hash  bytea       NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  client_ip   text,
  CHECK (expires_at > created_at)
);
CREATE INDEX operator_token_operator ON operator_token (operator_id) WHERE revoked_at IS NULL;

-- The audit trail. An action is written before it is carried out (outcome 'started') and again
-- when it ends ('ok' or 'refused' with the error code): an action whose outcome row is missing
-- was interrupted, and what it changed (if anything) is in the ledger under its idempotency key.
CREATE TABLE operator_action (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- NULL for a failed login (no operator is known yet); the name tried is in detail.
  operator_id  bigint      REFERENCES operator (id),
  -- login, logout, deposit.approve, deposit.reject, withdrawal.pay, withdrawal.reject,
  -- balance.adjust, message.send, ...
  action       text        NOT NULL CHECK (action ~ '^[a-z_]{1,30}(\.[a-z_]{1,30})?$'),
  -- The row acted on: deposit, withdrawal, member, message ... and its id.
  target_type  text        CHECK (target_type ~ '^[a-z_]{1,30}$'),
  target_id    text        CHECK (length(target_id) <= 100),
  outcome      text        NOT NULL CHECK (outcome IN ('started', 'ok', 'refused')),
  error_code   text,
  -- What was asked (amount, reason, ...): never a password or a token.
  detail       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  request_id   text,
  client_ip    text,
  created_at   timestamptz NOT NULL
);
CREATE INDEX operator_action_merchant ON operator_action (merchant_id, id DESC);

CREATE FUNCTION operator_action_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit trail is append-only';
END $$;
CREATE TRIGGER operator_action_no_change
  BEFORE UPDATE OR DELETE ON operator_action
  FOR EACH ROW EXECUTE FUNCTION operator_action_append_only();

-- Two-factor sign-in (authenticator app and SMS), pending logins waiting for the second factor,
-- and accounts linked to Google/Facebook (OpenID Connect). Rule times come from the application's
-- clock, never now().

-- Keys the server generates for itself when none is configured (see two-factor/secret-box.ts).
CREATE TABLE server_secret (
  name       text        PRIMARY KEY,
  value      bytea       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A member's authenticator (TOTP, RFC 6238: SHA-1, 6 digits, 30 s). The secret is stored only
-- encrypted (AES-256-GCM, key named by key_id). Unconfirmed (confirmed_at NULL) until the member
-- proves the app works by entering a code; only a confirmed one is a second factor.
CREATE TABLE member_totp (
  member_id         bigint      PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  secret_ciphertext text        NOT NULL,
  key_id            text        NOT NULL,
  created_at        timestamptz NOT NULL,
  confirmed_at      timestamptz,
  -- The last 30-second step a code was accepted for: a code is never accepted twice.
  last_used_step    bigint
);

-- SMS as a second factor, to the member's own mobile number (member.mobile_e164).
CREATE TABLE member_sms_two_factor (
  member_id   bigint      PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  enabled_at  timestamptz NOT NULL
);

-- A login that passed its first factor and waits for the second (login answered
-- login_verify_required). The client holds a random ticket; only its SHA-256 is stored. A ticket
-- completes at most one login, before expires_at, and dies after max_attempts wrong codes.
CREATE TABLE login_challenge (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  ticket_hash           bytea       NOT NULL UNIQUE CHECK (octet_length(ticket_hash) = 32),
  -- The first factor (username, sms, oauth): the session is issued as that login type.
  login_type            text        NOT NULL,
  -- Second factors the member may use: 'totp', 'sms'.
  factors               text[]      NOT NULL CHECK (cardinality(factors) > 0 AND factors <@ ARRAY['totp', 'sms']),
  -- The first factor was the merchant's default weak password: the login must still ask for a change.
  default_password_used boolean     NOT NULL DEFAULT false,
  attempts              integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts          integer     NOT NULL CHECK (max_attempts > 0),
  client_ip             text,
  created_at            timestamptz NOT NULL,
  expires_at            timestamptz NOT NULL,
  consumed_at           timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX login_challenge_member ON login_challenge (member_id);

-- A member's account at an OpenID Connect provider (Google, Facebook), by the provider's stable
-- (issuer, subject). One provider account links to one member per merchant.
CREATE TABLE member_oauth_identity (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  provider    text        NOT NULL CHECK (provider ~ '^[a-z]{1,20}$'),
  issuer      text        NOT NULL,
  subject     text        NOT NULL,
  email       text,
  created_at  timestamptz NOT NULL,
  UNIQUE (merchant_id, issuer, subject)
);
CREATE INDEX member_oauth_identity_member ON member_oauth_identity (member_id);

-- A social login in flight: the browser went to the provider with `state`; the PKCE verifier
-- and nonce stay here (never in the browser). Used once, by the callback, and only from the
-- browser that started it (browser_hash: SHA-256 of a random value in an HttpOnly cookie).
CREATE TABLE oauth_login_state (
  state_hash    bytea       PRIMARY KEY CHECK (octet_length(state_hash) = 32),
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  browser_hash  bytea       NOT NULL CHECK (octet_length(browser_hash) = 32),
  provider      text        NOT NULL,
  code_verifier text        NOT NULL,
  nonce         text        NOT NULL,
  -- Site path to return to after login (validated: a path on this site, never another host).
  return_to     text        NOT NULL CHECK (return_to ~ '^/'),
  redirect_uri  text        NOT NULL,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  consumed_at   timestamptz
);

-- A finished social login waiting for the front end to collect it: a short-lived, single-use
-- code travels in the redirect instead of a session token (a token never appears in a URL). The
-- session is only issued when the front end exchanges the code (POST /wps/session/oauth/exchange).
CREATE TABLE oauth_login_grant (
  code_hash   bytea       PRIMARY KEY CHECK (octet_length(code_hash) = 32),
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- The browser that went through the provider; only it can collect the login.
  browser_hash bytea      NOT NULL CHECK (octet_length(browser_hash) = 32),
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz
);

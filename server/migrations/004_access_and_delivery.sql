-- Who may reach the site and from where, how the front end is delivered, and transport keys.

-- Countries offered in the dialling-code picker.
CREATE TABLE country (
  merchant_id  integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  country_code text    NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  dialing_code text    NOT NULL CHECK (dialing_code ~ '^\+[0-9]{1,4}$'),
  name         text    NOT NULL,
  enabled      boolean NOT NULL DEFAULT true,
  sort_order   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, country_code)
);

-- Mirror domains offered to the player (speed test / domain list).
CREATE TABLE domain_route (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  domain      text    NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, domain)
);

-- While now() is inside a window the site shows its maintenance page.
CREATE TABLE maintenance_window (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  starts_at   timestamptz NOT NULL,
  -- NULL: open-ended (end time unknown).
  ends_at     timestamptz,
  reason      text        NOT NULL DEFAULT '',
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX maintenance_window_merchant ON maintenance_window (merchant_id, starts_at);

-- Visitors matching a rule see the region-restriction page.
-- The casts make PostgreSQL reject a malformed address when the operator inserts it.
CREATE TABLE region_rule (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  kind        text        NOT NULL CHECK (kind IN ('country', 'ip', 'cidr')),
  value       text        NOT NULL,
  note        text        NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- 'country' is an ISO 3166 alpha-2 code; 'ip' one host address (no prefix); 'cidr' a network
  -- such as 10.0.0.0/8 or 2001:db8::/32. CASE (not OR) so a cast only sees values of its kind.
  CHECK (CASE kind
           WHEN 'country' THEN value ~ '^[A-Z]{2}$'
           WHEN 'ip' THEN masklen(value::inet) = CASE family(value::inet) WHEN 4 THEN 32 ELSE 128 END
           WHEN 'cidr' THEN value::cidr IS NOT NULL
           ELSE false
         END)
);
CREATE INDEX region_rule_merchant ON region_rule (merchant_id);

-- Where each micro-frontend remote is loaded from. entry_url NULL means "the newest version
-- deployed under dist/remotes/<name>/"; setting it swaps the remote without a redeploy.
CREATE TABLE remote_registry (
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  name        text    NOT NULL CHECK (name ~ '^[a-z_][a-z0-9_]*$'),
  entry_url   text,
  version     text,
  enabled     boolean NOT NULL DEFAULT true,
  PRIMARY KEY (merchant_id, name)
);

-- The RSA-OAEP key pair that wraps per-request AES keys of encrypted calls. Kept in the
-- database so every API replica uses the same pair. At most one key is active.
CREATE TABLE rsa_key (
  key_id            text        PRIMARY KEY,
  -- base64 of the DER SubjectPublicKeyInfo, as sent to browsers.
  public_key_spki   text        NOT NULL,
  -- PEM PKCS#8.
  private_key_pkcs8 text        NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  retired_at        timestamptz
);
CREATE UNIQUE INDEX rsa_key_single_active ON rsa_key ((true)) WHERE retired_at IS NULL;

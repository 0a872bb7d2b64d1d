-- Merchants (brands) and the per-brand configuration the site reads on every request.
-- Every merchant-owned row carries merchant_id; deleting a merchant removes its configuration.

CREATE TABLE merchant (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code        text        NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{1,32}$'),
  name        text        NOT NULL,
  -- The merchant that answers a request naming no merchant and coming from an unknown host.
  is_default  boolean     NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- At most one default merchant.
CREATE UNIQUE INDEX merchant_single_default ON merchant (is_default) WHERE is_default;

-- Host names (no port, lower case) that select a merchant when no Merchant header is sent.
CREATE TABLE merchant_domain (
  domain      text    PRIMARY KEY CHECK (domain = lower(domain) AND domain <> ''),
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE
);
CREATE INDEX merchant_domain_merchant ON merchant_domain (merchant_id);

-- One JSON document per setting key ('site', 'analytics', 'cdn'), so an operator edits one row.
CREATE TABLE merchant_setting (
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  key         text        NOT NULL,
  value       jsonb       NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, key)
);

-- Whitelabel feature switches (SPEC §6), keyed by module id such as MOBILENUMREG3.
CREATE TABLE whitelabel_module (
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  module_id   text    NOT NULL CHECK (module_id ~ '^[A-Z0-9_]+$'),
  enabled     boolean NOT NULL,
  config      jsonb,
  PRIMARY KEY (merchant_id, module_id)
);

-- Validation rule per registration field (SPEC §3/§5). '*' as pattern accepts anything.
CREATE TABLE register_field_rule (
  merchant_id      integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  field            text    NOT NULL CHECK (field ~ '^[A-Za-z][A-Za-z0-9]*$'),
  accepted_pattern text    NOT NULL,
  pattern_id       integer NOT NULL,
  min_length       integer NOT NULL CHECK (min_length >= 0),
  max_length       integer NOT NULL,
  enabled          boolean NOT NULL,
  required         boolean NOT NULL,
  type             text    NOT NULL,
  sort_order       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, field),
  CHECK (max_length >= min_length)
);

-- Links the site shows: affiliate link, app downloads, social pages, speed test.
CREATE TABLE resource (
  merchant_id    integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  resource_type  text    NOT NULL CHECK (resource_type IN ('AFFILIATELINK', 'USDJUMP', 'Android', 'MOBILECONFIG',
                                                         'WHATSAPP', 'SpeedTest', 'FACEBOOK', 'INSTAGRAM', 'TELEGRAM')),
  label_name_en  text    NOT NULL,
  url            text    NOT NULL,
  qr_code_url    text,
  sort_order     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, resource_type)
);

-- Customer-service entries. The URL is stored plain; responses carry it encrypted.
CREATE TABLE customer_service (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  cs_type     text    NOT NULL CHECK (cs_type IN ('FACEBOOK', 'TELEGRAM', 'LIVECHAT', 'VIP')),
  title       text    NOT NULL,
  -- 3 is the live-support link the support-link flow opens.
  type        integer NOT NULL,
  url         text    NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0
);
CREATE INDEX customer_service_merchant ON customer_service (merchant_id, sort_order);

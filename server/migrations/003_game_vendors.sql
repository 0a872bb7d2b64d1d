-- The vendor catalogue: which game vendors a merchant offers, per game category.
-- A category is shown only while it has at least one enabled vendor.

CREATE TABLE game_vendor (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- Vendor code on the wire (AV, DIG, JL, TCG_SEA, ...).
  vassalage         text    NOT NULL,
  vendor_name       text    NOT NULL,
  -- Optional names per language code: {"CN": "...", "VI": "..."}.
  display_names     jsonb   NOT NULL DEFAULT '{}'::jsonb,
  -- The company behind the vendor; several vendors can share one (the footer shows providers once).
  provider          text    NOT NULL,
  game_category     text    NOT NULL CHECK (game_category IN ('LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG',
                                                               'PVP', 'ESPORTS', 'COCKFIGHT', 'INHOUSE')),
  game_classify     text,
  is_hot            boolean NOT NULL DEFAULT false,
  icon_url          text,
  color_icon_url    text,
  account_type_name text,
  -- Client platforms the vendor can be launched on (html5-desktop, html5, flash).
  platforms         text[]  NOT NULL DEFAULT ARRAY['html5-desktop', 'html5'],
  enabled           boolean NOT NULL DEFAULT true,
  sort_order        integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, game_category, vassalage)
);
CREATE INDEX game_vendor_merchant ON game_vendor (merchant_id, game_category, sort_order);

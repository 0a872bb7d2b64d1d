-- Operator corrections to the offline country database (GeoLite2, @ip-location-db/geolite2-country-mmdb)
-- the API resolves visitors' countries with: an address or network is said to be in a country.
-- Consulted before the database, so a range the database gets wrong (or does not know, such as
-- a private network behind the gateway) can be put right without a release.
--
-- merchant_id NULL is a platform-wide fact (where an address is does not depend on the brand);
-- a merchant's own row wins over a platform row, and within each the longest prefix wins. Rows
-- per merchant exist so one brand's operator (or one browser-test worker) can correct or test
-- without touching the others.
CREATE TABLE ip_country_override (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     REFERENCES merchant (id) ON DELETE CASCADE,
  -- One address ('203.0.113.7', stored as /32 or /128) or a network ('203.0.113.0/24'); the
  -- cidr type refuses malformed values and set host bits.
  network      cidr        NOT NULL,
  country_code text        NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  note         text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ip_country_override_network ON ip_country_override (COALESCE(merchant_id, 0), network);

-- Read through the configuration cache like the region rules (migration 008).
CREATE TRIGGER ip_country_override_bumps_config_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ip_country_override
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_revision();

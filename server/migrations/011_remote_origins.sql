-- Origins an operator allows a merchant's front end to load code from (issue 7, item 5).
-- remote_registry.entry_url may name a remote's manifest on one of these origins only (or a path
-- on the site's own origin), and the same origins make up the Content-Security-Policy's
-- script-src, style-src, font-src, img-src and connect-src of the merchant's pages. An origin is
-- scheme://host[:port] in lower case, nothing more; plain http only for the local machine.
CREATE TABLE remote_origin (
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  origin      text    NOT NULL CHECK (
                origin ~ '^https://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$'
                OR origin ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?$'
              ),
  note        text    NOT NULL DEFAULT '',
  PRIMARY KEY (merchant_id, origin)
);

-- The policy is configuration: a change reaches the next page load on every replica.
CREATE TRIGGER remote_origin_bumps_config_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON remote_origin
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_revision();

-- The registry refuses an entry it would not serve: a path on the site itself ("/remotes/..."),
-- or an absolute URL whose scheme://host[:port] is one of the merchant's allowed origins. The API
-- checks again when it reads the registry, so removing an origin later disables its entries.
CREATE FUNCTION remote_entry_url_allowed(merchant integer, url text) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT url IS NULL
      OR url ~ '^/[^/\\]'
      OR EXISTS (
           SELECT 1 FROM remote_origin o
            WHERE o.merchant_id = merchant
              AND lower(url) ~ '^https?://[^/?#\\@]+([/?#]|$)'
              AND substring(lower(url) FROM '^https?://[^/?#\\@]+') = o.origin)
$$;

CREATE FUNCTION remote_registry_check_entry_url() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT remote_entry_url_allowed(NEW.merchant_id, NEW.entry_url) THEN
    RAISE EXCEPTION 'remote_registry.entry_url % is not on an allowed origin of merchant %', NEW.entry_url, NEW.merchant_id
      USING ERRCODE = 'check_violation',
            HINT = 'INSERT INTO remote_origin (merchant_id, origin) the origin first, or use a path on the site itself';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER remote_registry_entry_url_allowed BEFORE INSERT OR UPDATE OF entry_url, merchant_id ON remote_registry
  FOR EACH ROW EXECUTE FUNCTION remote_registry_check_entry_url();

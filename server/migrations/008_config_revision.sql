-- One number that changes whenever any merchant's configuration changes. The API keeps
-- configuration in memory and reads this revision with the merchant on every request (the same
-- query), re-reading configuration only when it moved: an operator's change is seen by the very
-- next request on every replica, and a request in between costs one query instead of eight.
CREATE TABLE config_revision (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  revision  bigint  NOT NULL
);
INSERT INTO config_revision (singleton, revision) VALUES (true, 1);

CREATE FUNCTION bump_config_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;

-- Statement-level: one bump per operator statement, however many rows it touched.
DO $$
DECLARE
  config_table text;
BEGIN
  FOREACH config_table IN ARRAY ARRAY[
    'merchant', 'merchant_domain', 'merchant_setting', 'whitelabel_module', 'register_field_rule',
    'resource', 'customer_service', 'banner', 'announcement', 'promotion', 'help_article',
    'game_vendor', 'country', 'domain_route', 'maintenance_window', 'region_rule'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION bump_config_revision()',
      config_table || '_bumps_config_revision', config_table);
  END LOOP;
END
$$;

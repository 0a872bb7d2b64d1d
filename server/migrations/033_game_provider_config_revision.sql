-- Issue 10, game provider: the vendors' configuration is read from memory per config revision
-- (game-provider/provider-config.ts), like the rest of a merchant's configuration (migration 008):
-- the provider API checks every call's signature with the vendor's secret and refuses bets during
-- the vendor's maintenance, and reading both from the database cost two queries per call. So a
-- change of a provider row (adapter, secret, session length, enabled) or of a maintenance window
-- bumps the revision, announced to every replica when it commits (migration 016): the next request
-- reads the new configuration. Statement-level, as the other configuration tables.
CREATE TRIGGER game_provider_bumps_config_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_provider
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_revision();
CREATE TRIGGER game_vendor_maintenance_bumps_config_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_vendor_maintenance
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_revision();

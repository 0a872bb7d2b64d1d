-- A canary of a remote: a release served to a share of the merchant's devices (canary_percent of
-- 100 buckets), the rest keeping the release the registry otherwise serves. Which side a device
-- is on follows from its Device-Id (modules/remotes/canary.ts), so a device keeps its side on every
-- load while the canary runs, and raising the share only adds devices. No canary: percent 0 and no
-- version; a canary always names its release.
ALTER TABLE remote_registry
  ADD COLUMN canary_version text CHECK (canary_version ~ '^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$'),
  ADD COLUMN canary_percent smallint NOT NULL DEFAULT 0 CHECK (canary_percent BETWEEN 0 AND 100),
  ADD CONSTRAINT remote_registry_canary_named CHECK ((canary_percent = 0) = (canary_version IS NULL));

-- The API keeps merchants and their configuration in memory (db/config-revision.ts): every bump
-- of the configuration revision is announced on the `config_revision` channel, delivered to every
-- replica's listener when the operator's transaction commits (and never if it rolls back). The
-- payload is the new revision. The stored row stays the truth: a replica that missed a
-- notification (its listener was reconnecting) reads it.
CREATE OR REPLACE FUNCTION bump_config_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE config_revision SET revision = revision + 1 RETURNING revision INTO bumped;
  PERFORM pg_notify('config_revision', bumped::text);
  RETURN NULL;
END
$$;

-- The bot check (issue 13; server module bot-check/): a proof-of-work challenge signed by the
-- server, solved in the browser, verified on the server, usable once.

-- Solved challenges already used: one row per challenge signature until the challenge expires,
-- so a solution sent twice (to this replica or another) is refused. Expired rows are deleted as
-- challenges are checked (bot-check.queries.ts).
CREATE TABLE bot_check_used (
  signature  text        PRIMARY KEY CHECK (signature ~ '^[0-9a-f]{64}$'),
  merchant_id integer    NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX bot_check_used_expires ON bot_check_used (expires_at);

-- Subjects that met an abuse limit (issue 7's lockouts in auth_throttle: a client address, an
-- account, a mobile number): each time a lock is set, its end is kept here, so the bot check is
-- demanded from that subject for a while after the lock (merchant setting 'botCheck'), even
-- once a new run of failures has cleared the lock in auth_throttle. Written by a trigger, so
-- every module's limit counts without each one having to report it.
CREATE TABLE bot_check_suspect (
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  scope             text        NOT NULL,
  subject           text        NOT NULL,
  last_locked_until timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, scope, subject)
);
CREATE INDEX bot_check_suspect_subject ON bot_check_suspect (merchant_id, subject);

-- A lock taken back at once (forgiveAttempt after a right password: same window, no lock) or
-- forgotten (clearFailures: the owner logged in or reset the password) is not abuse: its entry
-- goes, unless a later lock replaced it.
CREATE FUNCTION bot_check_note_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.locked_until IS NOT NULL
     AND (TG_OP = 'INSERT' OR OLD.locked_until IS DISTINCT FROM NEW.locked_until) THEN
    INSERT INTO bot_check_suspect (merchant_id, scope, subject, last_locked_until)
    VALUES (NEW.merchant_id, NEW.scope, NEW.subject, NEW.locked_until)
    ON CONFLICT (merchant_id, scope, subject)
      DO UPDATE SET last_locked_until = greatest(bot_check_suspect.last_locked_until, EXCLUDED.last_locked_until);
  ELSIF OLD.locked_until IS NOT NULL
        AND (TG_OP = 'DELETE' OR (NEW.locked_until IS NULL AND NEW.window_started_at = OLD.window_started_at)) THEN
    DELETE FROM bot_check_suspect
     WHERE merchant_id = OLD.merchant_id AND scope = OLD.scope AND subject = OLD.subject
       AND last_locked_until = OLD.locked_until;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER auth_throttle_bot_check_suspect
  AFTER INSERT OR UPDATE OF locked_until OR DELETE ON auth_throttle
  FOR EACH ROW EXECUTE FUNCTION bot_check_note_lock();

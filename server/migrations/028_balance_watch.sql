-- Balance push, cheaper (issue 9 benchmark): a NOTIFY makes PostgreSQL serialise the commits that
-- send one, and announcing every member's every balance change cost the ledger a quarter of its
-- throughput. Only members someone is watching are announced now: each server process's balance
-- hub (modules/ledger/balance-stream.ts) keeps a row here per member with an open event stream on
-- it, from before that stream's first balance is read until the member's last stream there closes.
-- A process that dies leaves its rows (those members are announced for nothing until the rows are
-- cleared by the next start of any process: see the hub's start).
CREATE TABLE balance_watch (
  member_id bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  -- The watching process: its listener's application_name suffix (32 hex digits).
  listener  text   NOT NULL CHECK (listener ~ '^[0-9a-f]{32}$'),
  PRIMARY KEY (member_id, listener)
);
CREATE INDEX balance_watch_listener ON balance_watch (listener);

CREATE OR REPLACE FUNCTION member_balance_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.member_id IS NOT NULL AND NEW.balance_minor IS DISTINCT FROM OLD.balance_minor
     AND EXISTS (SELECT 1 FROM public.balance_watch WHERE member_id = NEW.member_id) THEN
    PERFORM pg_notify('member_balance', NEW.member_id::text);
  END IF;
  RETURN NULL;
END $$;

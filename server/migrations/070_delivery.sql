-- The outbox becomes the queue of SMS and e-mail deliveries (modules/notification/delivery.ts).
-- Every message is still written here, its text sealed, by the request that causes it; a worker
-- then hands it to the SMTP server or the merchant's SMS provider, retrying with growing delays.
--
-- status:
--   kept     no provider was configured for its channel when it was written (SMTP_HOST for
--            e-mail, the merchant's smsProvider setting for SMS): it stays here, unsent, readable
--            by development tools and tests. Final: configuring a provider later does not send
--            old codes.
--   queued   waiting for its attempt at next_attempt_at.
--   sending  claimed by a worker until lease_until. A worker that dies in the middle leaves it
--            here; once the lease has lapsed another worker claims it again (see delivery.ts on
--            why this is at-least-once).
--   sent     the provider accepted it (provider_message_id, sent_at). Final.
--   failed   refused for good, or no attempt of max attempts succeeded (last_error, failed_at). Final.
-- Times come from the application's clock, like every other time of migration 006.
ALTER TABLE outbox
  ADD COLUMN status              text        NOT NULL DEFAULT 'kept'
    CHECK (status IN ('kept', 'queued', 'sending', 'sent', 'failed')),
  -- Attempts started (claims); a claim's number fences its outcome: only the worker holding the
  -- latest claim may record it.
  ADD COLUMN attempts            integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN next_attempt_at     timestamptz,
  ADD COLUMN lease_until         timestamptz,
  ADD COLUMN last_error          text,
  ADD COLUMN provider_message_id text,
  ADD COLUMN sent_at             timestamptz,
  ADD COLUMN failed_at           timestamptz,
  -- The last change of status.
  ADD COLUMN updated_at          timestamptz,
  ADD CONSTRAINT outbox_queued_due CHECK (status <> 'queued' OR next_attempt_at IS NOT NULL),
  ADD CONSTRAINT outbox_sending_lease CHECK (status <> 'sending' OR lease_until IS NOT NULL),
  ADD CONSTRAINT outbox_sent_time CHECK (status <> 'sent' OR sent_at IS NOT NULL),
  ADD CONSTRAINT outbox_failed_time CHECK (status <> 'failed' OR failed_at IS NOT NULL);

COMMENT ON COLUMN outbox.sender IS 'Where it was meant to go when written: outbox (kept), smtp, or the SMS provider (twilio)';

-- What the worker looks for: rows due, and claims whose lease may have lapsed.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'queued';
CREATE INDEX outbox_leased ON outbox (lease_until) WHERE status = 'sending';
-- The operators' list of recent deliveries.
CREATE INDEX outbox_recent ON outbox (merchant_id, id DESC);

-- A new queued row wakes the workers (LISTEN outbox_queued) when its transaction commits, so a
-- code leaves at once rather than at the next poll; the poll stays the safety net.
CREATE FUNCTION outbox_queued_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_queued', NEW.channel);
  RETURN NULL;
END;
$$;
CREATE TRIGGER outbox_queued_notify AFTER INSERT ON outbox
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION outbox_queued_notify();

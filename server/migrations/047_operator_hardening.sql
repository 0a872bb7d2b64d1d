-- Operator hardening, blocks and C2C privacy (server/README.md "Operators", "Cashier").

-- Who blocked a member: an operator's block is theirs to lift, an agent may lift only its own
-- (modules/agent downline.service.ts). A block written without saying who (the back office's
-- `UPDATE member SET status = 'blocked'`, blocks older than this column) is the operator's;
-- lifting any block forgets who set it.
ALTER TABLE member ADD COLUMN blocked_by text CHECK (blocked_by IN ('operator', 'agent'));
UPDATE member SET blocked_by = 'operator' WHERE status = 'blocked';

CREATE FUNCTION member_blocked_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'blocked' AND NEW.blocked_by IS NULL THEN
    NEW.blocked_by := 'operator';
  ELSIF NEW.status <> 'blocked' THEN
    NEW.blocked_by := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER member_blocked_by
  BEFORE INSERT OR UPDATE OF status, blocked_by ON member
  FOR EACH ROW EXECUTE FUNCTION member_blocked_by();

-- C2C: when the withdrawer was told that a depositor claims to have paid (platform message, and
-- an SMS where the merchant has a sender and the member a number). The confirmation window
-- starts then, never before (modules/c2c c2c.service.ts confirmPaid).
ALTER TABLE c2c_order ADD COLUMN claim_notified_at timestamptz;
-- Orders a member opened and let go unpaid (cancelled or expired), counted per day.
CREATE INDEX c2c_order_depositor_created ON c2c_order (depositor_id, created_at);

-- Operators' roles: what each may do is the route table of modules/operator/operator-roles.ts.
-- Operators made before roles existed keep doing everything.
ALTER TABLE operator ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('cashier', 'content', 'risk', 'admin'));
ALTER TABLE operator ALTER COLUMN role DROP DEFAULT;

-- The operator's authenticator (TOTP) secret, sealed with SECRETS_KEY (src/secrets-key.ts), and
-- the time step of the last code accepted (a code is never accepted twice).
ALTER TABLE operator
  ADD COLUMN totp_secret_sealed text,
  ADD COLUMN totp_last_step     bigint;

-- A deposit approval above the merchant's four-eyes threshold is asked by one operator and
-- confirmed by another (modules/operator cashier.routes.ts): the first approval waits here.
CREATE TABLE deposit_approval_request (
  deposit_id    bigint      PRIMARY KEY REFERENCES deposit (id) ON DELETE CASCADE,
  merchant_id   integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  operator_id   bigint      NOT NULL REFERENCES operator (id),
  amount_minor  bigint      NOT NULL CHECK (amount_minor > 0),
  created_at    timestamptz NOT NULL
);

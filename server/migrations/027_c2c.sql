-- Player-to-player (C2C) deposits (issue 9; server/src/modules/c2c/). A member who deposits is
-- matched to a pending bank-card withdrawal of another member of the merchant and pays the
-- withdrawer's card directly; the withdrawer confirms what arrived. No money is created: the
-- withdrawer's amount is already held (house_withdrawal_hold, withdraw_request:<id>), and when
-- receipt is confirmed (or the confirmation window passes: counts as received in full) ONE ledger
-- transaction moves what arrived from house_withdrawal_hold to the depositor's main wallet (kind
-- 'deposit', idempotency key 'c2c:<order id>', order number D<deposit id>), in the same database
-- transaction as every row below that says so, under the withdrawal's row lock.
-- Time columns are written from the application's clock, never now().

-- What part of a pending withdrawal depositors have paid (settled) and what open C2C orders have
-- promised to pay (reserved). Never more than the amount; only a pending withdrawal reserves.
-- When settled reaches the amount the withdrawal is paid ("Full payment has been made"); an
-- operator's payment or rejection moves only amount − settled, and neither is allowed while
-- something is reserved (modules/withdrawal).
ALTER TABLE withdrawal
  ADD COLUMN c2c_settled_minor  bigint NOT NULL DEFAULT 0 CHECK (c2c_settled_minor >= 0),
  ADD COLUMN c2c_reserved_minor bigint NOT NULL DEFAULT 0 CHECK (c2c_reserved_minor >= 0),
  ADD CONSTRAINT withdrawal_c2c_within_amount CHECK (c2c_settled_minor + c2c_reserved_minor <= amount_minor),
  ADD CONSTRAINT withdrawal_c2c_reserved_pending CHECK (status = 'pending' OR c2c_reserved_minor = 0);
-- The matching scan: a merchant's pending bank-card withdrawals, oldest first.
CREATE INDEX withdrawal_c2c_candidates ON withdrawal (merchant_id, id) WHERE status = 'pending' AND withdraw_type = 'BC';

-- A C2C deposit is a deposit row too (method C2C, no channel of deposit_channel: the merchant's
-- 'c2c' setting is its channel), so the member's deposit records, the pending-deposit limit and
-- the operators' deposit list see it. Its status follows its order's: pending while the order is
-- open, approved when credited, cancelled, expired or rejected. Only the c2c module moves it; the
-- deposit module's decisions (approve, reject, cancel, provider settlement) refuse method C2C.
ALTER TABLE deposit DROP CONSTRAINT deposit_method_check;
ALTER TABLE deposit ADD CONSTRAINT deposit_method_check CHECK (method IN ('MT', 'PG', 'QR', 'C2C'));
ALTER TABLE deposit ALTER COLUMN channel_id DROP NOT NULL;
ALTER TABLE deposit ADD CONSTRAINT deposit_c2c_no_channel CHECK ((method = 'C2C') = (channel_id IS NULL));

-- One C2C order: a depositor paying (part of) one withdrawal. Status:
--   matched    reserved on the withdrawal; the depositor is to pay the card before pay_deadline
--   paid       the depositor says they paid; the withdrawer confirms before confirm_deadline
--              (no answer by then counts as received in full)
--   disputed   the withdrawer says nothing arrived (with images): an operator resolves it
--   confirmed  credited: received_minor moved to the depositor (ledger_transaction_id); outcome
--              received | partial | timeout | operator
--   cancelled  by the depositor before paying; expired: not paid in time; rejected: an operator
--              found nothing arrived. These three release the reservation and move no money.
CREATE TABLE c2c_order (
  id                    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id           integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  deposit_id            bigint      NOT NULL UNIQUE REFERENCES deposit (id) ON DELETE CASCADE,
  withdrawal_id         bigint      NOT NULL REFERENCES withdrawal (id),
  depositor_id          bigint      NOT NULL REFERENCES member (id),
  withdrawer_id         bigint      NOT NULL REFERENCES member (id),
  amount_minor          bigint      NOT NULL CHECK (amount_minor > 0),
  -- The card the depositor pays, copied from the withdrawal's card when matched.
  bank_name             text        NOT NULL,
  card_number           text        NOT NULL,
  payee_name            text        NOT NULL,
  -- The name on the depositor's account (what the withdrawer sees arrive).
  depositor_name        text        NOT NULL CHECK (length(depositor_name) BETWEEN 1 AND 100),
  status                text        NOT NULL DEFAULT 'matched'
                        CHECK (status IN ('matched', 'paid', 'disputed', 'confirmed', 'cancelled', 'expired', 'rejected')),
  received_minor        bigint      CHECK (received_minor > 0 AND received_minor <= amount_minor),
  outcome               text        CHECK (outcome IN ('received', 'partial', 'timeout', 'operator')),
  pay_deadline          timestamptz NOT NULL,
  paid_at               timestamptz,
  confirm_deadline      timestamptz,
  closed_at             timestamptz,
  -- The withdrawer's answer under their Idempotency-Key (a replay answers it again).
  decision_key          text        CHECK (length(decision_key) <= 100),
  decision_digest       text,
  operator_name         text        CHECK (length(operator_name) <= 100),
  ledger_transaction_id bigint      REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  CHECK (depositor_id <> withdrawer_id),
  CHECK ((status = 'confirmed') = (received_minor IS NOT NULL AND outcome IS NOT NULL AND ledger_transaction_id IS NOT NULL)),
  CHECK (status NOT IN ('paid', 'disputed') OR (paid_at IS NOT NULL AND confirm_deadline IS NOT NULL)),
  CHECK ((status IN ('matched', 'paid', 'disputed')) = (closed_at IS NULL))
);
-- A depositor has one order waiting for their payment or its confirmation at a time.
CREATE UNIQUE INDEX c2c_order_one_open ON c2c_order (depositor_id) WHERE status IN ('matched', 'paid');
CREATE INDEX c2c_order_withdrawal ON c2c_order (withdrawal_id);
CREATE INDEX c2c_order_withdrawer ON c2c_order (withdrawer_id, id DESC);
CREATE INDEX c2c_order_depositor ON c2c_order (depositor_id, id DESC);
-- The deadline sweep's scan.
CREATE INDEX c2c_order_due ON c2c_order (status, pay_deadline, confirm_deadline) WHERE status IN ('matched', 'paid');

-- Images of an order (png or jpg, at most 5 MB each): the depositor's proof of payment (one, the
-- latest upload) and the withdrawer's evidence that nothing arrived (one to three).
CREATE TABLE c2c_image (
  order_id     bigint      NOT NULL REFERENCES c2c_order (id) ON DELETE CASCADE,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  role         text        NOT NULL CHECK (role IN ('proof', 'dispute')),
  position     smallint    NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type text        NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  image        bytea       NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 5242880),
  uploaded_at  timestamptz NOT NULL,
  PRIMARY KEY (order_id, role, position),
  CHECK (role = 'dispute' OR position = 1)
);

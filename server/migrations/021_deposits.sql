-- Deposits (issue 9; modules/deposit). A member deposits through one of the merchant's channels:
--   MT  manual bank transfer: the member pays the merchant's receiving account outside the site,
--       tells us (amount, payer name, receipt image), and an operator approves or rejects;
--   PG  online payment gateway: we create an order at the provider, the member pays on the
--       provider's page, the provider tells us by a signed callback (and answers order queries
--       for reconciliation);
--   QR  the same as PG, but the provider's order is shown as a QR code.
-- No money moves until a deposit is approved (MT) or the provider confirms payment (PG, QR):
-- then one ledger transaction (kind 'deposit', idempotency key 'deposit:<id>') moves the
-- credited amount from the merchant's house_deposits account to the member's main wallet. The
-- ledger's unique idempotency key is what makes the credit happen at most once, whatever
-- repeats (two operators, a callback replayed, reconciliation racing a callback).

-- A channel a merchant offers (vendorId on the wire is its id).
CREATE TABLE deposit_channel (
  id                       integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id              integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  method                   text        NOT NULL CHECK (method IN ('MT', 'PG', 'QR')),
  -- What the member sees: 'bKash', 'Nagad', 'VISA', 'USDT', 'Bank transfer'.
  vendor_name              text        NOT NULL CHECK (length(vendor_name) BETWEEN 1 AND 64),
  -- The channel's code on the wire (mcsBankCode, and the bankCode of its one bank).
  bank_code                text        NOT NULL CHECK (bank_code ~ '^[A-Z0-9_]{1,32}$'),
  -- PG and QR: the gateway adapter (modules/deposit/gateways) and the channel at the provider.
  provider                 text        CHECK (provider ~ '^[a-z0-9_]{1,32}$'),
  provider_channel         text        CHECK (provider_channel ~ '^[A-Za-z0-9_.-]{1,64}$'),
  -- Limits of one deposit, minor units; fixed amounts offered as buttons (may be empty).
  min_amount_minor         bigint      NOT NULL CHECK (min_amount_minor > 0),
  max_amount_minor         bigint      NOT NULL,
  fixed_amounts_minor      bigint[]    NOT NULL DEFAULT '{}',
  -- MT: the merchant's receiving account the member pays into.
  receiving_bank_name      text        CHECK (length(receiving_bank_name) BETWEEN 1 AND 100),
  receiving_account_name   text        CHECK (length(receiving_account_name) BETWEEN 1 AND 100),
  receiving_account_number text        CHECK (length(receiving_account_number) BETWEEN 1 AND 64),
  receiving_branch         text        CHECK (length(receiving_branch) <= 100),
  -- Demonstration channels (the seeded ones: a demo receiving account, gateways through the
  -- simulator): served only where the gateway simulator is (never when NODE_ENV=production).
  sandbox                  boolean     NOT NULL DEFAULT false,
  enabled                  boolean     NOT NULL DEFAULT true,
  sort_order               integer     NOT NULL DEFAULT 0,
  CHECK (max_amount_minor >= min_amount_minor),
  CHECK ((method = 'MT') = (provider IS NULL)),
  CHECK (method <> 'MT' OR (receiving_bank_name IS NOT NULL AND receiving_account_name IS NOT NULL AND receiving_account_number IS NOT NULL)),
  CHECK (0 < ALL (fixed_amounts_minor))
);
CREATE INDEX deposit_channel_merchant ON deposit_channel (merchant_id, method, sort_order);

-- One deposit request. Status:
--   pending    waiting: for an operator (MT) or for the provider (PG, QR)
--   crediting  the credit is being posted (a short step; a crash leaves it here, and the next
--              approval, callback or reconciliation run finishes it: the ledger key makes that safe)
--   approved   credited (credited_minor moved to the member, ledger_transaction_id)
--   rejected   refused by an operator (MT), reject_reason
--   cancelled  by the member while pending
--   failed     the provider says the payment failed (PG, QR)
--   expired    no payment within the order's lifetime (PG, QR; reconciliation)
-- approved is terminal. A payment the provider confirms is credited even after failed, expired
-- or cancelled (the money arrived); rejected is for manual deposits only, which no provider settles.
CREATE TABLE deposit (
  id                       bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id              integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id                bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  channel_id               integer     NOT NULL REFERENCES deposit_channel (id),
  -- Copied from the channel when the deposit is made (a channel may change later).
  method                   text        NOT NULL CHECK (method IN ('MT', 'PG', 'QR')),
  vendor_name              text        NOT NULL,
  bank_code                text        NOT NULL,
  provider                 text,
  requested_minor          bigint      NOT NULL CHECK (requested_minor > 0),
  -- What reached the member's wallet (set when crediting starts): the operator's or provider's amount.
  credited_minor           bigint      CHECK (credited_minor > 0),
  -- Charged to the member by their bank (shown in the records; 0 unless an operator says otherwise).
  customer_charge_minor    bigint      NOT NULL DEFAULT 0 CHECK (customer_charge_minor >= 0),
  status                   text        NOT NULL DEFAULT 'pending'
                           CHECK (status IN ('pending', 'crediting', 'approved', 'rejected', 'cancelled', 'failed', 'expired')),
  -- MT: what the member told us, and the receiving account they were shown.
  payee_name               text        CHECK (length(payee_name) <= 100),
  depositor_account        text        CHECK (length(depositor_account) <= 64),
  transaction_date         text        CHECK (length(transaction_date) <= 32),
  reference_no             text        CHECK (length(reference_no) <= 64),
  receiving_bank_name      text,
  receiving_account_name   text,
  receiving_account_number text,
  receiving_branch         text,
  -- PG, QR: the provider's order.
  provider_order_id        text        CHECK (length(provider_order_id) <= 128),
  pay_url                  text        CHECK (length(pay_url) <= 2048),
  qr_content               text        CHECK (length(qr_content) <= 2048),
  expires_at               timestamptz,
  -- The member's Idempotency-Key and a digest of what was asked with it.
  idempotency_key          text        NOT NULL,
  request_digest           text        NOT NULL,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  -- When it was credited, rejected, cancelled, failed or expired.
  settled_at               timestamptz,
  operator_name            text        CHECK (length(operator_name) <= 64),
  reject_reason            text        CHECK (length(reject_reason) <= 500),
  ledger_transaction_id    bigint      REFERENCES ledger_transaction (id),
  CHECK (status NOT IN ('crediting', 'approved') OR credited_minor IS NOT NULL),
  CHECK (status <> 'approved' OR ledger_transaction_id IS NOT NULL),
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX deposit_member ON deposit (member_id, created_at DESC);
CREATE INDEX deposit_merchant_status ON deposit (merchant_id, status, created_at);
CREATE UNIQUE INDEX deposit_provider_order ON deposit (provider, provider_order_id) WHERE provider_order_id IS NOT NULL;

-- The receipt of a manual transfer (png or jpg, at most 5 MB), the latest upload per deposit.
CREATE TABLE deposit_receipt (
  deposit_id   bigint      PRIMARY KEY REFERENCES deposit (id) ON DELETE CASCADE,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  content_type text        NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  image        bytea       NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 5242880),
  reference_no text        NOT NULL CHECK (length(reference_no) BETWEEN 1 AND 64),
  uploaded_at  timestamptz NOT NULL
);

-- Every verified callback a provider sent (a bad signature is refused and written nowhere, so it
-- changes nothing): what it said and what it did, for support and audits.
CREATE TABLE deposit_callback (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  deposit_id  bigint      NOT NULL REFERENCES deposit (id) ON DELETE CASCADE,
  provider    text        NOT NULL,
  status      text        NOT NULL,
  body        jsonb       NOT NULL,
  outcome     text        NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX deposit_callback_deposit ON deposit_callback (deposit_id);

-- The demonstration channels every merchant gets (sandbox: shown only where the simulator runs).
CREATE FUNCTION deposit_default_channels(merchant integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO deposit_channel (merchant_id, method, vendor_name, bank_code, provider, provider_channel,
                               min_amount_minor, max_amount_minor, fixed_amounts_minor,
                               receiving_bank_name, receiving_account_name, receiving_account_number, receiving_branch,
                               sandbox, sort_order)
  VALUES
    (merchant, 'MT', 'Bank transfer', 'DEMOBANK', NULL, NULL, 50000, 10000000, '{100000,200000,500000,1000000}',
     'Demo Bank', 'Demo Receiving Account', '0123456789', 'Demo Branch', true, 10),
    (merchant, 'PG', 'bKash', 'BKASH', 'simulator', 'bkash', 10000, 2500000, '{50000,100000,200000,500000}',
     NULL, NULL, NULL, NULL, true, 20),
    (merchant, 'PG', 'Nagad', 'NAGAD', 'simulator', 'nagad', 10000, 2500000, '{50000,100000,200000,500000}',
     NULL, NULL, NULL, NULL, true, 30),
    (merchant, 'PG', 'VISA', 'VISA', 'simulator', 'visa', 50000, 10000000, '{}',
     NULL, NULL, NULL, NULL, true, 40),
    (merchant, 'QR', 'USDT', 'USDT', 'simulator', 'usdt_trc20', 100000, 50000000, '{}',
     NULL, NULL, NULL, NULL, true, 50);
$$;

SELECT deposit_default_channels(id) FROM merchant;

CREATE FUNCTION deposit_channels_of_new_merchant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM deposit_default_channels(NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER merchant_deposit_channels AFTER INSERT ON merchant
  FOR EACH ROW EXECUTE FUNCTION deposit_channels_of_new_merchant();

-- The gateway simulator's own orders (modules/deposit/gateways/simulator.ts): a stand-in payment
-- provider for development and tests, following the same protocol as a real one. It keeps its
-- state here, apart from ours, so that a reconciliation run in another process can query it.
-- Never used where the simulator is off (NODE_ENV=production): the table stays empty there.
CREATE TABLE gateway_simulator_order (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_no  text        NOT NULL CHECK (length(merchant_no) BETWEEN 1 AND 64),
  order_id     text        NOT NULL CHECK (length(order_id) BETWEEN 1 AND 64),
  amount_minor bigint      NOT NULL CHECK (amount_minor > 0),
  currency     text        NOT NULL,
  channel      text        NOT NULL,
  qr           boolean     NOT NULL,
  notify_url   text        NOT NULL,
  return_url   text        NOT NULL,
  status       text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  paid_minor   bigint      CHECK (paid_minor > 0),
  paid_at      timestamptz,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL,
  -- How its callbacks went: attempts and the last answer (HTTP status, or the network error).
  notify_attempts integer  NOT NULL DEFAULT 0,
  last_notify     text,
  UNIQUE (merchant_no, order_id)
);

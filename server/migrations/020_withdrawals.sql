-- Withdrawals (issue 9): the banks and wallet types a merchant pays out to, the cards members bind,
-- and withdrawal requests. Money never moves here: a withdrawal's hold, payment and refund are
-- ledger transactions (postTransaction, kinds withdraw_request / withdraw_paid / withdraw_refund,
-- order number W<id>), written in the same database transaction as the row's status, so a
-- withdrawal's status and its money never disagree (server/src/modules/withdrawal/).
-- Time columns are written from the application's clock, never now().

-- What a merchant pays out to: banks (BC), e-wallets (EW) and virtual wallets (VM, with the
-- chain protocol their addresses follow). Operators add, rename or disable rows.
CREATE TABLE withdraw_bank (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  bank_code   text    NOT NULL CHECK (bank_code ~ '^[A-Z0-9_]{2,32}$'),
  bank_name   text    NOT NULL CHECK (bank_name <> '' AND length(bank_name) <= 100),
  card_type   text    NOT NULL CHECK (card_type IN ('BC', 'EW', 'VM')),
  -- The address format of a virtual wallet (TRC20); NULL for banks and e-wallets.
  protocol    text    CHECK (protocol IN ('TRC20')),
  enabled     boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, bank_code),
  CHECK ((card_type = 'VM') = (protocol IS NOT NULL))
);

-- The default list for a Bangladeshi (BDT) brand: five banks, the three mobile wallets and USDT
-- on TRON. Every existing merchant gets it now, and every merchant created later (the seed
-- creates the default merchant after the migrations run) by the trigger below.
CREATE FUNCTION withdraw_bank_defaults(merchant integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO withdraw_bank (merchant_id, bank_code, bank_name, card_type, protocol, sort_order)
  SELECT merchant, bank_code, bank_name, card_type, protocol, sort_order
    FROM (VALUES
      ('DBBL', 'Dutch-Bangla Bank', 'BC', NULL, 1),
      ('BRAC', 'BRAC Bank', 'BC', NULL, 2),
      ('CITY', 'The City Bank', 'BC', NULL, 3),
      ('IBBL', 'Islami Bank Bangladesh', 'BC', NULL, 4),
      ('SONALI', 'Sonali Bank', 'BC', NULL, 5),
      ('BKASH', 'bKash', 'EW', NULL, 11),
      ('NAGAD', 'Nagad', 'EW', NULL, 12),
      ('ROCKET', 'Rocket', 'EW', NULL, 13),
      ('USDT_TRC20', 'USDT (TRC20)', 'VM', 'TRC20', 21)
    ) AS defaults (bank_code, bank_name, card_type, protocol, sort_order)
  ON CONFLICT (merchant_id, bank_code) DO NOTHING;
$$;

SELECT withdraw_bank_defaults(id) FROM merchant;

CREATE FUNCTION merchant_withdraw_bank_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM withdraw_bank_defaults(NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER merchant_gets_withdraw_banks AFTER INSERT ON merchant
  FOR EACH ROW EXECUTE FUNCTION merchant_withdraw_bank_defaults();

-- A member's bound card, e-wallet or virtual wallet. Deleting one only marks it (deleted_at): its
-- withdrawals keep pointing at it. Among cards not deleted, one number per bank and merchant
-- (one bank account, one bKash number, one address is bound once).
CREATE TABLE withdraw_card (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id   bigint      NOT NULL REFERENCES member (id),
  card_type   text        NOT NULL CHECK (card_type IN ('BC', 'EW', 'VM')),
  -- Copied from withdraw_bank when bound: the card keeps its name if the list changes.
  bank_code   text        NOT NULL CHECK (bank_code ~ '^[A-Z0-9_]{2,32}$'),
  bank_name   text        NOT NULL,
  protocol    text        CHECK (protocol IN ('TRC20')),
  -- Digits (8-24) for BC and EW, the wallet address for VM.
  card_number text        NOT NULL CHECK (card_number ~ '^[A-Za-z0-9]{8,64}$'),
  payee_name  text        NOT NULL CHECK (payee_name <> '' AND length(payee_name) <= 64),
  created_at  timestamptz NOT NULL,
  deleted_at  timestamptz,
  CHECK ((card_type = 'VM') = (protocol IS NOT NULL)),
  CHECK (card_type = 'VM' OR card_number ~ '^[0-9]{8,24}$')
);
CREATE UNIQUE INDEX withdraw_card_number ON withdraw_card (merchant_id, bank_code, card_number) WHERE deleted_at IS NULL;
CREATE INDEX withdraw_card_member ON withdraw_card (member_id) WHERE deleted_at IS NULL;

-- A withdrawal request. Its money: at request, amount_minor moves from the member's main wallet
-- to house_withdrawal_hold (ledger key withdraw_request:<id>); when paid, the hold moves to
-- house_withdrawals (amount - charge) and house_withdrawal_charges (charge); when rejected, the
-- hold goes back to the member in full (both under ledger key withdraw_settle:<id>, so a
-- withdrawal is settled once whichever way). The status changes in the same database
-- transaction as the money, under a lock of the row: pending → paid or pending → rejected, once.
CREATE TABLE withdrawal (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id       bigint      NOT NULL REFERENCES member (id),
  card_id         bigint      NOT NULL REFERENCES withdraw_card (id),
  withdraw_type   text        NOT NULL CHECK (withdraw_type IN ('BC', 'EW', 'VM')),
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  -- Fixed when requested (the member confirmed it), taken when paid.
  charge_minor    bigint      NOT NULL CHECK (charge_minor >= 0 AND charge_minor < amount_minor),
  -- VM: USDT paid out, in hundredths (the rate of the moment), for the records; else NULL.
  virtual_amount_minor bigint CHECK (virtual_amount_minor >= 0),
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'rejected')),
  -- The client's Idempotency-Key and what it asked for: the same key again is the same withdrawal.
  idempotency_key text        NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_.:-]{8,100}$'),
  request_digest  text        NOT NULL,
  created_at      timestamptz NOT NULL,
  decided_at      timestamptz,
  operator_name   text        CHECK (length(operator_name) <= 100),
  -- The operator's reason of a rejection, shown to the member.
  remark          text        CHECK (length(remark) <= 500),
  UNIQUE (member_id, idempotency_key),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'pending' OR (operator_name IS NULL AND remark IS NULL))
);
CREATE INDEX withdrawal_member_created ON withdrawal (member_id, created_at);
CREATE INDEX withdrawal_merchant_status ON withdrawal (merchant_id, status, id);
CREATE INDEX withdrawal_card_pending ON withdrawal (card_id) WHERE status = 'pending';

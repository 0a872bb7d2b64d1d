-- Money movements of the cashier (issue 9): deposits, withdrawals, operator adjustments and the
-- rest need house accounts of their own, and the records pages (transaction details) show each
-- movement's order number and remark.
--
-- House accounts: any kind named house_<purpose> (house_deposits, house_withdrawal_hold, ...),
-- created on first use by the module that needs it; the invariants of 005 are unchanged (a house
-- account has no member; only members are kept at or above zero). Play money stays in
-- house_play_money alone.
ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check
  CHECK (kind IN ('member_main', 'member_game') OR kind ~ '^house_[a-z_]{1,34}$');
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_house_unit_check
  CHECK (kind NOT LIKE 'house\_%' OR (unit = 'PLAY') = (kind = 'house_play_money'));

-- What a member sees of a movement in their records: the order it belongs to (a deposit's or a
-- withdrawal's number; NULL: the transaction id is shown) and a remark. Written with the
-- transaction, never changed (the transaction is append-only), and not part of its payload:
-- a retry with the same idempotency key and postings is the same movement whatever its remark.
ALTER TABLE ledger_transaction ADD COLUMN order_no text CHECK (order_no ~ '^[A-Za-z0-9_-]{1,64}$');
ALTER TABLE ledger_transaction ADD COLUMN remark text CHECK (length(remark) <= 500);
-- The member's records read a member's postings newest first.
CREATE INDEX ledger_transaction_created ON ledger_transaction (merchant_id, created_at);

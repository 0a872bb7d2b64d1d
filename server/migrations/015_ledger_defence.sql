-- Ledger defence in depth (issue 7, item 11). The application's requests run as a login role with
-- no rights on the schema (server/src/db/app-role.ts); on the ledger it may only read and insert,
-- so these triggers are the whole of how money moves, whatever SQL the application sends.

-- Invariant 2 kept by the database: inserting a posting moves its account's balance, in the same
-- statement, and records the balance after it. The application's role has no UPDATE on
-- ledger_account at all, so a balance cannot change without a posting saying why. The function
-- runs with its owner's (the migration role's) rights for that one UPDATE, and nothing else: a
-- fixed statement, schema-qualified, with a search path that a caller's temporary objects cannot
-- come before. Postings are inserted in account id order (ledger.queries.ts), and each one's
-- UPDATE locks its account, so concurrent transactions take the locks in the same order.
-- The posting's id is drawn only once its account is locked (the identity default was drawn
-- before this trigger ran, possibly before another transaction's posting on the account): ids
-- then follow each account's history, so the balances-after form a running sum in id order,
-- which reconciliation checks.
CREATE FUNCTION ledger_posting_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  UPDATE public.ledger_account
     SET balance_minor = balance_minor + NEW.amount_minor
   WHERE id = NEW.account_id
  RETURNING balance_minor INTO NEW.balance_after_minor;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('public.ledger_posting', 'id'));
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION ledger_posting_apply() FROM PUBLIC;
CREATE TRIGGER ledger_posting_applies
  BEFORE INSERT ON ledger_posting
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_apply();

-- Invariant 4 for transactions too: a recorded transaction is never changed or removed (its
-- idempotency key stays bound to what it moved).
CREATE FUNCTION ledger_transaction_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transactions are append-only';
END $$;
CREATE TRIGGER ledger_transaction_no_change
  BEFORE UPDATE OR DELETE ON ledger_transaction
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_append_only();

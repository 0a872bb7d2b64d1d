-- Balance push (issue 9): a change of a member's balance is announced on the `member_balance`
-- channel when its transaction commits (never if it rolls back), to every replica's listener
-- (modules/ledger/balance-stream.ts), which tells the member's open event streams. The payload is
-- the member's id; PostgreSQL sends one notification per distinct payload and transaction, so a
-- transfer between two wallets of one member announces it once. The balance itself is read from
-- the accounts: a replica whose listener was reconnecting reads every open stream's balance again.
CREATE FUNCTION member_balance_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.member_id IS NOT NULL AND NEW.balance_minor IS DISTINCT FROM OLD.balance_minor THEN
    PERFORM pg_notify('member_balance', NEW.member_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_account_balance_notify
  AFTER UPDATE OF balance_minor ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION member_balance_notify();

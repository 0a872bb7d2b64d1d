-- Deposit and withdrawal status push: a change of a deposit's, a withdrawal's or a C2C order's
-- status is announced on the `member_payment` channel when its transaction commits, to every
-- server process's listener (modules/ledger/payment-stream.ts), which writes it to the member's
-- open event streams (GET /wps/v2/wallets/balance/events). A withdrawal the operator pays moves
-- no money of the member's, so the balance push alone left the member's pages showing it pending.
-- As with the balance (migration 028), only members with an open stream (a balance_watch row)
-- are announced: a NOTIFY serialises the commits that send one. The payload is the event itself
-- (JSON: memberId, kind, id, status); a C2C order concerns both its depositor and its withdrawer.
CREATE FUNCTION member_payment_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  members bigint[];
  concerned bigint;
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  -- Separate branches: NEW of one table has no field of another's.
  IF kind = 'c2c' THEN
    members := ARRAY[NEW.depositor_id, NEW.withdrawer_id];
  ELSE
    members := ARRAY[NEW.member_id];
  END IF;
  FOR concerned IN SELECT DISTINCT m FROM unnest(members) AS m LOOP
    IF EXISTS (SELECT 1 FROM public.balance_watch WHERE member_id = concerned) THEN
      PERFORM pg_notify('member_payment', json_build_object('memberId', concerned, 'kind', kind, 'id', NEW.id, 'status', NEW.status)::text);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER deposit_status_notify
  AFTER UPDATE OF status ON deposit
  FOR EACH ROW EXECUTE FUNCTION member_payment_notify('deposit');

CREATE TRIGGER withdrawal_status_notify
  AFTER UPDATE OF status ON withdrawal
  FOR EACH ROW EXECUTE FUNCTION member_payment_notify('withdrawal');

CREATE TRIGGER c2c_order_status_notify
  AFTER UPDATE OF status ON c2c_order
  FOR EACH ROW EXECUTE FUNCTION member_payment_notify('c2c');

-- A new C2C order is announced too: a depositor's C2C deposit inserts a c2c_order row already
-- matched to another member's withdrawal, and migration 048's trigger fires only on an UPDATE of
-- status, so the withdrawer's open pages learnt of the order only when reloaded. The same event
-- (kind c2c, the order's id and status) goes to both sides on the `member_payment` channel
-- (modules/ledger/payment-stream.ts). member_payment_notify is replaced to serve an INSERT as well:
-- there is no OLD row then, so the "status unchanged" check applies to updates only.
CREATE OR REPLACE FUNCTION member_payment_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  members bigint[];
  concerned bigint;
BEGIN
  -- Nested, not one AND: OLD must not be read at all for an INSERT.
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
      RETURN NULL;
    END IF;
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

CREATE TRIGGER c2c_order_created_notify
  AFTER INSERT ON c2c_order
  FOR EACH ROW EXECUTE FUNCTION member_payment_notify('c2c');

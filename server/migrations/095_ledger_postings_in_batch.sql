-- A batch of postings moves its accounts' balances with one statement instead of one per posting.
--
-- Migration 015's trigger moves an account's balance for each posting inserted: a one-row UPDATE
-- run from PL/pgSQL, whose executor is set up anew for every posting (the account table and its
-- indexes opened, the plan started and ended). For a batch that is most of its cost: settling a
-- lottery round that pays 10,000 members spent about 200 µs per posting in it, 2 s per kind of
-- payment, where inserting the postings alone took 0.35 s and moving the 10,000 balances with one
-- UPDATE 0.3 s (npm run bench -- --lottery).
--
-- ledger_insert_postings inserts a batch's postings (the server's insertTransactionsWithPostings)
-- and moves their balances itself, set-based, with what the trigger guarantees kept:
--   · every account of the batch is locked first, in id order, the order every movement locks
--     its accounts in (so batches and single movements cannot deadlock);
--   · a member's balance never goes below zero, after any posting of the batch, not only at its
--     end (the CHECK of ledger_account sees only the end): check_violation, as the CHECK raises;
--   · each posting's balance-after is its account's balance after it: the balance before the
--     batch plus the account's postings up to it, in the batch's order, which is the order of
--     their ids (the trigger still draws each id when the row is inserted, after the locks), so
--     reconciliation's running sums hold;
--   · an account that does not exist gets no posting (its NULL id fails NOT NULL, as before).
-- The trigger leaves the balance alone only for the postings this function inserts: each arrives
-- with its balance-after, while the function has the transaction-local setting
-- ledger.postings_moved set to 'on', which it sets just before its INSERT and clears just after.
-- Both are needed. Any other insert moves its balance and overwrites the balance-after as before:
-- the application's role may not write that column at all (ledger.queries.ts
-- LEDGER_APP_ROLE_RIGHTS), so setting the flag itself gains it nothing, and an owner's insert
-- that carries a placeholder balance-after (a test's or a repair script's) still moves its
-- balance. The deferred check that each transaction balances is unchanged.
CREATE FUNCTION ledger_insert_postings(p_transaction bigint[], p_account bigint[], p_amount bigint[]) RETURNS integer
  LANGUAGE plpgsql STRICT SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  inserted integer;
BEGIN
  IF cardinality(p_transaction) <> cardinality(p_account) OR cardinality(p_account) <> cardinality(p_amount) THEN
    RAISE EXCEPTION 'ledger_insert_postings: % transactions, % accounts and % amounts', cardinality(p_transaction), cardinality(p_account), cardinality(p_amount);
  END IF;
  PERFORM 1 FROM public.ledger_account a WHERE a.id = ANY (p_account) ORDER BY a.id FOR NO KEY UPDATE;
  IF EXISTS (
    SELECT 1
      FROM (SELECT a.member_id, a.balance_minor + sum(p.amount_minor) OVER (PARTITION BY p.account_id ORDER BY p.ord) AS after
              FROM unnest(p_account, p_amount) WITH ORDINALITY AS p (account_id, amount_minor, ord)
              JOIN public.ledger_account a ON a.id = p.account_id) x
     WHERE x.member_id IS NOT NULL AND x.after < 0) THEN
    RAISE EXCEPTION 'a posting would take a member''s balance below zero' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config('ledger.postings_moved', 'on', true);
  WITH posting AS (
    SELECT p.transaction_id, p.account_id, p.amount_minor, p.ord
      FROM unnest(p_transaction, p_account, p_amount) WITH ORDINALITY AS p (transaction_id, account_id, amount_minor, ord)
  ), moved AS (
    UPDATE public.ledger_account a SET balance_minor = a.balance_minor + d.total
      FROM (SELECT account_id, sum(amount_minor) AS total FROM posting WHERE account_id IS NOT NULL GROUP BY account_id) d
     WHERE a.id = d.account_id
    RETURNING a.id, a.balance_minor
  )
  INSERT INTO public.ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor)
  SELECT p.transaction_id, p.account_id, p.amount_minor,
         m.balance_minor - COALESCE(sum(p.amount_minor) OVER (PARTITION BY p.account_id ORDER BY p.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)
    FROM posting p LEFT JOIN moved m ON m.id = p.account_id
   ORDER BY p.ord;
  GET DIAGNOSTICS inserted = ROW_COUNT;
  PERFORM set_config('ledger.postings_moved', 'off', true);
  RETURN inserted;
END $$;

CREATE OR REPLACE FUNCTION ledger_posting_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- Only ledger_insert_postings' own postings (a balance-after, inserted under its setting) had
  -- their balance moved already.
  IF NEW.balance_after_minor IS NULL OR current_setting('ledger.postings_moved', true) IS DISTINCT FROM 'on' THEN
    UPDATE public.ledger_account
       SET balance_minor = balance_minor + NEW.amount_minor
     WHERE id = NEW.account_id
    RETURNING balance_minor INTO NEW.balance_after_minor;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('public.ledger_posting', 'id'));
  RETURN NEW;
END $$;

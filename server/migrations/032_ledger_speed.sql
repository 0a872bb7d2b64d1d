-- Ledger speed (issue 9 benchmark). Invariant 1 of 005 (a transaction's postings sum to zero, in
-- one unit) is still checked by the same deferred constraint trigger, ledger_posting_balanced, at
-- commit, for every posting however it was inserted; only its query changes.
--
-- The query of 005 joined the transaction's postings to ledger_account, and with a small accounts
-- table (or the generic plan a trigger caches) PostgreSQL hashed the whole ledger_account for each
-- posting: two scans of every account per money movement, the largest cost of postTransaction.
-- Each posting's account is now looked up by its primary key (a subquery per posting, kept from
-- being flattened into a join by OFFSET 0), so the check reads only the transaction's postings and
-- their accounts whatever the planner thinks of the tables' sizes.
--
-- The tables are named with their schema: the function runs with the caller's search path, where a
-- temporary table comes first for tables. 005's unqualified query let the app role (which may
-- create temporary tables) pass any unbalanced posting by creating an empty temporary
-- ledger_posting first: the check added up nothing (ledger.statement.test.ts).
--
-- Units: min = max over the postings' account units says "one unit" without sorting them; an
-- account that does not exist has no unit, which the posting's foreign key refuses anyway.
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  lowest_unit text;
  highest_unit text;
BEGIN
  SELECT COALESCE(sum(x.amount_minor), 0), min(x.unit), max(x.unit)
    INTO total, lowest_unit, highest_unit
    FROM (SELECT p.amount_minor, (SELECT a.unit FROM public.ledger_account a WHERE a.id = p.account_id) AS unit
            FROM public.ledger_posting p
           WHERE p.transaction_id = NEW.transaction_id
          OFFSET 0) x;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %)', NEW.transaction_id, total;
  END IF;
  IF lowest_unit <> highest_unit THEN
    RAISE EXCEPTION 'ledger transaction % mixes play money and real money', NEW.transaction_id;
  END IF;
  RETURN NULL;
END $$;

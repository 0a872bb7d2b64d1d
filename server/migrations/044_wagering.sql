-- The withdrawal wagering requirement (turnover) as a ledger of its own (server/README.md,
-- "Wagering"). Every ledger movement that adds a requirement (a deposit, a transfer from an agent,
-- a red envelope, an operator's credit) or counts a stake toward it (a lottery bet, an in-house or
-- vendor game bet) or gives a stake back (a refund, a rollback) writes one entry per member it
-- touches, in the same database transaction as its postings (modules/wagering, called by the
-- ledger's posting path), and moves the member's running remaining requirement, which never goes
-- below zero. A withdrawal is allowed only while it is zero.

CREATE TABLE wagering_balance (
  member_id        bigint      PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_id      integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- What the member still has to stake before withdrawing, minor units.
  remaining_minor  bigint      NOT NULL DEFAULT 0 CHECK (remaining_minor >= 0),
  -- Stakes counted since the remaining was last zero (shown as progress; 0 again when it is met).
  counted_minor    bigint      NOT NULL DEFAULT 0 CHECK (counted_minor >= 0),
  updated_at       timestamptz NOT NULL
);

CREATE TABLE wagering_entry (
  id                     bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id            integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id              bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  kind                   text        NOT NULL CHECK (kind IN ('opening', 'requirement_added', 'stake_counted', 'stake_refunded')),
  -- The ledger movement that caused it (NULL only for the opening entry this migration writes).
  ledger_transaction_id  bigint      REFERENCES ledger_transaction (id),
  -- The ledger kind of that movement (deposit, bet, game_bet, bet_refund, ...).
  source_kind            text        NOT NULL,
  -- Stakes and refunds: lottery, inhouse or vendor.
  product                text        CHECK (product IN ('lottery', 'inhouse', 'vendor')),
  -- The money the member's wallets moved by (a deposit, a stake, a refund), minor units, ≥ 0.
  money_minor            bigint      NOT NULL CHECK (money_minor >= 0),
  -- The same weighted by the merchant's multiplier or product weight at the time.
  weighted_minor         bigint      NOT NULL CHECK (weighted_minor >= 0),
  -- What the remaining requirement moved by: + for a requirement or a refund, − for a stake (only
  -- as far as there was something left to meet).
  change_minor           bigint      NOT NULL,
  -- A refund: the stake entry it gives back, when the movement names it.
  refunds_entry_id       bigint      REFERENCES wagering_entry (id),
  remaining_after_minor  bigint      NOT NULL CHECK (remaining_after_minor >= 0),
  created_at             timestamptz NOT NULL,
  -- Exactly once per movement and member, whatever retries the caller makes.
  UNIQUE (ledger_transaction_id, member_id)
);
CREATE INDEX wagering_entry_member ON wagering_entry (member_id, id);
CREATE INDEX wagering_entry_refunds ON wagering_entry (refunds_entry_id) WHERE refunds_entry_id IS NOT NULL;

CREATE FUNCTION wagering_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wagering entries are append-only';
END $$;
CREATE TRIGGER wagering_entry_no_change
  BEFORE UPDATE OR DELETE ON wagering_entry
  FOR EACH ROW EXECUTE FUNCTION wagering_entry_append_only();

-- Members who had a requirement under the rule this replaces (deposits since the last paid
-- withdrawal × the merchant's withdraw.turnoverMultiplier, less the bets since) keep what was left
-- of it, as an opening entry.
WITH multiplier AS (
  SELECT m.id AS merchant_id,
         CASE WHEN jsonb_typeof(s.value -> 'turnoverMultiplier') = 'number'
                   AND (s.value ->> 'turnoverMultiplier')::numeric BETWEEN 0 AND 1000
              THEN (s.value ->> 'turnoverMultiplier')::numeric ELSE 1 END AS value
    FROM merchant m LEFT JOIN merchant_setting s ON s.merchant_id = m.id AND s.key = 'withdraw'
), since AS (
  SELECT a.merchant_id, a.member_id,
         (SELECT coalesce(max(w.decided_at), '-infinity'::timestamptz) FROM withdrawal w
           WHERE w.merchant_id = a.merchant_id AND w.member_id = a.member_id AND w.status = 'paid') AS at
    FROM ledger_account a WHERE a.kind = 'member_main' AND a.unit = 'REAL'
), sums AS (
  SELECT s.merchant_id, s.member_id,
         coalesce(sum(p.amount_minor) FILTER (WHERE t.kind = 'deposit' AND p.amount_minor > 0), 0) AS deposits,
         coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'bet' AND p.amount_minor < 0), 0) AS bets
    FROM since s
    JOIN ledger_account a ON a.member_id = s.member_id AND a.kind = 'member_main'
    JOIN ledger_posting p ON p.account_id = a.id
    JOIN ledger_transaction t ON t.id = p.transaction_id
   WHERE t.kind IN ('deposit', 'bet') AND t.created_at > s.at
   GROUP BY s.merchant_id, s.member_id
), opening AS (
  SELECT sums.merchant_id, sums.member_id, round(sums.deposits * multiplier.value)::bigint - sums.bets AS remaining
    FROM sums JOIN multiplier ON multiplier.merchant_id = sums.merchant_id
), balances AS (
  INSERT INTO wagering_balance (member_id, merchant_id, remaining_minor, counted_minor, updated_at)
  SELECT member_id, merchant_id, remaining, 0, now() FROM opening WHERE remaining > 0
  RETURNING member_id, merchant_id, remaining_minor
)
INSERT INTO wagering_entry (merchant_id, member_id, kind, source_kind, money_minor, weighted_minor, change_minor, remaining_after_minor, created_at)
SELECT merchant_id, member_id, 'opening', 'turnover', 0, remaining_minor, remaining_minor, remaining_minor, now() FROM balances;

-- The back office's dashboard (modules/operator/dashboard.queries.ts) reads a merchant's figures
-- by day: the settled deposits, lottery bets and game rounds have indexes by merchant and time
-- already (migration 063); these are the two reads that had none, the registrations of a period
-- and the withdrawals paid in it.
CREATE INDEX member_merchant_created ON member (merchant_id, created_at);
CREATE INDEX withdrawal_merchant_paid ON withdrawal (merchant_id, decided_at) WHERE status = 'paid';

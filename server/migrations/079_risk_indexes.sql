-- The risk desk's reports (modules/risk/risk.queries.ts) read a merchant's successful logins and
-- its withdrawals asked for by time; the other reads (settled bets and rounds, deposits credited,
-- ledger movements) have indexes by merchant and time already.
CREATE INDEX login_attempt_merchant_ok ON login_attempt (merchant_id, created_at) WHERE outcome = 'ok' AND member_id IS NOT NULL;
CREATE INDEX withdrawal_merchant_created ON withdrawal (merchant_id, created_at);

-- The back office's player lookup (modules/operator/members.queries.ts): members found by an
-- address they logged in from or a card number, and the accounts linked to a member by either.
CREATE INDEX login_attempt_ip ON login_attempt (merchant_id, client_ip) WHERE outcome = 'ok' AND member_id IS NOT NULL;
CREATE INDEX login_attempt_member_ok ON login_attempt (member_id, created_at DESC) WHERE outcome = 'ok';
CREATE INDEX withdraw_card_lookup ON withdraw_card (merchant_id, card_number);

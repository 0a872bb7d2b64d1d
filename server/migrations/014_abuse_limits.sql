-- Nonces of encrypted requests (issue 7, item 10): each encrypted body carries a timestamp and a
-- random nonce inside its ciphertext; a nonce is kept until its payload would be refused as stale
-- anyway, and a second payload with a kept nonce is a replay. In the database, not in a process,
-- so a copy sent to another API replica is refused too. Expired rows are deleted as requests come
-- (session/request-nonces.ts).
CREATE TABLE request_nonce (
  nonce      text        PRIMARY KEY CHECK (nonce ~ '^[A-Za-z0-9_-]{16,64}$'),
  expires_at timestamptz NOT NULL
);
CREATE INDEX request_nonce_expires ON request_nonce (expires_at);

-- SMS sends to one number counted across every merchant (verification/codes.ts): the per-merchant
-- limits alone could be multiplied by changing the Merchant header.
CREATE INDEX verification_send_mobile_all_merchants ON verification_send (mobile, sent_at DESC);

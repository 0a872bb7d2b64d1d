-- The third-party (Firebase) SMS channel (server module phone-proof/): where a merchant set it up
-- (merchant_setting 'firebaseSms'), a Firebase ID token proving a phone number replaces the site's
-- own SMS code at SMS login and at registration with a mobile number. A token proves once.

-- ID tokens already used: one row per token (proof_hash, hex SHA-256 of its issuer, subject and
-- issue time, or its jti) until the token expires, so a token sent twice (to this replica or
-- another, to this brand or another on the same Firebase project) is refused. Expired rows are
-- deleted as tokens are checked (phone-proof.queries.ts). The app role may read, insert and delete
-- rows, never rewrite one (PHONE_PROOF_APP_ROLE_RIGHTS, composed in main.ts).
CREATE TABLE phone_proof_used (
  proof_hash  text        PRIMARY KEY CHECK (proof_hash ~ '^[0-9a-f]{64}$'),
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz NOT NULL
);
CREATE INDEX phone_proof_used_expires ON phone_proof_used (expires_at);

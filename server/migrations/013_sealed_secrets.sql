-- Secrets the database keeps are sealed with the server's SECRETS_KEY (AES-256-GCM, see
-- src/secrets-key.ts), which lives outside the database: a copy of the database alone opens none
-- of them. Each value is "sealed1:<key id>:<base64>". Rows written before this migration are
-- still clear; the server seals them at its next start (main.ts prepareDatabase) and clears the
-- old column, so the clear columns stay NULL from then on.

-- The private half of the transport key pair.
ALTER TABLE rsa_key ALTER COLUMN private_key_pkcs8 DROP NOT NULL;
ALTER TABLE rsa_key ADD COLUMN private_key_sealed text;
ALTER TABLE rsa_key ADD CONSTRAINT rsa_key_private_key_once CHECK (num_nonnulls(private_key_pkcs8, private_key_sealed) = 1);

-- Keys the server generates for itself (the two-factor key when TWO_FACTOR_SECRET_KEY is unset).
ALTER TABLE server_secret ALTER COLUMN value DROP NOT NULL;
ALTER TABLE server_secret ADD COLUMN sealed_value text;
ALTER TABLE server_secret ADD CONSTRAINT server_secret_value_once CHECK (num_nonnulls(value, sealed_value) = 1);

-- SMS and e-mail texts carry live codes and reset links: kept sealed (the built-in sender's
-- outbox is their delivery in development and tests, which open them with the key).
ALTER TABLE outbox ALTER COLUMN body DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN body_sealed text;
ALTER TABLE outbox ADD CONSTRAINT outbox_body_once CHECK (num_nonnulls(body, body_sealed) = 1);

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';
import { openText, seal, type SealPurpose, type SecretsKey } from '../../secrets-key';

// A vendor's HMAC secret, kept sealed with the server's SECRETS_KEY in game_provider.secret_sealed.
// The purpose bound into the ciphertext names the merchant and vendor, so a sealed secret copied
// to another vendor's row does not open. A row without one gets a random secret the first time it
// is needed (a fresh database, a new vendor row): the first writer wins, everyone reads its value.

const purposeOf = (merchantId: number, vassalage: string): SealPurpose => `server_secret.game_provider:${merchantId}:${vassalage}`;

/** A sealed secret of the vendor in clear; undefined when it does not open (another key, another row's secret). */
export function openProviderSecret(secretsKey: SecretsKey, merchantId: number, vassalage: string, sealed: string): string | undefined {
  try {
    return openText(secretsKey, purposeOf(merchantId, vassalage), sealed);
  } catch {
    return undefined;
  }
}

/** A new random secret (32 bytes, base64url): what an operator hands the vendor. */
export const newProviderSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The vendor's secret as it stands (undefined: no provider row, or no secret made yet). The
 * verifying side reads this: a request can never write anything before its signature is checked.
 */
export async function existingProviderSecret(db: Db, secretsKey: SecretsKey, merchantId: number, vassalage: string): Promise<string | undefined> {
  const result = await db.query<{ secret_sealed: string | null }>(
    'SELECT secret_sealed FROM game_provider WHERE merchant_id = $1 AND vassalage = $2',
    [merchantId, vassalage],
  );
  const sealed = result.rows[0]?.secret_sealed;
  return sealed ? openText(secretsKey, purposeOf(merchantId, vassalage), sealed) : undefined;
}

/**
 * The vendor's secret in clear, created on first use (the signing side: the in-house game server,
 * an operator handing it to a vendor); undefined when the merchant has no such provider row.
 */
export async function providerSecret(db: Db, secretsKey: SecretsKey, merchantId: number, vassalage: string): Promise<string | undefined> {
  const result = await db.query<{ secret_sealed: string | null }>(
    'SELECT secret_sealed FROM game_provider WHERE merchant_id = $1 AND vassalage = $2',
    [merchantId, vassalage],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  if (row.secret_sealed) return openText(secretsKey, purposeOf(merchantId, vassalage), row.secret_sealed);
  await db.query('UPDATE game_provider SET secret_sealed = $3 WHERE merchant_id = $1 AND vassalage = $2 AND secret_sealed IS NULL', [
    merchantId,
    vassalage,
    seal(secretsKey, purposeOf(merchantId, vassalage), newProviderSecret()),
  ]);
  return providerSecret(db, secretsKey, merchantId, vassalage);
}

/** Replaces the vendor's secret with a new random one and returns it (undefined: no such provider). */
export async function rotateProviderSecret(db: Db, secretsKey: SecretsKey, merchantId: number, vassalage: string): Promise<string | undefined> {
  const secret = newProviderSecret();
  const result = await db.query('UPDATE game_provider SET secret_sealed = $3 WHERE merchant_id = $1 AND vassalage = $2', [
    merchantId,
    vassalage,
    seal(secretsKey, purposeOf(merchantId, vassalage), secret),
  ]);
  return result.rowCount ? secret : undefined;
}

/** Gives every provider row without a secret a new one (at start: before any request is served). */
export async function ensureProviderSecrets(db: Db, secretsKey: SecretsKey): Promise<void> {
  const missing = await db.query<{ merchant_id: number; vassalage: string }>('SELECT merchant_id, vassalage FROM game_provider WHERE secret_sealed IS NULL');
  for (const row of missing.rows) await providerSecret(db, secretsKey, row.merchant_id, row.vassalage);
}

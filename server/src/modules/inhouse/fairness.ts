import { createHash, createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { CLIENT_SEED_PATTERN } from '@platform/contract';
import { AppError } from '../../http/envelope';
import { openText, seal, type SealPurpose, type SecretsKey } from '../../secrets-key';

// Seeds of the provably fair games. A server seed is 32 random bytes (node:crypto's CSPRNG)
// written as 64 hex characters; what the player sees first is SHA-256 of that text (hex). The
// HMAC of the byte stream (inhouse-games/src/fairness.ts) takes the text as its key. While
// a seed is in use it is kept sealed with SECRETS_KEY (bound to its table and merchant); once
// revealed it is kept in clear.

/** HMAC-SHA256 of UTF-8 message under the UTF-8 key: the engine's synchronous HMAC on the server. */
export const nodeHmacSha256 = (key: string, message: string): Uint8Array => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());

export const newServerSeed = (): string => randomBytes(32).toString('hex');

/** What the player sees before play: hex SHA-256 of the server seed's text. */
export const serverSeedHash = (serverSeed: string): string => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** A default client seed: 16 random bytes as base64url (characters every client seed may have). */
export const newClientSeed = (): string => randomBytes(16).toString('base64url');

const CLIENT_SEED = new RegExp(CLIENT_SEED_PATTERN);

export function checkedClientSeed(clientSeed: string): string {
  if (!CLIENT_SEED.test(clientSeed)) throw new AppError(400, 'inhouse.client_seed.invalid');
  return clientSeed;
}

const purposeOf = (table: 'fair_seed' | 'crash_round', merchantId: number): SealPurpose => `server_secret.${table}:${merchantId}`;

export const sealServerSeed = (key: SecretsKey, table: 'fair_seed' | 'crash_round', merchantId: number, serverSeed: string): string =>
  seal(key, purposeOf(table, merchantId), serverSeed);

export const openServerSeed = (key: SecretsKey, table: 'fair_seed' | 'crash_round', merchantId: number, sealed: string): string =>
  openText(key, purposeOf(table, merchantId), sealed);

/** A player's active seed pair. */
export interface ActiveSeed {
  id: number;
  serverSeedSealed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

const ACTIVE_COLUMNS = `id::int AS id, server_seed_sealed AS "serverSeedSealed", server_seed_hash AS "serverSeedHash",
  client_seed AS "clientSeed", next_nonce::int AS "nextNonce"`;

export interface SeedOwner {
  merchantId: number;
  playerId: string;
  trial: boolean;
}

/**
 * The player's active seed pair, created on first use; `lock` takes its row lock (inside a
 * transaction): the nonce, the client seed and a rotation are changed under it.
 */
export async function activeSeed(client: pg.ClientBase | pg.Pool, key: SecretsKey, owner: SeedOwner, nowMs: number, lock = false): Promise<ActiveSeed> {
  const select = `SELECT ${ACTIVE_COLUMNS} FROM fair_seed WHERE merchant_id = $1 AND player_id = $2 AND active${lock ? ' FOR UPDATE' : ''}`;
  for (;;) {
    const found = await client.query<ActiveSeed>(select, [owner.merchantId, owner.playerId]);
    if (found.rows[0]) return found.rows[0];
    await insertSeed(client, key, owner, newClientSeed(), nowMs);
  }
}

async function insertSeed(client: pg.ClientBase | pg.Pool, key: SecretsKey, owner: SeedOwner, clientSeed: string, nowMs: number): Promise<void> {
  const serverSeed = newServerSeed();
  await client.query(
    `INSERT INTO fair_seed (merchant_id, player_id, trial, server_seed_sealed, server_seed_hash, client_seed, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7 / 1000.0))
     ON CONFLICT (merchant_id, player_id) WHERE active DO NOTHING`,
    [owner.merchantId, owner.playerId, owner.trial, sealServerSeed(key, 'fair_seed', owner.merchantId, serverSeed), serverSeedHash(serverSeed), clientSeed, nowMs],
  );
}

export interface FairnessState {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export const fairnessOf = (seed: ActiveSeed): FairnessState => ({ serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce });

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
export { inTransaction };

/** Sets the client seed of the active pair (the next round uses it; the nonce goes on). */
export async function setClientSeed(pool: pg.Pool, key: SecretsKey, owner: SeedOwner, clientSeed: string, nowMs: number): Promise<FairnessState> {
  checkedClientSeed(clientSeed);
  return inTransaction(pool, async (client) => {
    const seed = await activeSeed(client, key, owner, nowMs, true);
    await client.query('UPDATE fair_seed SET client_seed = $2 WHERE id = $1', [seed.id, clientSeed]);
    return fairnessOf({ ...seed, clientSeed });
  });
}

export interface Rotation {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonces: number };
  fairness: FairnessState;
}

/**
 * Retires the active pair (its server seed is revealed, in clear from now on) and starts a new
 * one with a new server seed; the client seed carries over, the nonce starts at 0.
 */
export async function rotateSeed(pool: pg.Pool, key: SecretsKey, owner: SeedOwner, nowMs: number): Promise<Rotation> {
  return inTransaction(pool, async (client) => {
    const seed = await activeSeed(client, key, owner, nowMs, true);
    const serverSeed = openServerSeed(key, 'fair_seed', owner.merchantId, seed.serverSeedSealed);
    await client.query('UPDATE fair_seed SET active = false, server_seed = $2, revealed_at = to_timestamp($3 / 1000.0) WHERE id = $1', [seed.id, serverSeed, nowMs]);
    await insertSeed(client, key, owner, seed.clientSeed, nowMs);
    const next = await activeSeed(client, key, owner, nowMs, true);
    return {
      revealed: { serverSeed, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonces: seed.nextNonce },
      fairness: fairnessOf(next),
    };
  });
}

import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';
import { openText, seal, type SealPurpose, type SecretsKey } from '../../secrets-key';

// A member's server seeds for the wheel (migration 055, prize_wheel_seed), made and kept as the
// in-house games keep theirs (modules/inhouse/fairness.ts): 32 random bytes written as 64 hex
// characters, shown first as the SHA-256 of that text, the HMAC's key as that text; sealed with
// SECRETS_KEY while active, in clear once revealed. One active seed per member.

/** HMAC-SHA256 of the UTF-8 message under the UTF-8 key: the byte stream's HMAC on the server. */
export const nodeHmacSha256 = (key: string, message: string): Uint8Array => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());

export const serverSeedHash = (serverSeed: string): string => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

const purposeOf = (merchantId: number): SealPurpose => `server_secret.prize_wheel_seed:${merchantId}`;

export const openServerSeed = (key: SecretsKey, merchantId: number, sealed: string): string => openText(key, purposeOf(merchantId), sealed);

export interface ActiveSeed {
  id: number;
  serverSeedSealed: string;
  serverSeedHash: string;
  nextNonce: number;
}

const ACTIVE_COLUMNS = 'id, server_seed_sealed, server_seed_hash, next_nonce';
interface RawSeed { id: string; server_seed_sealed: string; server_seed_hash: string; next_nonce: string }
/** bigint columns arrive as strings; ids and nonces stay far below 2^53. */
const seedOf = (row: RawSeed | undefined): ActiveSeed | undefined =>
  row && { id: Number(row.id), serverSeedSealed: row.server_seed_sealed, serverSeedHash: row.server_seed_hash, nextNonce: Number(row.next_nonce) };

/** The member's active seed, if any, read without a lock (what the pages show). */
export async function selectActiveSeed(db: Db, merchantId: number, memberId: number): Promise<ActiveSeed | undefined> {
  const result = await db.query<RawSeed>(`SELECT ${ACTIVE_COLUMNS} FROM prize_wheel_seed WHERE merchant_id = $1 AND member_id = $2 AND active`, [merchantId, memberId]);
  return seedOf(result.rows[0]);
}

/** Makes the member an active seed unless there is one (two at once: one is made). */
export async function ensureSeed(db: Db, key: SecretsKey, merchantId: number, memberId: number, nowMs: number): Promise<void> {
  const serverSeed = randomBytes(32).toString('hex');
  await db.query(
    `INSERT INTO prize_wheel_seed (merchant_id, member_id, server_seed_sealed, server_seed_hash, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id) WHERE active DO NOTHING`,
    [merchantId, memberId, seal(key, purposeOf(merchantId), serverSeed), serverSeedHash(serverSeed), new Date(nowMs)],
  );
}

/** The member's active seed with its row lock until the transaction ends, if there is one. */
export async function lockSeed(db: Db, merchantId: number, memberId: number): Promise<ActiveSeed | undefined> {
  const found = await db.query<RawSeed>(
    `SELECT ${ACTIVE_COLUMNS} FROM prize_wheel_seed WHERE merchant_id = $1 AND member_id = $2 AND active FOR UPDATE`,
    [merchantId, memberId],
  );
  return seedOf(found.rows[0]);
}

/**
 * The member's active seed with its row lock (inside a transaction), made first when there is
 * none: spins take their nonce under it, and a rotation waits for them.
 */
export async function lockActiveSeed(db: Db, key: SecretsKey, merchantId: number, memberId: number, nowMs: number): Promise<ActiveSeed> {
  for (;;) {
    const found = await lockSeed(db, merchantId, memberId);
    if (found) return found;
    await ensureSeed(db, key, merchantId, memberId, nowMs);
  }
}

/** Takes the seed's next nonce (under its row lock). */
export async function takeNonce(db: Db, seedId: number): Promise<void> {
  await db.query('UPDATE prize_wheel_seed SET next_nonce = next_nonce + 1 WHERE id = $1', [seedId]);
}

/** Retires the seed: its server seed in clear from now on. */
export async function revealSeed(db: Db, seedId: number, serverSeed: string, nowMs: number): Promise<void> {
  await db.query('UPDATE prize_wheel_seed SET active = false, server_seed = $2, revealed_at = $3 WHERE id = $1 AND active', [seedId, serverSeed, new Date(nowMs)]);
}

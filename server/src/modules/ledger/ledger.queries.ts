import type { Db } from '../../db/pool';

// SQL of the ledger. Balances change only together with a posting (postTransaction).

export type LedgerUnit = 'REAL' | 'PLAY';
export type HouseAccountKind = 'house_cash' | 'house_play_money';

/** bigint columns arrive as strings; amounts stay far below 2^53 minor units. */
function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Ledger amount ${value} is beyond safe integer range`);
  return number;
}

/** The house account of a kind, created on first use. */
export async function ensureHouseAccount(db: Db, merchantId: number, kind: HouseAccountKind, nowMs: number): Promise<number> {
  const unit: LedgerUnit = kind === 'house_play_money' ? 'PLAY' : 'REAL';
  await db.query(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at) VALUES ($1, NULL, $2, $3, $4)
     ON CONFLICT (merchant_id, kind) WHERE member_id IS NULL DO NOTHING`,
    [merchantId, kind, unit, new Date(nowMs)],
  );
  const result = await db.query<{ id: string }>(
    'SELECT id FROM ledger_account WHERE merchant_id = $1 AND kind = $2 AND member_id IS NULL',
    [merchantId, kind],
  );
  return Number(result.rows[0].id);
}

/** A member's main wallet, created on first use in `unit` (PLAY for guests, REAL otherwise). */
export async function ensureMemberAccount(db: Db, merchantId: number, memberId: number, unit: LedgerUnit, nowMs: number): Promise<number> {
  await db.query(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at) VALUES ($1, $2, 'member_main', $3, $4)
     ON CONFLICT (member_id, kind) WHERE member_id IS NOT NULL DO NOTHING`,
    [merchantId, memberId, unit, new Date(nowMs)],
  );
  const result = await db.query<{ id: string }>(
    "SELECT id FROM ledger_account WHERE merchant_id = $1 AND member_id = $2 AND kind = 'member_main'",
    [merchantId, memberId],
  );
  return Number(result.rows[0].id);
}

/** A member's main-wallet balance in minor units; 0 when the wallet was never created. */
export async function selectMemberBalanceMinor(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ balance_minor: string }>(
    "SELECT balance_minor FROM ledger_account WHERE merchant_id = $1 AND member_id = $2 AND kind = 'member_main'",
    [merchantId, memberId],
  );
  return result.rows[0] ? toSafeNumber(result.rows[0].balance_minor) : 0;
}

/** Inserts the transaction row; undefined when the idempotency key was already used. */
export async function insertTransaction(
  db: Db,
  merchantId: number,
  idempotencyKey: string,
  kind: string,
  unit: LedgerUnit,
  nowMs: number,
): Promise<number | undefined> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [merchantId, idempotencyKey, kind, unit, new Date(nowMs)],
  );
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}

export async function selectTransactionId(db: Db, merchantId: number, idempotencyKey: string): Promise<number | undefined> {
  const result = await db.query<{ id: string }>(
    'SELECT id FROM ledger_transaction WHERE merchant_id = $1 AND idempotency_key = $2',
    [merchantId, idempotencyKey],
  );
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}

/** Locks the accounts (in id order, so concurrent transactions never deadlock) and reads them. */
export async function lockAccounts(db: Db, merchantId: number, accountIds: number[]): Promise<{ id: number; unit: LedgerUnit }[]> {
  const result = await db.query<{ id: string; unit: LedgerUnit }>(
    'SELECT id, unit FROM ledger_account WHERE merchant_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE',
    [merchantId, accountIds],
  );
  return result.rows.map((row) => ({ id: Number(row.id), unit: row.unit }));
}

/** Moves an account's balance and records the posting with the balance after it. */
export async function applyPosting(db: Db, transactionId: number, accountId: number, amountMinor: number): Promise<number> {
  const updated = await db.query<{ balance_minor: string }>(
    'UPDATE ledger_account SET balance_minor = balance_minor + $2 WHERE id = $1 RETURNING balance_minor',
    [accountId, amountMinor],
  );
  const balanceAfter = toSafeNumber(updated.rows[0].balance_minor);
  await db.query(
    'INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor) VALUES ($1, $2, $3, $4)',
    [transactionId, accountId, amountMinor, balanceAfter],
  );
  return balanceAfter;
}

import type { TableRights } from '../../db/app-role';
import type { Db } from '../../db/pool';

// SQL of the ledger. Balances change only by inserting a posting (postTransaction; the database's
// trigger moves the balance, migration 015, or for a batch ledger_insert_postings, migration 095).

// POINT: a member's loyalty points (member_points, house_points: migration 061), whole points.
export type LedgerUnit = 'REAL' | 'PLAY' | 'POINT';

/**
 * The application's rights on the ledger's tables (db/app-role.ts): it reads them and inserts only
 * the columns a new row needs, and never updates or deletes. So a new account starts at the
 * default balance 0, a balance moves only by the posting trigger (migration 015), which also
 * writes each posting's balance after it, and recorded history cannot be rewritten.
 */
export const LEDGER_APP_ROLE_RIGHTS: TableRights = {
  ledger_account: ['SELECT', 'INSERT (merchant_id, member_id, kind, unit, game_vendor_id, created_at)'],
  ledger_transaction: ['SELECT', 'INSERT (merchant_id, idempotency_key, kind, unit, created_at, order_no, remark)'],
  ledger_posting: ['SELECT', 'INSERT (transaction_id, account_id, amount_minor)'],
};
/**
 * A house account: house_cash (the house's generic real-money counterpart), house_play_money (the
 * source of free-play grants), or any other house_<purpose> a module moves money through
 * (migration 019): deposits, withdrawal holds, payouts, charges, operator adjustments, ...
 */
export type HouseAccountKind = `house_${string}`;

/** bigint columns arrive as strings; amounts stay far below 2^53 minor units. */
function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Ledger amount ${value} is beyond safe integer range`);
  return number;
}

/** The house account of a kind, created on first use. */
export async function ensureHouseAccount(db: Db, merchantId: number, kind: HouseAccountKind, nowMs: number): Promise<number> {
  const unit: LedgerUnit = kind === 'house_play_money' ? 'PLAY' : kind === 'house_points' ? 'POINT' : 'REAL';
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
     ON CONFLICT (member_id) WHERE kind = 'member_main' DO NOTHING`,
    [merchantId, memberId, unit, new Date(nowMs)],
  );
  const result = await db.query<{ id: string }>(
    "SELECT id FROM ledger_account WHERE merchant_id = $1 AND member_id = $2 AND kind = 'member_main'",
    [merchantId, memberId],
  );
  return Number(result.rows[0].id);
}

/** A member's points account (unit POINT, migration 061), created on first use. */
export async function ensureMemberPointsAccount(db: Db, merchantId: number, memberId: number, nowMs: number): Promise<number> {
  await db.query(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at) VALUES ($1, $2, 'member_points', 'POINT', $3)
     ON CONFLICT (member_id) WHERE kind = 'member_points' DO NOTHING`,
    [merchantId, memberId, new Date(nowMs)],
  );
  const result = await db.query<{ id: string }>(
    "SELECT id FROM ledger_account WHERE merchant_id = $1 AND member_id = $2 AND kind = 'member_points'",
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

export interface RecordedTransaction {
  id: number;
  kind: string;
  unit: LedgerUnit;
  /** In account id order. */
  postings: { accountId: number; amountMinor: number }[];
}

/** The transaction recorded under an idempotency key, with what it moved. */
export async function selectTransaction(db: Db, merchantId: number, idempotencyKey: string): Promise<RecordedTransaction | undefined> {
  const result = await db.query<{ id: string; kind: string; unit: LedgerUnit; account_id: string | null; amount_minor: string | null }>(
    `SELECT t.id, t.kind, t.unit, p.account_id, p.amount_minor
       FROM ledger_transaction t LEFT JOIN ledger_posting p ON p.transaction_id = t.id
      WHERE t.merchant_id = $1 AND t.idempotency_key = $2
      ORDER BY p.account_id`,
    [merchantId, idempotencyKey],
  );
  const first = result.rows[0];
  if (!first) return undefined;
  return {
    id: Number(first.id),
    kind: first.kind,
    unit: first.unit,
    postings: result.rows
      .filter((row) => row.account_id !== null && row.amount_minor !== null)
      .map((row) => ({ accountId: Number(row.account_id), amountMinor: toSafeNumber(row.amount_minor as string) })),
  };
}

/**
 * Reads the accounts of a transaction, to say which one a refused transaction named wrongly
 * (insertTransactionWithPostings records postings only on accounts of the merchant and unit).
 */
export async function selectAccounts(db: Db, merchantId: number, accountIds: number[]): Promise<{ id: number; unit: LedgerUnit }[]> {
  const result = await db.query<{ id: string; unit: LedgerUnit }>(
    'SELECT id, unit FROM ledger_account WHERE merchant_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
    [merchantId, accountIds],
  );
  return result.rows.map((row) => ({ id: Number(row.id), unit: row.unit }));
}

/** A member's game wallet for a vendor (REAL money), created on first use. */
export async function ensureGameAccount(db: Db, merchantId: number, memberId: number, gameVendorId: number, nowMs: number): Promise<number> {
  await db.query(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, game_vendor_id, created_at) VALUES ($1, $2, 'member_game', 'REAL', $3, $4)
     ON CONFLICT (member_id, game_vendor_id) WHERE kind = 'member_game' DO NOTHING`,
    [merchantId, memberId, gameVendorId, new Date(nowMs)],
  );
  const result = await db.query<{ id: string }>(
    "SELECT id FROM ledger_account WHERE merchant_id = $1 AND member_id = $2 AND kind = 'member_game' AND game_vendor_id = $3",
    [merchantId, memberId, gameVendorId],
  );
  return Number(result.rows[0].id);
}

export interface MemberAccountRow {
  id: number;
  kind: 'member_main' | 'member_game';
  gameVendorId: number | null;
  balanceMinor: number;
}

/** Every account of a member (main first, then game wallets by vendor id). */
export async function selectMemberAccounts(db: Db, merchantId: number, memberId: number): Promise<MemberAccountRow[]> {
  const result = await db.query<{ id: string; kind: 'member_main' | 'member_game'; game_vendor_id: number | null; balance_minor: string }>(
    `SELECT id, kind, game_vendor_id, balance_minor FROM ledger_account
      WHERE merchant_id = $1 AND member_id = $2 AND kind IN ('member_main', 'member_game')
      ORDER BY kind <> 'member_main', game_vendor_id, id`,
    [merchantId, memberId],
  );
  return result.rows.map((row) => ({ id: Number(row.id), kind: row.kind, gameVendorId: row.game_vendor_id, balanceMinor: toSafeNumber(row.balance_minor) }));
}

/**
 * Inserts the transaction row and its postings in one statement (one round trip, atomic on its own:
 * postTransaction sends it without BEGIN / COMMIT): the postings in account id order, so each
 * posting's insert locks its account in the same order in every transaction. Answers the new
 * transaction's id, or undefined when the idempotency key was already used (nothing was inserted).
 *
 * A posting whose account is not the merchant's in the unit is inserted with a NULL account (the
 * LEFT JOIN), which the database refuses (the posting trigger finds no such account: 23503; the
 * column is NOT NULL besides): the whole statement fails, so a transaction is never recorded
 * with a part of its postings. The caller says which account was wrong (selectAccounts).
 *
 * (p runs to completion though nothing reads it, as every data-modifying WITH does.) A prepared
 * statement (named): parsed once per connection, not per movement.
 */
export async function insertTransactionWithPostings(
  db: Db,
  transaction: { merchantId: number; idempotencyKey: string; kind: string; unit: LedgerUnit; nowMs: number; orderNo?: string; remark?: string },
  postings: { accountId: number; amountMinor: number }[],
): Promise<{ transactionId: number | undefined }> {
  const result = await db.query<{ transaction_id: string | null }>({
    name: 'ledger_insert_transaction_with_postings',
    text: `WITH t AS (
       INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at, order_no, remark) VALUES ($1, $2, $3, $4, $5, $8, $9)
       ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
       RETURNING id
     ), p AS (
       INSERT INTO ledger_posting (transaction_id, account_id, amount_minor)
       SELECT t.id, a.id, p.amount_minor
         FROM t CROSS JOIN unnest($6::bigint[], $7::bigint[]) AS p (account_id, amount_minor)
         LEFT JOIN ledger_account a ON a.id = p.account_id AND a.merchant_id = $1 AND a.unit = $4
        ORDER BY p.account_id
     )
     SELECT (SELECT id FROM t) AS transaction_id`,
    values: [
      transaction.merchantId,
      transaction.idempotencyKey,
      transaction.kind,
      transaction.unit,
      new Date(transaction.nowMs),
      postings.map((posting) => posting.accountId),
      postings.map((posting) => posting.amountMinor),
      transaction.orderNo ?? null,
      transaction.remark ?? null,
    ],
  });
  const row = result.rows[0];
  return { transactionId: row.transaction_id === null ? undefined : Number(row.transaction_id) };
}

/**
 * Many transactions of one merchant and unit (insertTransactionWithPostings for a batch): the
 * transaction rows in one statement, then every posting in a second through
 * ledger_insert_postings (migration 095), which locks the batch's accounts in id order and moves
 * their balances set-based instead of once per posting. The postings go in account id order, then
 * transaction order (so the batch locks its accounts in the order every movement does, and each
 * account's balances-after run in id order). A key already used inserts nothing; the keys inserted
 * are answered with their ids. An account that is not the merchant's in the unit is NULL, which
 * the posting's NOT NULL refuses (23502).
 */
export async function insertTransactionsWithPostings(
  db: Db,
  merchantId: number,
  unit: LedgerUnit,
  nowMs: number,
  transactions: readonly { idempotencyKey: string; kind: string; orderNo?: string; remark?: string; postings: readonly { accountId: number; amountMinor: number }[] }[],
): Promise<Map<string, number>> {
  const result = await db.query<{ idempotency_key: string; id: string }>({
    name: 'ledger_insert_transactions',
    text: `INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at, order_no, remark)
       SELECT $1, x.key, x.kind, $2, $3, x.order_no, x.remark FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) AS x (key, kind, order_no, remark)
       ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
       RETURNING id, idempotency_key`,
    values: [
      merchantId,
      unit,
      new Date(nowMs),
      transactions.map((transaction) => transaction.idempotencyKey),
      transactions.map((transaction) => transaction.kind),
      transactions.map((transaction) => transaction.orderNo ?? null),
      transactions.map((transaction) => transaction.remark ?? null),
    ],
  });
  const inserted = new Map(result.rows.map((row) => [row.idempotency_key, Number(row.id)]));
  const postings: { transactionId: number; accountId: number; amountMinor: number }[] = [];
  for (const transaction of transactions) {
    const transactionId = inserted.get(transaction.idempotencyKey);
    if (transactionId === undefined) continue;
    for (const posting of transaction.postings) postings.push({ transactionId, accountId: posting.accountId, amountMinor: posting.amountMinor });
  }
  if (postings.length === 0) return inserted;
  postings.sort((a, b) => a.accountId - b.accountId || a.transactionId - b.transactionId);
  await db.query({
    name: 'ledger_insert_postings',
    // Joined on the id alone, the merchant and unit tested after: with them in the join condition
    // the planner may guess one matching account and scan the table once per posting.
    text: `SELECT ledger_insert_postings(array_agg(p.transaction_id ORDER BY p.ord),
                                      array_agg(CASE WHEN a.merchant_id = $1 AND a.unit = $2 THEN a.id END ORDER BY p.ord),
                                      array_agg(p.amount_minor ORDER BY p.ord))
       FROM unnest($3::bigint[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS p (transaction_id, account_id, amount_minor, ord)
       LEFT JOIN ledger_account a ON a.id = p.account_id`,
    values: [merchantId, unit, postings.map((posting) => posting.transactionId), postings.map((posting) => posting.accountId), postings.map((posting) => posting.amountMinor)],
  });
  return inserted;
}

/** Every member's main wallet (created where missing), by member id. */
export async function ensureMemberAccounts(db: Db, merchantId: number, memberIds: readonly number[], unit: LedgerUnit, nowMs: number): Promise<Map<number, number>> {
  await db.query(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at)
     SELECT $1, m, 'member_main', $3, $4 FROM unnest($2::bigint[]) AS m ORDER BY m
     ON CONFLICT (member_id) WHERE kind = 'member_main' DO NOTHING`,
    [merchantId, memberIds, unit, new Date(nowMs)],
  );
  const result = await db.query<{ id: string; member_id: string }>(
    "SELECT id, member_id FROM ledger_account WHERE merchant_id = $1 AND member_id = ANY($2::bigint[]) AND kind = 'member_main'",
    [merchantId, memberIds],
  );
  return new Map(result.rows.map((row) => [Number(row.member_id), Number(row.id)]));
}

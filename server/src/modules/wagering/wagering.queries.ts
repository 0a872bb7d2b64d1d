import type { TableRights } from '../../db/app-role';
import type { Db } from '../../db/pool';

// SQL of the wagering requirement (migration 044). Entries are only ever inserted; a member's
// balance row starts at zero and moves only with an entry (insertEntryAndMove).

/** The products whose stakes count toward the requirement, as wagering_entry.product stores them. */
export type WageringProduct = 'lottery' | 'inhouse' | 'vendor';
export const WAGERING_PRODUCTS: readonly WageringProduct[] = ['lottery', 'inhouse', 'vendor'];

/**
 * The app role's rights (db/app-role.ts): it reads both tables, inserts entries, creates a
 * balance row at zero and moves only its amounts; it never rewrites an entry.
 */
export const WAGERING_APP_ROLE_RIGHTS: TableRights = {
  wagering_balance: ['SELECT', 'INSERT (member_id, merchant_id, updated_at)', 'UPDATE (remaining_minor, counted_minor, updated_at)'],
  wagering_entry: [
    'SELECT',
    'INSERT (merchant_id, member_id, kind, ledger_transaction_id, source_kind, product, money_minor, weighted_minor, change_minor, refunds_entry_id, remaining_after_minor, created_at)',
  ],
};

/** bigint columns arrive as strings; amounts stay far below 2^53 minor units. */
function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Wagering amount ${value} is beyond safe integer range`);
  return number;
}

/** The merchant's stored 'withdraw' and 'wagering' setting documents, if any. */
export async function selectSettings(db: Db, merchantId: number): Promise<{ withdraw: unknown; wagering: unknown }> {
  const result = await db.query<{ key: string; value: unknown }>("SELECT key, value FROM merchant_setting WHERE merchant_id = $1 AND key IN ('withdraw', 'wagering')", [merchantId]);
  const byKey = new Map(result.rows.map((row) => [row.key, row.value]));
  return { withdraw: byKey.get('withdraw'), wagering: byKey.get('wagering') };
}

/** The members owning any of these ledger accounts (house accounts have none). */
export async function selectAccountMembers(db: Db, merchantId: number, accountIds: readonly number[]): Promise<Map<number, number>> {
  const result = await db.query<{ id: string; member_id: string }>(
    'SELECT id, member_id FROM ledger_account WHERE merchant_id = $1 AND id = ANY($2::bigint[]) AND member_id IS NOT NULL',
    [merchantId, accountIds],
  );
  return new Map(result.rows.map((row) => [Number(row.id), Number(row.member_id)]));
}

/** Whether the merchant's game vendor of this code is the in-house engine (game_provider.adapter). */
export async function selectIsInhouseVendor(db: Db, merchantId: number, vassalage: string): Promise<boolean> {
  const result = await db.query<{ adapter: string | null }>('SELECT adapter FROM game_provider WHERE merchant_id = $1 AND vassalage = $2', [merchantId, vassalage]);
  return result.rows[0]?.adapter === 'inhouse';
}

export interface BalanceRow {
  remainingMinor: number;
  countedMinor: number;
}

/** The member's balance row, created at zero if missing, locked until the caller's transaction ends. */
export async function lockBalance(db: Db, merchantId: number, memberId: number, nowMs: number): Promise<BalanceRow> {
  const result = await db.query<{ remaining_minor: string; counted_minor: string }>({
    name: 'wagering_lock_balance',
    text: `INSERT INTO wagering_balance (member_id, merchant_id, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (member_id) DO UPDATE SET updated_at = wagering_balance.updated_at
           RETURNING remaining_minor, counted_minor`,
    values: [memberId, merchantId, new Date(nowMs)],
  });
  return { remainingMinor: toSafeNumber(result.rows[0].remaining_minor), countedMinor: toSafeNumber(result.rows[0].counted_minor) };
}

/** The member's balance (zero when nothing was ever recorded). */
export async function selectBalance(db: Db, merchantId: number, memberId: number): Promise<BalanceRow> {
  const result = await db.query<{ remaining_minor: string; counted_minor: string }>(
    'SELECT remaining_minor, counted_minor FROM wagering_balance WHERE merchant_id = $1 AND member_id = $2',
    [merchantId, memberId],
  );
  const row = result.rows[0];
  return row ? { remainingMinor: toSafeNumber(row.remaining_minor), countedMinor: toSafeNumber(row.counted_minor) } : { remainingMinor: 0, countedMinor: 0 };
}

export interface StakeEntry {
  id: number;
  product: WageringProduct;
  moneyMinor: number;
  /** What the stake took off the remaining requirement. */
  appliedMinor: number;
  /** What refunds of it have put back so far. */
  reversedMinor: number;
}

/** The member's counted stake of the ledger movement recorded under `idempotencyKey`, if any. */
export async function selectStakeEntry(db: Db, merchantId: number, memberId: number, idempotencyKey: string): Promise<StakeEntry | undefined> {
  const result = await db.query<{ id: string; product: WageringProduct; money_minor: string; change_minor: string; reversed: string }>(
    `SELECT e.id, e.product, e.money_minor, e.change_minor,
            (SELECT coalesce(sum(r.change_minor), 0) FROM wagering_entry r WHERE r.refunds_entry_id = e.id) AS reversed
       FROM ledger_transaction t JOIN wagering_entry e ON e.ledger_transaction_id = t.id
      WHERE t.merchant_id = $1 AND t.idempotency_key = $2 AND e.member_id = $3 AND e.kind = 'stake_counted'`,
    [merchantId, idempotencyKey, memberId],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return { id: Number(row.id), product: row.product, moneyMinor: toSafeNumber(row.money_minor), appliedMinor: -toSafeNumber(row.change_minor), reversedMinor: toSafeNumber(row.reversed) };
}

/**
 * The ledger key of the lottery order a cancelled bet belongs to (lottery/betting.service.ts keys
 * an order's stake lottery:order:<order id> and a cancelled bet's refund lottery:cancel:<bet id>).
 */
export async function selectLotteryOrderKeyOfBet(db: Db, merchantId: number, betId: number): Promise<string | undefined> {
  const result = await db.query<{ order_id: string }>('SELECT order_id FROM lottery_bet WHERE id = $1 AND merchant_id = $2', [betId, merchantId]);
  return result.rows[0] ? `lottery:order:${result.rows[0].order_id}` : undefined;
}

/** What the member's stakes of a product took off the requirement, less what refunds put back. */
export async function selectProductAppliedMinor(db: Db, memberId: number, product: WageringProduct): Promise<number> {
  const result = await db.query<{ applied: string }>(
    `SELECT coalesce(-sum(change_minor), 0) AS applied FROM wagering_entry
      WHERE member_id = $1 AND product = $2 AND kind IN ('stake_counted', 'stake_refunded')`,
    [memberId, product],
  );
  return toSafeNumber(result.rows[0].applied);
}

export interface NewEntry {
  merchantId: number;
  memberId: number;
  kind: 'requirement_added' | 'stake_counted' | 'stake_refunded' | 'requirement_removed';
  ledgerTransactionId: number;
  sourceKind: string;
  product: WageringProduct | null;
  moneyMinor: number;
  weightedMinor: number;
  changeMinor: number;
  refundsEntryId: number | null;
  balance: BalanceRow;
  nowMs: number;
}

/**
 * Inserts the entry and moves the member's (locked) balance to `balance`, in one statement; an
 * entry already recorded for the movement and member inserts and moves nothing (false).
 */
export async function insertEntryAndMove(db: Db, entry: NewEntry): Promise<boolean> {
  const result = await db.query<{ member_id: string }>({
    name: 'wagering_insert_entry_and_move',
    text: `WITH e AS (
             INSERT INTO wagering_entry (merchant_id, member_id, kind, ledger_transaction_id, source_kind, product, money_minor, weighted_minor,
                                         change_minor, refunds_entry_id, remaining_after_minor, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13)
             ON CONFLICT (ledger_transaction_id, member_id) DO NOTHING
             RETURNING member_id
           )
           UPDATE wagering_balance b SET remaining_minor = $11, counted_minor = $12, updated_at = $13
             FROM e WHERE b.member_id = e.member_id
           RETURNING b.member_id`,
    values: [
      entry.merchantId,
      entry.memberId,
      entry.kind,
      entry.ledgerTransactionId,
      entry.sourceKind,
      entry.product,
      entry.moneyMinor,
      entry.weightedMinor,
      entry.changeMinor,
      entry.refundsEntryId,
      entry.balance.remainingMinor,
      entry.balance.countedMinor,
      new Date(entry.nowMs),
    ],
  });
  return (result.rowCount ?? 0) > 0;
}

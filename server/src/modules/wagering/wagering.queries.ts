import type { TableRights } from '../../db/app-role';
import type { Db } from '../../db/pool';

// SQL of the wagering requirement (migrations 044 and 068). Entries and refund parts are only ever
// inserted; a member's balance row starts at zero and moves only with an entry (insertEntryAndMove).

/** The products whose stakes count toward the requirement, as wagering_entry.product stores them. */
export type WageringProduct = 'lottery' | 'inhouse' | 'vendor';
export const WAGERING_PRODUCTS: readonly WageringProduct[] = ['lottery', 'inhouse', 'vendor'];

/**
 * The app role's rights (db/app-role.ts): it reads the tables, inserts entries and refund parts,
 * creates a balance row at zero and moves only its amounts; it never rewrites an entry or a part.
 */
export const WAGERING_APP_ROLE_RIGHTS: TableRights = {
  wagering_balance: ['SELECT', 'INSERT (member_id, merchant_id, updated_at)', 'UPDATE (remaining_minor, counted_minor, updated_at)'],
  wagering_entry: [
    'SELECT',
    'INSERT (merchant_id, member_id, kind, ledger_transaction_id, source_kind, product, money_minor, weighted_minor, change_minor, refunds_entry_id, remaining_after_minor, created_at)',
  ],
  wagering_refund_part: ['SELECT', 'INSERT'],
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
  memberId: number;
  product: WageringProduct;
  moneyMinor: number;
  /** What the stake took off the remaining requirement. */
  appliedMinor: number;
}

/**
 * The counted stakes of these members among the ledger movements recorded under these keys, by key
 * then member. A stake entry never changes once written, so this may be read before the members'
 * balances are locked; what refunds have put back of them may not (selectReversedMinor).
 */
export async function selectStakeEntries(
  db: Db,
  merchantId: number,
  idempotencyKeys: readonly string[],
  memberIds: readonly number[],
): Promise<Map<string, Map<number, StakeEntry>>> {
  const byKey = new Map<string, Map<number, StakeEntry>>();
  if (idempotencyKeys.length === 0 || memberIds.length === 0) return byKey;
  const result = await db.query<{ key: string; id: string; member_id: string; product: WageringProduct; money_minor: string; change_minor: string }>(
    `SELECT t.idempotency_key AS key, e.id, e.member_id, e.product, e.money_minor, e.change_minor
       FROM ledger_transaction t JOIN wagering_entry e ON e.ledger_transaction_id = t.id
      WHERE t.merchant_id = $1 AND t.idempotency_key = ANY($2::text[]) AND e.member_id = ANY($3::bigint[]) AND e.kind = 'stake_counted'`,
    [merchantId, idempotencyKeys, memberIds],
  );
  for (const row of result.rows) {
    const members = byKey.get(row.key) ?? new Map<number, StakeEntry>();
    members.set(Number(row.member_id), {
      id: Number(row.id),
      memberId: Number(row.member_id),
      product: row.product,
      moneyMinor: toSafeNumber(row.money_minor),
      appliedMinor: -toSafeNumber(row.change_minor),
    });
    byKey.set(row.key, members);
  }
  return byKey;
}

/**
 * What refunds have put back so far of each of these stake entries (0 for none). Read only while
 * the stakes' member's balance is locked (lockBalance): every refund of a stake writes its part
 * under that lock, so nothing can be added between this read and the caller's own part.
 */
export async function selectReversedMinor(db: Db, stakeEntryIds: readonly number[]): Promise<Map<number, number>> {
  const reversed = new Map<number, number>(stakeEntryIds.map((id) => [id, 0]));
  if (stakeEntryIds.length === 0) return reversed;
  const result = await db.query<{ stake_entry_id: string; reversed: string }>(
    `SELECT stake_entry_id, sum(change_minor) AS reversed FROM wagering_refund_part
      WHERE stake_entry_id = ANY($1::bigint[]) GROUP BY stake_entry_id`,
    [stakeEntryIds],
  );
  for (const row of result.rows) reversed.set(Number(row.stake_entry_id), toSafeNumber(row.reversed));
  return reversed;
}

/** What one refund gave back of one stake: money refunded of it, and what that put back of the requirement. */
export interface RefundPart {
  stakeEntryId: number;
  moneyMinor: number;
  changeMinor: number;
}

/** The parts of a refund entry just inserted (insertEntryAndMove), one per stake it names. */
export async function insertRefundParts(db: Db, refundEntryId: number, parts: readonly RefundPart[]): Promise<void> {
  if (parts.length === 0) return;
  await db.query(
    `INSERT INTO wagering_refund_part (refund_entry_id, stake_entry_id, money_minor, change_minor)
     SELECT $1, x.stake_entry_id, x.money_minor, x.change_minor FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS x(stake_entry_id, money_minor, change_minor)`,
    [refundEntryId, parts.map((part) => part.stakeEntryId), parts.map((part) => part.moneyMinor), parts.map((part) => part.changeMinor)],
  );
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
 * Inserts the entry and moves the member's (locked) balance to `balance`, in one statement: the new
 * entry's id; an entry already recorded for the movement and member inserts and moves nothing
 * (undefined).
 */
export async function insertEntryAndMove(db: Db, entry: NewEntry): Promise<number | undefined> {
  const result = await db.query<{ id: string }>({
    name: 'wagering_insert_entry_and_move',
    text: `WITH e AS (
             INSERT INTO wagering_entry (merchant_id, member_id, kind, ledger_transaction_id, source_kind, product, money_minor, weighted_minor,
                                         change_minor, refunds_entry_id, remaining_after_minor, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13)
             ON CONFLICT (ledger_transaction_id, member_id) DO NOTHING
             RETURNING id, member_id
           )
           UPDATE wagering_balance b SET remaining_minor = $11, counted_minor = $12, updated_at = $13
             FROM e WHERE b.member_id = e.member_id
           RETURNING e.id`,
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
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}

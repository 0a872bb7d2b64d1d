import type { PointEarnSource, PointItemKind } from '@platform/contract';
import type { Db } from '../../db/pool';
import type { MessageTexts } from '../../i18n/messages';
import { GAME_CATEGORY_REBATE } from '../rebate';

// SQL of points and the point mall (migration 061). Balances are never written here: points move
// only through the ledger (points.service.ts); these tables hold the rules, the catalogue and what
// each redeem and conversion was.

const num = (value: string | number | null): number => Number(value);
const numOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

export interface EarnRule {
  source: PointEarnSource;
  perAmountMinor: number;
  points: number;
}

export interface ConvertSetting {
  points: number;
  amountMinor: number;
  minPoints: number;
  enabled: boolean;
}

export interface PointSettings {
  rules: EarnRule[];
  /** Null: the merchant converts no points. */
  convert: ConvertSetting | null;
}

export async function selectSettings(db: Db, merchantId: number): Promise<PointSettings> {
  const [setting, rules] = await Promise.all([
    db.query<{ convert_points: number; convert_amount_minor: string; convert_min_points: number; convert_enabled: boolean }>(
      'SELECT convert_points, convert_amount_minor, convert_min_points, convert_enabled FROM point_setting WHERE merchant_id = $1',
      [merchantId],
    ),
    db.query<{ source: PointEarnSource; per_amount_minor: string; points: number }>(
      'SELECT source, per_amount_minor, points FROM point_earn_rule WHERE merchant_id = $1 ORDER BY source',
      [merchantId],
    ),
  ]);
  const row = setting.rows[0];
  return {
    rules: rules.rows.map((rule) => ({ source: rule.source, perAmountMinor: num(rule.per_amount_minor), points: rule.points })),
    convert: row
      ? { points: row.convert_points, amountMinor: num(row.convert_amount_minor), minPoints: row.convert_min_points, enabled: row.convert_enabled }
      : null,
  };
}

export async function upsertSettings(db: Db, merchantId: number, change: { rules?: readonly EarnRule[]; convert?: ConvertSetting }, nowMs: number): Promise<void> {
  if (change.convert) {
    await db.query(
      `INSERT INTO point_setting (merchant_id, convert_points, convert_amount_minor, convert_min_points, convert_enabled, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (merchant_id) DO UPDATE SET convert_points = EXCLUDED.convert_points, convert_amount_minor = EXCLUDED.convert_amount_minor,
         convert_min_points = EXCLUDED.convert_min_points, convert_enabled = EXCLUDED.convert_enabled, updated_at = EXCLUDED.updated_at`,
      [merchantId, change.convert.points, change.convert.amountMinor, change.convert.minPoints, change.convert.enabled, new Date(nowMs)],
    );
  }
  for (const rule of change.rules ?? []) {
    await db.query(
      `INSERT INTO point_earn_rule (merchant_id, source, per_amount_minor, points) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant_id, source) DO UPDATE SET per_amount_minor = EXCLUDED.per_amount_minor, points = EXCLUDED.points`,
      [merchantId, rule.source, rule.perAmountMinor, rule.points],
    );
  }
}

/** Merchants with a rule that earns something: the ones the earning job counts. */
export async function selectEarningMerchants(db: Db): Promise<number[]> {
  const result = await db.query<{ merchant_id: number }>('SELECT DISTINCT merchant_id FROM point_earn_rule WHERE points > 0 ORDER BY merchant_id');
  return result.rows.map((row) => row.merchant_id);
}

export async function dayCounted(db: Db, merchantId: number, balanceDate: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM point_earn_day WHERE merchant_id = $1 AND balance_date = $2::date', [merchantId, balanceDate]);
  return (result.rowCount ?? 0) > 0;
}

export async function markDayCounted(db: Db, merchantId: number, balanceDate: string, nowMs: number): Promise<void> {
  await db.query(
    'INSERT INTO point_earn_day (merchant_id, balance_date, counted_at) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING',
    [merchantId, balanceDate, new Date(nowMs)],
  );
}

const gameCategoryCase = `CASE g.game_category ${Object.entries(GAME_CATEGORY_REBATE)
  .map(([code, category]) => `WHEN '${code}' THEN '${category}'`)
  .join(' ')} END`;

/**
 * Each real member's settled valid stake per category over [fromMs, toMs): the betting rebate's
 * reading of a day (the lottery's bets settled won or lost in rounds settled in it, the valid stake
 * of game rounds that ended settled in it; trial play and guests' play money earn nothing).
 */
export async function selectDayStakes(db: Db, merchantId: number, fromMs: number, toMs: number): Promise<{ memberId: number; category: PointEarnSource; stakeMinor: number }[]> {
  const result = await db.query<{ member_id: string; category: PointEarnSource; stake_minor: string }>(
    `WITH stakes AS (
       SELECT b.member_id, 'lott'::text AS category, b.amount_minor AS stake_minor
         FROM lottery_round r JOIN lottery_bet b ON b.round_id = r.id
        WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at < $3
          AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
       UNION ALL
       SELECT g.member_id, ${gameCategoryCase}, g.valid_bet_minor
         FROM game_round g
        WHERE g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.ended_at >= $2 AND g.ended_at < $3
     )
     SELECT s.member_id, s.category, sum(s.stake_minor)::text AS stake_minor
       FROM stakes s JOIN member m ON m.id = s.member_id AND m.merchant_id = $1 AND m.member_type <> 4
      WHERE s.category IS NOT NULL
      GROUP BY s.member_id, s.category
      ORDER BY s.member_id, s.category`,
    [merchantId, new Date(fromMs), new Date(toMs)],
  );
  return result.rows.map((row) => ({ memberId: num(row.member_id), category: row.category, stakeMinor: num(row.stake_minor) }));
}

/** The deposits credited to members' main wallets over [fromMs, toMs) (ledger kind deposit, whatever way they came). */
export async function selectDayDeposits(db: Db, merchantId: number, fromMs: number, toMs: number): Promise<{ transactionId: number; memberId: number; amountMinor: number }[]> {
  const result = await db.query<{ transaction_id: string; member_id: string; amount_minor: string }>(
    `SELECT t.id AS transaction_id, a.member_id, p.amount_minor
       FROM ledger_transaction t
       JOIN ledger_posting p ON p.transaction_id = t.id
       JOIN ledger_account a ON a.id = p.account_id AND a.kind = 'member_main' AND a.unit = 'REAL'
      WHERE t.merchant_id = $1 AND t.kind = 'deposit' AND t.unit = 'REAL' AND t.created_at >= $2 AND t.created_at < $3 AND p.amount_minor > 0
      ORDER BY t.id`,
    [merchantId, new Date(fromMs), new Date(toMs)],
  );
  return result.rows.map((row) => ({ transactionId: num(row.transaction_id), memberId: num(row.member_id), amountMinor: num(row.amount_minor) }));
}

// ── The catalogue ──

export interface ItemRow {
  id: number;
  kind: PointItemKind;
  names: MessageTexts;
  descriptions: Partial<MessageTexts>;
  imageUrl: string | null;
  pricePoints: number;
  amountMinor: number | null;
  wageringMultiple: number | null;
  ticketCount: number | null;
  stock: number | null;
  memberLimit: number | null;
  enabled: boolean;
  position: number;
}

interface ItemDbRow {
  id: string;
  kind: PointItemKind;
  names: MessageTexts;
  descriptions: Partial<MessageTexts>;
  image_url: string | null;
  price_points: number;
  amount_minor: string | null;
  wagering_multiple: number | null;
  ticket_count: number | null;
  stock: number | null;
  member_limit: number | null;
  enabled: boolean;
  position: number;
}

const ITEM_COLUMNS = 'id, kind, names, descriptions, image_url, price_points, amount_minor, wagering_multiple, ticket_count, stock, member_limit, enabled, position';

const itemOf = (row: ItemDbRow): ItemRow => ({
  id: num(row.id),
  kind: row.kind,
  names: row.names,
  descriptions: row.descriptions,
  imageUrl: row.image_url,
  pricePoints: row.price_points,
  amountMinor: numOrNull(row.amount_minor),
  wageringMultiple: row.wagering_multiple,
  ticketCount: row.ticket_count,
  stock: row.stock,
  memberLimit: row.member_limit,
  enabled: row.enabled,
  position: row.position,
});

/** The merchant's items in catalogue order (enabled ones only when `enabledOnly`). */
export async function selectItems(db: Db, merchantId: number, enabledOnly: boolean): Promise<ItemRow[]> {
  const result = await db.query<ItemDbRow>(
    `SELECT ${ITEM_COLUMNS} FROM point_item WHERE merchant_id = $1 AND ($2::boolean IS FALSE OR enabled) ORDER BY position, id`,
    [merchantId, enabledOnly],
  );
  return result.rows.map(itemOf);
}

/** One item of the merchant, locked FOR UPDATE when `lock` (a redeem holds it while it takes stock). */
export async function selectItem(db: Db, merchantId: number, itemId: number, lock = false): Promise<ItemRow | undefined> {
  const result = await db.query<ItemDbRow>(`SELECT ${ITEM_COLUMNS} FROM point_item WHERE merchant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [merchantId, itemId]);
  return result.rows[0] ? itemOf(result.rows[0]) : undefined;
}

export type ItemInput = Omit<ItemRow, 'id'>;

export async function insertItem(db: Db, merchantId: number, item: ItemInput, nowMs: number): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO point_item (merchant_id, kind, names, descriptions, image_url, price_points, amount_minor, wagering_multiple, ticket_count,
                             stock, member_limit, enabled, position, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING id`,
    [
      merchantId, item.kind, JSON.stringify(item.names), JSON.stringify(item.descriptions), item.imageUrl, item.pricePoints, item.amountMinor,
      item.wageringMultiple, item.ticketCount, item.stock, item.memberLimit, item.enabled, item.position, new Date(nowMs),
    ],
  );
  return num(result.rows[0].id);
}

/** Replaces an item's fields (the caller merged the change into the row it read under lock). */
export async function updateItem(db: Db, merchantId: number, itemId: number, item: ItemInput, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE point_item SET names = $3, descriptions = $4, image_url = $5, price_points = $6, amount_minor = $7, wagering_multiple = $8,
            ticket_count = $9, stock = $10, member_limit = $11, enabled = $12, position = $13, updated_at = $14
      WHERE merchant_id = $1 AND id = $2`,
    [
      merchantId, itemId, JSON.stringify(item.names), JSON.stringify(item.descriptions), item.imageUrl, item.pricePoints, item.amountMinor,
      item.wageringMultiple, item.ticketCount, item.stock, item.memberLimit, item.enabled, item.position, new Date(nowMs),
    ],
  );
}

/** One less in stock (an item of limited stock), inside the redeem's transaction that holds the row. */
export async function takeStock(db: Db, itemId: number): Promise<void> {
  await db.query('UPDATE point_item SET stock = stock - 1 WHERE id = $1 AND stock IS NOT NULL', [itemId]);
}

/** How often the member redeemed each item (of the ids given, or all). */
export async function selectRedeemCounts(db: Db, merchantId: number, memberId: number): Promise<Map<number, number>> {
  const result = await db.query<{ item_id: string; n: number }>(
    'SELECT item_id, count(*)::int AS n FROM point_redeem WHERE merchant_id = $1 AND member_id = $2 GROUP BY item_id',
    [merchantId, memberId],
  );
  return new Map(result.rows.map((row) => [num(row.item_id), row.n]));
}

export async function countMemberRedeems(db: Db, merchantId: number, memberId: number, itemId: number): Promise<number> {
  const result = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_redeem WHERE merchant_id = $1 AND member_id = $2 AND item_id = $3', [merchantId, memberId, itemId]);
  return result.rows[0].n;
}

// ── Redeems ──

export interface RedeemRow {
  id: number;
  memberId: number;
  username: string;
  itemId: number;
  kind: PointItemKind;
  itemNames: MessageTexts;
  points: number;
  amountMinor: number | null;
  ticketCount: number | null;
  deliveryStatus: 'pending' | 'delivered' | null;
  deliveredAtMs: number | null;
  deliveredBy: string | null;
  deliveryNote: string | null;
  createdAtMs: number;
}

interface RedeemDbRow {
  id: string;
  member_id: string;
  username: string;
  item_id: string;
  kind: PointItemKind;
  item_names: MessageTexts;
  points: number;
  amount_minor: string | null;
  ticket_count: number | null;
  delivery_status: 'pending' | 'delivered' | null;
  delivered_at: Date | null;
  delivered_by: string | null;
  delivery_note: string | null;
  created_at: Date;
}

const REDEEM_COLUMNS = `r.id, r.member_id, m.username, r.item_id, r.kind, r.item_names, r.points, r.amount_minor, r.ticket_count,
  r.delivery_status, r.delivered_at, r.delivered_by, r.delivery_note, r.created_at`;

const redeemOf = (row: RedeemDbRow): RedeemRow => ({
  id: num(row.id),
  memberId: num(row.member_id),
  username: row.username,
  itemId: num(row.item_id),
  kind: row.kind,
  itemNames: row.item_names,
  points: row.points,
  amountMinor: numOrNull(row.amount_minor),
  ticketCount: row.ticket_count,
  deliveryStatus: row.delivery_status,
  deliveredAtMs: row.delivered_at ? row.delivered_at.getTime() : null,
  deliveredBy: row.delivered_by,
  deliveryNote: row.delivery_note,
  createdAtMs: row.created_at.getTime(),
});

export async function selectRedeemByKey(db: Db, merchantId: number, memberId: number, idempotencyKey: string): Promise<(RedeemRow & { idempotencyKey: string }) | undefined> {
  const result = await db.query<RedeemDbRow>(
    `SELECT ${REDEEM_COLUMNS} FROM point_redeem r JOIN member m ON m.id = r.member_id
      WHERE r.merchant_id = $1 AND r.member_id = $2 AND r.idempotency_key = $3`,
    [merchantId, memberId, idempotencyKey],
  );
  return result.rows[0] ? { ...redeemOf(result.rows[0]), idempotencyKey } : undefined;
}

export async function insertRedeem(
  db: Db,
  redeem: {
    merchantId: number; memberId: number; itemId: number; idempotencyKey: string; kind: PointItemKind; itemNames: MessageTexts; points: number;
    amountMinor: number | null; ticketCount: number | null; ledgerTransactionId: number; rewardTransactionId: number | null; nowMs: number;
  },
): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO point_redeem (merchant_id, member_id, item_id, idempotency_key, kind, item_names, points, amount_minor, ticket_count,
                               ledger_transaction_id, reward_transaction_id, delivery_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      redeem.merchantId, redeem.memberId, redeem.itemId, redeem.idempotencyKey, redeem.kind, JSON.stringify(redeem.itemNames), redeem.points,
      redeem.amountMinor, redeem.ticketCount, redeem.ledgerTransactionId, redeem.rewardTransactionId,
      redeem.kind === 'physical' ? 'pending' : null, new Date(redeem.nowMs),
    ],
  );
  return num(result.rows[0].id);
}

export async function selectRedeem(db: Db, merchantId: number, redeemId: number): Promise<RedeemRow | undefined> {
  const result = await db.query<RedeemDbRow>(
    `SELECT ${REDEEM_COLUMNS} FROM point_redeem r JOIN member m ON m.id = r.member_id WHERE r.merchant_id = $1 AND r.id = $2`,
    [merchantId, redeemId],
  );
  return result.rows[0] ? redeemOf(result.rows[0]) : undefined;
}

/** A page of redeems, newest first: a member's own (memberId), or the merchant's filtered by delivery. */
export async function selectRedeems(
  db: Db,
  input: { merchantId: number; memberId?: number; delivery?: 'pending' | 'delivered' | 'physical' | 'all'; limit: number; offset: number },
): Promise<{ rows: RedeemRow[]; total: number; points: number }> {
  const where = `r.merchant_id = $1 AND ($2::bigint IS NULL OR r.member_id = $2)
    AND (CASE $3::text WHEN 'pending' THEN r.delivery_status = 'pending' WHEN 'delivered' THEN r.delivery_status = 'delivered'
                       WHEN 'physical' THEN r.kind = 'physical' ELSE true END)`;
  const params = [input.merchantId, input.memberId ?? null, input.delivery ?? 'all'];
  const [rows, totals] = await Promise.all([
    db.query<RedeemDbRow>(
      `SELECT ${REDEEM_COLUMNS} FROM point_redeem r JOIN member m ON m.id = r.member_id WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $4 OFFSET $5`,
      [...params, input.limit, input.offset],
    ),
    db.query<{ n: number; points: string }>(`SELECT count(*)::int AS n, COALESCE(sum(r.points), 0)::text AS points FROM point_redeem r WHERE ${where}`, params),
  ]);
  return { rows: rows.rows.map(redeemOf), total: totals.rows[0].n, points: num(totals.rows[0].points) };
}

/** Marks a pending physical redeem delivered, once: answers false when it was not pending. */
export async function markDelivered(db: Db, input: { merchantId: number; redeemId: number; by: string; note: string | null; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `UPDATE point_redeem SET delivery_status = 'delivered', delivered_at = $3, delivered_by = $4, delivery_note = $5
      WHERE merchant_id = $1 AND id = $2 AND delivery_status = 'pending'`,
    [input.merchantId, input.redeemId, new Date(input.nowMs), input.by, input.note],
  );
  return (result.rowCount ?? 0) > 0;
}

// ── Conversions ──

export interface ConversionRow {
  points: number;
  amountMinor: number;
}

export async function selectConversionByKey(db: Db, merchantId: number, memberId: number, idempotencyKey: string): Promise<ConversionRow | undefined> {
  const result = await db.query<{ points: number; amount_minor: string }>(
    'SELECT points, amount_minor FROM point_conversion WHERE merchant_id = $1 AND member_id = $2 AND idempotency_key = $3',
    [merchantId, memberId, idempotencyKey],
  );
  return result.rows[0] ? { points: result.rows[0].points, amountMinor: num(result.rows[0].amount_minor) } : undefined;
}

export async function insertConversion(
  db: Db,
  row: { merchantId: number; memberId: number; idempotencyKey: string; points: number; amountMinor: number; pointsTransactionId: number; moneyTransactionId: number | null; nowMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO point_conversion (merchant_id, member_id, idempotency_key, points, amount_minor, points_transaction_id, money_transaction_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.merchantId, row.memberId, row.idempotencyKey, row.points, row.amountMinor, row.pointsTransactionId, row.moneyTransactionId, new Date(row.nowMs)],
  );
}

// ── Balances and members ──

/** The member's points (0 before its account exists). */
export async function selectPointBalance(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ balance_minor: string }>(
    "SELECT balance_minor FROM ledger_account WHERE merchant_id = $1 AND member_id = $2 AND kind = 'member_points'",
    [merchantId, memberId],
  );
  return result.rows[0] ? num(result.rows[0].balance_minor) : 0;
}

/**
 * Serializes the member's spends of points (redeems, conversions) until the caller's transaction
 * ends, and answers the balance then. An advisory lock, not a row lock: ledger accounts are
 * read-only to the application (ledger.queries.ts); credits need no lock (they only add).
 */
export async function lockPointsAccount(db: Db, memberId: number, accountId: number): Promise<number> {
  await db.query('SELECT pg_advisory_xact_lock($1::int, ($2::bigint % 2147483647)::int)', [POINT_SPEND_LOCK_CLASS, memberId]);
  const result = await db.query<{ balance_minor: string }>('SELECT balance_minor FROM ledger_account WHERE id = $1', [accountId]);
  return num(result.rows[0].balance_minor);
}

/** The advisory lock class of a member's points spends ('PNTS'). */
const POINT_SPEND_LOCK_CLASS = 0x504e5453;

/** A real member (no free-play guest) of the merchant by name. */
export async function selectRealMember(db: Db, merchantId: number, username: string): Promise<{ id: number; username: string } | undefined> {
  const result = await db.query<{ id: string; username: string }>(
    'SELECT id, username FROM member WHERE merchant_id = $1 AND lower(username) = lower($2) AND member_type <> 4',
    [merchantId, username],
  );
  return result.rows[0] ? { id: num(result.rows[0].id), username: result.rows[0].username } : undefined;
}

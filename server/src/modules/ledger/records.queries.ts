import type { Db } from '../../db/pool';
import type { MessageLanguage } from '../../i18n/messages';

// SQL of the member's transaction records (records.service.ts): reads postings of the member's own
// accounts only (merchant and member from the session); nothing here writes.

/** Which postings a type filter keeps (records.service.ts builds it from the type table). */
export interface RecordsFilter {
  /** Kept (kind, sign) pairs: sign 1 credits only, -1 debits only, 0 both. */
  kinds: string[];
  signs: number[];
  /** Also keep postings whose kind is none of `knownKinds` (the "other" group). */
  otherKinds: boolean;
  knownKinds: string[];
}

export interface PostingRecord {
  transactionId: number;
  kind: string;
  createdAtMs: number;
  orderNo: string | null;
  remark: string | null;
  amountMinor: number;
  balanceAfterMinor: number;
  /** The wallet: null for the main wallet, else its game vendor. */
  gameVendorId: number | null;
  /** For the transaction's other postings on this member's wallets: their vendor (null: main). */
  counterpartVendorIds: (number | null)[];
}

export interface PostingPage {
  rows: PostingRecord[];
  /** Rows over the whole filtered period, and the sum of their amounts. */
  total: number;
  sumMinor: number;
}

interface PageRow {
  total: string;
  sum_minor: string;
  rows: {
    transaction_id: number;
    kind: string;
    created_at_ms: number;
    order_no: string | null;
    remark: string | null;
    amount_minor: number;
    balance_after_minor: number;
    game_vendor_id: number | null;
    counterparts: (number | null)[] | null;
  }[] | null;
}

function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Ledger amount ${value} is beyond safe integer range`);
  return number;
}

/**
 * One page of the postings on a member's accounts (main and game wallets, real money; or its
 * points account when `unit` is POINT) whose
 * transaction falls in [fromMs, toMs], newest first, with the count and sum over every posting the
 * period and filter keep. One statement, so the page and its totals read the same snapshot.
 */
export async function selectMemberPostings(
  db: Db,
  input: { merchantId: number; memberId: number; fromMs: number; toMs: number; filter: RecordsFilter | undefined; limit: number; offset: number; unit?: 'REAL' | 'POINT' },
): Promise<PostingPage> {
  const { filter } = input;
  // REAL: the money wallets; POINT: the member's points account (migration 061), never mixed.
  const points = input.unit === 'POINT';
  const result = await db.query<PageRow>(
    `WITH accounts AS (
       SELECT id, game_vendor_id FROM ledger_account
        WHERE merchant_id = $1 AND member_id = $2 AND kind = ANY ($12::text[]) AND unit = $13
     ), kept AS (
       SELECT p.id, p.transaction_id, p.amount_minor, p.balance_after_minor, a.game_vendor_id,
              t.kind, t.created_at, t.order_no, t.remark
         FROM accounts a
         JOIN ledger_posting p ON p.account_id = a.id
         JOIN ledger_transaction t ON t.id = p.transaction_id
        WHERE t.merchant_id = $1 AND t.created_at BETWEEN $3 AND $4
          AND ($5::boolean
               OR EXISTS (SELECT 1 FROM unnest($6::text[], $7::int[]) AS f (kind, sign)
                           WHERE f.kind = t.kind AND (f.sign = 0 OR f.sign = sign(p.amount_minor)))
               OR ($8::boolean AND t.kind <> ALL ($9::text[])))
     ), page AS (
       SELECT * FROM kept ORDER BY created_at DESC, id DESC LIMIT $10 OFFSET $11
     )
     SELECT (SELECT count(*) FROM kept) AS total,
            (SELECT COALESCE(sum(amount_minor), 0) FROM kept)::text AS sum_minor,
            (SELECT json_agg(json_build_object(
                      'transaction_id', page.transaction_id,
                      'kind', page.kind,
                      'created_at_ms', (extract(epoch FROM page.created_at) * 1000)::bigint,
                      'order_no', page.order_no,
                      'remark', page.remark,
                      'amount_minor', page.amount_minor,
                      'balance_after_minor', page.balance_after_minor,
                      'game_vendor_id', page.game_vendor_id,
                      'counterparts', (SELECT json_agg(o.game_vendor_id ORDER BY op.id)
                                         FROM ledger_posting op JOIN accounts o ON o.id = op.account_id
                                        WHERE op.transaction_id = page.transaction_id AND op.id <> page.id))
                    ORDER BY page.created_at DESC, page.id DESC)
               FROM page) AS rows`,
    [
      input.merchantId,
      input.memberId,
      new Date(input.fromMs),
      new Date(input.toMs),
      filter === undefined,
      filter?.kinds ?? [],
      filter?.signs ?? [],
      filter?.otherKinds ?? false,
      filter?.knownKinds ?? [],
      input.limit,
      input.offset,
      points ? ['member_points'] : ['member_main', 'member_game'],
      points ? 'POINT' : 'REAL',
    ],
  );
  const row = result.rows[0];
  return {
    total: Number(row.total),
    sumMinor: toSafeNumber(row.sum_minor),
    rows: (row.rows ?? []).map((posting) => ({
      transactionId: Number(posting.transaction_id),
      kind: posting.kind,
      createdAtMs: Number(posting.created_at_ms),
      orderNo: posting.order_no,
      remark: posting.remark,
      amountMinor: toSafeNumber(posting.amount_minor),
      balanceAfterMinor: toSafeNumber(posting.balance_after_minor),
      gameVendorId: posting.game_vendor_id,
      counterpartVendorIds: posting.counterparts ?? [],
    })),
  };
}

export interface VendorName {
  name: string;
  displayNames: Partial<Record<MessageLanguage, string>>;
}

/** The merchant's game vendors' names (a game wallet's name in a transfer's remark). */
export async function selectVendorNames(db: Db, merchantId: number): Promise<Map<number, VendorName>> {
  const result = await db.query<{ id: number; vendor_name: string; display_names: Record<string, unknown> | null }>(
    'SELECT id, vendor_name, display_names FROM game_vendor WHERE merchant_id = $1',
    [merchantId],
  );
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        name: row.vendor_name,
        displayNames: Object.fromEntries(Object.entries(row.display_names ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      },
    ]),
  );
}

export interface GameRoundOfTransaction {
  /** The game's name in the language asked for, else as the round recorded it. */
  gameName: string;
  vendorRoundId: string;
}

/**
 * For ledger transactions the game-provider module posted: the round each belongs to, by
 * transaction id. The transaction's idempotency key is `game:<merchantId>:<vassalage>:<vendorTxId>`
 * (wallet-api.service.ts), which finds its game_transaction (migration 030) by that table's
 * unique (merchant_id, vassalage, vendor_tx_id); the row must name the same ledger transaction.
 */
export async function selectGameRoundsOf(
  db: Db,
  merchantId: number,
  transactionIds: readonly number[],
  language: MessageLanguage,
): Promise<Map<number, GameRoundOfTransaction>> {
  const result = await db.query<{ id: string; game_name: string; vendor_round_id: string }>(
    `WITH keyed AS (
       SELECT t.id, t.merchant_id, split_part(t.idempotency_key, ':', 3) AS vassalage,
              substr(t.idempotency_key, length('game:' || t.merchant_id || ':' || split_part(t.idempotency_key, ':', 3) || ':') + 1) AS vendor_tx_id
         FROM ledger_transaction t
        WHERE t.id = ANY ($2::bigint[]) AND t.merchant_id = $1 AND t.idempotency_key LIKE 'game:%'
     )
     SELECT k.id::text, r.vendor_round_id, COALESCE(NULLIF(g.display_names ->> $3, ''), r.game_name) AS game_name
       FROM keyed k
       JOIN game_transaction gt ON gt.merchant_id = k.merchant_id AND gt.vassalage = k.vassalage AND gt.vendor_tx_id = k.vendor_tx_id
                               AND gt.ledger_transaction_id = k.id
       JOIN game_round r ON r.id = gt.round_id
       LEFT JOIN game g ON g.id = r.game_id`,
    [merchantId, transactionIds, language],
  );
  return new Map(result.rows.map((row) => [Number(row.id), { gameName: row.game_name, vendorRoundId: row.vendor_round_id }]));
}

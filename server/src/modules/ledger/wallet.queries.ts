import type { Db } from '../../db/pool';

// SQL of the wallets: the merchant's wallet setting and its game vendors. Balances are read from
// the ledger's accounts (ledger.queries.ts); nothing here writes money.

/** The merchant_setting 'wallet' row's value, or undefined when the merchant has none. */
export async function selectWalletSetting(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'wallet'", [merchantId]);
  return result.rows[0]?.value;
}

export interface VendorRow {
  id: number;
  vassalage: string;
  enabled: boolean;
}

/** The merchant's game vendors (each one a game wallet of a member when not single-wallet). */
export async function selectVendors(db: Db, merchantId: number): Promise<VendorRow[]> {
  const result = await db.query<VendorRow>(
    'SELECT id, vassalage, enabled FROM game_vendor WHERE merchant_id = $1 ORDER BY sort_order, id',
    [merchantId],
  );
  return result.rows;
}

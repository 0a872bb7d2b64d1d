import type { Db } from '../../db/pool';

/** The merchant's own domains (merchant_domain), in name order. */
export async function merchantDomains(db: Db, merchantId: number): Promise<string[]> {
  const result = await db.query<{ domain: string }>('SELECT domain FROM merchant_domain WHERE merchant_id = $1 ORDER BY domain', [merchantId]);
  return result.rows.map((row) => row.domain);
}

import type { Db } from '../../db/pool';

/** As seeded: no maintenance window, no region rule, no country override (tests start from here). */
export async function clearSiteRestrictions(db: Db): Promise<void> {
  await db.query('DELETE FROM maintenance_window');
  await db.query('DELETE FROM region_rule');
  await db.query('DELETE FROM ip_country_override');
}

import type { ModuleId } from '@platform/contract';
import type { Db } from '../../db/pool';

// Whitelabel feature switches: the merchant's whitelabel_module rows. A module that is
// not configured is off. Routes gated as a whole declare `config.feature` instead of calling these
// (see session/authentication.ts); services call them for switches that change a route's rules.

/** A whitelabel switch of the merchant; a module that is not configured is off. */
export async function isModuleEnabled(db: Db, merchantId: number, moduleId: ModuleId): Promise<boolean> {
  const result = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM whitelabel_module WHERE merchant_id = $1 AND module_id = $2',
    [merchantId, moduleId],
  );
  return result.rows[0]?.enabled ?? false;
}

/** Several switches in one query, each false unless configured and enabled. */
export async function enabledModules<const Id extends ModuleId>(db: Db, merchantId: number, moduleIds: readonly Id[]): Promise<Record<Id, boolean>> {
  const result = await db.query<{ module_id: Id; enabled: boolean }>(
    'SELECT module_id, enabled FROM whitelabel_module WHERE merchant_id = $1 AND module_id = ANY($2::text[])',
    [merchantId, moduleIds],
  );
  const flags = Object.fromEntries(moduleIds.map((id) => [id, false])) as Record<Id, boolean>;
  for (const row of result.rows) flags[row.module_id] = row.enabled;
  return flags;
}

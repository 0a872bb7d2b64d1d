import { MODULE_IDS, type ModuleId, type ModuleName } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { accountSettingsFrom, type AccountSettings } from './account-settings';

// What the back office's brand page reads and writes of the merchant's own rows: its feature
// switches (whitelabel_module) and the host names that select it (merchant_domain). Each write is
// one statement, so the configuration revision trigger of migration 008 moves once and every
// replica's next request reads the change (the merchant resolver and the status caches are keyed
// by that revision). A refusal (400 operator.brand.invalid with the rule that failed) writes nothing.

export const brandInvalid = (detail: string): AppError => new AppError(400, 'operator.brand.invalid', { detail });

/**
 * The switches an operator may turn: the ones the site and the server read (routes gated by
 * `config.feature`, services and pages asking isModuleEnabled / isModuleOn). The other ids of
 * MODULE_IDS only name the module a call belongs to (its ModuleId header); nothing reads their row,
 * so offering them would be a switch that does nothing.
 */
const CALL_ONLY_MODULES: readonly ModuleName[] = [
  'system',
  'helpCentre',
  'register',
  'announcements',
  'games',
  'login',
  'loginVerification',
  'sms',
  'member',
  'passwordResetByEmail',
  'wallet',
  'promotions',
];

export const OPERATOR_SWITCHES: readonly { name: ModuleName; moduleId: ModuleId }[] = (Object.entries(MODULE_IDS) as [ModuleName, ModuleId][])
  .filter(([name]) => !CALL_ONLY_MODULES.includes(name))
  .map(([name, moduleId]) => ({ name, moduleId }));

const switchIds = new Set<string>(OPERATOR_SWITCHES.map((entry) => entry.moduleId));

export interface FeatureSwitchState {
  name: ModuleName;
  moduleId: ModuleId;
  /** What the site reads: a switch with no row is off. */
  enabled: boolean;
}

export async function listFeatureSwitches(db: Db, merchantId: number): Promise<FeatureSwitchState[]> {
  const result = await db.query<{ module_id: string; enabled: boolean }>('SELECT module_id, enabled FROM whitelabel_module WHERE merchant_id = $1', [merchantId]);
  const stored = new Map(result.rows.map((row) => [row.module_id, row.enabled]));
  return OPERATOR_SWITCHES.map(({ name, moduleId }) => ({ name, moduleId, enabled: stored.get(moduleId) ?? false }));
}

export interface Change<T> {
  before: unknown;
  after: unknown;
  value: T;
}

/** The switches named, on or off (a row made where there was none; its config kept). Answers them before and after. */
export async function setFeatureSwitches(pool: pg.Pool, merchantId: number, wanted: Record<string, boolean>): Promise<Change<FeatureSwitchState[]>> {
  const ids = Object.keys(wanted);
  if (ids.length === 0) throw brandInvalid('name at least one switch');
  const unknown = ids.filter((id) => !switchIds.has(id));
  if (unknown.length > 0) throw brandInvalid(`no such switch: ${unknown.join(', ')}`);
  if (ids.some((id) => typeof wanted[id] !== 'boolean')) throw brandInvalid('a switch is true (on) or false (off)');
  return withTransaction(pool, async (client) => {
    const states = async () => Object.fromEntries((await listFeatureSwitches(client, merchantId)).filter((entry) => ids.includes(entry.moduleId)).map((entry) => [entry.moduleId, entry.enabled]));
    const before = await states();
    await client.query(
      `INSERT INTO whitelabel_module (merchant_id, module_id, enabled)
       SELECT $1, id, on_off FROM unnest($2::text[], $3::boolean[]) AS wanted (id, on_off)
       ON CONFLICT (merchant_id, module_id) DO UPDATE SET enabled = EXCLUDED.enabled`,
      [merchantId, ids, ids.map((id) => wanted[id])],
    );
    const after = await states();
    return { before, after, value: await listFeatureSwitches(client, merchantId) };
  });
}

/** Host names (no port, lower case, dots between labels) that select a merchant. */
const HOST_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/** A host name as stored (lower case, no trailing dot), or a refusal saying why not. */
export function hostNameOf(input: string): string {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST_NAME.test(host)) throw brandInvalid(`"${input}" is not a host name (such as www.example.com, without https:// or a path)`);
  return host;
}

/** Adds a host name to the merchant; one another merchant holds is refused (it would move that site's players here). */
export async function addMerchantDomain(pool: pg.Pool, merchantId: number, input: string): Promise<Change<string>> {
  const domain = hostNameOf(input);
  return withTransaction(pool, async (client) => {
    const holder = await client.query<{ merchant_id: number }>('SELECT merchant_id FROM merchant_domain WHERE domain = $1', [domain]);
    if (holder.rows[0]?.merchant_id === merchantId) throw brandInvalid(`${domain} is already a domain of this site`);
    if (holder.rows[0]) throw brandInvalid(`${domain} belongs to another site`);
    await client.query('INSERT INTO merchant_domain (domain, merchant_id) VALUES ($1, $2)', [domain, merchantId]);
    return { before: null, after: { domain }, value: domain };
  });
}

/** Removes one of the merchant's host names (visitors on it then reach the default merchant). */
export async function removeMerchantDomain(pool: pg.Pool, merchantId: number, input: string): Promise<Change<string>> {
  const domain = input.trim().toLowerCase();
  const removed = await pool.query('DELETE FROM merchant_domain WHERE domain = $1 AND merchant_id = $2', [domain, merchantId]);
  if (removed.rowCount === 0) throw new AppError(404, 'not.found', { detail: `${domain} is not a domain of this site` });
  return { before: { domain }, after: null, value: domain };
}

/** The account rules the brand page shows (read only): all but the default password, which is a secret of the desk. */
export type BrandAccountSettings = Omit<AccountSettings, 'defaultPassword'>;

export function brandAccountSettingsFrom(stored: unknown): BrandAccountSettings {
  const { defaultPassword: _secret, ...shown } = accountSettingsFrom(stored);
  return shown;
}

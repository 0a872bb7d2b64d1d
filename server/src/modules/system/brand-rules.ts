import { isIP } from 'node:net';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { SiteSettings } from '@platform/contract';
import { brandAccountSettingsFrom, brandInvalid, type BrandAccountSettings, type Change } from '../merchant';
import { PASSWORD_LENGTH_FLOOR } from './register-rules';
import type { RegionRuleKind } from './region-rules';
import { selectSettings } from './system.queries';
import { chatEnabledFrom, siteSettingsFrom } from './system.service';

// What the back office's brand page reads and writes of the site's rules: the registration field
// rules (register_field_rule), maintenance windows, region rules and mirror domains (domain_route).
// These are the rows GET /wps/system/* and the site-access check read; their tables' triggers
// (migration 008) move the configuration revision, so the cached status, rules and windows are
// read again on every replica's next request. A refusal (400 operator.brand.invalid saying which
// rule failed, 404 for a row of no one or of another merchant) writes nothing.

// ---- registration rules ----

export interface StoredRegisterRule {
  field: string;
  /** Shown on the form (not read for the fields the registration mode decides: ruleReads). */
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  /** Read only: the pattern and its message id are part of the site's texts. */
  acceptedPattern: string;
  patternId: number;
  type: string;
}

/**
 * Fields whose presence the registration mode and switches decide (member/registration-rules.ts):
 * their enabled and required flags are not read, only their bounds. paymentPassword is required
 * whenever shown and the captcha is asked whenever shown, so their required flag is not read either.
 */
const PRESENCE_BY_MODE = new Set(['username', 'password', 'confirmPassword', 'verificationCode']);
const REQUIRED_WHEN_SHOWN = new Set(['paymentPassword', 'captcha']);
const PASSWORD_FIELDS = new Set(['password', 'confirmPassword']);
/** The longest bound an operator may set (the table allows more; no field of the site needs it). */
export const MAX_FIELD_LENGTH = 255;

export async function listRegisterRules(db: Db, merchantId: number): Promise<StoredRegisterRule[]> {
  const result = await db.query<StoredRegisterRule>(
    `SELECT field, enabled, required, min_length AS "minLength", max_length AS "maxLength",
            accepted_pattern AS "acceptedPattern", pattern_id AS "patternId", type
       FROM register_field_rule WHERE merchant_id = $1 ORDER BY sort_order, field`,
    [merchantId],
  );
  return result.rows;
}

/** What the site reads of a field's rule: whether the operator's enabled and required flags count. */
export const ruleReads = (field: string) => ({ enabled: !PRESENCE_BY_MODE.has(field), required: !PRESENCE_BY_MODE.has(field) && !REQUIRED_WHEN_SHOWN.has(field) });

export type RegisterRuleChange = Partial<Pick<StoredRegisterRule, 'enabled' | 'required' | 'minLength' | 'maxLength'>>;

/** Changes the flags and bounds given of the merchant's existing fields; answers the changed fields before and after, and every rule. */
export async function setRegisterRules(pool: pg.Pool, merchantId: number, changes: Record<string, RegisterRuleChange>): Promise<Change<StoredRegisterRule[]>> {
  const fields = Object.keys(changes);
  if (fields.length === 0) throw brandInvalid('name at least one field');
  return withTransaction(pool, async (client) => {
    const current = new Map((await listRegisterRules(client, merchantId)).map((rule) => [rule.field, rule]));
    const merged: StoredRegisterRule[] = [];
    for (const field of fields) {
      const stored = current.get(field);
      if (!stored) throw brandInvalid(`the registration form has no field ${field}`);
      const change = changes[field];
      const reads = ruleReads(field);
      if (change.enabled !== undefined && change.enabled !== stored.enabled && !reads.enabled) {
        throw brandInvalid(`whether ${field} is asked is decided by the registration mode and switches, not by its rule`);
      }
      if (change.required !== undefined && change.required !== stored.required && !reads.required) {
        throw brandInvalid(reads.enabled ? `${field} is always required when it is shown` : `whether ${field} is asked is decided by the registration mode and switches, not by its rule`);
      }
      const rule = { ...stored, ...change };
      if (!Number.isInteger(rule.minLength) || rule.minLength < 0 || !Number.isInteger(rule.maxLength) || rule.maxLength < 1 || rule.maxLength > MAX_FIELD_LENGTH) {
        throw brandInvalid(`the lengths of ${field} are whole numbers from 0 to ${MAX_FIELD_LENGTH}`);
      }
      if (rule.minLength > rule.maxLength) throw brandInvalid(`the shortest ${field} (${rule.minLength}) is longer than the longest (${rule.maxLength})`);
      if (PASSWORD_FIELDS.has(field) && (rule.minLength < PASSWORD_LENGTH_FLOOR.minLength || rule.maxLength < PASSWORD_LENGTH_FLOOR.maxLength)) {
        // The floors are applied when the rules are read anyway: a lower bound would be stored but never used.
        throw brandInvalid(`a password has at least ${PASSWORD_LENGTH_FLOOR.minLength} characters and may have ${PASSWORD_LENGTH_FLOOR.maxLength}`);
      }
      merged.push(rule);
    }
    await client.query(
      `UPDATE register_field_rule AS rule
          SET enabled = wanted.enabled, required = wanted.required, min_length = wanted.min_length, max_length = wanted.max_length
         FROM unnest($2::text[], $3::boolean[], $4::boolean[], $5::int[], $6::int[]) AS wanted (field, enabled, required, min_length, max_length)
        WHERE rule.merchant_id = $1 AND rule.field = wanted.field`,
      [merchantId, merged.map((rule) => rule.field), merged.map((rule) => rule.enabled), merged.map((rule) => rule.required), merged.map((rule) => rule.minLength), merged.map((rule) => rule.maxLength)],
    );
    const pick = (rule: StoredRegisterRule) => ({ enabled: rule.enabled, required: rule.required, minLength: rule.minLength, maxLength: rule.maxLength });
    return {
      before: Object.fromEntries(fields.map((field) => [field, pick(current.get(field)!)])),
      after: Object.fromEntries(merged.map((rule) => [rule.field, pick(rule)])),
      value: await listRegisterRules(client, merchantId),
    };
  });
}

// ---- maintenance windows ----

export interface MaintenanceRow {
  id: number;
  /** epoch ms */
  startsAt: number;
  /** epoch ms; null: until ended by hand */
  endsAt: number | null;
  reason: string;
}

const maintenanceRowOf = (row: { id: number; starts_at: Date; ends_at: Date | null; reason: string }): MaintenanceRow => ({
  id: row.id,
  startsAt: row.starts_at.getTime(),
  endsAt: row.ends_at?.getTime() ?? null,
  reason: row.reason,
});

/** Windows not ended at `nowMs` (in force or to come), soonest first. */
export async function listMaintenance(db: Db, merchantId: number, nowMs: number): Promise<MaintenanceRow[]> {
  const result = await db.query<{ id: number; starts_at: Date; ends_at: Date | null; reason: string }>(
    `SELECT id, starts_at, ends_at, reason FROM maintenance_window
      WHERE merchant_id = $1 AND (ends_at IS NULL OR ends_at > $2) ORDER BY starts_at, id`,
    [merchantId, new Date(nowMs)],
  );
  return result.rows.map(maintenanceRowOf);
}

export interface MaintenanceInput {
  /** epoch ms; absent: now */
  startsAt?: number;
  /** epoch ms; null or absent: until ended by hand */
  endsAt?: number | null;
  reason: string;
}

/** Schedules a window: players see the maintenance page from its start (site-access.ts). */
export async function scheduleMaintenance(db: Db, merchantId: number, input: MaintenanceInput, nowMs: number): Promise<Change<MaintenanceRow>> {
  const startsAt = input.startsAt ?? nowMs;
  const endsAt = input.endsAt ?? null;
  const reason = input.reason.trim();
  if (reason === '') throw brandInvalid('say why the site is closed (the reason is kept for the desk)');
  if (endsAt !== null && endsAt <= startsAt) throw brandInvalid('the window must end after it starts');
  if (endsAt !== null && endsAt <= nowMs) throw brandInvalid('the window would already be over');
  const result = await db.query<{ id: number; starts_at: Date; ends_at: Date | null; reason: string }>(
    'INSERT INTO maintenance_window (merchant_id, starts_at, ends_at, reason) VALUES ($1, $2, $3, $4) RETURNING id, starts_at, ends_at, reason',
    [merchantId, new Date(startsAt), endsAt === null ? null : new Date(endsAt), reason],
  );
  const row = maintenanceRowOf(result.rows[0]);
  return { before: null, after: row, value: row };
}

/**
 * Ends a window now: one in force ends at `nowMs` (kept, for the record); one still to come is
 * removed. An ended window, or another merchant's, is 404.
 */
export async function endMaintenance(pool: pg.Pool, merchantId: number, id: number, nowMs: number): Promise<Change<MaintenanceRow | null>> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<{ id: number; starts_at: Date; ends_at: Date | null; reason: string }>(
      'SELECT id, starts_at, ends_at, reason FROM maintenance_window WHERE id = $1 AND merchant_id = $2 AND (ends_at IS NULL OR ends_at > $3) FOR UPDATE',
      [id, merchantId, new Date(nowMs)],
    );
    if (!found.rows[0]) throw new AppError(404, 'not.found', { detail: 'no such maintenance window in force or to come' });
    const before = maintenanceRowOf(found.rows[0]);
    if (before.startsAt >= nowMs) {
      await client.query('DELETE FROM maintenance_window WHERE id = $1', [id]);
      return { before, after: null, value: null };
    }
    const ended = await client.query<{ id: number; starts_at: Date; ends_at: Date | null; reason: string }>(
      'UPDATE maintenance_window SET ends_at = $2 WHERE id = $1 RETURNING id, starts_at, ends_at, reason',
      [id, new Date(nowMs)],
    );
    const after = maintenanceRowOf(ended.rows[0]);
    return { before, after, value: after };
  });
}

// ---- region rules ----

export interface RegionRuleRow {
  id: number;
  kind: RegionRuleKind;
  value: string;
  note: string;
}

export async function listRegionRules(db: Db, merchantId: number): Promise<RegionRuleRow[]> {
  const result = await db.query<RegionRuleRow>('SELECT id, kind, value, note FROM region_rule WHERE merchant_id = $1 ORDER BY kind, value, id', [merchantId]);
  return result.rows;
}

export interface RegionRuleInput {
  kind: RegionRuleKind;
  value: string;
  note?: string;
}

/** A rule as stored (country codes upper case), or a refusal saying why it cannot match anything. */
export function regionRuleOf(input: RegionRuleInput): { kind: RegionRuleKind; value: string; note: string } {
  const value = input.value.trim();
  const note = (input.note ?? '').trim();
  switch (input.kind) {
    case 'country': {
      const code = value.toUpperCase();
      if (!/^[A-Z]{2}$/.test(code)) throw brandInvalid(`"${value}" is not a two-letter country code (such as BD or US)`);
      return { kind: 'country', value: code, note };
    }
    case 'ip':
      if (isIP(value) === 0) throw brandInvalid(`"${value}" is not one IP address (a network is a cidr rule)`);
      return { kind: 'ip', value, note };
    case 'cidr': {
      const [network, prefix, extra] = value.split('/');
      const family = isIP(network ?? '');
      const bits = Number(prefix);
      if (family === 0 || extra !== undefined || !/^[0-9]{1,3}$/.test(prefix ?? '') || bits > (family === 4 ? 32 : 128)) {
        throw brandInvalid(`"${value}" is not a network (such as 10.0.0.0/8 or 2001:db8::/32)`);
      }
      return { kind: 'cidr', value, note };
    }
    default:
      throw brandInvalid('a rule is a country, an ip or a cidr');
  }
}

/** Replaces the merchant's rules with `rules` (an empty list lifts every restriction). */
export async function replaceRegionRules(pool: pg.Pool, merchantId: number, inputs: RegionRuleInput[]): Promise<Change<RegionRuleRow[]>> {
  const rules = inputs.map(regionRuleOf);
  const keys = rules.map((rule) => `${rule.kind}:${rule.value}`);
  const twice = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twice) throw brandInvalid(`${twice.replace(':', ' ')} is listed twice`);
  return withTransaction(pool, async (client) => {
    const before = await listRegionRules(client, merchantId);
    await client.query('DELETE FROM region_rule WHERE merchant_id = $1', [merchantId]);
    try {
      await client.query(
        'INSERT INTO region_rule (merchant_id, kind, value, note) SELECT $1, kind, value, note FROM unnest($2::text[], $3::text[], $4::text[]) AS rule (kind, value, note)',
        [merchantId, rules.map((rule) => rule.kind), rules.map((rule) => rule.value), rules.map((rule) => rule.note)],
      );
    } catch (error) {
      // The table's own check (a cidr with host bits set, such as 10.0.0.1/8) or an address cast it refuses.
      const code = (error as { code?: string }).code;
      if (code === '23514' || code === '22P02') throw brandInvalid('a rule is not a valid address or network (a network has no host bits: 10.0.0.0/8, not 10.0.0.1/8)');
      throw error;
    }
    const after = await listRegionRules(client, merchantId);
    return { before, after, value: after };
  });
}

// ---- mirror domains ----

export interface MirrorRow {
  id: number;
  /** An https address the help page's speed test and the domain list offer (https://m1.example.com). */
  domain: string;
  enabled: boolean;
  sortOrder: number;
}

export async function listMirrors(db: Db, merchantId: number): Promise<MirrorRow[]> {
  const result = await db.query<MirrorRow>(
    'SELECT id, domain, enabled, sort_order AS "sortOrder" FROM domain_route WHERE merchant_id = $1 ORDER BY sort_order, id',
    [merchantId],
  );
  return result.rows;
}

/** A mirror's address as stored: https, a host and nothing after it. */
export function mirrorAddressOf(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw brandInvalid(`"${input}" is not an address (such as https://m1.example.com)`);
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw brandInvalid(`a mirror is an https address with no path (such as https://m1.example.com), not "${input}"`);
  }
  return url.origin;
}

export async function addMirror(pool: pg.Pool, merchantId: number, input: string): Promise<Change<MirrorRow>> {
  const domain = mirrorAddressOf(input);
  return withTransaction(pool, async (client) => {
    const exists = await client.query('SELECT 1 FROM domain_route WHERE merchant_id = $1 AND domain = $2', [merchantId, domain]);
    if (exists.rowCount) throw brandInvalid(`${domain} is already a mirror of this site`);
    const result = await client.query<MirrorRow>(
      `INSERT INTO domain_route (merchant_id, domain, sort_order)
       VALUES ($1, $2, (SELECT COALESCE(max(sort_order) + 1, 0) FROM domain_route WHERE merchant_id = $1))
       RETURNING id, domain, enabled, sort_order AS "sortOrder"`,
      [merchantId, domain],
    );
    return { before: null, after: result.rows[0], value: result.rows[0] };
  });
}

export async function removeMirror(db: Db, merchantId: number, id: number): Promise<Change<MirrorRow>> {
  const result = await db.query<MirrorRow>('DELETE FROM domain_route WHERE id = $1 AND merchant_id = $2 RETURNING id, domain, enabled, sort_order AS "sortOrder"', [id, merchantId]);
  if (!result.rows[0]) throw new AppError(404, 'not.found', { detail: 'no such mirror of this site' });
  return { before: result.rows[0], after: null, value: result.rows[0] };
}

// ---- everything at once ----

export interface BrandSite {
  merchantCode: string;
  /** What the site shows (the 'site' and 'currency' settings over their defaults), read only here. */
  site: SiteSettings;
  /** The account rules (merchant/account-settings.ts), read only here; the default password is left out. */
  accounts: BrandAccountSettings;
}

export async function readBrandSite(db: Db, merchantId: number): Promise<BrandSite> {
  const [merchant, settings] = await Promise.all([
    db.query<{ code: string; name: string }>('SELECT code, name FROM merchant WHERE id = $1', [merchantId]),
    selectSettings(db, merchantId),
  ]);
  const { code, name } = merchant.rows[0];
  return {
    merchantCode: code,
    site: { ...siteSettingsFrom(settings.get('site'), { name }, settings.get('currency')), chatEnabled: chatEnabledFrom(settings.get('chat')) },
    accounts: brandAccountSettingsFrom(settings.get('accounts')),
  };
}

export interface BrandRules {
  registrationRules: (StoredRegisterRule & { reads: { enabled: boolean; required: boolean } })[];
  maintenance: (MaintenanceRow & { active: boolean })[];
  regionRules: RegionRuleRow[];
  mirrors: MirrorRow[];
}

export async function readBrandRules(db: Db, merchantId: number, nowMs: number): Promise<BrandRules> {
  const [registrationRules, maintenance, regionRules, mirrors] = await Promise.all([
    listRegisterRules(db, merchantId),
    listMaintenance(db, merchantId, nowMs),
    listRegionRules(db, merchantId),
    listMirrors(db, merchantId),
  ]);
  return {
    registrationRules: registrationRules.map((rule) => ({ ...rule, reads: ruleReads(rule.field) })),
    maintenance: maintenance.map((window) => ({ ...window, active: window.startsAt <= nowMs })),
    regionRules,
    mirrors,
  };
}

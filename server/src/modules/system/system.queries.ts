import type { CountryEntry, RegisterFieldRule, Resource, ResourceType, Whitelabel } from '@platform/contract';
import type { Db } from '../../db/pool';
import type { RegionRule } from './region-rules';
import { withPasswordFloors } from './register-rules';

// SQL of the system module. Every query is scoped by merchant and parameterised.

export async function selectSettings(db: Db, merchantId: number): Promise<Map<string, unknown>> {
  const result = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM merchant_setting WHERE merchant_id = $1',
    [merchantId],
  );
  return new Map(result.rows.map((row) => [row.key, row.value]));
}

export async function selectWhitelabel(db: Db, merchantId: number): Promise<Whitelabel> {
  const result = await db.query<{ module_id: string; enabled: boolean; config: Record<string, unknown> | null }>(
    'SELECT module_id, enabled, config FROM whitelabel_module WHERE merchant_id = $1 ORDER BY module_id',
    [merchantId],
  );
  const whitelabel: Whitelabel = {};
  for (const row of result.rows) {
    whitelabel[row.module_id] = { enabled: row.enabled ? '1' : '0', ...(row.config ? { config: row.config } : {}) };
  }
  return whitelabel;
}

/** The merchant's field rules, the password fields raised to the policy's floors (register-rules.ts). */
export async function selectRegisterRules(db: Db, merchantId: number): Promise<Record<string, RegisterFieldRule>> {
  const result = await db.query<{
    field: string;
    accepted_pattern: string;
    pattern_id: number;
    min_length: number;
    max_length: number;
    enabled: boolean;
    required: boolean;
    type: string;
  }>(
    `SELECT field, accepted_pattern, pattern_id, min_length, max_length, enabled, required, type
       FROM register_field_rule WHERE merchant_id = $1 ORDER BY sort_order, field`,
    [merchantId],
  );
  const rules: Record<string, RegisterFieldRule> = {};
  for (const row of result.rows) {
    rules[row.field] = {
      acceptedPattern: row.accepted_pattern,
      patternId: row.pattern_id,
      minLength: row.min_length,
      maxLength: row.max_length,
      enabled: row.enabled,
      required: row.required,
      type: row.type,
    };
  }
  return withPasswordFloors(rules);
}

export async function selectResources(db: Db, merchantId: number): Promise<Resource[]> {
  const result = await db.query<{ resource_type: ResourceType; label_name_en: string; url: string; qr_code_url: string | null }>(
    `SELECT resource_type, label_name_en, url, qr_code_url
       FROM resource WHERE merchant_id = $1 ORDER BY sort_order, resource_type`,
    [merchantId],
  );
  return result.rows.map((row) => ({
    resourceType: row.resource_type,
    labelNameEn: row.label_name_en,
    url: row.url,
    qrCodeUrl: row.qr_code_url,
  }));
}

export interface CustomerServiceRow {
  csType: 'FACEBOOK' | 'TELEGRAM' | 'LIVECHAT' | 'VIP';
  title: string;
  type: number;
  url: string;
}

export async function selectCustomerService(db: Db, merchantId: number): Promise<CustomerServiceRow[]> {
  const result = await db.query<CustomerServiceRow>(
    `SELECT cs_type AS "csType", title, type, url
       FROM customer_service WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id`,
    [merchantId],
  );
  return result.rows;
}

export interface MaintenanceWindow {
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * Maintenance windows that have not ended by `nowMs` (the app's Clock; whether they have started
 * is decided per request, so a cached list stays right as time passes).
 */
export async function selectPendingMaintenance(db: Db, merchantId: number, nowMs: number): Promise<MaintenanceWindow[]> {
  const result = await db.query<{ starts_at: Date; ends_at: Date | null }>(
    `SELECT starts_at, ends_at FROM maintenance_window
      WHERE merchant_id = $1 AND (ends_at IS NULL OR ends_at > $2)`,
    [merchantId, new Date(nowMs)],
  );
  return result.rows.map((row) => ({ startsAt: row.starts_at, endsAt: row.ends_at }));
}

export async function selectRegionRules(db: Db, merchantId: number): Promise<RegionRule[]> {
  const result = await db.query<RegionRule>('SELECT kind, value FROM region_rule WHERE merchant_id = $1', [merchantId]);
  return result.rows;
}

export interface CountryOverrideRow {
  /** 'a.b.c.d/n' or an IPv6 network, as PostgreSQL prints a cidr. */
  network: string;
  countryCode: string;
}

/**
 * The operator's address → country corrections a merchant sees (migration 009), in the order
 * they apply: the merchant's own rows before platform-wide ones, longer prefixes first.
 */
export async function selectCountryOverrides(db: Db, merchantId: number): Promise<CountryOverrideRow[]> {
  const result = await db.query<CountryOverrideRow>(
    `SELECT network::text AS network, country_code AS "countryCode"
       FROM ip_country_override
      WHERE merchant_id = $1 OR merchant_id IS NULL
      ORDER BY merchant_id IS NULL, masklen(network) DESC, id`,
    [merchantId],
  );
  return result.rows;
}

export async function selectDomainRoutes(db: Db, merchantId: number): Promise<string[]> {
  const result = await db.query<{ domain: string }>(
    'SELECT domain FROM domain_route WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id',
    [merchantId],
  );
  return result.rows.map((row) => row.domain);
}

export async function selectCountries(db: Db, merchantId: number): Promise<CountryEntry[]> {
  const result = await db.query<CountryEntry>(
    `SELECT country_code AS "countryCode", dialing_code AS "countryDialingCode", name
       FROM country WHERE merchant_id = $1 AND enabled ORDER BY sort_order, country_code`,
    [merchantId],
  );
  return result.rows;
}

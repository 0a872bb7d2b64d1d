// The brand's settings as GET /ops/v1/brand answers them, and the small decisions the page makes
// on them (what changed, whether a change would close the site to players), kept apart from the
// components so they are tested on their own.

export interface FeatureSwitch {
  name: string;
  moduleId: string;
  enabled: boolean;
}

export interface RegistrationRule {
  field: string;
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  acceptedPattern: string;
  patternId: number;
  type: string;
  /** Whether the site reads these flags of the field (the registration mode decides some fields). */
  reads: { enabled: boolean; required: boolean };
}

export interface MaintenanceWindow {
  id: number;
  startsAt: number;
  endsAt: number | null;
  reason: string;
  active: boolean;
}

export type RegionRuleKind = 'country' | 'ip' | 'cidr';

export interface RegionRule {
  id?: number;
  kind: RegionRuleKind;
  value: string;
  note: string;
}

export interface Mirror {
  id: number;
  domain: string;
  enabled: boolean;
  sortOrder: number;
}

export interface Domains {
  hosts: string[];
  mirrors: Mirror[];
}

export interface Brand {
  merchantCode: string;
  site: {
    brandName: string;
    logoUrl: string;
    defaultLanguage: string;
    languages: string[];
    currency: { code: string; symbol: string; decimals: number; symbolPlacement: string };
    [key: string]: unknown;
  };
  accounts: Record<string, number | string | null>;
  featureSwitches: FeatureSwitch[];
  registrationRules: RegistrationRule[];
  maintenance: MaintenanceWindow[];
  regionRules: RegionRule[];
  domains: Domains;
}

export type RuleEdit = Pick<RegistrationRule, 'enabled' | 'required' | 'minLength' | 'maxLength'>;

/** The switches whose state differs from what was read: what PUT /brand/feature-switches is sent. */
export function changedSwitches(stored: readonly FeatureSwitch[], wanted: Readonly<Record<string, boolean>>): Record<string, boolean> {
  const changed: Record<string, boolean> = {};
  for (const entry of stored) if (entry.moduleId in wanted && wanted[entry.moduleId] !== entry.enabled) changed[entry.moduleId] = wanted[entry.moduleId];
  return changed;
}

/** Per field, only the flags and lengths that differ from what was read. */
export function changedRules(stored: readonly RegistrationRule[], wanted: Readonly<Record<string, RuleEdit>>): Record<string, Partial<RuleEdit>> {
  const changed: Record<string, Partial<RuleEdit>> = {};
  for (const rule of stored) {
    const edit = wanted[rule.field];
    if (!edit) continue;
    const diff: Partial<RuleEdit> = {};
    for (const key of ['enabled', 'required', 'minLength', 'maxLength'] as const) {
      if (edit[key] !== rule[key]) (diff as Record<string, unknown>)[key] = edit[key];
    }
    if (Object.keys(diff).length > 0) changed[rule.field] = diff;
  }
  return changed;
}

const ruleKey = (rule: Pick<RegionRule, 'kind' | 'value'>) => `${rule.kind}:${rule.kind === 'country' ? rule.value.trim().toUpperCase() : rule.value.trim()}`;

/** The rules in `wanted` that are not in force yet: each may turn players away, so the page asks first. */
export function addedRegionRules(stored: readonly RegionRule[], wanted: readonly RegionRule[]): RegionRule[] {
  const existing = new Set(stored.map(ruleKey));
  return wanted.filter((rule) => !existing.has(ruleKey(rule)));
}

/** A datetime-local field's value (the operator's own time zone) as epoch ms; '' is none. */
export function epochOfLocal(value: string): number | null {
  if (value.trim() === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

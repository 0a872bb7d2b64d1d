// Form field checks. A failed check is a message key with its values, translated when shown
// (so a language change re-renders it): the message keys are the shared `forms.` strings, and
// `field` is the translation key of the field's label in the form's own namespace.
import type { RegisterFieldRule } from '../types/wire';

/** Why a field is invalid: a rule's message to translate, or the server's own text. */
export type FieldError = RuleError | ServerFieldError;

export interface RuleError {
  /** Key of the message under `forms.` in the shared strings (`error_required`, `reg_pattern_5`). */
  key: string;
  values?: Record<string, string | number>;
  /** Translation key of the field's label, filled in as {{field}}. */
  field?: string;
  text?: undefined;
}

export interface ServerFieldError {
  /** Shown as it is: the server's message, already in the player's language. */
  text: string;
  key?: undefined;
}

/** '{field} not empty'. */
export const requiredError = (fieldLabelKey: string): RuleError => ({ key: 'error_required', field: fieldLabelKey });

/** The length bounds as the pattern messages show them: "6-16", or "4" when both are equal. */
export function lengthText(rule: Pick<RegisterFieldRule, 'minLength' | 'maxLength'>): string {
  const min = Math.max(0, rule.minLength ?? 0);
  const max = rule.maxLength ?? 0;
  if (max <= 0) return `${min}+`;
  return min === max ? String(min) : `${min}-${max}`;
}

/** Compiled patterns; one that does not compile accepts anything (the server still checks). */
const compiled = new Map<string, RegExp | null>();
function patternOf(source: string): RegExp | null {
  if (!compiled.has(source)) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(source, 'u');
    } catch {
      try {
        pattern = new RegExp(source);
      } catch {
        pattern = null;
      }
    }
    compiled.set(source, pattern);
  }
  return compiled.get(source) ?? null;
}

/** A value passes only if it matches the pattern ('*' matches anything) and its length is within bounds. */
export function matchesRule(value: string, rule: RegisterFieldRule): boolean {
  const length = [...value].length;
  if (length < (rule.minLength ?? 0)) return false;
  if (rule.maxLength > 0 && length > rule.maxLength) return false;
  if (!rule.acceptedPattern || rule.acceptedPattern === '*') return true;
  const pattern = patternOf(rule.acceptedPattern);
  return pattern ? pattern.test(value) : true;
}

/** reg_pattern_{patternId} with the length filled in. */
export function patternError(rule: RegisterFieldRule): RuleError {
  return { key: `reg_pattern_${rule.patternId}`, values: { length: lengthText(rule) } };
}

export interface CheckOptions {
  /** Translation key of the field's label, for '{field} not empty'. */
  label: string;
  /** Whether the field must be filled; when given it wins over the rule (an "always required" field). */
  required?: boolean;
}

/**
 * One field against its rule: empty and required → '{field} not empty'; empty and optional →
 * fine; otherwise the pattern and length. Without a rule only 'required' is checked.
 */
export function checkField(value: string, rule: RegisterFieldRule | undefined, { label, required }: CheckOptions): RuleError | null {
  // A caller's answer wins over the rule's own flag: whether a field is needed can depend on
  // other fields (an SMS code only when a mobile number is given).
  if (value === '') return (required ?? rule?.required) ? requiredError(label) : null;
  if (rule && !matchesRule(value, rule)) return patternError(rule);
  return null;
}

/** The confirmation must equal the first entry ('inconsistent twice'). */
export function checkConfirmation(value: string, original: string, label: string): RuleError | null {
  if (value === '') return requiredError(label);
  return value === original ? null : { key: 'error_inconsistent_twice' };
}

/** Mobile numbers: required, digits within the mobile rule's bounds ('valid mobile number'). */
export const DEFAULT_MOBILE_RULE: RegisterFieldRule = {
  acceptedPattern: '^[0-9]+$',
  patternId: 6,
  minLength: 6,
  maxLength: 15,
  enabled: true,
  required: true,
  type: 'tel',
};

/** `label`: translation key of the mobile field's label, for '{field} not empty'. */
export function checkMobile(value: string, rule: RegisterFieldRule | undefined, label: string): RuleError | null {
  if (value === '') return requiredError(label);
  return matchesRule(value, rule ?? DEFAULT_MOBILE_RULE) ? null : { key: 'error_mobile_invalid' };
}

/** Trims what the player typed (username, password, captcha and mobile are trimmed). */
export const trimmed = (value: string): string => value.trim();

/** True when no field has an error. */
export function isValid(errors: Record<string, FieldError | null | undefined>): boolean {
  return Object.values(errors).every((error) => !error);
}

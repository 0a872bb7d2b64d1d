import { REGISTER_FIELDS, type RegisterField, type RegisterFieldRule } from '@platform/contract';
import { AppError } from '../../http/envelope';
import type { ServerErrorCode } from '@platform/contract';
import { refuseCommonPassword } from '../identity';
import { withPasswordFloor } from '../system';
import type { memberMessages } from './member.messages';

// Validation of a registration payload against the merchant's per-field rules (the same rows
// GET /wps/system/setting/register sends the client):
//   - a value passes when it matches acceptedPattern ('*' matches anything) and its length (in
//     characters) is within minLength..maxLength;
//   - username, password, confirmPassword are always required in 'username' mode; mobileNum in
//     'mobile' mode; password fields in mobile mode only with MOBILENUMPASSREG3; the SMS code
//     whenever REGMOBVERF3 is on and a mobile number is registered;
//   - other fields count only when their rule is enabled, and are then required if the rule says so;
//   - confirmPassword must equal password;
//   - the password is not on the common-password list (identity, password-policy.ts). Its rule's
//     bounds arrive with the policy's floors applied (system, register-rules.ts).
// A failure names the field and the rule: reg_field_required ('{field} not empty'),
// reg_pattern_<patternId> ('{field}: <rule>, {range} characters'), password.too.common,
// inconsistent.twice.

export type RegisterMode = 'username' | 'mobile';

/** Passwords are compared as typed; everything else is trimmed first. */
const UNTRIMMED: ReadonlySet<RegisterField> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/** Pattern ids with their own message (seed registerPatternIds); others get reg_pattern_invalid. */
const KNOWN_PATTERN_IDS = 13;

/** When the merchant has no row for a field that must be checked anyway. */
const FALLBACK_RULE: RegisterFieldRule = {
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 128,
  enabled: true,
  required: true,
  type: 'text',
};

/** When the merchant has no row for the password fields: the policy's defaults. */
const FALLBACK_PASSWORD_RULE: RegisterFieldRule = { ...FALLBACK_RULE, minLength: 8, maxLength: 128, type: 'password' };

export interface RegistrationSwitches {
  /** MOBILENUMPASSREG3: mobile registration asks for a password. */
  passwordInMobileMode: boolean;
  /** REGMOBVERF3: a registered mobile number must be proved with an SMS code. */
  smsVerification: boolean;
}

export type RegistrationValues = Partial<Record<RegisterField, string>>;

/** "6-16", or "4" when both bounds are equal. */
export const rangeOf = (rule: Pick<RegisterFieldRule, 'minLength' | 'maxLength'>): string =>
  rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength}-${rule.maxLength}`;

/** reg_pattern_<patternId> and reg_pattern_invalid: the pattern codes this module has texts for. */
export type PatternErrorCode = Extract<keyof typeof memberMessages, `reg_pattern_${string}`>;

export function patternErrorCode(patternId: number): PatternErrorCode {
  return Number.isInteger(patternId) && patternId >= 0 && patternId <= KNOWN_PATTERN_IDS
    ? (`reg_pattern_${patternId}` as PatternErrorCode)
    : 'reg_pattern_invalid';
}

/** Whether `value` satisfies a rule's pattern and bounds (lengths count characters, not bytes). */
export function satisfiesRule(value: string, rule: RegisterFieldRule): boolean {
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  if (rule.acceptedPattern === '*') return true;
  try {
    return new RegExp(rule.acceptedPattern, 'u').test(value);
  } catch {
    try {
      return new RegExp(rule.acceptedPattern).test(value);
    } catch {
      // An operator's pattern that does not compile accepts nothing, visibly, rather than everything.
      return false;
    }
  }
}

/** Whether a field counts in this registration, and whether it must be filled. */
function fieldDemand(
  field: RegisterField,
  rule: RegisterFieldRule | undefined,
  mode: RegisterMode,
  switches: RegistrationSwitches,
  hasMobile: boolean,
): { checked: boolean; required: boolean } {
  switch (field) {
    case 'username':
      // Mobile mode: the account name is the mobile number.
      return mode === 'username' ? { checked: true, required: true } : { checked: false, required: false };
    case 'password':
    case 'confirmPassword':
      return mode === 'username' || switches.passwordInMobileMode ? { checked: true, required: true } : { checked: false, required: false };
    case 'mobileNum':
      if (mode === 'mobile') return { checked: true, required: true };
      return { checked: rule?.enabled ?? false, required: (rule?.enabled ?? false) && rule!.required };
    case 'verificationCode':
      return switches.smsVerification && hasMobile ? { checked: true, required: true } : { checked: false, required: false };
    case 'paymentPassword':
      // Required whenever shown.
      return { checked: rule?.enabled ?? false, required: rule?.enabled ?? false };
    default:
      return { checked: rule?.enabled ?? false, required: (rule?.enabled ?? false) && rule!.required };
  }
}

function fieldError(errorCode: ServerErrorCode, field: RegisterField, rule?: RegisterFieldRule): AppError {
  const params: Record<string, string> = { field };
  if (rule) params.range = rangeOf(rule);
  return new AppError(
    400,
    errorCode,
    params,
    rule ? { field, patternId: rule.patternId, minLength: rule.minLength, maxLength: rule.maxLength } : { field },
  );
}

/**
 * The checked values of a registration (trimmed, empty optional fields left out), or the first
 * failing field as a 400 AppError.
 */
export function validateRegistration(
  payload: Record<string, unknown>,
  rules: Record<string, RegisterFieldRule>,
  mode: RegisterMode,
  switches: RegistrationSwitches,
): RegistrationValues {
  const raw = (field: RegisterField): string => {
    const value = payload[field];
    if (typeof value !== 'string') return '';
    return UNTRIMMED.has(field) ? value : value.trim();
  };
  // A number is registered in mobile mode, or in username mode when the field is shown and filled.
  const hasMobile = raw('mobileNum') !== '' && (mode === 'mobile' || (rules.mobileNum?.enabled ?? false));
  const values: RegistrationValues = {};
  for (const field of REGISTER_FIELDS) {
    const stored = rules[field];
    const demand = fieldDemand(field, stored, mode, switches, hasMobile);
    if (!demand.checked) continue;
    const value = raw(field);
    if (value === '') {
      if (demand.required) throw fieldError('reg_field_required', field);
      continue;
    }
    const isPassword = field === 'password' || field === 'confirmPassword';
    // The floors again, so no caller can hand in a weaker password rule.
    const rule = isPassword ? withPasswordFloor(stored ?? FALLBACK_PASSWORD_RULE) : (stored ?? FALLBACK_RULE);
    if (!satisfiesRule(value, rule)) throw fieldError(patternErrorCode(rule.patternId), field, rule);
    if (field === 'password') refuseCommonPassword(value, field);
    values[field] = value;
  }
  if (values.password !== undefined && values.confirmPassword !== values.password) {
    throw new AppError(400, 'inconsistent.twice', {}, { field: 'confirmPassword' });
  }
  return values;
}

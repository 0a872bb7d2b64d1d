// The registration form's fields (the registration payload's): which are shown in which
// mode, which are always required, and how each is typed.
import type { RegisterFieldRule } from '@platform/shared';
import type { RegisterField, RegisterRequest } from '@platform/contract';
import type { RegisterMode } from './api/register-api';

/** A field of the registration form: one with a merchant rule, or one of the two codes it carries. */
export type RegisterFieldName = RegisterField | Extract<keyof RegisterRequest, 'recommenderId' | 'referralCode'>;

export interface FieldInput {
  type: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
}

/** The order fields appear in; each one's input kind. */
export const FIELD_INPUTS: Record<RegisterFieldName, FieldInput> = {
  username: { type: 'text', autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  mobileNum: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  verificationCode: { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric' },
  payeeName: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  qqNum: { type: 'text', inputMode: 'numeric' },
  recommenderId: { type: 'text' },
  affiliateCode: { type: 'text' },
  referralCode: { type: 'text' },
  paymentPassword: { type: 'password', autoComplete: 'off', inputMode: 'numeric' },
  line: { type: 'text' },
  whatsapp: { type: 'tel', inputMode: 'tel' },
  zalo: { type: 'tel', inputMode: 'tel' },
  facebook: { type: 'text' },
  wechat: { type: 'text' },
  idNumber: { type: 'text' },
  captcha: { type: 'text', autoComplete: 'off' },
};

/** Optional fields the operator switches on (shown only when enabled). */
const OPTIONAL_FIELDS: RegisterFieldName[] = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
  'affiliateCode',
  'referralCode',
];

export interface FieldPlan {
  name: RegisterFieldName;
  required: boolean;
}

export interface PlanOptions {
  mode: RegisterMode;
  rules: Record<string, RegisterFieldRule | undefined>;
  /** REGMOBVERF3: the mobile number is proved with an SMS code. */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3: mobile registration also asks for a password. */
  mobilePassword: boolean;
  /** A referral code came in the address (?referralCode=): its field is shown filled. */
  hasReferralFromUrl: boolean;
  /** The server asked for the captcha (past its registration threshold): shown whatever the rules say. */
  captchaDemanded?: boolean;
}

const enabled = (rule: RegisterFieldRule | undefined) => Boolean(rule?.enabled);

/** The fields to show, in order, with whether each is required. */
export function planFields({ mode, rules, smsVerification, mobilePassword, hasReferralFromUrl, captchaDemanded = false }: PlanOptions): FieldPlan[] {
  const plan: FieldPlan[] = [];
  const mobileMode = mode === 'registerMobile';
  if (!mobileMode) {
    plan.push({ name: 'username', required: true });
  } else {
    plan.push({ name: 'mobileNum', required: true });
    if (smsVerification) plan.push({ name: 'verificationCode', required: true });
  }
  if (!mobileMode || mobilePassword) {
    plan.push({ name: 'password', required: true }, { name: 'confirmPassword', required: true });
  }
  if (!mobileMode && enabled(rules.mobileNum)) {
    const mobileRequired = Boolean(rules.mobileNum?.required);
    plan.push({ name: 'mobileNum', required: mobileRequired });
    // The code proves a number given: required as far as the number is.
    if (smsVerification) plan.push({ name: 'verificationCode', required: mobileRequired });
  }
  for (const name of OPTIONAL_FIELDS) {
    const shown = enabled(rules[name]) || (name === 'referralCode' && hasReferralFromUrl);
    if (!shown) continue;
    plan.push({ name, required: name === 'paymentPassword' || Boolean(rules[name]?.required) });
  }
  if (enabled(rules.captcha) || captchaDemanded) plan.push({ name: 'captcha', required: true });
  return plan;
}

/** The verification code's rule: non-empty only, at most 255 characters. */
export const VERIFICATION_CODE_RULE: RegisterFieldRule = {
  acceptedPattern: '*',
  patternId: 0,
  minLength: 0,
  maxLength: 255,
  enabled: true,
  required: true,
  type: 'text',
};

/** Translation key of a field's label. */
export const labelKey = (name: RegisterFieldName): string => `field_${name}`;

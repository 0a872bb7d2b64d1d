// The member's own profile as "My Account" (the legacy page securityCenter) shows and edits it:
// nickname, real name, birthday, and the mobile number and e-mail address bound to the account
// (server module member/, profile.*). Login password and second factors have their own calls
// (password.ts, two-factor.ts); the payment password is the withdrawal work's (withdrawal.ts).
import { defineCall, type RequestOf, type ValueOf } from './define-call';
import { codeSentSchema } from './verification';

/** The member's current login password: binding a mobile number or an e-mail changes how the account is recovered. */
const currentPassword = { type: 'string', maxLength: 128, description: "the member's current login password" } as const;

/** Nickname: at most this many characters (trimmed; an empty one clears it). */
export const NICKNAME_MAX_LENGTH = 20;
/** Real name (payee name): letters of any script, spaces between words, at most this many characters. */
export const PAYEE_NAME_MAX_LENGTH = 50;
/** Members must be at least this old (the site asks 'Please confirm you are 21 years old'). */
export const MINIMUM_AGE_YEARS = 21;

export const memberProfileSchema = {
  type: 'object',
  required: [
    'account',
    'nickname',
    'payeeName',
    'email',
    'bindEmail',
    'mobile',
    'countryDialingCode',
    'bindMobile',
    'birthday',
    'regDate',
    'lastLogin',
    'hasPaymentPassword',
  ],
  properties: {
    account: { type: 'string' },
    nickname: { type: ['string', 'null'] },
    payeeName: { type: ['string', 'null'], description: 'real name; once set the member cannot change it (customer service can)' },
    email: { type: ['string', 'null'], description: "masked, e.g. 'pl***@example.com'" },
    bindEmail: { type: 'boolean' },
    mobile: { type: ['string', 'null'], description: "national number, masked, e.g. '171*****78'" },
    countryDialingCode: { type: ['string', 'null'], description: "e.g. '+880'" },
    bindMobile: { type: 'boolean' },
    birthday: { type: ['string', 'null'], description: 'yyyy-MM-dd; once set the member cannot change it' },
    regDate: { type: 'integer', description: 'registration time, epoch ms' },
    lastLogin: { type: ['integer', 'null'], description: 'most recent login, epoch ms' },
    hasPaymentPassword: { type: 'boolean', description: 'a payment (withdrawal) password is set' },
  },
} as const;

export const memberInfoV2Call = /*#__PURE__*/ defineCall({
  name: 'memberInfoV2',
  method: 'GET',
  path: '/wps/relay/getMemberInfoV2',
  moduleId: 'MEMBER3',
  token: true,
  value: memberProfileSchema,
});

export const updateMemberInfoCall = /*#__PURE__*/ defineCall({
  name: 'updateMemberInfo',
  method: 'POST',
  path: '/wps/relay/updateMemberInfo',
  moduleId: 'MEMBER3',
  token: true,
  // The form shows a refusal under its field.
  quiet: true,
  body: {
    type: 'object',
    additionalProperties: false,
    description: 'Only the fields that changed. A refusal names its field in value.field; nothing is changed then.',
    properties: {
      nickname: { type: 'string', maxLength: 100, description: `at most ${NICKNAME_MAX_LENGTH} characters after trimming; '' clears it` },
      payeeName: { type: 'string', maxLength: 200, description: 'letters and spaces; only while none is set (real.name.locked)' },
      birthday: { type: 'string', maxLength: 32, description: `yyyy-MM-dd, at least ${MINIMUM_AGE_YEARS} years ago; only while none is set` },
    },
  },
  value: memberProfileSchema,
});

export const bindMobileSendCodeCall = /*#__PURE__*/ defineCall({
  name: 'bindMobileSendCode',
  method: 'POST',
  path: '/wps/relay/bind_send_verification_sms',
  moduleId: 'MEMBER3',
  token: true,
  // SMS send failures are a warning with the server's message.
  quiet: true,
  body: {
    type: 'object',
    required: ['mobileNum'],
    additionalProperties: false,
    properties: {
      countryDialingCode: { type: 'string', maxLength: 8, description: "e.g. '+880'; the merchant's first country when absent" },
      mobileNum: { type: 'string', maxLength: 32, description: 'national number, 7-15 digits' },
    },
  },
  value: codeSentSchema,
});

export const bindMobileVerifyCall = /*#__PURE__*/ defineCall({
  name: 'bindMobileVerify',
  method: 'POST',
  path: '/wps/relay/bind_verify_verification_sms',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['mobileNum', 'verificationCode', 'password'],
    additionalProperties: false,
    properties: {
      countryDialingCode: { type: 'string', maxLength: 8 },
      mobileNum: { type: 'string', maxLength: 32 },
      verificationCode: { type: 'string', maxLength: 16, description: 'the code bind_send_verification_sms sent to this number' },
      password: currentPassword,
    },
  },
  value: memberProfileSchema,
});

export const bindEmailCall = /*#__PURE__*/ defineCall({
  name: 'bindEmail',
  method: 'POST',
  path: '/wps/relay/bindEmail',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['email', 'password'],
    additionalProperties: false,
    properties: { email: { type: 'string', maxLength: 254 }, password: currentPassword },
  },
  value: memberProfileSchema,
});

/** `getMemberInfoV2` value: the profile "My Account" shows (e-mail and mobile masked). */
export type MemberProfile = ValueOf<typeof memberInfoV2Call>;
/** `updateMemberInfo` body: only the fields that changed. */
export type MemberProfileUpdate = RequestOf<typeof updateMemberInfoCall>;

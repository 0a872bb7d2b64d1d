// Second-factor calls: completing a login that asked for one, and the member's own settings of
// authenticator app, SMS, e-mail and bank-account-name sign-in verification (server module two-factor/).
import { defineCall, type ValueOf } from './define-call';
import { loginValueSchema } from './session';

export const securityConfigSchema = {
  type: 'object',
  required: [
    'bindGA', 'smsLoginVerification', 'emailLoginVerification', 'bankNameLoginVerification', 'bindMobile', 'countryDialingCode',
    'mobile', 'email', 'bankCard',
  ],
  properties: {
    bindGA: { type: 'boolean', description: 'an authenticator app is bound (sign-in asks for its code)' },
    smsLoginVerification: { type: 'boolean', description: 'sign-in asks for an SMS code' },
    emailLoginVerification: { type: 'boolean', description: 'sign-in asks for a code e-mailed to the address it was turned on with' },
    bankNameLoginVerification: {
      type: 'boolean',
      description: 'sign-in asks for the account holder name of the bound bank card (in force only while a bank card is bound)',
    },
    bankCard: { type: ['string', 'null'], description: 'the bank card the holder name is of, masked; null with no bank card bound' },
    bindMobile: { type: 'boolean' },
    countryDialingCode: { type: ['string', 'null'] },
    mobile: { type: ['string', 'null'], description: 'masked' },
    email: { type: ['string', 'null'], description: 'masked' },
  },
} as const;

/** The member's current password, which every change of the factors in force needs. */
const currentPassword = { type: 'string', maxLength: 128, description: "the member's current password" } as const;

/** Binding or removing the authenticator: a code of the app and the current password (encrypted). */
const factorChangeBody = {
  type: 'object',
  required: ['code', 'password'],
  additionalProperties: false,
  properties: { code: { type: 'string', maxLength: 16, description: 'the 6-digit code' }, password: currentPassword },
} as const;

export const secondFactorSmsSentSchema = {
  type: 'object',
  required: ['expiredMinutes', 'expirationTime', 'mobile'],
  properties: {
    expiredMinutes: { type: 'integer' },
    expirationTime: { type: 'integer', description: 'epoch ms when the code expires' },
    mobile: { type: 'string', description: 'the number the code went to, masked' },
  },
} as const;

export const loginVerificationCall = /*#__PURE__*/ defineCall({
  name: 'loginVerification',
  method: 'POST',
  path: '/wps/session/login/verification',
  moduleId: 'LOGINIPVERF3',
  encrypted: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['ticket', 'type', 'code'],
    additionalProperties: false,
    properties: {
      ticket: { type: 'string', minLength: 1, maxLength: 128 },
      type: { type: 'string', enum: ['totp', 'sms', 'email', 'bank_name'] },
      code: { type: 'string', maxLength: 64, description: 'the code; for bank_name the account holder name' },
    },
  },
  value: loginValueSchema,
});

export const loginVerificationSmsCall = /*#__PURE__*/ defineCall({
  name: 'loginVerificationSms',
  method: 'POST',
  path: '/wps/session/login/verification/sms',
  moduleId: 'LOGINIPVERF3',
  quiet: true,
  body: {
    type: 'object',
    required: ['ticket'],
    additionalProperties: false,
    properties: { ticket: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  value: secondFactorSmsSentSchema,
});

export const secondFactorEmailSentSchema = {
  type: 'object',
  required: ['expiredMinutes', 'expirationTime', 'email'],
  properties: {
    expiredMinutes: { type: 'integer' },
    expirationTime: { type: 'integer', description: 'epoch ms when the code expires' },
    email: { type: 'string', description: 'the address the code went to, masked' },
  },
} as const;

export const loginVerificationEmailCall = /*#__PURE__*/ defineCall({
  name: 'loginVerificationEmail',
  method: 'POST',
  path: '/wps/session/login/verification/email',
  moduleId: 'LOGINIPVERF3',
  quiet: true,
  body: {
    type: 'object',
    required: ['ticket'],
    additionalProperties: false,
    properties: { ticket: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  value: secondFactorEmailSentSchema,
});

export const securityConfigCall = /*#__PURE__*/ defineCall({
  name: 'securityConfig',
  method: 'GET',
  path: '/wps/v2/member/securityConfig',
  moduleId: 'MEMBER3',
  token: true,
  value: securityConfigSchema,
});

export const twoFactorTotpStartCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorTotpStart',
  method: 'POST',
  path: '/wps/v2/member/2fa/totp',
  moduleId: 'MEMBER3',
  token: true,
  value: {
    type: 'object',
    required: ['secretKey', 'otpauth'],
    properties: { secretKey: { type: 'string' }, otpauth: { type: 'string' } },
  },
});

export const twoFactorTotpConfirmCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorTotpConfirm',
  method: 'POST',
  path: '/wps/v2/member/2fa/totp/confirm',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: factorChangeBody,
  value: securityConfigSchema,
});

export const twoFactorTotpRemoveCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorTotpRemove',
  method: 'DELETE',
  path: '/wps/v2/member/2fa/totp',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: factorChangeBody,
  value: securityConfigSchema,
});

export const twoFactorSmsCodeCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorSmsCode',
  method: 'POST',
  path: '/wps/v2/member/2fa/sms/code',
  moduleId: 'MEMBER3',
  token: true,
  value: secondFactorSmsSentSchema,
});

export const twoFactorSmsCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorSms',
  method: 'PUT',
  path: '/wps/v2/member/2fa/sms',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['enabled', 'code', 'password'],
    additionalProperties: false,
    properties: { enabled: { type: 'boolean' }, code: { type: 'string', maxLength: 16 }, password: currentPassword },
  },
  value: securityConfigSchema,
});

export const twoFactorEmailCodeCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorEmailCode',
  method: 'POST',
  path: '/wps/v2/member/2fa/email/code',
  moduleId: 'MEMBER3',
  token: true,
  value: secondFactorEmailSentSchema,
});

export const twoFactorEmailCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorEmail',
  method: 'PUT',
  path: '/wps/v2/member/2fa/email',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['enabled', 'code', 'password'],
    additionalProperties: false,
    properties: { enabled: { type: 'boolean' }, code: { type: 'string', maxLength: 16 }, password: currentPassword },
  },
  value: securityConfigSchema,
});

export const twoFactorBankNameCall = /*#__PURE__*/ defineCall({
  name: 'twoFactorBankName',
  method: 'PUT',
  path: '/wps/v2/member/2fa/bankName',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['enabled', 'name', 'password'],
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean' },
      name: { type: 'string', maxLength: 64, description: 'the account holder name of the bound bank card, as on the card' },
      password: currentPassword,
    },
  },
  value: securityConfigSchema,
});

/** `GET /wps/v2/member/securityConfig` value: which sign-in factors the member has on. */
export type SecurityConfig = ValueOf<typeof securityConfigCall>;
/** `POST /wps/v2/member/2fa/totp` value: show secretKey and a QR code of otpauth, then confirm with a code. */
export type TotpEnrolment = ValueOf<typeof twoFactorTotpStartCall>;
/** `POST /wps/session/login/verification/sms` and `/wps/v2/member/2fa/sms/code` value. */
export type SecondFactorSmsSent = ValueOf<typeof loginVerificationSmsCall>;
/** `POST /wps/session/login/verification/email` and `/wps/v2/member/2fa/email/code` value. */
export type SecondFactorEmailSent = ValueOf<typeof loginVerificationEmailCall>;

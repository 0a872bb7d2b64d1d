// Password calls: change it, and the two ways of resetting a forgotten one (e-mailed link, SMS
// code) (server module password/).
import { defineCall, type ValueOf } from './define-call';

const password = { type: 'string', maxLength: 128 } as const;

/**
 * What a reset answers: log in again with this account name. secondFactors: the second factors
 * the reset kept (the login will ask for one); the site tells the member they stay on.
 */
const passwordResetValueSchema = {
  type: 'object',
  required: ['userName', 'secondFactors'],
  properties: {
    userName: { type: 'string' },
    secondFactors: { type: 'array', items: { type: 'string', enum: ['totp', 'sms'] }, description: 'two-step sign-in that stays on' },
  },
} as const;

export const changePasswordCall = /*#__PURE__*/ defineCall({
  name: 'changePassword',
  method: 'POST',
  path: '/wps/member/password',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['newPassword', 'confirmNewPassword'],
    additionalProperties: false,
    properties: { oldPassword: password, newPassword: password, confirmNewPassword: password },
  },
  value: { type: 'null' },
});

export const forgotPasswordByEmailCall = /*#__PURE__*/ defineCall({
  name: 'forgotPasswordByEmail',
  method: 'POST',
  path: '/wps/member/password/email',
  moduleId: 'CHNGPASS3',
  form: true,
  body: {
    type: 'object',
    required: ['username', 'email'],
    properties: { username: { type: 'string', maxLength: 64 }, email: { type: 'string', maxLength: 254 } },
  },
  value: { type: 'null' },
});

export const resetPasswordByEmailTokenCall = /*#__PURE__*/ defineCall({
  name: 'resetPasswordByEmailToken',
  method: 'POST',
  path: '/wps/member/password/email/reset',
  moduleId: 'CHNGPASS3',
  encrypted: true,
  body: {
    type: 'object',
    required: ['token', 'newPassword', 'confirmNewPassword'],
    additionalProperties: false,
    properties: { token: { type: 'string', minLength: 1, maxLength: 64 }, newPassword: password, confirmNewPassword: password },
  },
  value: passwordResetValueSchema,
});

export const forgotPasswordSmsCall = /*#__PURE__*/ defineCall({
  name: 'forgotPasswordSms',
  method: 'POST',
  path: '/wps/member/password/sms',
  moduleId: 'CHNGPASSVERIF3',
  encrypted: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['mobileNum'],
    additionalProperties: false,
    properties: { countryDialingCode: { type: 'string', maxLength: 8 }, mobileNum: { type: 'string', maxLength: 32 } },
  },
  value: {
    type: 'object',
    required: ['expirationTime', 'expiredMinutes'],
    properties: { expirationTime: { type: 'integer' }, expiredMinutes: { type: 'integer' } },
  },
});

export const resetPasswordByPhoneCall = /*#__PURE__*/ defineCall({
  name: 'resetPasswordByPhone',
  method: 'POST',
  path: '/wps/member/password/verification',
  moduleId: 'CHNGPASSVERIF3',
  encrypted: true,
  body: {
    type: 'object',
    required: ['mobileNum', 'verificationCode', 'newPassword'],
    additionalProperties: false,
    properties: {
      countryDialingCode: { type: 'string', maxLength: 8 },
      mobileNum: { type: 'string', maxLength: 32 },
      verificationCode: { type: 'string', maxLength: 16 },
      newPassword: password,
      confirmNewPassword: password,
    },
  },
  value: passwordResetValueSchema,
});

/** `POST /wps/member/password/sms` value: the forgot-password countdown runs to expirationTime (epoch ms). */
export type ForgotPasswordSmsSent = ValueOf<typeof forgotPasswordSmsCall>;
/** `POST /wps/member/password/verification` and `/email/reset` value: log in again with this account name. */
export type PasswordResetResult = ValueOf<typeof resetPasswordByPhoneCall>;

// Session calls: the encryption key, login (password, SMS code, free play) and logout (server
// module session/). Second-factor and social-login completions are in two-factor.ts and oauth.ts.
import { botCheckField } from './bot-check';
import { firebaseChannelField, firebaseIdTokenField } from './phone-proof';
import { defineCall, type RequestOf, type ValueOf } from './define-call';

export const loginBodySchema = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64, description: 'Account name; for type sms the mobile number' },
    password: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: 'Password; for type sms the SMS code (with firebaseChannel the code typed, not checked here: the ID token is)',
    },
    type: { type: 'string', enum: ['username', 'sms'], default: 'username' },
    captcha: { type: 'string', maxLength: 16, description: 'Text of the captcha image; required after a failed login' },
    captchaId: { type: 'string', maxLength: 64, description: 'captchaId of GET /wps/captcha that `captcha` answers' },
    botCheck: botCheckField,
    firebaseChannel: { ...firebaseChannelField, description: `type sms only. ${firebaseChannelField.description}` },
    firebaseIdToken: firebaseIdTokenField,
    countryDialingCode: {
      type: 'string',
      pattern: '^\\+?[0-9]{1,4}$',
      description: "type sms: dialling code of the number in username, e.g. '+880'",
    },
  },
} as const;

/** What every way of logging in answers (password, SMS code, free play, second factor, social login). */
export const loginValueSchema = {
  type: 'object',
  required: ['token', 'firstTimeLogin', 'passwordExpired', 'userName', 'id'],
  properties: {
    token: { type: 'string', description: 'Session token: send it raw as the Authorization header' },
    firstTimeLogin: { type: 'boolean', description: 'The password was set by someone else: ask for a new one' },
    passwordExpired: { type: 'boolean', description: 'Expired (PWDEXPFORCECHANGE3) or the default weak password: ask for a new one' },
    userName: { type: 'string' },
    id: { type: 'integer' },
  },
} as const;

export const rsaKeyCall = /*#__PURE__*/ defineCall({
  name: 'rsaKey',
  method: 'GET',
  path: '/wps/session/key/rsa',
  moduleId: 'SYSTEM3',
  value: {
    type: 'object',
    required: ['keyId', 'publicKey', 'serverTime'],
    properties: {
      keyId: { type: 'string' },
      publicKey: { type: 'string', description: 'base64 of the DER SubjectPublicKeyInfo' },
      serverTime: {
        type: 'integer',
        description: "the server's clock (epoch ms) when answering: an encrypted payload's ts is this clock's time",
      },
    },
  },
});

export const loginCall = /*#__PURE__*/ defineCall({
  name: 'login',
  method: 'POST',
  path: '/wps/session/login',
  moduleId: 'LOGIN3',
  encrypted: true,
  body: loginBodySchema,
  value: loginValueSchema,
});

export const loginCaptchaCall = /*#__PURE__*/ defineCall({
  name: 'loginCaptcha',
  method: 'GET',
  path: '/wps/session/login/captcha',
  moduleId: 'LOGIN3',
  quiet: true,
  query: {
    type: 'object',
    properties: { username: { type: 'string', maxLength: 200, description: 'the account about to log in, if typed yet' } },
  },
  value: {
    type: 'object',
    required: ['captcha'],
    properties: { captcha: { type: 'boolean', description: 'a password login from this address (of this account) must carry a captcha' } },
  },
});

export const freePlayLoginCall = /*#__PURE__*/ defineCall({
  name: 'freePlayLogin',
  method: 'POST',
  path: '/wps/session/login/freeplay',
  moduleId: 'FREEPLAY3',
  // Sent with Encryption (and X-Gateway-Version 3, on every call), like the other logins.
  encrypted: true,
  body: {
    type: 'object',
    properties: {
      os: { type: 'string', maxLength: 32 },
      platform: { type: 'string', maxLength: 8, description: 'W (web)' },
    },
  },
  value: loginValueSchema,
});

export const logoutCall = /*#__PURE__*/ defineCall({
  name: 'logout',
  method: 'DELETE',
  path: '/wps/session/logout',
  moduleId: 'LOGIN3',
  token: true,
  value: { type: 'null' },
});

/** The RSA-OAEP (SHA-256) key encrypted calls are sealed with. */
export type RsaKey = ValueOf<typeof rsaKeyCall>;
export type LoginRequest = RequestOf<typeof loginCall>;
/** A login's value. Stored whole as sessionStorage `login`. */
export type LoginResult = ValueOf<typeof loginCall>;

/**
 * A second factor at sign-in: an authenticator app's code (totp),
 * an SMS code, an e-mailed code, or the account holder name of the member's bound bank card.
 */
export type SecondFactor = 'totp' | 'sms' | 'email' | 'bank_name';

/**
 * `value` of a 403 `login_verify_required` answer (login, or the social-login exchange).
 * Complete it with `POST /wps/session/login/verification` { ticket, type, code }.
 */
export interface LoginChallenge {
  ticket: string;
  /** Factors the member may answer with, preferred first. */
  factors: SecondFactor[];
  verifyType: SecondFactor;
  /** Masked number an SMS code goes to; null without SMS. */
  mobile: string | null;
  /** Whether an SMS code was sent with this answer (else ask with loginVerificationSms). */
  smsSent: boolean;
  /** Masked address an e-mailed code goes to; null without the e-mail factor. */
  email: string | null;
  /** Whether an e-mailed code was sent with this answer (else ask with loginVerificationEmail). */
  emailSent: boolean;
  /** The bank card whose holder name is asked for, masked ("BRAC Bank ****1234"); null without that factor. */
  bankCard: string | null;
  /** When the ticket expires (epoch ms). */
  expirationTime: number;
}

import type { JsonSchema } from '../../http/schemas';

// Request and response shapes of the session routes.

export const loginBodySchema: JsonSchema = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64, description: 'Account name; for type sms the mobile number' },
    password: { type: 'string', minLength: 1, maxLength: 128, description: 'Password; for type sms the SMS code' },
    type: { type: 'string', enum: ['username', 'sms'], default: 'username' },
    captcha: { type: 'string', maxLength: 16, description: 'Text of the captcha image; required after a failed login' },
    captchaId: { type: 'string', maxLength: 64, description: 'captchaId of GET /wps/captcha that `captcha` answers' },
    countryDialingCode: {
      type: 'string',
      pattern: '^\\+?[0-9]{1,4}$',
      description: "type sms: dialling code of the number in username, e.g. '+880'",
    },
  },
};

export const loginValueSchema: JsonSchema = {
  type: 'object',
  required: ['token', 'firstTimeLogin', 'passwordExpired', 'userName', 'id'],
  properties: {
    token: { type: 'string', description: 'Session token: send it raw as the Authorization header' },
    firstTimeLogin: { type: 'boolean', description: 'The password was set by someone else: ask for a new one' },
    passwordExpired: { type: 'boolean', description: 'Expired (PWDEXPFORCECHANGE3) or the default weak password: ask for a new one' },
    userName: { type: 'string' },
    id: { type: 'integer' },
  },
};

export const freePlayBodySchema: JsonSchema = {
  type: 'object',
  properties: {
    os: { type: 'string', maxLength: 32 },
    platform: { type: 'string', maxLength: 8, description: 'W (web)' },
  },
};

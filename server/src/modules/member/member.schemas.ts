import type { JsonSchema } from '../../http/schemas';
import { loginValueSchema } from '../session';
import { REGISTER_FIELDS } from './registration-rules';

// Request and response shapes of the member routes (validation, serialisation and OpenAPI).

const str = { type: 'string' };

/** SPEC §3 registration payload. Field rules are the merchant's (registration-rules.ts); this only bounds sizes. */
export const registerBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(REGISTER_FIELDS.map((field) => [field, { type: 'string', maxLength: 255 }])),
    countryDialingCode: { type: 'string', maxLength: 8, description: "Dialling code of mobileNum, e.g. '+880'" },
    referralCode: { type: 'string', maxLength: 64, description: 'Invitation code from the site URL (?referralCode=), used when affiliateCode is empty' },
    recommenderId: { type: 'string', maxLength: 64 },
    captchaId: { type: 'string', maxLength: 64, description: 'Id of the captcha image `captcha` answers (GET /wps/captcha)' },
    registerUrl: { type: 'string', maxLength: 2048 },
    registerMethod: { type: 'string', maxLength: 16, description: 'Always WEB' },
    domain: { type: 'string', maxLength: 255 },
    login: { type: 'boolean', description: 'Log the new member in (always done)' },
    language: { type: 'string', maxLength: 16 },
  },
};

export const registerValueSchema: JsonSchema = {
  ...loginValueSchema,
  required: [...(loginValueSchema.required as string[]), 'customerName', 'profile', 'generatedAccount'],
  properties: {
    ...(loginValueSchema.properties as Record<string, unknown>),
    customerName: { type: 'string', description: '<merchant code>@<username>' },
    profile: { type: 'object', required: ['mobileNo'], properties: { mobileNo: { type: ['string', 'null'], description: 'masked' } } },
    generatedAccount: {
      type: 'boolean',
      description: 'Mobile registration without password fields: the account is the mobile number and the password was generated (log in by SMS or reset it)',
    },
  },
};

export const memberInfoSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'account', 'nickname', 'type', 'toUpline', 'customerId', 'isAgent', 'clubLabel', 'memberLabel', 'lastLogin', 'regDate', 'mobile', 'language'],
  properties: {
    id: { type: 'integer' },
    account: str,
    nickname: { type: ['string', 'null'] },
    type: { type: 'integer', description: '0 member, 1/2/41/42 agent, 4 guest (free play)' },
    toUpline: { type: 'string', enum: ['0', '1'], description: '"1" when the member has an upline' },
    customerId: { type: 'integer' },
    isAgent: { type: 'integer', description: 'Same as type' },
    clubLabel: {
      type: ['object', 'null'],
      properties: { labelName: str, color: str, color2: str, rankLevel: { type: 'integer' } },
    },
    memberLabel: {
      type: 'array',
      items: { type: 'object', properties: { labelName: str, textColor: str, backgroundColor: str } },
    },
    lastLogin: { type: ['integer', 'null'], description: 'Most recent login, epoch ms' },
    regDate: { type: 'integer', description: 'Registration time, epoch ms' },
    mobile: { type: ['string', 'null'], description: "Masked, e.g. '+880171*****78'" },
    language: { type: ['string', 'null'] },
  },
};

export const avatarSchema: JsonSchema = {
  type: 'object',
  required: ['avatarUrl', 'isDefault'],
  properties: {
    avatarUrl: str,
    isDefault: { type: 'boolean', description: 'The member never chose an avatar: this is the site default' },
  },
};

export const languageBodySchema: JsonSchema = {
  type: 'object',
  required: ['language'],
  properties: {
    language: {
      type: 'string',
      pattern: '^[A-Za-z]{2}([-_][A-Za-z]{2,4})?$',
      description: 'a language code such as EN, BN or zh-TW',
    },
  },
};

export const affiliateQuerySchema: JsonSchema = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 64, description: 'The invitation (affiliate) code' },
    domain: { type: 'string', maxLength: 255, description: 'Host the visitor registers on' },
  },
};

export const affiliateValueSchema: JsonSchema = {
  type: 'object',
  required: ['valid'],
  properties: { valid: { type: 'boolean', enum: [true], description: 'An unknown code answers 400 invalid.affiliate.code instead' } },
};

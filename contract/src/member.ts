// Member calls: registration, the invitation-code check, the member's profile, avatar and
// language (server module member/).
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type RequestOf, type ValueOf } from './define-call';
import { botCheckField } from './bot-check';
import { firebaseChannelField, firebaseIdTokenField } from './phone-proof';
import { loginValueSchema } from './session';

const str = { type: 'string' } as const;

/** Every field of the registration payload that has a rule (the merchant's, per field). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  'captcha',
  'affiliateCode',
  'payeeName',
  'email',
  'qqNum',
  'paymentPassword',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

const ruledFieldSchema = { type: 'string', maxLength: 255 } as const;
const ruledFields = Object.fromEntries(REGISTER_FIELDS.map((field) => [field, ruledFieldSchema])) as {
  readonly [F in RegisterField]: typeof ruledFieldSchema;
};

/** The registration payload. Field rules are the merchant's; this only bounds sizes. */
export const registerBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...ruledFields,
    countryDialingCode: { type: 'string', maxLength: 8, description: "Dialling code of mobileNum, e.g. '+880'" },
    referralCode: { type: 'string', maxLength: 64, description: 'Invitation code from the site URL (?referralCode=), used when affiliateCode is empty' },
    recommenderId: { type: 'string', maxLength: 64 },
    captchaId: { type: 'string', maxLength: 64, description: 'Id of the captcha image `captcha` answers (GET /wps/captcha)' },
    registerUrl: { type: 'string', maxLength: 2048 },
    registerMethod: { type: 'string', maxLength: 16, description: 'Always WEB' },
    domain: { type: 'string', maxLength: 255 },
    login: { type: 'boolean', description: 'Log the new member in (always done)' },
    language: { type: 'string', maxLength: 16 },
    botCheck: botCheckField,
    firebaseChannel: { ...firebaseChannelField, description: `With a mobile number, in place of verificationCode. ${firebaseChannelField.description}` },
    firebaseIdToken: firebaseIdTokenField,
  },
} as const;

export const registerValueSchema = {
  ...loginValueSchema,
  required: [...loginValueSchema.required, 'customerName', 'profile', 'generatedAccount'],
  properties: {
    ...loginValueSchema.properties,
    customerName: { type: 'string', description: '<merchant code>@<username>' },
    profile: { type: 'object', required: ['mobileNo'], properties: { mobileNo: { type: ['string', 'null'], description: 'masked' } } },
    generatedAccount: {
      type: 'boolean',
      description: 'Mobile registration without password fields: the account is the mobile number and the password was generated (log in by SMS or reset it)',
    },
  },
} as const;

export const memberInfoSchema = {
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
} as const;

export const avatarSchema = {
  type: 'object',
  required: ['avatarUrl', 'isDefault'],
  properties: {
    avatarUrl: str,
    isDefault: { type: 'boolean', description: 'The member never chose an avatar: this is the site default' },
  },
} as const;


export const registerCall = /*#__PURE__*/ defineCall({
  name: 'register',
  method: 'PUT',
  path: '/wps/member/register',
  moduleId: 'USERNAMEREG3',
  encrypted: true,
  body: registerBodySchema,
  value: registerValueSchema,
});

export const registerMobileCall = /*#__PURE__*/ defineCall({
  name: 'registerMobile',
  method: 'PUT',
  path: '/wps/member/register/mobile',
  moduleId: 'MOBILENUMREG3',
  encrypted: true,
  body: registerBodySchema,
  value: registerValueSchema,
});

export const affiliateCheckCall = /*#__PURE__*/ defineCall({
  name: 'affiliateCheck',
  method: 'GET',
  path: '/wps/agent/affiliate',
  moduleId: 'REGISTER3',
  quiet: true,
  query: {
    type: 'object',
    required: ['code'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 64, description: 'The invitation (affiliate) code' },
      domain: { type: 'string', maxLength: 255, description: 'Host the visitor registers on' },
    },
  },
  value: {
    type: 'object',
    required: ['valid'],
    properties: { valid: { type: 'boolean', enum: [true], description: 'An unknown code answers 400 invalid.affiliate.code instead' } },
  },
});

export const memberInfoCall = /*#__PURE__*/ defineCall({
  name: 'memberInfo',
  method: 'GET',
  path: '/wps/member/info',
  moduleId: 'MEMBER3',
  token: true,
  value: memberInfoSchema,
});

export const memberIconCall = /*#__PURE__*/ defineCall({
  name: 'memberIcon',
  method: 'GET',
  path: '/wps/member/info/icon',
  moduleId: 'MEMBER3',
  token: true,
  value: avatarSchema,
});

export const playerAvatarCall = /*#__PURE__*/ defineCall({
  name: 'playerAvatar',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  moduleId: 'MEMBER3',
  token: true,
  quiet: true,
  value: avatarSchema,
});

export const updateLanguageCall = /*#__PURE__*/ defineCall({
  name: 'updateLanguage',
  method: 'PUT',
  path: '/wps/member/language',
  moduleId: 'MEMBER3',
  token: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['language'],
    properties: {
      language: {
        type: 'string',
        pattern: '^[A-Za-z]{2}([-_][A-Za-z]{2,4})?$',
        description: 'a language code such as EN, BN or zh-TW',
      },
    },
  },
  value: { type: 'object', required: ['language'], properties: { language: { type: 'string' } } },
});

export type RegisterRequest = RequestOf<typeof registerCall>;
/** A registration's value: a login of the new member, with its customer name and masked mobile. */
export type RegisterResult = ValueOf<typeof registerCall>;
/** `GET /wps/member/info`: the logged-in member (`type` and `isAgent` are both the member type). */
export type MemberInfo = ValueOf<typeof memberInfoCall>;
/** `GET /wps/member/info/icon` and `MCSFE_getPlayerAvatar` value. */
export type MemberAvatar = FromSchema<typeof avatarSchema>;

// System calls: site status and configuration, feature switches, mirror domains, countries and
// registration rules (server module system/).
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type ValueOf } from './define-call';
import { firebaseSmsConfigSchema } from './phone-proof';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

/**
 * The merchant's one currency (merchant setting 'currency'): every amount of every page, the
 * header's and the lottery's as the deposit's and withdrawal's, is written with it. `decimals` is
 * the minor unit's places: the ledger keeps hundredths, so it is 2. `symbolPlacement`: the symbol
 * before the amount (৳1,234.50) or after it (1,234.50 ₫).
 */
export const merchantCurrencySchema = {
  type: 'object',
  required: ['code', 'symbol', 'decimals', 'symbolPlacement'],
  properties: {
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    symbol: str,
    decimals: { type: 'integer', enum: [2] },
    symbolPlacement: { type: 'string', enum: ['before', 'after'] },
  },
} as const;

export type MerchantCurrency = FromSchema<typeof merchantCurrencySchema>;

export const siteSettingsSchema = {
  type: 'object',
  required: ['brandName', 'logoUrl', 'defaultLanguage', 'languages', 'currencySymbol', 'imageBaseUrl',
    'loggedInOnlyHome', 'registerPage', 'directRegister', 'chatEnabled', 'footer'],
  properties: {
    brandName: str,
    logoUrl: str,
    defaultLanguage: str,
    languages: { type: 'array', items: str },
    currencySymbol: { type: 'string', description: 'The merchant currency\'s symbol (currency.symbol)' },
    currency: merchantCurrencySchema,
    imageBaseUrl: str,
    loggedInOnlyHome: { type: 'boolean' },
    registerPage: { type: 'boolean' },
    directRegister: { type: 'boolean' },
    chatEnabled: { type: 'boolean' },
    footer: {
      type: 'object',
      required: ['aboutUs', 'responsibleGaming', 'paymentImageUrl', 'copyright'],
      properties: { aboutUs: str, responsibleGaming: str, paymentImageUrl: str, copyright: str },
    },
  },
} as const;

export const whitelabelSchema = {
  type: 'object',
  description: 'Feature switches keyed by module id; enabled is "1" or "0"',
  additionalProperties: {
    type: 'object',
    required: ['enabled'],
    properties: {
      enabled: { type: 'string', enum: ['0', '1'] },
      config: { type: 'object', additionalProperties: true },
    },
  },
} as const;

export const registerRuleSchema = {
  type: 'object',
  required: ['acceptedPattern', 'patternId', 'minLength', 'maxLength', 'enabled', 'required', 'type'],
  properties: {
    acceptedPattern: { type: 'string', description: 'Regular expression; "*" accepts anything' },
    patternId: { type: 'integer' },
    minLength: { type: 'integer' },
    maxLength: { type: 'integer' },
    enabled: { type: 'boolean' },
    required: { type: 'boolean' },
    type: str,
  },
} as const;

export const registerRulesSchema = {
  type: 'object',
  description: 'Registration rule per field name',
  additionalProperties: registerRuleSchema,
} as const;

export const resourceSchema = {
  type: 'object',
  required: ['resourceType', 'labelNameEn', 'url', 'qrCodeUrl'],
  properties: { resourceType: str, labelNameEn: str, url: str, qrCodeUrl: nullableStr },
} as const;

export const customerServiceSchema = {
  type: 'object',
  required: ['csType', 'title', 'type', 'path'],
  properties: {
    csType: { type: 'string', enum: ['FACEBOOK', 'TELEGRAM', 'LIVECHAT', 'VIP'] },
    title: str,
    type: { type: 'integer', description: '3 is the live-support link' },
    path: { type: 'string', description: 'CryptoJS AES ciphertext followed by its 8-character key' },
  },
} as const;

export const systemStatusSchema = {
  type: 'object',
  required: ['location', 'maintenance', 'maintenanceEnd', 'regionRestriction', 'info'],
  properties: {
    location: {
      type: 'object',
      required: ['ip', 'country'],
      properties: { ip: str, country: nullableStr },
    },
    maintenance: { type: 'boolean' },
    maintenanceEnd: { type: ['integer', 'null'], description: 'End of the maintenance window, epoch ms' },
    regionRestriction: { type: 'boolean' },
    info: {
      type: 'object',
      required: ['merchantCode', 'site', 'whitelabel', 'register', 'resources', 'customerService', 'analytics', 'imageCDNs', 'launchGameCDNs'],
      properties: {
        merchantCode: {
          type: 'string',
          description: 'The merchant this request resolved to (Merchant header, else the host name): the client writes it at boot and sends it as the Merchant header of every call',
        },
        site: siteSettingsSchema,
        whitelabel: whitelabelSchema,
        register: registerRulesSchema,
        resources: { type: 'array', items: resourceSchema },
        customerService: { type: 'array', items: customerServiceSchema },
        analytics: {
          type: 'object',
          required: ['gtagId', 'consentRequired'],
          properties: {
            gtagId: nullableStr,
            consentRequired: { type: 'boolean', description: 'The analytics tag loads only after the visitor agrees' },
          },
        },
        imageCDNs: { type: 'array', items: str },
        launchGameCDNs: { type: 'array', items: str },
        firebaseSms: firebaseSmsConfigSchema,
      },
    },
  },
} as const;

export const countryListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['countryCode', 'countryDialingCode', 'name'],
    properties: { countryCode: str, countryDialingCode: str, name: str },
  },
} as const;

export const domainRoutesSchema = {
  type: 'object',
  required: ['domainList'],
  properties: {
    domainList: {
      type: 'array',
      items: { type: 'object', required: ['domain'], properties: { domain: str, speed: { type: 'number' } } },
    },
  },
} as const;

export const systemStatusCall = /*#__PURE__*/ defineCall({
  name: 'systemStatus',
  method: 'GET',
  path: '/wps/system/status',
  moduleId: 'SYSTEM3',
  query: {
    type: 'object',
    properties: { url: { type: 'string', maxLength: 2048, description: 'The page the client is on' } },
  },
  value: systemStatusSchema,
});

export const whitelabelCall = /*#__PURE__*/ defineCall({
  name: 'whitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  moduleId: 'SYSTEM3',
  value: whitelabelSchema,
});

export const domainRouteCall = /*#__PURE__*/ defineCall({
  name: 'domainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  moduleId: 'SYSTEM3',
  value: domainRoutesSchema,
});

export const countriesCall = /*#__PURE__*/ defineCall({
  name: 'countries',
  method: 'GET',
  path: '/wps/system/country',
  moduleId: 'SYSTEM3',
  cached: true,
  value: countryListSchema,
});

export const registerSettingsCall = /*#__PURE__*/ defineCall({
  name: 'registerSettings',
  method: 'GET',
  path: '/wps/system/setting/register',
  moduleId: 'REGISTER3',
  cached: true,
  value: registerRulesSchema,
});

/** `GET /wps/system/status`. The status value is 1 if maintenance, else 2 if region restriction, else 0. */
export type SystemStatus = ValueOf<typeof systemStatusCall>;
export type SystemStatusInfo = SystemStatus['info'];
export type SiteSettings = FromSchema<typeof siteSettingsSchema>;
/** Whitelabel module flags, keyed by module id (MOBILENUMREG3, CHNGPASSVERIF3, ...). Enabled is '1'. */
export type Whitelabel = FromSchema<typeof whitelabelSchema>;
export type RegisterFieldRule = FromSchema<typeof registerRuleSchema>;
export type Resource = FromSchema<typeof resourceSchema>;
/**
 * A customer-service entry. `path` arrives encrypted: its last 8 characters are the key
 * (see `decryptServicePath`). `type` 3 is the support link the support-link flow opens.
 */
export type CustomerServiceItem = FromSchema<typeof customerServiceSchema>;
export type CustomerServiceType = CustomerServiceItem['csType'];
export type CountryEntry = FromSchema<typeof countryListSchema.items>;
/** `GET /wps/system/domainRoute` value: mirror domains, each given speed 0 until tested. */
export type DomainRouteList = ValueOf<typeof domainRouteCall>;
export type DomainRoute = DomainRouteList['domainList'][number];

/** Kinds of `info.resources` entries the site knows (the wire carries any string). */
export type ResourceType =
  | 'AFFILIATELINK'
  | 'USDJUMP'
  | 'Android'
  | 'MOBILECONFIG'
  | 'WHATSAPP'
  | 'SpeedTest'
  | 'FACEBOOK'
  | 'INSTAGRAM'
  | 'TELEGRAM';

/**
 * `value` of a 503 `system_under_maintenance` answer: any route but the few that stay available
 * (status, site configuration, remotes, logout) while the merchant is under maintenance. The
 * window in epoch ms, shaped as the legacy API's maintenance values; endTime is null
 * when the end is not known.
 */
export interface MaintenanceRefusal {
  content: { data: { maintainTime: number; endTime: number | null } };
}

/**
 * `value` of a 403 `region_restricted` answer: the visitor as the server sees them (the address,
 * and the country it resolved for it, null when unknown), what the restriction page shows.
 */
export interface RegionRefusal {
  ip: string;
  country: string | null;
}

import type { JsonSchema } from '../../http/schemas';

// Response shapes of shared/src/types/wire.ts, as JSON Schema (validation of what we send,
// fast serialisation, and the OpenAPI document).

const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };

export const siteSettingsSchema: JsonSchema = {
  type: 'object',
  required: ['brandName', 'logoUrl', 'defaultLanguage', 'languages', 'currencySymbol', 'imageBaseUrl',
    'loggedInOnlyHome', 'registerPage', 'directRegister', 'chatEnabled', 'footer'],
  properties: {
    brandName: str,
    logoUrl: str,
    defaultLanguage: str,
    languages: { type: 'array', items: str },
    currencySymbol: str,
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
};

export const whitelabelSchema: JsonSchema = {
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
};

export const registerRuleSchema: JsonSchema = {
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
};

export const registerRulesSchema: JsonSchema = {
  type: 'object',
  description: 'Registration rule per field name',
  additionalProperties: registerRuleSchema,
};

export const resourceSchema: JsonSchema = {
  type: 'object',
  required: ['resourceType', 'labelNameEn', 'url', 'qrCodeUrl'],
  properties: { resourceType: str, labelNameEn: str, url: str, qrCodeUrl: nullableStr },
};

export const customerServiceSchema: JsonSchema = {
  type: 'object',
  required: ['csType', 'title', 'type', 'path'],
  properties: {
    csType: { type: 'string', enum: ['FACEBOOK', 'TELEGRAM', 'LIVECHAT', 'VIP'] },
    title: str,
    type: { type: 'integer', description: '3 is the live-support link' },
    path: { type: 'string', description: 'CryptoJS AES ciphertext followed by its 8-character key' },
  },
};

export const systemStatusSchema: JsonSchema = {
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
      required: ['site', 'whitelabel', 'register', 'resources', 'customerService', 'analytics', 'imageCDNs', 'launchGameCDNs'],
      properties: {
        site: siteSettingsSchema,
        whitelabel: whitelabelSchema,
        register: registerRulesSchema,
        resources: { type: 'array', items: resourceSchema },
        customerService: { type: 'array', items: customerServiceSchema },
        analytics: { type: 'object', required: ['gtagId'], properties: { gtagId: nullableStr } },
        imageCDNs: { type: 'array', items: str },
        launchGameCDNs: { type: 'array', items: str },
      },
    },
  },
};

export const countryListSchema: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['countryCode', 'countryDialingCode', 'name'],
    properties: { countryCode: str, countryDialingCode: str, name: str },
  },
};

export const domainRoutesSchema: JsonSchema = {
  type: 'object',
  required: ['domainList'],
  properties: {
    domainList: {
      type: 'array',
      items: { type: 'object', required: ['domain'], properties: { domain: str, speed: { type: 'number' } } },
    },
  },
};

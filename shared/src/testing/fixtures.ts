// Data as the server sends it, for tests of every app.
import AES from 'crypto-js/aes';
import { ApiError } from '../api/api-error';
import type { CustomerServiceItem, MemberInfo, RegisterFieldRule, Resource, SiteSettings, SystemStatus, Whitelabel } from '../types/wire';

/** The seed merchant's registration rules (server/seed/default-merchant.json). */
export const REGISTER_RULES: Record<string, RegisterFieldRule> = {
  username: { acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 2, minLength: 6, maxLength: 16, enabled: true, required: true, type: 'text' },
  password: { acceptedPattern: '*', patternId: 0, minLength: 8, maxLength: 64, enabled: true, required: true, type: 'password' },
  confirmPassword: { acceptedPattern: '*', patternId: 0, minLength: 8, maxLength: 64, enabled: true, required: true, type: 'password' },
  payeeName: { acceptedPattern: '*', patternId: 0, minLength: 2, maxLength: 50, enabled: true, required: false, type: 'text' },
  email: { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 3, minLength: 5, maxLength: 64, enabled: true, required: false, type: 'email' },
  qqNum: { acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 5, maxLength: 12, enabled: false, required: false, type: 'text' },
  mobileNum: { acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 7, maxLength: 15, enabled: true, required: false, type: 'tel' },
  affiliateCode: { acceptedPattern: '^[A-Za-z0-9]+$', patternId: 4, minLength: 4, maxLength: 16, enabled: true, required: false, type: 'text' },
  paymentPassword: { acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 6, maxLength: 6, enabled: false, required: true, type: 'password' },
  captcha: { acceptedPattern: '^[A-Za-z0-9]+$', patternId: 4, minLength: 4, maxLength: 4, enabled: false, required: true, type: 'text' },
  verificationCode: { acceptedPattern: '*', patternId: 0, minLength: 0, maxLength: 255, enabled: true, required: true, type: 'text' },
};

/** Countries with their dialling codes, as `GET /wps/system/countries` lists them. */
export const COUNTRIES = [
  { countryCode: 'BD', countryDialingCode: '+880', name: 'Bangladesh' },
  { countryCode: 'IN', countryDialingCode: '+91', name: 'India' },
  { countryCode: 'VN', countryDialingCode: '+84', name: 'Vietnam' },
];

export function makeSite(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    brandName: 'Lucky Star',
    logoUrl: 'https://cdn.example.test/logo.png',
    defaultLanguage: 'BN',
    languages: ['BN', 'EN'],
    currencySymbol: '৳',
    currency: { code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' },
    imageBaseUrl: 'https://cdn.example.test',
    loggedInOnlyHome: false,
    registerPage: false,
    directRegister: true,
    chatEnabled: false,
    footer: {
      aboutUs: 'Lucky Star is a licensed entertainment site.',
      responsibleGaming: 'Know your limits.',
      paymentImageUrl: 'https://cdn.example.test/payments.png',
      copyright: '© 2025 Lucky Star. All rights reserved.',
    },
    ...overrides,
  };
}

/** Whitelabel modules from a list of the enabled ones. */
export function switches(...enabled: string[]): Whitelabel {
  return Object.fromEntries(enabled.map((moduleId) => [moduleId, { enabled: '1' as const }]));
}

export interface StatusOverrides {
  site?: Partial<SiteSettings>;
  whitelabel?: Whitelabel;
  /** The registration rules; the seed merchant's by default. */
  register?: Record<string, RegisterFieldRule>;
  resources?: Resource[];
  customerService?: CustomerServiceItem[];
  /** Everything outside `info`: location, maintenance, region restriction. */
  status?: Partial<Omit<SystemStatus, 'info'>>;
}

/** A system status as `GET /wps/system/status` answers it: an open site, visited from Bangladesh. */
export function makeStatus({ site, whitelabel = {}, register = REGISTER_RULES, resources = [], customerService = [], status }: StatusOverrides = {}): SystemStatus {
  return {
    location: { ip: '203.0.113.7', country: 'BD' },
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
    ...status,
    info: {
      merchantCode: 'brand01',
      site: makeSite(site),
      whitelabel,
      register,
      resources,
      customerService,
      analytics: { gtagId: null, consentRequired: false },
      imageCDNs: [],
      launchGameCDNs: [],
    },
  };
}

export function resource(resourceType: Resource['resourceType'], url: string): Resource {
  return { resourceType, labelNameEn: resourceType, url, qrCodeUrl: null };
}

/** A customer-service path as the server sends it: AES ciphertext of the URL, then the 8-character key. */
export function encryptServicePath(url: string, key = 'k3y9Ab12'): string {
  return AES.encrypt(url, key).toString() + key;
}

/** A customer-service entry; `null` gives one whose path does not decrypt. */
export function serviceItem(url: string | null, overrides: Partial<CustomerServiceItem> = {}): CustomerServiceItem {
  return { csType: 'LIVECHAT', title: 'Live chat', type: 3, path: url === null ? 'not-encrypted-garbage!' : encryptServicePath(url), ...overrides };
}

export function makeMember(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 1,
    account: 'player01',
    nickname: null,
    type: 0,
    toUpline: '0',
    customerId: 1,
    isAgent: 0,
    clubLabel: null,
    memberLabel: [],
    lastLogin: null,
    regDate: 0,
    mobile: null,
    language: null,
    ...overrides,
  };
}

/** A failure as the API client gives it: HTTP status plus the server's envelope. */
export function apiFailure(errorCode: string, message: string, value: unknown = null, status = 400): ApiError {
  return new ApiError({ status, errorCode, message, value });
}

import type {
  CountryEntry,
  DomainRoute,
  RegisterFieldRule,
  SiteSettings,
  SystemStatus,
  Whitelabel,
} from '@platform/contract';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
// Not through the ledger's index: that would load the ledger before this module's defaults.
import { DEFAULT_MERCHANT_CURRENCY, merchantCurrencyFrom } from '../merchant';
import { normaliseIp } from '../../http/request-context';
import { firebaseSmsSettingsFrom, publicFirebaseSmsConfig } from '../phone-proof';
import { isRestricted, type RegionRule } from './region-rules';
import { encryptServicePath } from './service-link';
import * as queries from './system.queries';

// Site-wide facts the front end needs before it renders anything: brand settings, feature
// switches, registration rules, links, and whether the visitor may use the site at all.

/** Used for any key an operator left out of the 'site' setting, so a partial edit cannot break the site. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brandName: '',
  logoUrl: '/assets/logo.svg',
  defaultLanguage: 'BN',
  languages: ['BN', 'EN'],
  currencySymbol: DEFAULT_MERCHANT_CURRENCY.symbol,
  currency: DEFAULT_MERCHANT_CURRENCY,
  imageBaseUrl: '',
  loggedInOnlyHome: false,
  registerPage: false,
  directRegister: true,
  // Never taken from the 'site' setting: the live chat's own setting says it (chatEnabledFrom).
  chatEnabled: false,
  footer: { aboutUs: '', responsibleGaming: '', paymentImageUrl: '', copyright: '' },
};

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The 'site' setting for the browser, with the merchant's one currency (the 'currency' setting: merchant/currency.ts). */
export function siteSettingsFrom(stored: unknown, merchant: Pick<ResolvedMerchant, 'name'>, storedCurrency?: unknown): SiteSettings {
  const site = asObject(stored);
  const currency = merchantCurrencyFrom(storedCurrency);
  return {
    ...DEFAULT_SITE_SETTINGS,
    brandName: merchant.name,
    ...(site as Partial<SiteSettings>),
    currencySymbol: currency.symbol,
    currency,
    footer: { ...DEFAULT_SITE_SETTINGS.footer, ...(asObject(site.footer) as Partial<SiteSettings['footer']>) },
  };
}

/**
 * Whether the merchant offers live chat: the `enabled` key of its 'chat' setting (the chat
 * module's document, modules/chat/chat.settings.ts, read here by its key since this module sits
 * below that one). No document, or not `true`: off, as the chat's own routes answer then.
 */
export function chatEnabledFrom(stored: unknown): boolean {
  return asObject(stored).enabled === true;
}

export interface VisitorContext {
  ip: string;
  /** Two-letter country the server resolved from the address (visitor-location.ts), if any. */
  country: string | null;
}

export interface StatusHooks {
  onInvalidRegionRule?: (rule: RegionRule) => void;
}

/** The active window at `nowMs`: an open-ended one wins, else the one ending last. */
export function activeMaintenance(windows: queries.MaintenanceWindow[], nowMs: number): queries.MaintenanceWindow | undefined {
  const active = windows.filter((window) => window.startsAt.getTime() <= nowMs && (window.endsAt === null || window.endsAt.getTime() > nowMs));
  return active.find((window) => window.endsAt === null) ?? active.sort((a, b) => b.endsAt!.getTime() - a.endsAt!.getTime())[0];
}

/** Reads one piece of a merchant's configuration through the cache. */
const cached = <T>(cache: ConfigCache, merchant: ResolvedMerchant, key: string, load: () => Promise<T>) => cache.get(merchant, key, load);

/** Whether the site is open to a visitor now: the active maintenance window, and the region rules' verdict. */
export interface SiteState {
  maintenance: queries.MaintenanceWindow | undefined;
  regionRestricted: boolean;
}

/**
 * The maintenance window in force at `nowMs` and whether the merchant's region rules match the
 * visitor (address, network, or the country the server resolved). What the status reports and
 * what the site-access hook enforces are this one answer.
 */
export async function getSiteState(
  db: Db,
  merchant: ResolvedMerchant,
  visitor: VisitorContext,
  nowMs: number,
  cache: ConfigCache,
  hooks: StatusHooks = {},
): Promise<SiteState> {
  const [maintenanceWindows, regionRules] = await Promise.all([
    cached(cache, merchant, 'maintenance', () => queries.selectPendingMaintenance(db, merchant.id, nowMs)),
    cached(cache, merchant, 'regionRules', () => queries.selectRegionRules(db, merchant.id)),
  ]);
  return {
    maintenance: activeMaintenance(maintenanceWindows, nowMs),
    regionRestricted: isRestricted(regionRules, { ip: normaliseIp(visitor.ip), country: visitor.country }, hooks.onInvalidRegionRule),
  };
}

export async function getSystemStatus(
  db: Db,
  merchant: ResolvedMerchant,
  visitor: VisitorContext,
  nowMs: number,
  hooks: StatusHooks = {},
  cache: ConfigCache = new ConfigCache(),
): Promise<SystemStatus> {
  const [settings, whitelabel, register, resources, services, state] = await Promise.all([
    cached(cache, merchant, 'settings', () => queries.selectSettings(db, merchant.id)),
    cached(cache, merchant, 'whitelabel', () => queries.selectWhitelabel(db, merchant.id)),
    cached(cache, merchant, 'register', () => queries.selectRegisterRules(db, merchant.id)),
    cached(cache, merchant, 'resources', () => queries.selectResources(db, merchant.id)),
    // Encrypted when read: the key travels with the text, so it hides the links from
    // plain sight only, and encrypting once per configuration revision loses nothing.
    cached(cache, merchant, 'customerService', async () =>
      (await queries.selectCustomerService(db, merchant.id)).map((service) => ({
        csType: service.csType,
        title: service.title,
        type: service.type,
        path: encryptServicePath(service.url),
      })),
    ),
    getSiteState(db, merchant, visitor, nowMs, cache, hooks),
  ]);
  const ip = normaliseIp(visitor.ip);
  const analytics = asObject(settings.get('analytics'));
  const cdn = asObject(settings.get('cdn'));
  // The Firebase SMS channel's public values, only where it is set up: the site hides it otherwise.
  const firebaseSms = firebaseSmsSettingsFrom(settings.get('firebaseSms'));
  return {
    location: { ip, country: visitor.country },
    maintenance: state.maintenance !== undefined,
    maintenanceEnd: state.maintenance?.endsAt ? state.maintenance.endsAt.getTime() : null,
    regionRestriction: state.regionRestricted,
    info: {
      merchantCode: merchant.code,
      site: { ...siteSettingsFrom(settings.get('site'), merchant, settings.get('currency')), chatEnabled: chatEnabledFrom(settings.get('chat')) },
      whitelabel,
      register,
      resources,
      customerService: services,
      analytics: {
        gtagId: typeof analytics.gtagId === 'string' && analytics.gtagId ? analytics.gtagId : null,
        consentRequired: analytics.consentRequired === true,
      },
      imageCDNs: stringList(cdn.imageCDNs),
      launchGameCDNs: stringList(cdn.launchGameCDNs),
      ...(firebaseSms ? { firebaseSms: publicFirebaseSmsConfig(firebaseSms) } : {}),
    },
  };
}

/** Where a merchant's pages take images and games from, as configured (may hold any text). */
export interface ContentSources {
  /** The 'cdn' setting's imageCDNs and the site's imageBaseUrl. */
  imageUrls: string[];
  /** The 'cdn' setting's launchGameCDNs: what the game frame (/game) may show. */
  gameUrls: string[];
  /** The site's imageBaseUrl, which the shell puts before a relative image address; null if unset. */
  imageBaseUrl: string | null;
  /** The merchant has a Google tag (analytics.gtagId): its pages may load gtag.js and report to Google Analytics. */
  analyticsTag: boolean;
  /** The auth domain of the merchant's Firebase SMS channel (firebaseSms, when complete): its pages may run Firebase phone sign-in. */
  firebaseAuthDomain: string | null;
  /** The site's mirror domains (domain_route): the help page's speed test times a small file on each. */
  mirrorUrls: string[];
}

export async function getContentSources(db: Db, merchant: ResolvedMerchant): Promise<ContentSources> {
  const [settings, mirrorUrls] = await Promise.all([queries.selectSettings(db, merchant.id), queries.selectDomainRoutes(db, merchant.id)]);
  const cdn = asObject(settings.get('cdn'));
  const imageBaseUrl = asObject(settings.get('site')).imageBaseUrl;
  const gtagId = asObject(settings.get('analytics')).gtagId;
  return {
    imageUrls: [...stringList(cdn.imageCDNs), ...(typeof imageBaseUrl === 'string' && imageBaseUrl ? [imageBaseUrl] : [])],
    gameUrls: stringList(cdn.launchGameCDNs),
    imageBaseUrl: typeof imageBaseUrl === 'string' && imageBaseUrl ? imageBaseUrl : null,
    analyticsTag: typeof gtagId === 'string' && gtagId !== '',
    firebaseAuthDomain: firebaseSmsSettingsFrom(settings.get('firebaseSms'))?.authDomain ?? null,
    mirrorUrls,
  };
}

export const getWhitelabel = (db: Db, merchant: ResolvedMerchant): Promise<Whitelabel> =>
  queries.selectWhitelabel(db, merchant.id);

export const getRegisterRules = (db: Db, merchant: ResolvedMerchant): Promise<Record<string, RegisterFieldRule>> =>
  queries.selectRegisterRules(db, merchant.id);

export const getCountries = (db: Db, merchant: ResolvedMerchant): Promise<CountryEntry[]> =>
  queries.selectCountries(db, merchant.id);

export async function getDomainRoutes(db: Db, merchant: ResolvedMerchant): Promise<{ domainList: DomainRoute[] }> {
  const domains = await queries.selectDomainRoutes(db, merchant.id);
  return { domainList: domains.map((domain) => ({ domain })) };
}

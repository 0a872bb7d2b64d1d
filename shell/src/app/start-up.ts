import {
  api,
  applyTheme,
  bus,
  configureCdns,
  DEFAULT_LANGUAGE,
  forgetRememberedPasswords,
  initLanguage,
  localStore,
  prefetchTranslations,
  sessionStore,
  setMerchantCode,
  startBalanceService,
  type RemoteManifestEntry,
  type SystemStatus,
} from '@platform/shared';
import { countriesCall, systemStatusCall } from '@platform/contract';
import { loadBanners } from '../features/banner/hooks/use-banners';
import { loadRemoteComponent } from '../remotes/load-remote-module';
import { loadRemoteManifest } from '../remotes/remote-registry';
import { routePageOf } from './route-table';
import { routeAt, routeByRemotes } from './routes-in-use';
import { yieldToBrowser } from './yield-to-browser';

/** True when the page at `pathname` shows a banner group above it (the route table's chrome). */
export function routeShowsBanners(pathname: string): boolean {
  return (routeAt(pathname)?.chrome.banner ?? null) !== null;
}

/**
 * The system status, and what the page takes from it before anything renders (at app start):
 * the merchant and the CDNs.
 *
 * The merchant comes from the domain: the status is asked for without a Merchant header, so the
 * server resolves the brand from the host name the page is on (merchant_domain, else the default
 * merchant), and names it (info.merchantCode). That code is written where the old brand bundle
 * wrote its own (sessionStorage merchant and merchantCode, localStorage merchantCode), and
 * from then on every call carries it as the Merchant header (api/client.ts). A code kept
 * from an earlier visit is not sent with this call: the domain decides, so an operator moving a
 * domain to another brand takes effect at the next page load.
 */
export async function loadSystemStatus(): Promise<SystemStatus> {
  const status = await api.call(systemStatusCall, { params: { url: window.location.host }, headers: { Merchant: false } });
  const { merchantCode, imageCDNs, launchGameCDNs, site } = status.info;
  if (typeof merchantCode === 'string' && merchantCode) setMerchantCode(merchantCode);
  configureCdns({ imageCDNs, launchGameCDNs, imageBaseUrl: site.imageBaseUrl });
  sessionStore.set('permission', status);
  bus.set('settings', { status });
  return status;
}

let balanceServiceStarted = false;

/**
 * App start: the balance service (once, for every app of the page, before a session
 * can be resumed), theme light, the operator's remote list and the system status in
 * parallel, then the site's language and the country list. Remotes that fail to register only
 * affect their own slots. A password an earlier version remembered in a cookie is deleted first.
 */
export async function startUp(): Promise<void> {
  forgetRememberedPasswords();
  if (!balanceServiceStarted) {
    startBalanceService();
    balanceServiceStarted = true;
  }
  applyTheme('light');
  // The likely language's strings (the player's stored choice, else the default) are fetched while
  // the settings that decide the language load, not after them.
  prefetchTranslations(localStore.get('lang') ?? localStore.get('hisLang') ?? DEFAULT_LANGUAGE);
  // The strings are on their way; the settings' requests go out in a task of their own.
  await yieldToBrowser();
  let status: SystemStatus;
  let remotes: RemoteManifestEntry[];
  try {
    [status, remotes] = await Promise.all([loadSystemStatus(), loadRemoteManifest()]);
  } catch (error) {
    // Without the status the site's languages are unknown: the player's stored choice (or the
    // default) still gets its strings, for the "could not start" page.
    await initLanguage(null, []).catch(() => undefined);
    throw error;
  }
  // The remotes' routes came with their entries: the site is routed by them from here on.
  routeByRemotes(remotes);
  // The page's own remote (and only it) is fetched now, beside the language and the session; its
  // slot gets the same module when the layout renders. A failure is the slot's to show.
  const route = routeAt(window.location.pathname);
  if (route) {
    const page = routePageOf(route);
    loadRemoteComponent(page.remote, page.module).catch(() => undefined);
  }
  await yieldToBrowser();
  await initLanguage(status.info.site.defaultLanguage, status.info.site.languages);
  // The banners (the first screen's largest image) are asked for now, beside the session's
  // restoration, not once the layout has rendered; the carousel gets this same answer.
  if (routeShowsBanners(window.location.pathname)) loadBanners().catch(() => undefined);
  api.cached(countriesCall).catch(() => undefined);
}

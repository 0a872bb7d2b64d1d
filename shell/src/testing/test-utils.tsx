// One render helper for the shell's tests: router, i18n and the site settings on the bus, so a
// test reads like what a player does and sees. Only the network edge (the API client) is stubbed.
import {
  api,
  bus,
  i18n,
  type BusCommand,
  type BusCommandType,
  type CustomerServiceItem,
  type Resource,
  type SiteSettings,
  type SystemStatus,
} from '@platform/shared';
import type * as contract from '@platform/shared/contract';
import type { CallDefinition } from '@platform/shared/contract';
import AES from 'crypto-js/aes';
import { act, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { resetAnnouncementPopupForTests } from '../features/announcements/hooks/use-announcement-popup';
import { forgetBanners } from '../features/banner/hooks/use-banners';
import { resetThemeSwitchForTests } from '../features/header/components/theme-switch';
import { shellUi } from '../features/layout/hooks/shell-ui-store';
import '../locales';

/** Lets pending answers of the stubbed API reach the components, inside act(). */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Where the router is: `pathname + search`, shown in a hidden element tests can read. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location">
      {location.pathname + location.search}
    </div>
  );
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at. */
  route?: string;
}

export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: RenderWithProvidersOptions = {}): RenderResult {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}

/** The router's current `pathname + search` (rendered by renderWithProviders). */
export function currentLocation(container: ParentNode = document): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

export function makeSite(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    brandName: 'Lucky Star',
    logoUrl: 'https://cdn.example.test/logo.png',
    defaultLanguage: 'BN',
    languages: ['BN', 'EN'],
    currencySymbol: '৳',
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

export function makeStatus(
  overrides: {
    site?: Partial<SiteSettings>;
    resources?: Resource[];
    customerService?: CustomerServiceItem[];
    status?: Partial<Omit<SystemStatus, 'info'>>;
  } = {},
): SystemStatus {
  return {
    location: { ip: '203.0.113.7', country: 'Bangladesh' },
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
    ...overrides.status,
    info: {
      site: makeSite(overrides.site),
      whitelabel: {},
      register: {},
      resources: overrides.resources ?? [],
      customerService: overrides.customerService ?? [],
      analytics: { gtagId: null },
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

export function serviceItem(url: string | null, overrides: Partial<CustomerServiceItem> = {}): CustomerServiceItem {
  return { csType: 'LIVECHAT', title: 'Live chat', type: 3, path: url === null ? 'not-encrypted-garbage!' : encryptServicePath(url), ...overrides };
}

/** Puts a system status on the bus, as the app's start-up does. */
export function setStatus(status: SystemStatus = makeStatus()): SystemStatus {
  bus.set('settings', { status });
  return status;
}

export function logIn({ token = 'token-1', isAgent = 0, account = 'player01' }: { token?: string; isAgent?: number; account?: string } = {}): void {
  bus.set('session', {
    token,
    isAgent,
    member: {
      id: 1,
      account,
      nickname: null,
      type: isAgent,
      toUpline: '0',
      customerId: 1,
      isAgent,
      clubLabel: null,
      memberLabel: [],
      lastLogin: null,
      regDate: 0,
      mobile: null,
      language: null,
    },
  });
}

/** Every command sent on the bus while the returned list is alive. */
export function recordCommands<T extends BusCommandType>(...types: T[]): { commands: BusCommand[]; stop: () => void } {
  const commands: BusCommand[] = [];
  const subscriptions = types.map((type) => bus.on(type).subscribe((command) => commands.push(command)));
  return { commands, stop: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) };
}

/** The name of every row of the contract. */
type CallName = Extract<(typeof contract)[keyof typeof contract], CallDefinition>['name'];

type Answer = unknown | ((options: { params?: Record<string, unknown>; data?: unknown } | undefined) => unknown);

/**
 * Stubs the network edge: `api.call` and `api.cached` answer from the table (a value, a function
 * of the options, or an Error to fail with). A call missing from the table fails.
 */
export function stubApi(answers: Partial<Record<CallName, Answer>>) {
  const answer = (name: CallName, options?: { params?: Record<string, unknown>; data?: unknown }): Promise<unknown> => {
    if (!(name in answers)) return Promise.reject(new Error(`unexpected call ${name}`));
    const entry = answers[name];
    const value = typeof entry === 'function' ? (entry as (o: typeof options) => unknown)(options) : entry;
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  const call = jest.spyOn(api, 'call').mockImplementation(((row: CallDefinition, options?: { params?: Record<string, unknown> }) =>
    answer(row.name as CallName, options)) as unknown as typeof api.call);
  const cached = jest.spyOn(api, 'cached').mockImplementation(((row: CallDefinition, params?: Record<string, unknown>) =>
    answer(row.name as CallName, { params })) as unknown as typeof api.cached);
  return { call, cached };
}

/** A clean page: the bus at its start values, no chrome state, empty storage, English strings. */
export async function resetShellTestState(): Promise<void> {
  bus.set('session', { token: null, member: null, isAgent: null });
  bus.set('balance', { sumBalanceMinor: null, loading: false });
  bus.set('theme', 'light');
  bus.set('settings', { status: null });
  bus.set('language', 'EN');
  shellUi.reset();
  forgetBanners();
  resetAnnouncementPopupForTests();
  resetThemeSwitchForTests();
  api.clearCache();
  window.sessionStorage.clear();
  window.localStorage.clear();
  await i18n.changeLanguage('EN');
}

// One render helper for the auth remote's tests: router, i18n and the site's configuration on the
// bus, so a test reads like what a player does and sees. Only the network edge (the API client's
// `call` and `cached`) is stubbed.
import {
  api,
  ApiError,
  bus,
  i18n,
  type BusCommand,
  type BusCommandType,
  type MemberInfo,
  type RegisterFieldRule,
  type SiteSettings,
  type SystemStatus,
  type Whitelabel,
} from '@platform/shared';
import type * as contract from '@platform/shared/contract';
import type { CallDefinition } from '@platform/shared/contract';
import { act, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { dismissAllNotices } from '../components/show-notice';
import { resetRegisterRulesForTests } from '../hooks/use-register-rules';
import { forgetUserInfo } from '../lib/user-info';
import '../locales';

/**
 * Lets pending answers of the stubbed API reach the components, inside act(). Only microtasks are
 * flushed, so it works the same under Jest's fake timers.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let round = 0; round < 50; round += 1) await Promise.resolve();
  });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location">
      {location.pathname + location.search}
    </div>
  );
}

export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: Omit<RenderOptions, 'wrapper'> & { route?: string } = {}): RenderResult {
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

/** The router's current `pathname + search`. */
export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** The seed merchant's registration rules (server/seed/default-merchant.json). */
export const RULES: Record<string, RegisterFieldRule> = {
  username: { acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 2, minLength: 6, maxLength: 16, enabled: true, required: true, type: 'text' },
  password: { acceptedPattern: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$', patternId: 5, minLength: 6, maxLength: 20, enabled: true, required: true, type: 'password' },
  confirmPassword: { acceptedPattern: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$', patternId: 5, minLength: 6, maxLength: 20, enabled: true, required: true, type: 'password' },
  payeeName: { acceptedPattern: '*', patternId: 0, minLength: 2, maxLength: 50, enabled: true, required: false, type: 'text' },
  email: { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 3, minLength: 5, maxLength: 64, enabled: true, required: false, type: 'email' },
  qqNum: { acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 5, maxLength: 12, enabled: false, required: false, type: 'text' },
  mobileNum: { acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 7, maxLength: 15, enabled: true, required: false, type: 'tel' },
  affiliateCode: { acceptedPattern: '^[A-Za-z0-9]+$', patternId: 4, minLength: 4, maxLength: 16, enabled: true, required: false, type: 'text' },
  paymentPassword: { acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 6, maxLength: 6, enabled: false, required: true, type: 'password' },
  captcha: { acceptedPattern: '^[A-Za-z0-9]+$', patternId: 4, minLength: 4, maxLength: 4, enabled: false, required: true, type: 'text' },
  verificationCode: { acceptedPattern: '*', patternId: 0, minLength: 0, maxLength: 255, enabled: true, required: true, type: 'text' },
};

export function makeSite(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    brandName: 'Lucky Star',
    logoUrl: '/assets/logo.svg',
    defaultLanguage: 'BN',
    languages: ['BN', 'EN'],
    currencySymbol: '৳',
    imageBaseUrl: 'https://cdn.example.test',
    loggedInOnlyHome: false,
    registerPage: false,
    directRegister: true,
    chatEnabled: false,
    footer: { aboutUs: '', responsibleGaming: '', paymentImageUrl: '', copyright: '' },
    ...overrides,
  };
}

/** Whitelabel modules from a list of the enabled ones. */
export function switches(...enabled: string[]): Whitelabel {
  return Object.fromEntries(enabled.map((moduleId) => [moduleId, { enabled: '1' as const }]));
}

export function makeStatus({ site, whitelabel = {}, register = RULES }: { site?: Partial<SiteSettings>; whitelabel?: Whitelabel; register?: Record<string, RegisterFieldRule> } = {}): SystemStatus {
  return {
    location: { ip: '203.0.113.7', country: 'BD' },
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
    info: {
      site: makeSite(site),
      whitelabel,
      register,
      resources: [],
      customerService: [],
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
    },
  };
}

/** Puts a system status on the bus, as the shell's start-up does. */
export function setStatus(status: SystemStatus = makeStatus()): SystemStatus {
  bus.set('settings', { status });
  return status;
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

/** Every command sent on the bus while the returned list is alive. */
export function recordCommands<T extends BusCommandType>(...types: T[]): { commands: BusCommand[]; stop: () => void } {
  const commands: BusCommand[] = [];
  const subscriptions = types.map((type) => bus.on(type).subscribe((command) => commands.push(command)));
  return { commands, stop: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) };
}

/** A failure as the API client gives it: HTTP status plus the server's envelope. */
export function apiFailure(errorCode: string, message: string, value: unknown = null, status = 400): ApiError {
  return new ApiError({ status, errorCode, message, value });
}

/** The name of every row of the contract. */
type CallName = Extract<(typeof contract)[keyof typeof contract], CallDefinition>['name'];

type CallOptionsSeen = { params?: Record<string, unknown>; data?: unknown; headers?: Record<string, string | false> } | undefined;
type Answer = unknown | ((options: CallOptionsSeen) => unknown);

export const COUNTRIES = [
  { countryCode: 'BD', countryDialingCode: '+880', name: 'Bangladesh' },
  { countryCode: 'IN', countryDialingCode: '+91', name: 'India' },
  { countryCode: 'VN', countryDialingCode: '+84', name: 'Vietnam' },
];

/**
 * Stubs the network edge: `api.call` and `api.cached` answer from the table (a value, a function of
 * the options, or an Error to fail with). The country list, registration rules and (no) social
 * logins answer by default; a call missing from the table fails the test loudly.
 */
export function stubApi(answers: Partial<Record<CallName, Answer>>) {
  const table: Partial<Record<CallName, Answer>> = { countries: COUNTRIES, registerSettings: RULES, oauthProviders: { list: [] }, ...answers };
  const answer = (name: CallName, options?: CallOptionsSeen): Promise<unknown> => {
    if (!(name in table)) return Promise.reject(new Error(`unexpected call ${name}`));
    const entry = table[name];
    let value: unknown;
    try {
      value = typeof entry === 'function' ? (entry as (o: CallOptionsSeen) => unknown)(options) : entry;
    } catch (error) {
      return Promise.reject(error);
    }
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  const call = jest.spyOn(api, 'call').mockImplementation(((row: CallDefinition, options?: CallOptionsSeen) =>
    answer(row.name as CallName, options)) as unknown as typeof api.call);
  const cached = jest.spyOn(api, 'cached').mockImplementation(((row: CallDefinition, params?: Record<string, unknown>) =>
    answer(row.name as CallName, { params })) as unknown as typeof api.cached);
  /** The options of every call of one name, in order. */
  const callsOf = (name: CallName) => call.mock.calls.filter(([called]) => called.name === name).map(([, options]) => options as CallOptionsSeen);
  return { call, cached, callsOf };
}

function clearCookies(): void {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

/** A clean page: the bus at its start values, empty storage and cookies, English strings. */
export async function resetAuthTestState(): Promise<void> {
  act(() => dismissAllNotices());
  bus.set('session', { token: null, member: null, isAgent: null });
  bus.set('balance', { sumBalanceMinor: null, loading: false });
  bus.set('settings', { status: null });
  bus.set('language', 'EN');
  api.clearCache();
  resetRegisterRulesForTests();
  forgetUserInfo();
  window.sessionStorage.clear();
  window.localStorage.clear();
  clearCookies();
  document.body.innerHTML = '';
  await i18n.changeLanguage('EN');
}

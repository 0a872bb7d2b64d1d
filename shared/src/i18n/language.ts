import { updateLanguageCall } from '@platform/contract';
import { api as defaultApi, type ApiClient } from '../api/client';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { localStore, sessionStore } from '../storage/web-storage';
import { i18n, loadTranslations } from './i18n-instance';
import { DEFAULT_LANGUAGE, findLanguageOption, type LanguageOption } from './language-options';

export interface SetLanguageOptions {
  bus?: EventBus;
  /** Tells the server the logged-in player's language. Null skips it. */
  api?: Pick<ApiClient, 'call'> | null;
}

function optionFor(code: string): LanguageOption {
  const upper = code.trim().toUpperCase();
  return (
    findLanguageOption(upper) ?? {
      code: upper,
      nativeName: upper,
      englishName: upper,
      translationSet: 'EN',
      rtl: false,
      locale: upper.toLowerCase(),
    }
  );
}

/** i18next and `<html lang dir>`: what a language change means for this page. */
async function applyToPage(option: LanguageOption): Promise<void> {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = option.locale;
    document.documentElement.dir = option.rtl ? 'rtl' : 'ltr';
  }
  // The language's translation sets first: the page switches with its strings, never its keys.
  await loadTranslations(option.code);
  if (i18n.language !== option.code) await i18n.changeLanguage(option.code);
}

/**
 * The player picks a language: strings, the page direction, storage
 * (lang, and hisLang for the `Language` header), the bus (other apps and tabs), and the server when
 * logged in.
 */
export async function setLanguage(code: string, options: SetLanguageOptions = {}): Promise<void> {
  const eventBus = options.bus ?? defaultBus;
  const client = options.api === undefined ? defaultApi : options.api;
  const option = optionFor(code);
  await applyToPage(option);
  localStore.set('lang', option.code);
  localStore.set('hisLang', option.code);
  eventBus.set('language', option.code);
  const loggedIn = Boolean(sessionStore.get('token') ?? eventBus.get('session').token);
  if (client && loggedIn) {
    // A quiet call: the page has already switched, whatever the server says.
    await client.call(updateLanguageCall, { data: { language: option.code } }).catch(() => undefined);
  }
}

/**
 * App start: the player's stored choice when the site offers it, else the site's default.
 * Returns the language code in use.
 */
export async function initLanguage(
  siteDefault: string | null | undefined,
  siteLanguages: readonly string[] = [],
  options: Omit<SetLanguageOptions, 'api'> = {},
): Promise<string> {
  const offered = siteLanguages.map((language) => language.toUpperCase());
  const stored = (localStore.get('lang') ?? localStore.get('hisLang'))?.toUpperCase();
  const fallback = (siteDefault || offered[0] || DEFAULT_LANGUAGE).toUpperCase();
  const choice = stored && (offered.length === 0 ? findLanguageOption(stored) : offered.includes(stored)) ? stored : fallback;
  await setLanguage(choice, { ...options, api: null });
  return optionFor(choice).code;
}

/**
 * Follows the bus language: another tab (or another app) changed it, so this page's strings and
 * direction follow. Returns the unsubscribe function.
 */
export function followBusLanguage(eventBus: EventBus = defaultBus): () => void {
  const subscription = eventBus.language$.subscribe((code) => {
    if (code && i18n.language !== optionFor(code).code) void applyToPage(optionFor(code));
  });
  return () => subscription.unsubscribe();
}

followBusLanguage();

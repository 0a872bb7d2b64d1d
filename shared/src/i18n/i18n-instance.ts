import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './locales/en.json';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_TRANSLATION_SET,
  TRANSLATION_SETS,
  translationSetOf,
  type TranslationSet,
} from './language-options';

/** The namespace of the strings this library shows itself. Each app registers its own. */
export const COMMON_NAMESPACE = 'common';

export type TranslationResources = Record<TranslationSet, Record<string, unknown>>;

/** Fetches one translation set of a namespace (a dynamic import of its JSON file). */
export type TranslationSetLoader = () => Promise<Record<string, unknown>>;
export type TranslationLoaders = Record<TranslationSet, TranslationSetLoader>;

/**
 * The one i18next instance of the page (the shared package is a federation singleton). Its
 * language is the player's language code (JA, TW, ...); strings resolve from that code's
 * translation set, then English.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: (code: string) => {
    const set = translationSetOf(code);
    return set === FALLBACK_TRANSLATION_SET ? [set] : [set, FALLBACK_TRANSLATION_SET];
  },
  ns: [COMMON_NAMESPACE],
  defaultNS: COMMON_NAMESPACE,
  resources: {},
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  // A remote that registers its strings after mounting still re-renders.
  react: { useSuspense: false, bindI18nStore: 'added' },
  // A string missing from the language's set (every set is tested complete, so rarely) makes the
  // page fetch the English set of that namespace, which then shows ('added' re-renders).
  saveMissing: true,
  missingKeyHandler: (_languages: readonly string[], namespace: string) => fetchFallbackFor(namespace),
});

/** Adds (or extends) one namespace in every translation set, all of them at once. */
export function registerTranslations(namespace: string, resources: TranslationResources): void {
  for (const set of TRANSLATION_SETS) {
    i18n.addResourceBundle(set, namespace, resources[set] ?? {}, true, true);
  }
}

// Sets fetched per language (registerTranslationLoaders): each namespace's loaders, what is loaded
// or loading (namespace:set), and the language whose sets the page needs now.
const setLoaders = new Map<string, Partial<TranslationLoaders>>();
const loadedSets = new Map<string, Promise<void>>();
/** The sets (namespace:set) that have arrived. */
const arrivedSets = new Set<string>();
let languageInUse: string | null = null;

/** The translation sets a language's strings come from: its own, then the fallback. */
export function translationSetsFor(code: string): TranslationSet[] {
  const set = translationSetOf(code);
  return set === FALLBACK_TRANSLATION_SET ? [set] : [set, FALLBACK_TRANSLATION_SET];
}

/**
 * What a language change fetches: the language's own set only. The fallback (English) is fetched
 * when a string turns out to be missing from it (fetchFallbackFor): every set is tested complete,
 * so a first load does not carry English beside the player's language. (Since 5.0.0.)
 */
function setsFetchedFor(code: string): TranslationSet[] {
  return [translationSetOf(code)];
}

/**
 * A string of `namespace` was missing in the language in use: fetches that namespace's fallback
 * set, once the language's own set has arrived (before that, a missing string is only the set on
 * its way, which re-renders the page when it lands).
 */
function fetchFallbackFor(namespace: string): void {
  const own = translationSetOf(i18n.language ?? DEFAULT_LANGUAGE);
  if (own === FALLBACK_TRANSLATION_SET || !setLoaders.get(namespace)?.[FALLBACK_TRANSLATION_SET]) return;
  if (!arrivedSets.has(`${namespace}:${own}`)) return;
  loadSet(namespace, FALLBACK_TRANSLATION_SET).catch((error: unknown) => console.warn(`[i18n] the ${FALLBACK_TRANSLATION_SET} strings of '${namespace}' could not be fetched`, error));
}

function loadSet(namespace: string, set: TranslationSet): Promise<void> {
  const key = `${namespace}:${set}`;
  let loading = loadedSets.get(key);
  if (!loading) {
    const loader = setLoaders.get(namespace)?.[set];
    loading = loader
      ? loader().then((module) => {
          // A JSON module's strings are its default export (and its named exports besides).
          const strings = ((module as { default?: Record<string, unknown> }).default ?? module) as Record<string, unknown>;
          arrivedSets.add(key);
          i18n.addResourceBundle(set, namespace, strings, true, true);
        })
      : Promise.resolve();
    loadedSets.set(key, loading);
    // A set that failed to arrive is asked for again the next time it is needed.
    loading.catch(() => loadedSets.get(key) === loading && loadedSets.delete(key));
  }
  return loading;
}

/**
 * Fetches what the language `code` needs of every namespace registered with loaders (its own set;
 * the fallback when a string is missing), and makes it the language whose sets later registrations fetch at once. The
 * language change (language.ts) awaits this before switching: strings never show as keys.
 */
export async function loadTranslations(code: string): Promise<void> {
  languageInUse = code;
  await Promise.all([...setLoaders.keys()].flatMap((namespace) => setsFetchedFor(code).map((set) => loadSet(namespace, set))));
}

/**
 * Starts fetching what the language `code` would need (its own set) of every
 * namespace registered so far, without choosing it: the app start asks for the likely language's
 * strings while it waits for the site's settings, which decide the language. (Since 3.1.0.)
 */
export function prefetchTranslations(code: string): void {
  for (const namespace of setLoaders.keys()) {
    for (const set of setsFetchedFor(code)) loadSet(namespace, set).catch(() => undefined);
  }
}

/** Every set of every namespace registered with loaders (tests, which switch languages freely). */
export async function loadAllTranslations(): Promise<void> {
  await Promise.all([...setLoaders.keys()].flatMap((namespace) => TRANSLATION_SETS.map((set) => loadSet(namespace, set))));
}

/**
 * Registers one namespace whose translation sets are fetched per language, when a language that
 * needs them is chosen (`{ BN: () => import('./bn.json'), ... }`), instead of all at start. Resolves
 * once the sets of the language in use (if one was chosen yet) are there. (Since 3.1.0.)
 */
export async function registerTranslationLoaders(namespace: string, loaders: Partial<TranslationLoaders>): Promise<void> {
  setLoaders.set(namespace, { ...setLoaders.get(namespace), ...loaders });
  if (languageInUse) await Promise.all(setsFetchedFor(languageInUse).map((set) => loadSet(namespace, set)));
}

void registerTranslationLoaders(COMMON_NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-common-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-common-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-common-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-common-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-common-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-common-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-common-vi" */ './locales/vi.json'),
});

/** A string of the common namespace, outside React (the API client's error messages). */
export function translateCommon(key: keyof typeof en, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: COMMON_NAMESPACE, ...options });
}

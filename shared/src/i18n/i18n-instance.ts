import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import bn from './locales/bn.json';
import cn from './locales/cn.json';
import en from './locales/en.json';
import id from './locales/id.json';
import th from './locales/th.json';
import ty from './locales/ty.json';
import vi from './locales/vi.json';
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
});

/** Adds (or extends) one namespace in every translation set. */
export function registerTranslations(namespace: string, resources: TranslationResources): void {
  for (const set of TRANSLATION_SETS) {
    i18n.addResourceBundle(set, namespace, resources[set] ?? {}, true, true);
  }
}

registerTranslations(COMMON_NAMESPACE, { BN: bn, CN: cn, EN: en, ID: id, TH: th, TY: ty, VI: vi });

/** A string of the common namespace, outside React (the API client's error messages). */
export function translateCommon(key: keyof typeof en, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: COMMON_NAMESPACE, ...options });
}

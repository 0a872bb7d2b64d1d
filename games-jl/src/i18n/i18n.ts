// The client's own i18next instance (it is not part of the site's page: no shared singleton).
// The language comes from the launch URL's `lang` (the site's language codes); each of the 7
// translation sets is a chunk of its own, fetched when used.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const TRANSLATION_SETS = ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'] as const;
export type TranslationSet = (typeof TRANSLATION_SETS)[number];
export const NAMESPACE = 'jl';

/** The site's language codes that have a set of their own; every other one reads English. */
const SET_OF_LANGUAGE: Record<string, TranslationSet> = { BN: 'BN', EN: 'EN', CN: 'CN', ZH: 'CN', TW: 'TY', TY: 'TY', TH: 'TH', VI: 'VI', ID: 'ID' };
/** BCP 47 tag for <html lang> and number formatting. */
export const LOCALE_OF_SET: Record<TranslationSet, string> = { BN: 'bn', EN: 'en', CN: 'zh-CN', TY: 'zh-TW', TH: 'th', VI: 'vi', ID: 'id' };

export function translationSetOf(lang: string | null | undefined): TranslationSet {
  return SET_OF_LANGUAGE[(lang ?? '').trim().toUpperCase()] ?? 'EN';
}

const LOADERS: Record<TranslationSet, () => Promise<{ default: Record<string, unknown> }>> = {
  BN: () => import(/* webpackChunkName: "locale-bn" */ '../locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-cn" */ '../locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-en" */ '../locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-id" */ '../locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-th" */ '../locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ty" */ '../locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-vi" */ '../locales/vi.json'),
};

/** A ready i18next instance for the language (English is loaded too, as the fallback). */
export async function createI18n(lang: string | null | undefined): Promise<I18n> {
  const set = translationSetOf(lang);
  const [strings, english] = await Promise.all([LOADERS[set](), set === 'EN' ? null : LOADERS.EN()]);
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, Record<string, unknown>>> = { [set]: { [NAMESPACE]: strings.default } };
  if (english) resources.EN = { [NAMESPACE]: english.default };
  await instance.use(initReactI18next).init({
    lng: set,
    fallbackLng: 'EN',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_OF_SET[set];
  return instance;
}

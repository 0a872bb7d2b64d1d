// The back office's own i18next instance (it is not part of the player site's page): English and
// Chinese, both bundled (a few kilobytes), the operator's choice kept in the browser. A section
// keeps its strings beside it (features/<section>/locales), each set under the section's own keys.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import releasesCn from '../features/releases/locales/cn.json';
import releasesEn from '../features/releases/locales/en.json';
import commonCn from '../locales/cn.json';
import commonEn from '../locales/en.json';

/**
 * The host's strings of a language: the common ones (the frame, each section's name in the menu,
 * words every section may use) and its own Releases section's. Every other section brings its
 * own strings when it is loaded (kit/section-module.ts): they are merged in then.
 */
export const STRINGS = {
  EN: { ...commonEn, releases: releasesEn },
  CN: { ...commonCn, releases: releasesCn },
};

export const LANGUAGES = [
  { code: 'EN', label: 'English', locale: 'en' },
  { code: 'CN', label: '中文', locale: 'zh-CN' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const NAMESPACE = 'backoffice';
const STORAGE_KEY = 'backoffice.language';

export function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'EN' || stored === 'CN') return stored;
  } catch {
    // Storage refused: the browser's language decides.
  }
  return /^zh/i.test(navigator.language) ? 'CN' : 'EN';
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Kept for this page only.
  }
}

export const localeOf = (language: string): string => LANGUAGES.find((entry) => entry.code === language)?.locale ?? 'en';

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'EN',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources: { EN: { [NAMESPACE]: STRINGS.EN }, CN: { [NAMESPACE]: STRINGS.CN } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

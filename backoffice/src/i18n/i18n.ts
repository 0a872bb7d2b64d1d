// The back office's own i18next instance (it is not part of the player site's page): English and
// Chinese, both bundled (a few kilobytes), the operator's choice kept in the browser.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import cn from '../locales/cn.json';
import en from '../locales/en.json';

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
    resources: { EN: { [NAMESPACE]: en }, CN: { [NAMESPACE]: cn } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

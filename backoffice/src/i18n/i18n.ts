// The back office's own i18next instance (it is not part of the player site's page): English and
// Chinese, both bundled (a few kilobytes), the operator's choice kept in the browser. A section
// may keep its strings beside it (features/<section>/locales): they are read under its name.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import agentsCn from '../features/agents/locales/cn.json';
import agentsEn from '../features/agents/locales/en.json';
import brandCn from '../features/brand/locales/cn.json';
import brandEn from '../features/brand/locales/en.json';
import c2cCn from '../features/cashier/locales/cn.json';
import c2cEn from '../features/cashier/locales/en.json';
import contentCn from '../features/content/locales/cn.json';
import contentEn from '../features/content/locales/en.json';
import gamesCn from '../features/games/locales/cn.json';
import gamesEn from '../features/games/locales/en.json';
import playersCn from '../features/players/locales/cn.json';
import playersEn from '../features/players/locales/en.json';
import promotionsCn from '../features/promotions/locales/cn.json';
import promotionsEn from '../features/promotions/locales/en.json';
import releasesCn from '../features/releases/locales/cn.json';
import releasesEn from '../features/releases/locales/en.json';
import riskCn from '../features/risk/locales/cn.json';
import riskEn from '../features/risk/locales/en.json';
import supportCn from '../features/support/locales/cn.json';
import supportEn from '../features/support/locales/en.json';
import commonCn from '../locales/cn.json';
import commonEn from '../locales/en.json';

/** Every string of a language: the common ones, and each section's under its name. */
export const STRINGS = {
  EN: { ...commonEn, agents: agentsEn, brand: brandEn, c2c: c2cEn, content: contentEn, games: gamesEn, players: playersEn, promotions: promotionsEn, releases: releasesEn, risk: riskEn, support: supportEn },
  CN: { ...commonCn, agents: agentsCn, brand: brandCn, c2c: c2cCn, content: contentCn, games: gamesCn, players: playersCn, promotions: promotionsCn, releases: releasesCn, risk: riskCn, support: supportCn },
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

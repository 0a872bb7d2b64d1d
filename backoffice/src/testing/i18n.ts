// Tests render a section's pages outside the host's loader: this i18n instance holds the host's
// strings and every section's, as the host has them once the section is loaded.
import { createI18n as createHostI18n, NAMESPACE, type Language } from '../i18n/i18n';
import agentsCn from '../features/agents/locales/cn.json';
import agentsEn from '../features/agents/locales/en.json';
import auditCn from '../features/audit/locales/cn.json';
import auditEn from '../features/audit/locales/en.json';
import brandCn from '../features/brand/locales/cn.json';
import brandEn from '../features/brand/locales/en.json';
import cashierCn from '../features/cashier/locales/cn.json';
import cashierEn from '../features/cashier/locales/en.json';
import contentCn from '../features/content/locales/cn.json';
import contentEn from '../features/content/locales/en.json';
import dashboardCn from '../features/dashboard/locales/cn.json';
import dashboardEn from '../features/dashboard/locales/en.json';
import gamesCn from '../features/games/locales/cn.json';
import gamesEn from '../features/games/locales/en.json';
import playersCn from '../features/players/locales/cn.json';
import playersEn from '../features/players/locales/en.json';
import promotionsCn from '../features/promotions/locales/cn.json';
import promotionsEn from '../features/promotions/locales/en.json';
import riskCn from '../features/risk/locales/cn.json';
import riskEn from '../features/risk/locales/en.json';
import supportCn from '../features/support/locales/cn.json';
import supportEn from '../features/support/locales/en.json';

/** Every section's strings, as each section's module hands them to the host. */
export const SECTION_STRINGS = {
  EN: [agentsEn, auditEn, brandEn, cashierEn, contentEn, dashboardEn, gamesEn, playersEn, promotionsEn, riskEn, supportEn],
  CN: [agentsCn, auditCn, brandCn, cashierCn, contentCn, dashboardCn, gamesCn, playersCn, promotionsCn, riskCn, supportCn],
};

export type { Language };

export function createI18n(language: Language) {
  const instance = createHostI18n(language);
  for (const code of ['EN', 'CN'] as const) {
    for (const strings of SECTION_STRINGS[code]) instance.addResourceBundle(code, NAMESPACE, strings, true, true);
  }
  return instance;
}

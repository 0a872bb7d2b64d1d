import { registerTranslationLoaders } from '@platform/shared';
import { translationsLoaded as contractsTranslationsLoaded } from '../contracts/translations';

/** The strings of the Daily Wages page (agentDailyWages2), fetched per language with the page. */
export const NAMESPACE = 'acDailySalary';
const ownLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-daily-salary-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-daily-salary-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-daily-salary-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-daily-salary-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-daily-salary-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-daily-salary-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-daily-salary-vi" */ './locales/vi.json'),
});
/** The page's strings and the contract pages' shared ones (the card, its actions, tiers, records). */
export const translationsLoaded: Promise<void> = Promise.all([ownLoaded, contractsTranslationsLoaded]).then(() => undefined);

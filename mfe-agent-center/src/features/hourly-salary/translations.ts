import { registerTranslationLoaders } from '@platform/shared';
import { translationsLoaded as contractsTranslationsLoaded } from '../contracts/translations';

/** The strings of the Hourly Salary page (agentHourSalary), fetched per language with the page. */
export const NAMESPACE = 'acHourlySalary';
const ownLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-hourly-salary-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-hourly-salary-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-hourly-salary-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-hourly-salary-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-hourly-salary-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-hourly-salary-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-hourly-salary-vi" */ './locales/vi.json'),
});
/** The page's strings and the contract pages' shared ones (the card, its actions, tiers, records). */
export const translationsLoaded: Promise<void> = Promise.all([ownLoaded, contractsTranslationsLoaded]).then(() => undefined);

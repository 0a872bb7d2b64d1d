import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the My Income page (agentRevenueReport), fetched per language with the page. */
export const NAMESPACE = 'acMyIncome';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-my-income-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-my-income-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-my-income-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-my-income-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-my-income-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-my-income-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-my-income-vi" */ './locales/vi.json'),
});

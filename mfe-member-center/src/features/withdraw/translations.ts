import { registerTranslationLoaders } from '@platform/shared';

/** The withdraw page's own strings, fetched per language. */
export const NAMESPACE = 'mcWithdraw';

export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-withdraw-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-withdraw-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-withdraw-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-withdraw-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-withdraw-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-withdraw-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-withdraw-vi" */ './locales/vi.json'),
});

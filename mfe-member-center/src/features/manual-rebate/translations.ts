import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Manual Rebate page (manualRebate), fetched per language with the page. */
export const NAMESPACE = 'mcManualRebate';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-manual-rebate-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-manual-rebate-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-manual-rebate-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-manual-rebate-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-manual-rebate-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-manual-rebate-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-manual-rebate-vi" */ './locales/vi.json'),
});

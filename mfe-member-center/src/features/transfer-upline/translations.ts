import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Transfer to Upline page (transferUpline), fetched per language with the page. */
export const NAMESPACE = 'mcTransferUpline';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-transfer-upline-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-transfer-upline-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-transfer-upline-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-transfer-upline-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-transfer-upline-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-transfer-upline-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-transfer-upline-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the My Wallet page (transferFund), fetched per language with the page. */
export const NAMESPACE = 'mcTransferFund';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-transfer-fund-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-transfer-fund-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-transfer-fund-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-transfer-fund-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-transfer-fund-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-transfer-fund-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-transfer-fund-vi" */ './locales/vi.json'),
});

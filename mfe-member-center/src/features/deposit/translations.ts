import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the deposit page (depositv2), fetched per language with the page. */
export const NAMESPACE = 'mcDeposit';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-deposit-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-deposit-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-deposit-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-deposit-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-deposit-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-deposit-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-deposit-vi" */ './locales/vi.json'),
});

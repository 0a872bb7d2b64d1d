import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the VIP pages (benefits, benefitsRecords, playerRank, memberRules), fetched per language with a page. */
export const NAMESPACE = 'mcVip';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-vip-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-vip-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-vip-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-vip-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-vip-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-vip-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-vip-vi" */ './locales/vi.json'),
});

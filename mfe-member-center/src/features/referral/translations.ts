import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Invite Friends page (referral), fetched per language with the page. */
export const NAMESPACE = 'mcReferral';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-referral-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-referral-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-referral-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-referral-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-referral-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-referral-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-referral-vi" */ './locales/vi.json'),
});

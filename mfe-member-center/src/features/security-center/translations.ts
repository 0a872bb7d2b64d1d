import { registerTranslationLoaders } from '@platform/shared';

/** The securityCenter page's own strings ("My Account"), fetched per language. */
export const NAMESPACE = 'mcSecurityCenter';

export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-security-center-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-security-center-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-security-center-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-security-center-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-security-center-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-security-center-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-security-center-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Account Details page (agentDownlineTransactionDetailsCopy), fetched per language with the page. */
export const NAMESPACE = 'acAccountDetails';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-account-details-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-account-details-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-account-details-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-account-details-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-account-details-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-account-details-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-account-details-vi" */ './locales/vi.json'),
});

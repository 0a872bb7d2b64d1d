import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Account Record page (transactionHistory), fetched per language with the page. */
export const NAMESPACE = 'mcTransactionHistory';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-transaction-history-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-transaction-history-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-transaction-history-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-transaction-history-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-transaction-history-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-transaction-history-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-transaction-history-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Betting Record page (personalHistoryCopy), fetched per language with the page. */
export const NAMESPACE = 'mcBetHistory';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-bet-history-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-bet-history-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-bet-history-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-bet-history-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-bet-history-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-bet-history-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-bet-history-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/**
 * The lottery's names (games, game groups, play groups, plays), shared by the pages that show
 * lottery bets or prices (Betting Record, Bonus Details): fetched per language with them.
 */
export const NAMESPACE = 'mcLotteryNames';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-lottery-names-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-lottery-names-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-lottery-names-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-lottery-names-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-lottery-names-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-lottery-names-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-lottery-names-vi" */ './locales/vi.json'),
});

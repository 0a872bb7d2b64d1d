import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the betting screen (round, results, play menu and picker with every play's keys
 * from @platform/lottery-rules, options, slip, chase, orders, verification), fetched per language
 * with the screen's chunk: the page titles and game names stay in the 'lottery' namespace.
 */
export const NAMESPACE = 'lotteryBetting';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lottery-betting-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lottery-betting-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lottery-betting-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lottery-betting-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lottery-betting-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lottery-betting-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lottery-betting-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the trend chart (走势图) and of its section on the betting page, fetched per
 * language with the betting screen (which awaits them before it shows: betting-screen.tsx).
 */
export const NAMESPACE = 'lotteryTrend';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lottery-trend-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lottery-trend-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lottery-trend-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lottery-trend-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lottery-trend-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lottery-trend-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lottery-trend-vi" */ './locales/vi.json'),
});

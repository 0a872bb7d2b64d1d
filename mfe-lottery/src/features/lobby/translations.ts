import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the lottery lobbies (/lottery and /vnlottery without a game), fetched per
 * language with the lobby's chunk: game and group names stay in the 'lottery' namespace.
 */
export const NAMESPACE = 'lotteryLobby';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lottery-lobby-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lottery-lobby-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lottery-lobby-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lottery-lobby-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lottery-lobby-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lottery-lobby-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lottery-lobby-vi" */ './locales/vi.json'),
});

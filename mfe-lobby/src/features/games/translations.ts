import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the lobby's game screens (home content, category pages, game lists, launch
 * popups, the game frame), fetched per language with the screens' chunk: the page titles stay in
 * the 'lobby' namespace of the exposed modules.
 */
export const NAMESPACE = 'lobbyGames';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-games-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-games-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-games-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-games-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-games-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-games-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-games-vi" */ './locales/vi.json'),
});

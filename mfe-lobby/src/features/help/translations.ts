import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the help page (its articles, search and deposit guide), fetched per language with
 * the page's chunk: a namespace of their own, so the lobby's other pages do not carry them. The
 * page title stays in 'lobby', with the other pages' titles.
 */
export const NAMESPACE = 'lobbyHelp';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-help-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-help-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-help-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-help-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-help-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-help-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-help-vi" */ './locales/vi.json'),
});

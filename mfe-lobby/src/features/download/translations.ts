import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the download page: a namespace of their own, so the lobby's other pages do not
 * carry them (the page title stays in 'lobby'). Fetched per language in the help page's chunk of
 * that language (one chunk name): a few strings more for either page, rather than seven more
 * chunks in the remote's entry, whose chunk map every first load of the site fetches.
 */
export const NAMESPACE = 'lobbyDownload';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-help-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-help-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-help-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-help-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-help-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-help-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-help-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the mirror speed test (a section of the help page), fetched per language in the
 * help page's chunk of that language (one chunk name): every chunk of the remote is a line of its
 * entry's chunk map, which every first load of the site fetches.
 */
export const NAMESPACE = 'lobbySpeedTest';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-help-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-help-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-help-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-help-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-help-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-help-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-help-vi" */ './locales/vi.json'),
});

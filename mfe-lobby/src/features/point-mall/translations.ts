import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the point mall, fetched per language with the page's chunk: a namespace of their
 * own (as the promotions pages have), so the lobby's other pages do not carry them. The page
 * title stays in 'lobby', with the other pages' titles.
 */
export const NAMESPACE = 'lobbyPointMall';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-point-mall-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-point-mall-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-point-mall-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-point-mall-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-point-mall-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-point-mall-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-point-mall-vi" */ './locales/vi.json'),
});

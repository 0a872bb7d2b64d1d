import { registerTranslationLoaders, type useT } from '@platform/shared';

/**
 * The strings of the promotions pages, fetched per language with the pages' chunk: a namespace of
 * their own, so that every other lobby page (home's first load among them) does not carry them in
 * the 'lobby' set it fetches. The page titles stay in 'lobby', with the other pages' titles.
 */
export const NAMESPACE = 'lobbyPromotions';
/**
 * The promotions pages' translate function, of their own namespace. What a promotion itself says
 * (its state, reward, countdown) is in the UI blocks' words, read through usePromotionT.
 */
export type Translate = ReturnType<typeof useT>['t'];
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-promotions-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-promotions-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-promotions-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-promotions-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-promotions-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-promotions-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-promotions-vi" */ './locales/vi.json'),
});

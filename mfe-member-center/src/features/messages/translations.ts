import { registerTranslationLoaders } from '@platform/shared';

/** The messages page's own strings (messageV2), fetched per language with the page. */
export const NAMESPACE = 'mcMessages';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-messages-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-messages-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-messages-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-messages-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-messages-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-messages-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-messages-vi" */ './locales/vi.json'),
});

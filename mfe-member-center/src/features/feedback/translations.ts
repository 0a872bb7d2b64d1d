import { registerTranslationLoaders } from '@platform/shared';

/** The feedback page's own strings (ask support, feedback), fetched per language with the page. */
export const NAMESPACE = 'mcFeedback';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-feedback-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-feedback-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-feedback-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-feedback-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-feedback-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-feedback-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-feedback-vi" */ './locales/vi.json'),
});

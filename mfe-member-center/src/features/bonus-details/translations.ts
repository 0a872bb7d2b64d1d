import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Bonus Details page (bonusDetails), fetched per language with the page. */
export const NAMESPACE = 'mcBonusDetails';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-bonus-details-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-bonus-details-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-bonus-details-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-bonus-details-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-bonus-details-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-bonus-details-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-bonus-details-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Reward Centre page (rewardCenter), fetched per language with the page. */
export const NAMESPACE = 'mcRewardCenter';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-reward-center-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-reward-center-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-reward-center-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-reward-center-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-reward-center-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-reward-center-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-reward-center-vi" */ './locales/vi.json'),
});

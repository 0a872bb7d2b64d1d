import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings every contract page shares (the contract card, its actions, the offer's frame and
 * downline picker, the salary tiers and records), fetched per language with the first such page.
 */
export const NAMESPACE = 'acContracts';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-contracts-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-contracts-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-contracts-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-contracts-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-contracts-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-contracts-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-contracts-vi" */ './locales/vi.json'),
});

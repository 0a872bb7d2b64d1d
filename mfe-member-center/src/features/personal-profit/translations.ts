import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Profit and Loss page (personalProfit), fetched per language with the page. */
export const NAMESPACE = 'mcPersonalProfit';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-personal-profit-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-personal-profit-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-personal-profit-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-personal-profit-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-personal-profit-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-personal-profit-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-personal-profit-vi" */ './locales/vi.json'),
});

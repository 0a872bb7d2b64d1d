import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the C2C panels (deposit tab, withdrawal confirmations), fetched per language with them. */
export const NAMESPACE = 'mcC2C';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-c2c-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-c2c-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-c2c-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-c2c-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-c2c-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-c2c-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-c2c-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Register Centre page (registerCenter), fetched per language with the page. */
export const NAMESPACE = 'acRegisterCenter';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-register-center-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-register-center-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-register-center-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-register-center-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-register-center-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-register-center-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-register-center-vi" */ './locales/vi.json'),
});

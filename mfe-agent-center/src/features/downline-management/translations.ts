import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Team Management page (downlineManagmentView), fetched per language with the page. */
export const NAMESPACE = 'acDownlines';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-downlines-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-downlines-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-downlines-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-downlines-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-downlines-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-downlines-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-downlines-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Red Envelope page (agentRedRain), fetched per language with the page. */
export const NAMESPACE = 'acRedEnvelope';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-red-envelope-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-red-envelope-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-red-envelope-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-red-envelope-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-red-envelope-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-red-envelope-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-red-envelope-vi" */ './locales/vi.json'),
});

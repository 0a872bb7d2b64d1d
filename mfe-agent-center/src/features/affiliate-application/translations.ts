import { registerTranslationLoaders } from '@platform/shared';
import { NAMESPACE } from './namespace';

export { NAMESPACE };

/** The strings of the affiliate application (a player's page of the agent centre), fetched per language with the page. */
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-affiliate-application-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-affiliate-application-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-affiliate-application-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-affiliate-application-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-affiliate-application-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-affiliate-application-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-affiliate-application-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Team Overview page (agentTeamOverview), fetched per language with the page. */
export const NAMESPACE = 'acTeamOverview';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-team-overview-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-team-overview-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-team-overview-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-team-overview-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-team-overview-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-team-overview-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-team-overview-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Mission Activity page (missionLeaderboard), fetched per language with the page. */
export const NAMESPACE = 'mcMissions';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-mc-missions-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-mc-missions-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-mc-missions-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-mc-missions-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-mc-missions-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-mc-missions-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-mc-missions-vi" */ './locales/vi.json'),
});

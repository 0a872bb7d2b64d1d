import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the Team Betting page (personalHistoryCopy), with the lottery's game and play
 * names (game_<gameCode>, play_<playCode>), fetched per language with the page.
 */
export const NAMESPACE = 'acTeamBetting';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-team-betting-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-team-betting-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-team-betting-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-team-betting-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-team-betting-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-team-betting-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-team-betting-vi" */ './locales/vi.json'),
});

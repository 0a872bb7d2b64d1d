import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the User Profit and Loss page (palStatementsAgentCopy), fetched per language with the page. */
export const NAMESPACE = 'acTeamProfitLoss';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-team-profit-loss-vi" */ './locales/vi.json'),
});

import { registerTranslationLoaders } from '@platform/shared';

/**
 * The strings of the agent-time-zone periods (the period tabs and the "Data are in GMT+8" note),
 * shared by My Income, Team Overview and User Profit and Loss, fetched per language with them.
 */
export const NAMESPACE = 'acAgentPeriod';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-agent-period-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-agent-period-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-agent-period-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-agent-period-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-agent-period-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-agent-period-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-agent-period-vi" */ './locales/vi.json'),
});

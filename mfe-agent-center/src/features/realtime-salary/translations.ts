import { registerTranslationLoaders } from '@platform/shared';
import { translationsLoaded as contractsTranslationsLoaded } from '../contracts/translations';

/** The strings of the Real-time Salary page (agentRealtimeSalary), with the lottery games' names (game_<gameCode>), fetched per language with the page. */
export const NAMESPACE = 'acRealtimeSalary';
const ownLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-realtime-salary-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-realtime-salary-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-realtime-salary-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-realtime-salary-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-realtime-salary-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-realtime-salary-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-realtime-salary-vi" */ './locales/vi.json'),
});
/** The page's strings and the contract pages' shared ones (the card, its actions, the offer's frame). */
export const translationsLoaded: Promise<void> = Promise.all([ownLoaded, contractsTranslationsLoaded]).then(() => undefined);

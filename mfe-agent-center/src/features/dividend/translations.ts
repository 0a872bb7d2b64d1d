import { registerTranslationLoaders } from '@platform/shared';
import { translationsLoaded as contractsTranslationsLoaded } from '../contracts/translations';

/** The strings of the Bonus / Dividend page (agentDividendRecord2), fetched per language with the page. */
export const NAMESPACE = 'acDividend';
const ownLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-dividend-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-dividend-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-dividend-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-dividend-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-dividend-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-dividend-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-dividend-vi" */ './locales/vi.json'),
});
/** The page's strings and the contract pages' shared ones (the card, its actions, tiers, the offer's frame). */
export const translationsLoaded: Promise<void> = Promise.all([ownLoaded, contractsTranslationsLoaded]).then(() => undefined);

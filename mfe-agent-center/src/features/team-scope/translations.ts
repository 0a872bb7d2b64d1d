import { registerTranslationLoaders } from '@platform/shared';
import { translationsLoaded as pickerStringsLoaded } from '../account-details/translations';

/**
 * The strings of the team scope (whose team a team page shows: the search, the scope bar, the
 * unknown-member notice), shared by Team Betting and Team Overview, fetched per language with them.
 */
export const NAMESPACE = 'acTeamScope';
const scopeStringsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-team-scope-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-team-scope-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-team-scope-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-team-scope-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-team-scope-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-team-scope-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-team-scope-vi" */ './locales/vi.json'),
});

/** The team scope's strings and those of the downline picker it opens (account details'), in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([scopeStringsLoaded, pickerStringsLoaded]).then(() => undefined);

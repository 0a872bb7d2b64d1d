import { registerTranslationLoaders } from '@platform/shared';

/** The strings of the Announcements page (agentAnnouncement), fetched per language with the page. */
export const NAMESPACE = 'acAnnouncements';
export const translationsLoaded = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-ac-announcements-bn" */ './locales/bn.json'),
  CN: () => import(/* webpackChunkName: "locale-ac-announcements-cn" */ './locales/cn.json'),
  EN: () => import(/* webpackChunkName: "locale-ac-announcements-en" */ './locales/en.json'),
  ID: () => import(/* webpackChunkName: "locale-ac-announcements-id" */ './locales/id.json'),
  TH: () => import(/* webpackChunkName: "locale-ac-announcements-th" */ './locales/th.json'),
  TY: () => import(/* webpackChunkName: "locale-ac-announcements-ty" */ './locales/ty.json'),
  VI: () => import(/* webpackChunkName: "locale-ac-announcements-vi" */ './locales/vi.json'),
});

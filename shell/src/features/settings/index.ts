export { useSiteSettings, siteSettingsOf, findResource, resolveImageUrl, type SiteSettingsView } from './use-site-settings';

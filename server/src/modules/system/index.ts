// What the site is: settings, whitelabel switches, registration rules, resources, customer
// service, maintenance and region restriction (GET /wps/system/*), where a visitor is (their
// country from the server's own database), and the check that closes the site's routes during
// maintenance and to restricted visitors (site-access.ts).
export { selectRegisterRules } from './system.queries';
export { PASSWORD_LENGTH_FLOOR, withPasswordFloor } from './register-rules';
export { systemRoutes, type SystemRoutesOptions } from './system.routes';
export { countryDatabaseFrom, loadCountryDatabase, type CountryDatabase } from './country-database';
export { availabilityOf, useSiteAccess, type SiteAccessOptions, type SiteAvailability } from './site-access';
export { systemMessages } from './system.messages';
export { getContentSources, type ContentSources } from './system.service';
export {
  addMirror,
  endMaintenance,
  listMirrors,
  readBrandRules,
  readBrandSite,
  removeMirror,
  replaceRegionRules,
  scheduleMaintenance,
  setRegisterRules,
  MAX_FIELD_LENGTH,
  type BrandRules,
  type BrandSite,
  type MaintenanceInput,
  type RegionRuleInput,
  type RegisterRuleChange,
} from './brand-rules';

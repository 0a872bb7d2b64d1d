// What the site is: settings, whitelabel switches, registration rules, resources, customer
// service, maintenance and region restriction (GET /wps/system/*).
export { selectRegisterRules } from './system.queries';
export { systemRoutes, type SystemRoutesOptions } from './system.routes';
export { getContentSources, type ContentSources } from './system.service';

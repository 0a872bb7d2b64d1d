// What the site is: settings, whitelabel switches, registration rules, resources, customer
// service, maintenance and region restriction (GET /wps/system/*).
export { selectRegisterRules } from './system.queries';
export { PASSWORD_LENGTH_FLOOR, withPasswordFloor } from './register-rules';
export { systemRoutes, type SystemRoutesOptions } from './system.routes';

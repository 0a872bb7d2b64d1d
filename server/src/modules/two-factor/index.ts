// A second factor at login (authenticator app or SMS code) and the security-centre calls that
// bind and unbind it. Fills the login's two-factor gate (session module's AccountHooks).
export { twoFactorRoutes, type TwoFactorRoutesOptions } from './two-factor.routes';
export { twoFactorMessages } from './two-factor.messages';
export { sealClearServerSecrets } from './secret-box';
export { secondFactorsOf } from './two-factor.service';
// Customer service's reset of a lost second factor, under /ops/v1 (app.ts: the operator API's extraRoutes).
export { twoFactorOperatorRoutes } from './two-factor.operator-routes';
export type { SecondFactor } from './two-factor.queries';

// Sessions and login: who is calling (the access hooks every merchant route goes through), the
// login and logout routes, the RSA key of encrypted calls, and the hooks other modules fill to
// take part in login and registration (SMS codes, two-factor).
export { authorizationHeader, memberOf, sessionOf, useAuthentication, type RouteAccessEntry } from './authentication';
export {
  createAccountHooks,
  type AccountHooks,
  type AccountRequestContext,
  type FirstFactor,
  type LoginCodeVerifier,
  type RegistrationCodeVerifier,
  type TwoFactorGate,
} from './account-hooks';
export { provePassword } from './reauthentication';
export { ensureRsaKey, loadDecryptionKeys, sealClearRsaKeys } from './rsa-keys';
export { clearLoginFailures, forgetOwnFailures, loginThrottle, type LoginThrottle } from './login-throttle';
export { createRequestNonces, type RequestNonces } from './request-nonces';
export { sessionRoutes, type SessionRoutesOptions } from './session.routes';
export { endOtherSessions, issueLogin, passwordChanged, type LoginValue, type SessionRecord } from './session.service';
export { sessionMessages } from './session.messages';

// Authenticator-app codes (RFC 6238 TOTP): one implementation for members' two-factor login
// (modules/two-factor) and operators' sign-in (modules/operator). A leaf: it imports no module.
export { acceptedTotpStep, generateTotpSecret, totpUri } from './totp';

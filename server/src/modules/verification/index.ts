// SMS codes: sending (login and registration codes), checking, and the per-number and per-address
// throttles every code purpose shares. Fills the login and registration code verifiers.
export { DEFAULT_CODE_POLICY, VerificationCodes, type CodePolicy } from './codes';
export { resolveMobile, type MobileNumber } from './phone';
export { verificationRoutes, type VerificationRoutesOptions } from './verification.routes';
export { verificationMessages } from './verification.messages';

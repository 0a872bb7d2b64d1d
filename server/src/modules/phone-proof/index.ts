// The third-party (Firebase) SMS channel: the merchant's setting ('firebaseSms'), what of it the
// browser sees (GET /wps/system/status info.firebaseSms), and the check of a Firebase ID token
// that replaces the site's own SMS code at SMS login and registration (account hooks: phoneProof).
export {
  createPhoneProofGate,
  FIREBASE_JWKS_URL,
  jwksUrlOf,
  phoneProofNotEnabled,
  phoneProofRequestOf,
  type PhoneProof,
  type PhoneProofCheck,
  type PhoneProofGate,
  type PhoneProofOptions,
  type PhoneProofRefusal,
  type PhoneProofRequest,
} from './phone-proof.service';
export { firebaseSmsSettingsFrom, publicFirebaseSmsConfig, type FirebaseSmsSettings } from './phone-proof.settings';
export { PHONE_PROOF_APP_ROLE_RIGHTS } from './phone-proof.queries';
export { phoneProofMessages } from './phone-proof.messages';

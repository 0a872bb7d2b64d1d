// The third-party (Firebase) SMS channel (server module phone-proof/): where a merchant has set
// it up, the browser has Google send the SMS (Firebase phone auth) and sends the Firebase ID token
// it gets back in place of the site's own SMS code, at SMS login and at registration with a
// mobile number. The server checks the token (Google's signature, the merchant's project, the
// phone sign-in, the number) and uses it up. GET /wps/system/status says whether the channel is
// there (info.firebaseSms) and gives the browser what the Firebase JS SDK needs.
import type { FromSchema } from 'json-schema-to-ts';

/** `firebaseChannel` of a login or registration body: which Firebase check replaces the SMS code. */
export const firebaseChannelField = {
  type: 'string',
  enum: ['sms'],
  description:
    "The number was proved through the merchant's Firebase phone auth (info.firebaseSms of GET /wps/system/status): " +
    'firebaseIdToken replaces the SMS code. Refused with 400 function.not.enabled where the merchant has no such channel.',
} as const;

/** `firebaseIdToken` of a login or registration body. */
export const firebaseIdTokenField = {
  type: 'string',
  minLength: 1,
  maxLength: 4096,
  description:
    "With firebaseChannel sms: the Firebase ID token (user.getIdToken() after confirming the code) of the phone sign-in. " +
    'Its phone_number must be the number sent; it proves once. Refused: 400 firebase.token.invalid, or ' +
    '400 firebase.phone.mismatch for a token of another number.',
} as const;

/** `info.firebaseSms` of GET /wps/system/status: the public part of the merchant's Firebase project. */
export const firebaseSmsConfigSchema = {
  type: 'object',
  required: ['projectId', 'apiKey', 'authDomain'],
  description:
    "The merchant's Firebase SMS channel, for initializeApp() of the Firebase JS SDK (public values). Absent when the " +
    'merchant has none: the site then uses its own SMS codes only.',
  properties: {
    projectId: { type: 'string' },
    apiKey: { type: 'string' },
    authDomain: { type: 'string' },
  },
} as const;

/** `info.firebaseSms` of the status: what `initializeApp` of the Firebase JS SDK takes. */
export type FirebaseSmsConfig = FromSchema<typeof firebaseSmsConfigSchema>;

/** The channels a body's `firebaseChannel` may name. */
export type FirebaseChannel = (typeof firebaseChannelField.enum)[number];

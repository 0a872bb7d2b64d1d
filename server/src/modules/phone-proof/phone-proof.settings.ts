import type { FirebaseSmsConfig } from '@platform/contract';

// The merchant's Firebase SMS channel, from the 'firebaseSms' row of merchant_setting:
//   { "projectId": "luckystar-prod", "apiKey": "AIza…", "authDomain": "luckystar-prod.firebaseapp.com",
//     "maxAuthAgeSeconds": 600 }
// projectId, apiKey and authDomain are what the Firebase JS SDK's initializeApp() takes: public
// values (Firebase puts them in every page), sent to the browser in GET /wps/system/status
// (info.firebaseSms). The channel is on only when all three are there and well formed; an absent
// or incomplete row means off: the status leaves info.firebaseSms out and a login or registration
// naming the channel is refused (function.not.enabled). maxAuthAgeSeconds (optional, 60..3600,
// default 600): how long after the phone sign-in its ID token is still taken as a proof.

export interface FirebaseSmsSettings extends FirebaseSmsConfig {
  /** An ID token proves the number only this long after the phone sign-in (its auth_time). */
  maxAuthAgeSeconds: number;
}

export const DEFAULT_MAX_AUTH_AGE_SECONDS = 600;

// Firebase project ids are 6-30 lower-case letters, digits and hyphens (older, domain-scoped ones
// carry "example.com:"): loose enough for those, strict enough that the id can only name a project.
const PROJECT_ID = /^[a-z0-9][a-z0-9.:-]{0,98}[a-z0-9]$/;
// Browser API keys are 39 characters of base64url ("AIza…"); any other key format of the same alphabet is taken.
const API_KEY = /^[A-Za-z0-9_-]{10,200}$/;
// A host name, with a port for a local emulator.
const AUTH_DOMAIN = /^(?=.{1,253}(:|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::[0-9]{1,5})?$/i;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The channel of a stored 'firebaseSms' document, or undefined when it is absent or incomplete (off). */
export function firebaseSmsSettingsFrom(stored: unknown): FirebaseSmsSettings | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const source = stored as Record<string, unknown>;
  const projectId = text(source.projectId);
  const apiKey = text(source.apiKey);
  const authDomain = text(source.authDomain);
  if (!PROJECT_ID.test(projectId) || !API_KEY.test(apiKey) || !AUTH_DOMAIN.test(authDomain)) return undefined;
  const age = source.maxAuthAgeSeconds;
  const maxAuthAgeSeconds = typeof age === 'number' && Number.isSafeInteger(age) && age >= 60 && age <= 3600 ? age : DEFAULT_MAX_AUTH_AGE_SECONDS;
  return { projectId, apiKey, authDomain, maxAuthAgeSeconds };
}

/** What the browser is told (info.firebaseSms): the three public values, nothing else. */
export function publicFirebaseSmsConfig(settings: FirebaseSmsSettings): FirebaseSmsConfig {
  return { projectId: settings.projectId, apiKey: settings.apiKey, authDomain: settings.authDomain };
}

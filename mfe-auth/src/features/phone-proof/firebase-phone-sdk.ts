// The Firebase JS SDK's part of the SMS channel. Only ever loaded by load-firebase-phone.ts with a
// dynamic import(), into a chunk of its own: the SDK is fetched when a merchant has the channel
// and a player asks for a code, never with the auth remote's main bundle.
import type { FirebaseSmsConfig } from '@platform/contract';
import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { getAuth, inMemoryPersistence, initializeAuth, RecaptchaVerifier, signInWithPhoneNumber, signOut, type Auth, type ConfirmationResult } from 'firebase/auth';

/** The auth remote's own Firebase app (named: never the page's default app, should another script have one). */
export const appNameOf = (config: FirebaseSmsConfig): string => `phone-proof-${config.projectId}`;

/**
 * The app's Auth, its session kept in memory only (never in IndexedDB or localStorage): the phone
 * sign-in lives just long enough to give its ID token, then is signed out.
 */
function authOf(config: FirebaseSmsConfig): Auth {
  const name = appNameOf(config);
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);
  const app: FirebaseApp = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId }, name);
  return initializeAuth(app, { persistence: inMemoryPersistence });
}

/** A code Google sent: confirms what the player typed. */
export interface SentPhoneCode {
  /**
   * The Firebase ID token of the phone sign-in the code completes. The Firebase session is signed
   * out right after: the site's own session is the only one the player keeps.
   */
  idTokenFor(code: string): Promise<string>;
}

async function signedOut(auth: Auth): Promise<void> {
  try {
    await signOut(auth);
  } catch {
    // Nothing to sign out, or storage unavailable: no session is left either way.
  }
}

/**
 * Has Google send a code to `e164` (Firebase phone auth), guarded by an invisible reCAPTCHA
 * rendered in `container` for this send only. `language`: the SMS's language (BCP 47), when known.
 * Throws the SDK's errors as they come (FirebaseError, code 'auth/…').
 */
export async function sendPhoneCode(config: FirebaseSmsConfig, e164: string, container: HTMLElement, language?: string): Promise<SentPhoneCode> {
  const auth = authOf(config);
  if (language) auth.languageCode = language;
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  let confirmation: ConfirmationResult;
  try {
    confirmation = await signInWithPhoneNumber(auth, e164, verifier);
  } finally {
    // One reCAPTCHA per send: the next send renders a fresh one in the same container.
    verifier.clear();
  }
  return {
    async idTokenFor(code) {
      const credential = await confirmation.confirm(code);
      try {
        return await credential.user.getIdToken();
      } finally {
        await signedOut(auth);
      }
    },
  };
}

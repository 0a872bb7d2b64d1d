import { PhoneProofError } from './phone-proof-error';

type FirebasePhoneSdk = typeof import('./firebase-phone-sdk');

let loading: Promise<FirebasePhoneSdk> | null = null;

/**
 * The Firebase JS SDK (firebase/app, firebase/auth) with the channel's code around it, in a chunk
 * of its own: fetched the first time a player asks for a code where the merchant has the Firebase
 * SMS channel, never with the page. A failed fetch is tried again next time.
 */
export function loadFirebasePhone(): Promise<FirebasePhoneSdk> {
  loading ??= import(/* webpackChunkName: "firebase-phone" */ './firebase-phone-sdk').catch((error: unknown) => {
    loading = null;
    throw new PhoneProofError('network', { cause: error });
  });
  return loading;
}

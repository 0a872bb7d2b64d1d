// A stand-in for the Firebase JS SDK (the network edge of the Firebase SMS channel), for tests:
//
//   jest.mock('firebase/app', () => require('../../phone-proof/firebase-sdk.testing').fakeFirebaseApp());
//   jest.mock('firebase/auth', () => require('../../phone-proof/firebase-sdk.testing').fakeFirebaseAuth());
//
// Jest builds a mocked module the first time it is required, so `fakeFirebase.loads` counts the
// SDK's loads: 0 while nothing imported it. Google "sends" `fakeFirebase.code`; confirm() takes that
// code only and then signs in, answering `fakeFirebase.idToken`.
import { makeStatus, setStatus } from '@platform/shared/testing';
import type { FirebaseSmsConfig } from '@platform/contract';

export const FIREBASE_SMS: FirebaseSmsConfig = { projectId: 'brand01-sms', apiKey: 'AIzaSy-test-key', authDomain: 'brand01-sms.firebaseapp.com' };

interface FakeApp {
  name: string;
  options: unknown;
}

interface FakeAuth {
  app: FakeApp;
  languageCode: string | null;
  currentUser: { phoneNumber: string } | null;
}

interface FakeVerifier {
  container: HTMLElement;
  parameters: unknown;
  cleared: boolean;
}

export interface FakeFirebase {
  /** How often each SDK module was loaded (0: never imported). */
  loads: { app: number; auth: number };
  apps: FakeApp[];
  auths: FakeAuth[];
  /** The persistence each initializeAuth was given (the app's session storage). */
  persistence: unknown[];
  verifiers: FakeVerifier[];
  /** Every signInWithPhoneNumber: the number, which of `verifiers` it was given, and the SMS language. */
  sent: { phoneNumber: string; verifier: number; languageCode: string | null }[];
  /** Every code confirm() was asked about. */
  confirmed: string[];
  signOuts: number;
  /** The code Google sent. */
  code: string;
  idToken: string;
  /** Thrown by the next signInWithPhoneNumber (then cleared). */
  sendError: Error | null;
  /** Thrown by every confirm() while set, whatever the code. */
  confirmError: Error | null;
}

export const fakeFirebase: FakeFirebase = freshState();

function freshState(): FakeFirebase {
  return {
    loads: { app: 0, auth: 0 },
    apps: [],
    auths: [],
    persistence: [],
    verifiers: [],
    sent: [],
    confirmed: [],
    signOuts: 0,
    code: '123456',
    idToken: 'firebase-id-token-1',
    sendError: null,
    confirmError: null,
  };
}

/** Forgets what the tests did (apps, sends, confirmations), not how often the SDK was loaded. */
export function resetFakeFirebase(): void {
  const { loads } = fakeFirebase;
  Object.assign(fakeFirebase, freshState(), { loads });
}

/** A FirebaseError as the SDK throws it: `code` 'auth/…'. */
export function firebaseError(code: string): Error {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });
}

/** The status with the merchant's Firebase SMS channel (info.firebaseSms) and these switches. */
export function setStatusWithFirebase(overrides: Parameters<typeof makeStatus>[0] = {}, firebaseSms: FirebaseSmsConfig = FIREBASE_SMS): void {
  const status = makeStatus(overrides);
  setStatus({ ...status, info: { ...status.info, firebaseSms } });
}

/** The module `firebase/app`. */
export function fakeFirebaseApp() {
  fakeFirebase.loads.app += 1;
  return {
    getApps: () => [...fakeFirebase.apps],
    initializeApp: (options: unknown, name?: string) => {
      if (fakeFirebase.apps.some((app) => app.name === (name ?? '[DEFAULT]'))) throw firebaseError('app/duplicate-app');
      const app = { name: name ?? '[DEFAULT]', options };
      fakeFirebase.apps.push(app);
      return app;
    },
  };
}

/** The module `firebase/auth`. */
export function fakeFirebaseAuth() {
  fakeFirebase.loads.auth += 1;
  class RecaptchaVerifier {
    readonly type = 'recaptcha';
    private readonly record: FakeVerifier;
    constructor(_auth: FakeAuth, container: HTMLElement, parameters?: unknown) {
      this.record = { container, parameters, cleared: false };
      fakeFirebase.verifiers.push(this.record);
    }
    clear() {
      this.record.cleared = true;
    }
    get fake() {
      return this.record;
    }
  }
  const getAuth = (app: FakeApp) => {
    let auth = fakeFirebase.auths.find((known) => known.app === app);
    if (!auth) {
      auth = { app, languageCode: null, currentUser: null };
      fakeFirebase.auths.push(auth);
    }
    return auth;
  };
  return {
    RecaptchaVerifier,
    inMemoryPersistence: { type: 'NONE' },
    getAuth,
    initializeAuth: (app: FakeApp, dependencies: { persistence: unknown }) => {
      if (fakeFirebase.auths.some((known) => known.app === app)) throw firebaseError('auth/already-initialized');
      fakeFirebase.persistence.push(dependencies.persistence);
      return getAuth(app);
    },
    signInWithPhoneNumber: async (auth: FakeAuth, phoneNumber: string, verifier: RecaptchaVerifier) => {
      const failure = fakeFirebase.sendError;
      fakeFirebase.sendError = null;
      if (failure) throw failure;
      fakeFirebase.sent.push({ phoneNumber, verifier: fakeFirebase.verifiers.indexOf(verifier.fake), languageCode: auth.languageCode });
      const code = fakeFirebase.code;
      return {
        verificationId: `verification-${fakeFirebase.sent.length}`,
        confirm: async (typed: string) => {
          fakeFirebase.confirmed.push(typed);
          if (fakeFirebase.confirmError) throw fakeFirebase.confirmError;
          if (typed !== code) throw firebaseError('auth/invalid-verification-code');
          auth.currentUser = { phoneNumber };
          const idToken = fakeFirebase.idToken;
          return { user: { phoneNumber, getIdToken: async () => idToken } };
        },
      };
    },
    signOut: async (auth: FakeAuth) => {
      fakeFirebase.signOuts += 1;
      auth.currentUser = null;
    },
  };
}

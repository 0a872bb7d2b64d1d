import { act, renderHook } from '@testing-library/react';
import { setStatus } from '@platform/shared/testing';
import { FIREBASE_SMS, fakeFirebase, firebaseError, resetFakeFirebase, setStatusWithFirebase } from './firebase-sdk.testing';
import { phoneProofErrorOf, PhoneProofError, type PhoneProofReason } from './phone-proof-error';
import { e164Of, useFirebasePhone, type FirebasePhone } from './use-firebase-phone';

// The Firebase JS SDK is the network edge here: a fake stands in for it (firebase-sdk.testing.ts).
jest.mock('firebase/app', () => require('./firebase-sdk.testing').fakeFirebaseApp());
jest.mock('firebase/auth', () => require('./firebase-sdk.testing').fakeFirebaseAuth());

beforeEach(() => {
  resetFakeFirebase();
  document.documentElement.lang = '';
});

/** The hook of one form, with its reCAPTCHA container in the page. */
function firebasePhone(): FirebasePhone {
  const { result } = renderHook(() => useFirebasePhone());
  const phone = result.current;
  if (!phone) throw new Error('the channel should be configured');
  const container = document.createElement('div');
  document.body.append(container);
  phone.recaptchaRef.current = container;
  return phone;
}

const reasonOf = async (pending: Promise<unknown>): Promise<PhoneProofReason | 'resolved'> =>
  pending.then(
    () => 'resolved' as const,
    // By name: a module registry of its own (isolateModules) has a PhoneProofError class of its own.
    (error: unknown) => (error instanceof Error && error.name === 'PhoneProofError' ? (error as PhoneProofError).reason : Promise.reject(error)),
  );

test('without info.firebaseSms there is no channel, and the SDK is not loaded', async () => {
  setStatus();
  const { result } = renderHook(() => useFirebasePhone());
  expect(result.current).toBeNull();
  await act(async () => undefined);
  expect(fakeFirebase.loads).toEqual({ app: 0, auth: 0 });
});

test('a send goes through the merchant’s own named Firebase app, an invisible reCAPTCHA in the form’s container, to the E.164 number', async () => {
  setStatusWithFirebase();
  document.documentElement.lang = 'bn';
  const phone = firebasePhone();
  await phone.send('+880', '01712345678');
  expect(fakeFirebase.loads).toEqual({ app: 1, auth: 1 });
  expect(fakeFirebase.apps).toEqual([{ name: 'phone-proof-brand01-sms', options: FIREBASE_SMS }]);
  // Its sign-in kept in memory only: nothing of it written to the browser's storage.
  expect(fakeFirebase.persistence).toEqual([{ type: 'NONE' }]);
  expect(fakeFirebase.sent).toEqual([{ phoneNumber: '+8801712345678', verifier: 0, languageCode: 'bn' }]);
  const [verifier] = fakeFirebase.verifiers;
  expect(verifier.container).toBe(phone.recaptchaRef.current);
  expect(verifier.parameters).toEqual({ size: 'invisible' });
  // One reCAPTCHA per send: cleared once Google took the number.
  expect(verifier.cleared).toBe(true);

  // Another form (or the same one again) reuses the app rather than initialising a second one.
  await firebasePhone().send('880', '1712345678');
  expect(fakeFirebase.apps).toHaveLength(1);
  expect(fakeFirebase.persistence).toHaveLength(1);
  expect(fakeFirebase.sent.map((sent) => sent.phoneNumber)).toEqual(['+8801712345678', '+8801712345678']);
});

test('the code typed earns the ID token; the Firebase session is signed out at once; the same code gives the same token again', async () => {
  setStatusWithFirebase();
  const phone = firebasePhone();
  await expect(reasonOf(phone.idTokenFor('123456'))).resolves.toBe('code_not_sent');
  await phone.send('+880', '1712345678');
  await expect(reasonOf(phone.idTokenFor('000000'))).resolves.toBe('code_invalid');
  await expect(phone.idTokenFor('123456')).resolves.toBe('firebase-id-token-1');
  expect(fakeFirebase.signOuts).toBe(1);
  expect(fakeFirebase.auths.map((auth) => auth.currentUser)).toEqual([null]);
  // A retry (the site refused for another reason) sends the token the code already earned.
  await expect(phone.idTokenFor('123456')).resolves.toBe('firebase-id-token-1');
  expect(fakeFirebase.confirmed).toEqual(['000000', '123456']);
});

test('a refused send says why; the send after it works', async () => {
  setStatusWithFirebase();
  const phone = firebasePhone();
  fakeFirebase.sendError = firebaseError('auth/invalid-phone-number');
  await expect(reasonOf(phone.send('+880', '17'))).resolves.toBe('phone_invalid');
  expect(fakeFirebase.verifiers.map((verifier) => verifier.cleared)).toEqual([true]);
  await phone.send('+880', '1712345678');
  await expect(phone.idTokenFor('123456')).resolves.toBe('firebase-id-token-1');
});

test('the SDK’s error codes are sorted into what the forms show', () => {
  const reasons = Object.fromEntries(
    [
      'auth/invalid-verification-code',
      'auth/code-expired',
      'auth/too-many-requests',
      'auth/invalid-phone-number',
      'auth/network-request-failed',
      'auth/captcha-check-failed',
    ].map((code) => [code, phoneProofErrorOf(firebaseError(code)).reason]),
  );
  expect(reasons).toEqual({
    'auth/invalid-verification-code': 'code_invalid',
    'auth/code-expired': 'code_expired',
    'auth/too-many-requests': 'too_many_requests',
    'auth/invalid-phone-number': 'phone_invalid',
    'auth/network-request-failed': 'network',
    'auth/captcha-check-failed': 'failed',
  });
  expect(phoneProofErrorOf(new TypeError('boom')).reason).toBe('failed');
});

test('E.164: the dialling code’s digits, then the national number without trunk zeros', () => {
  expect(e164Of('+880', '01712345678')).toBe('+8801712345678');
  expect(e164Of('66', '812345678')).toBe('+66812345678');
});

test('an SDK chunk that does not load is a network failure, tried again next time', async () => {
  await jest.isolateModulesAsync(async () => {
    jest.doMock('./firebase-phone-sdk', () => {
      throw new Error('Loading chunk firebase-phone failed.');
    });
    const { loadFirebasePhone } = require('./load-firebase-phone') as typeof import('./load-firebase-phone');
    await expect(reasonOf(loadFirebasePhone())).resolves.toBe('network');
    jest.dontMock('./firebase-phone-sdk');
    await expect(loadFirebasePhone()).resolves.toHaveProperty('sendPhoneCode');
  });
});

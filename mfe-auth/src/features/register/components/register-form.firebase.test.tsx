import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RegisterResult } from '@platform/contract';
import { apiFailure, makeStatus, renderWithProviders, settle, setStatus, stubApi, switches } from '@platform/shared/testing';
import { challengeAnswers } from '../../bot-check/bot-check.testing';
import { fakeFirebase, resetFakeFirebase, setStatusWithFirebase } from '../../phone-proof/firebase-sdk.testing';
import { RegisterForm, type RegistrationOutcome } from './register-form';

// Registration with a mobile number proved through the merchant's Firebase SMS channel
// (features/phone-proof). The Firebase JS SDK is the network edge: a fake stands in
// for it, and counts its loads.
jest.mock('firebase/app', () => require('../../phone-proof/firebase-sdk.testing').fakeFirebaseApp());
jest.mock('firebase/auth', () => require('../../phone-proof/firebase-sdk.testing').fakeFirebaseAuth());

// What registerMobile answers (RegisterResult).
const RESULT: RegisterResult = {
  token: 'new-token',
  firstTimeLogin: false,
  passwordExpired: false,
  userName: '1712345678',
  id: 9,
  customerName: 'brand01@1712345678',
  profile: { mobileNo: '171****678' },
  generatedAccount: false,
};

async function renderForm() {
  const onRegistered = jest.fn(async (_outcome: RegistrationOutcome) => undefined);
  renderWithProviders(<RegisterForm onRegistered={onRegistered} onLogin={jest.fn()} />, { route: '/register' });
  await settle();
  return { onRegistered };
}

const field = (name: string) => screen.getByTestId(`register-${name}`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const getCode = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('register-sms-code-button'));
  });
  await settle();
};
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('register-submit'));
  });
  await settle();
};

beforeEach(() => resetFakeFirebase());

// First in this file: the fake counts the SDK's loads for the whole file.
describe('RegisterForm without the Firebase SMS channel', () => {
  it('mobile mode sends the site’s code and has the site check it, as before; the Firebase SDK is never loaded', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILENUMREG3', 'REGMOBVERF3') }));
    const { callsOf } = stubApi({ smsRegister: { expiredMinutes: 5, expirationTime: 0 }, registerMobile: RESULT });
    const { onRegistered } = await renderForm();
    expect(screen.queryByTestId('register-recaptcha')).toBeNull();
    fill('mobileNum', '1712345678');
    await getCode();
    expect(callsOf('smsRegister')).toEqual([{ data: { countryDialingCode: '+880', mobileNo: '1712345678' } }]);
    fill('verificationCode', '246810');
    await submit();
    const sent = callsOf('registerMobile')[0]?.data as Record<string, unknown>;
    expect(sent).toMatchObject({ mobileNum: '1712345678', verificationCode: '246810', countryDialingCode: '+880' });
    expect(sent).not.toHaveProperty('firebaseChannel');
    expect(sent).not.toHaveProperty('firebaseIdToken');
    expect(onRegistered).toHaveBeenCalledTimes(1);
    expect(fakeFirebase.loads).toEqual({ app: 0, auth: 0 });
  });
});

describe('RegisterForm with the Firebase SMS channel (info.firebaseSms)', () => {
  beforeEach(() => setStatusWithFirebase({ whitelabel: switches('MOBILENUMREG3', 'REGMOBVERF3') }));

  it('Google sends the code; the registration carries the ID token it earns in place of the code', async () => {
    const { callsOf } = stubApi({ registerMobile: RESULT });
    const { onRegistered } = await renderForm();
    fill('mobileNum', '1712345678');
    await getCode();
    expect(fakeFirebase.sent.map((sent) => sent.phoneNumber)).toEqual(['+8801712345678']);
    expect(fakeFirebase.verifiers[0].container).toBe(screen.getByTestId('register-recaptcha'));
    expect(callsOf('smsRegister')).toEqual([]);
    expect(callsOf('botCheckChallenge')).toEqual([]);
    expect(screen.getByTestId('register-sms-code-button').textContent).toMatch(/Code sent \((60|59)\)/);

    fill('verificationCode', '123456');
    await submit();
    const sent = callsOf('registerMobile')[0]?.data as Record<string, unknown>;
    expect(sent).toMatchObject({
      mobileNum: '1712345678',
      username: '1712345678',
      countryDialingCode: '+880',
      firebaseChannel: 'sms',
      firebaseIdToken: 'firebase-id-token-1',
      registerMethod: 'WEB',
      login: true,
    });
    expect(sent).not.toHaveProperty('verificationCode');
    expect(fakeFirebase.signOuts).toBe(1);
    expect(onRegistered).toHaveBeenCalledWith({ result: RESULT, mode: 'registerMobile', username: '1712345678' });
  });

  it('a code Firebase refuses aborts silently: no registration, only the field says why; the right code then registers', async () => {
    const { callsOf } = stubApi({ registerMobile: RESULT });
    const { onRegistered } = await renderForm();
    fill('mobileNum', '1712345678');
    await getCode();
    fill('verificationCode', '000000');
    await submit();
    expect(fakeFirebase.confirmed).toEqual(['000000']);
    expect(callsOf('registerMobile')).toEqual([]);
    expect(screen.getByText('Please enter a valid verification code')).toBeTruthy();
    expect(field('verificationCode').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('register-error')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onRegistered).not.toHaveBeenCalled();

    fill('verificationCode', '123456');
    await submit();
    expect(callsOf('registerMobile')).toHaveLength(1);
    expect(onRegistered).toHaveBeenCalledTimes(1);
  });

  it('after the bot check: a resend the server asks for carries the same token, without asking Firebase twice', async () => {
    const { answer } = challengeAnswers(false);
    let attempts = 0;
    const { callsOf } = stubApi({
      botCheckChallenge: answer,
      registerMobile: () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('botcheck.required', 'Please complete verification first', { botCheck: true });
        return RESULT;
      },
    });
    const { onRegistered } = await renderForm();
    fill('mobileNum', '1712345678');
    await getCode();
    fill('verificationCode', '123456');
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    const sent = callsOf('registerMobile').map((call) => (call?.data as Record<string, unknown>).firebaseIdToken);
    expect(sent).toEqual(['firebase-id-token-1', 'firebase-id-token-1']);
    expect(fakeFirebase.confirmed).toEqual(['123456']);
  });

  it('account mode: a mobile number given is proved the same way', async () => {
    setStatusWithFirebase({ whitelabel: switches('USERNAMEREG3', 'REGMOBVERF3') });
    const { callsOf } = stubApi({ register: { ...RESULT, userName: 'newplayer1' } });
    await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('mobileNum', '1712345678');
    await getCode();
    fill('verificationCode', '123456');
    await submit();
    const sent = callsOf('register')[0]?.data as Record<string, unknown>;
    expect(sent).toMatchObject({ username: 'newplayer1', mobileNum: '1712345678', firebaseChannel: 'sms', firebaseIdToken: 'firebase-id-token-1' });
    expect(sent).not.toHaveProperty('verificationCode');
  });
});

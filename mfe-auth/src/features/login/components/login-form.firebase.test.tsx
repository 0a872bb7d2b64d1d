import { cookieStore, type LoginResult } from '@platform/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeStatus, renderWithProviders, settle, setStatus, stubApi, switches } from '@platform/shared/testing';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { fakeFirebase, firebaseError, resetFakeFirebase, setStatusWithFirebase } from '../../phone-proof/firebase-sdk.testing';
import { LoginForm } from './login-form';

// SMS login through the merchant's Firebase SMS channel (features/phone-proof). The
// Firebase JS SDK is the network edge: a fake stands in for it, and counts its loads.
jest.mock('firebase/app', () => require('../../phone-proof/firebase-sdk.testing').fakeFirebaseApp());
jest.mock('firebase/auth', () => require('../../phone-proof/firebase-sdk.testing').fakeFirebaseAuth());

const LOGIN: LoginResult = { token: 'tok-1', firstTimeLogin: false, passwordExpired: false, userName: '1712345678', id: 1 };

async function renderSmsLogin() {
  const onLoggedIn = jest.fn(async (_outcome: LoginOutcome) => undefined);
  renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} onForgotPassword={jest.fn()} onRegister={jest.fn()} />);
  await settle();
  fireEvent.click(screen.getByTestId('login-method'));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'SMS login' }));
  return { onLoggedIn };
}

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`login-${name}`), { target: { value } });
const getCode = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-sms-code-button'));
  });
  await settle();
};
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
  });
  await settle();
};

beforeEach(() => resetFakeFirebase());

// First in this file: the fake counts the SDK's loads for the whole file.
describe('LoginForm without the Firebase SMS channel', () => {
  it('sends the code and logs in through the site exactly as before, and never loads the Firebase SDK', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILEVERCODELOGIN3') }));
    const { callsOf } = stubApi({ smsNoLogin: { expiredMinutes: 1, expirationTime: 0 }, login: LOGIN });
    const { onLoggedIn } = await renderSmsLogin();
    expect(screen.queryByTestId('login-recaptcha')).toBeNull();
    type('mobileNum', '1712345678');
    await getCode();
    expect(callsOf('smsNoLogin')).toEqual([{ data: { countryDialingCode: '+880', mobileNo: '1712345678' } }]);
    type('code', '654321');
    await submit();
    expect(callsOf('login')).toEqual([{ data: { username: '1712345678', password: '654321', type: 'sms', countryDialingCode: '+880' } }]);
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'sms', username: '1712345678' });
    expect(fakeFirebase.loads).toEqual({ app: 0, auth: 0 });
    expect(fakeFirebase.sent).toEqual([]);
  });
});

describe('LoginForm with the Firebase SMS channel (info.firebaseSms)', () => {
  beforeEach(() => setStatusWithFirebase({ whitelabel: switches('MOBILEVERCODELOGIN3') }));

  it('Google sends the code to the E.164 number (no site SMS, no site bot check); the login carries the ID token the code earns', async () => {
    const { callsOf } = stubApi({ login: LOGIN });
    const { onLoggedIn } = await renderSmsLogin();
    type('mobileNum', ' 1712345678 ');
    await getCode();
    expect(fakeFirebase.sent.map((sent) => sent.phoneNumber)).toEqual(['+8801712345678']);
    // The invisible reCAPTCHA went into the form's own container.
    expect(fakeFirebase.verifiers[0].container).toBe(screen.getByTestId('login-recaptcha'));
    expect(fakeFirebase.verifiers[0].parameters).toEqual({ size: 'invisible' });
    expect(callsOf('smsNoLogin')).toEqual([]);
    expect(callsOf('botCheckChallenge')).toEqual([]);
    // One minute's countdown for the channel.
    expect(screen.getByTestId('login-sms-code-button').textContent).toMatch(/Code sent \((60|59)\)/);

    type('code', '123456');
    fireEvent.click(screen.getByTestId('login-remember'));
    await submit();
    expect(fakeFirebase.confirmed).toEqual(['123456']);
    expect(callsOf('login')).toEqual([
      {
        data: {
          username: '1712345678',
          password: '123456',
          type: 'sms',
          countryDialingCode: '+880',
          firebaseChannel: 'sms',
          firebaseIdToken: 'firebase-id-token-1',
        },
      },
    ]);
    // No Firebase session is left behind.
    expect(fakeFirebase.signOuts).toBe(1);
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'sms', username: '1712345678' });
    expect(cookieStore.get('smsLogin')).toEqual({ mobileNum: '1712345678', countryDialingCode: '+880' });
  });

  it('a wrong code shows the field error and sends nothing to the site; the right code then logs in', async () => {
    const { callsOf } = stubApi({ login: LOGIN });
    const { onLoggedIn } = await renderSmsLogin();
    type('mobileNum', '1712345678');
    await getCode();
    type('code', '000000');
    await submit();
    expect(screen.getByText('Please enter a valid verification code')).toBeTruthy();
    expect(screen.getByTestId('login-code').getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('login')).toEqual([]);
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();

    type('code', '123456');
    expect(screen.queryByText('Please enter a valid verification code')).toBeNull();
    await submit();
    expect(callsOf('login')).toEqual([{ data: expect.objectContaining({ password: '123456', firebaseChannel: 'sms', firebaseIdToken: 'firebase-id-token-1' }) }]);
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
  });

  it('a code typed before any was sent, or one expired, says so under the field', async () => {
    const { callsOf } = stubApi({ login: LOGIN });
    await renderSmsLogin();
    type('mobileNum', '1712345678');
    type('code', '123456');
    await submit();
    expect(screen.getByText('Please get a verification code first.')).toBeTruthy();
    await getCode();
    fakeFirebase.confirmError = firebaseError('auth/code-expired');
    await submit();
    expect(screen.getByText('The verification code has expired. Please get a new code.')).toBeTruthy();
    expect(callsOf('login')).toEqual([]);
  });

  it('a number Firebase refuses is marked under the field; its abuse limit is the send’s warning; neither counts down', async () => {
    stubApi({});
    await renderSmsLogin();
    type('mobileNum', '1712345678');
    fakeFirebase.sendError = firebaseError('auth/invalid-phone-number');
    await getCode();
    expect(screen.getByText('Please enter a valid mobile number')).toBeTruthy();
    expect(screen.getByTestId('login-sms-code-button').textContent).toBe('Get code');

    // The send button sends at most once a second.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1_050)));
    fakeFirebase.sendError = firebaseError('auth/too-many-requests');
    await getCode();
    const warning = await screen.findByTestId('sms-send-failed');
    expect(warning.textContent).toContain('Too many attempts. Please try again later.');
    await waitFor(() => expect(screen.getByTestId('login-sms-code-button').textContent).toBe('Get code'));
    expect(fakeFirebase.sent).toEqual([]);
  });
});

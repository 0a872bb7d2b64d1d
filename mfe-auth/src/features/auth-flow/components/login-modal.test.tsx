import { bus, sessionStore, type LoginResult } from '@platform/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  apiFailure,
  currentLocation,
  makeMember,
  makeStatus,
  renderWithProviders,
  settle,
  setStatus,
  stubApi,
  switches,
} from '@platform/shared/testing';
import LoginModal from './login-modal';
import { memberInfoCall } from '@platform/contract';

const LOGIN: LoginResult = { token: 'tok-1', firstTimeLogin: false, passwordExpired: false, userName: 'player01', id: 1 };
const MEMBER = makeMember({ account: 'player01' });

async function renderModal(tab: 'login' | 'register' = 'login', route = '/lottery') {
  const onClose = jest.fn();
  renderWithProviders(<LoginModal tab={tab} onClose={onClose} />, { route });
  await settle();
  return { onClose };
}

async function logInWith(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
  });
  await settle();
}

describe('LoginModal', () => {
  beforeEach(() => setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3', 'MOBILENUMREG3') })));

  it('has Login and Register tabs and closes on a background click', async () => {
    stubApi({});
    const { onClose } = await renderModal('register');
    const dialog = screen.getByRole('dialog', { name: 'Login or register' });
    expect(within(dialog).getByRole('tab', { name: 'Register', selected: true })).toBeTruthy();
    expect(within(dialog).getByTestId('register-form')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Login' }));
    await settle();
    expect(within(dialog).getByTestId('login-form')).toBeTruthy();
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalled();
  });

  it('a login stores the token, loads the member, publishes the session, goes home and closes', async () => {
    const { call } = stubApi({ login: LOGIN, memberInfo: MEMBER });
    const seen: (string | null)[] = [];
    const subscription = bus.session$.subscribe((session) => seen.push(session.token));
    const { onClose } = await renderModal();
    await logInWith('player01', 'secret1');
    subscription.unsubscribe();
    expect(call).toHaveBeenCalledWith(memberInfoCall);
    expect(sessionStore.get('token')).toBe('tok-1');
    expect(sessionStore.get('login')).toEqual(LOGIN);
    expect(sessionStore.get('isAgent')).toBe(0);
    expect(bus.get('session')).toEqual({ token: 'tok-1', member: MEMBER, isAgent: 0 });
    expect(seen).toContain('tok-1');
    expect(currentLocation()).toBe('/');
    expect(onClose).toHaveBeenCalled();
  });

  it('an expired or default password must be changed first, then the player logs in again', async () => {
    const pending = { ...LOGIN, token: 'pending-token', passwordExpired: true };
    const { callsOf } = stubApi({ login: pending, changePassword: null, logout: null, memberInfo: MEMBER });
    const { onClose } = await renderModal();
    await logInWith('player01', '123456');

    expect(currentLocation()).toBe('/');
    expect(bus.get('session').token).toBeNull();
    expect(sessionStore.get('token')).toBeNull();
    expect(sessionStore.get('cpw')).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    expect((within(dialog).getByTestId('change-password-username') as HTMLInputElement).value).toBe('player01');
    // The old password was typed at login a moment ago: not asked again.
    expect(within(dialog).queryByTestId('change-password-oldPassword')).toBeNull();

    fireEvent.change(within(dialog).getByTestId('change-password-newPassword'), { target: { value: 'better1x' } });
    fireEvent.change(within(dialog).getByTestId('change-password-confirmNewPassword'), { target: { value: 'better2x' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('change-password-submit'));
    });
    expect(within(dialog).getByText('Incorrect confirmation input')).toBeTruthy();
    expect(callsOf('changePassword')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('change-password-confirmNewPassword'), { target: { value: 'better1x' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('change-password-submit'));
    });
    await settle();
    expect(callsOf('changePassword')).toEqual([
      { data: { oldPassword: '123456', newPassword: 'better1x', confirmNewPassword: 'better1x' }, headers: { Authorization: 'pending-token' } },
    ]);
    expect(callsOf('logout')).toEqual([{ headers: { Authorization: 'pending-token' } }]);
    expect(sessionStore.get('login')).toBeNull();
    // Back on the login tab, for the same account.
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeTruthy();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a first login (an account someone else made) must change its password too', async () => {
    stubApi({ login: { ...LOGIN, firstTimeLogin: true }, memberInfo: MEMBER });
    await renderModal();
    await logInWith('agentkid', 'given1');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
  });

  it('an SMS login never forces a password change', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILEVERCODELOGIN3') }));
    stubApi({ login: { ...LOGIN, passwordExpired: true }, memberInfo: MEMBER });
    const { onClose } = await renderModal();
    fireEvent.click(screen.getByTestId('login-method'));
    fireEvent.click(screen.getByTestId('login-method-sms'));
    fireEvent.change(screen.getByTestId('login-mobileNum'), { target: { value: '1712345678' } });
    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '111111' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull();
    expect(bus.get('session').token).toBe('tok-1');
    expect(onClose).toHaveBeenCalled();
  });

  it('the forgotten-password link opens the forgot-password modal', async () => {
    stubApi({});
    await renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Forgot password' })).toBeTruthy();
    expect(screen.getByTestId('forgot-email-form')).toBeTruthy();
  });

  it('finishes the e-mailed reset link: a new password twice, then back to login for that account', async () => {
    const { callsOf } = stubApi({ resetPasswordByEmailToken: { userName: 'player01', secondFactors: [] } });
    await renderModal('login', '/?resetToken=tok-from-mail&lang=EN');
    const dialog = screen.getByRole('dialog', { name: 'Set a new password' });
    fireEvent.change(within(dialog).getByTestId('reset-link-newPassword'), { target: { value: 'fresh123' } });
    fireEvent.change(within(dialog).getByTestId('reset-link-confirmNewPassword'), { target: { value: 'fresh123' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('reset-link-submit'));
    });
    await settle();
    expect(callsOf('resetPasswordByEmailToken')).toEqual([{ data: { token: 'tok-from-mail', newPassword: 'fresh123', confirmNewPassword: 'fresh123' } }]);
    expect(currentLocation()).toBe('/?lang=EN');
    expect(screen.getByRole('dialog', { name: 'Notice' }).textContent).toContain('Password reset successfully, please log in again');
    expect(screen.queryByTestId('reset-two-step-kept')).toBeNull();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
  });

  it('says that two-step sign-in stays on when the e-mailed reset kept a second factor', async () => {
    stubApi({ resetPasswordByEmailToken: { userName: 'player01', secondFactors: ['totp'] } });
    await renderModal('login', '/?resetToken=tok-from-mail&lang=EN');
    const dialog = screen.getByRole('dialog', { name: 'Set a new password' });
    fireEvent.change(within(dialog).getByTestId('reset-link-newPassword'), { target: { value: 'fresh123' } });
    fireEvent.change(within(dialog).getByTestId('reset-link-confirmNewPassword'), { target: { value: 'fresh123' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('reset-link-submit'));
    });
    await settle();
    const notice = screen.getByRole('dialog', { name: 'Notice' });
    expect(notice.textContent).toContain('Password reset successfully, please log in again');
    expect(within(notice).getByTestId('reset-two-step-kept').textContent).toBe(
      'Two-step sign-in stays on: logging in still asks for the code of your authenticator app or SMS. If you did not set it up yourself, contact customer service at once.',
    );
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
  });

  it('trades the code a social login brings back for the session, once, and takes it out of the address', async () => {
    const { callsOf } = stubApi({ oauthExchange: { ...LOGIN, token: 'oauth-token', userName: 'g_player' }, memberInfo: MEMBER });
    const { onClose } = await renderModal('login', '/lottery?oauthCode=one-time');
    expect(callsOf('oauthExchange')).toEqual([{ data: { code: 'one-time' } }]);
    expect(bus.get('session').token).toBe('oauth-token');
    expect(onClose).toHaveBeenCalled();
    expect(currentLocation()).toBe('/');
  });

  it('asks a social login with two-factor sign-in for its code', async () => {
    stubApi({
      oauthExchange: apiFailure('login_verify_required', 'Verification required', { ticket: 't-9', factors: ['totp'], verifyType: 'totp', mobile: null, smsSent: false }, 403),
      loginVerification: LOGIN,
      memberInfo: MEMBER,
    });
    const { onClose } = await renderModal('login', '/?oauthCode=one-time');
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('two-factor-submit'));
    });
    await settle();
    expect(bus.get('session').token).toBe('tok-1');
    expect(onClose).toHaveBeenCalled();
  });

  it('tells a failed social login, and goes back to the login form', async () => {
    stubApi({});
    await renderModal('login', '/?oauthError=oauth.login.failed');
    expect(screen.getByTestId('oauth-failed').textContent).toContain('did not complete');
    expect(currentLocation()).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    await settle();
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('sends the register tab to the /register page when the site registers on a page', async () => {
    setStatus(makeStatus({ site: { registerPage: true }, whitelabel: switches('USERNAMEREG3') }));
    stubApi({});
    const { onClose } = await renderModal('register');
    expect(currentLocation()).toBe('/register');
    expect(onClose).toHaveBeenCalled();
  });

  it('hides the Register tab when no registration mode is on', async () => {
    setStatus(makeStatus({ whitelabel: {} }));
    stubApi({});
    await renderModal();
    expect(screen.queryByRole('tab', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register now' })).toBeNull();
  });

  it('a registration in the popup logs the player in, closes, goes home and shows the success popup', async () => {
    const { callsOf } = stubApi({ register: { ...LOGIN, token: 'new-token', userName: 'newplayer1', customerName: 'brand01@newplayer1', profile: { mobileNo: null }, generatedAccount: false }, memberInfo: makeMember({ account: 'newplayer1' }) });
    const { onClose } = await renderModal('register');
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'newplayer1' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'kestrel42' } });
    fireEvent.change(screen.getByTestId('register-confirmPassword'), { target: { value: 'kestrel42' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    await settle();
    expect(callsOf('register')).toHaveLength(1);
    expect(bus.get('session').token).toBe('new-token');
    expect(onClose).toHaveBeenCalled();
    expect(currentLocation()).toBe('/');
    const notice = screen.getByRole('dialog', { name: 'Registration successful' });
    // The site's currency, as every amount: not another one's.
    expect(notice.textContent).toContain('for example ৳1,000.00, in Promotions');
    expect(notice.textContent).not.toContain('VND');
  });

  it('a mobile registration says the account was generated and the player is logged in', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILENUMREG3') }));
    stubApi({
      registerMobile: { ...LOGIN, token: 'mobile-token', userName: '1712345678', customerName: 'brand01@1712345678', profile: { mobileNo: '171****678' }, generatedAccount: true },
      memberInfo: makeMember({ account: '1712345678' }),
    });
    await renderModal('register');
    fireEvent.change(screen.getByTestId('register-mobileNum'), { target: { value: '1712345678' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    await settle();
    const notice = screen.getByRole('dialog', { name: 'Registration successful' });
    expect(notice.textContent).toContain('Your account 1712345678 was generated automatically and you are now logged in.');
    expect(notice.textContent).toContain('log in with an SMS code');
    expect(bus.get('session').token).toBe('mobile-token');
  });
});

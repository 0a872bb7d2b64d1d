import { act, fireEvent, screen, within } from '@testing-library/react';
import { apiFailure, makeStatus, renderWithProviders, settle, setStatus, stubApi, switches } from '@platform/shared/testing';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { ForgotPasswordModal } from './forgot-password-modal';

const LOGIN = { token: 'tok-2', firstTimeLogin: false, passwordExpired: false, userName: 'player01', id: 1 };

async function renderModal() {
  const onClose = jest.fn();
  const onLoggedIn = jest.fn(async (_outcome: LoginOutcome) => undefined);
  const onBackToLogin = jest.fn();
  renderWithProviders(<ForgotPasswordModal onClose={onClose} onLoggedIn={onLoggedIn} onBackToLogin={onBackToLogin} />);
  await settle();
  return { onClose, onLoggedIn, onBackToLogin };
}

const fill = (name: string, value: string) => fireEvent.change(screen.getByTestId(`forgot-${name}`), { target: { value } });
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await settle();
};

describe('ForgotPasswordModal by e-mail', () => {
  it('is the only way without CHNGPASSVERIF3', async () => {
    setStatus();
    stubApi({});
    await renderModal();
    expect(screen.getByRole('dialog', { name: 'Forgot password' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByTestId('forgot-email-form')).toBeTruthy();
  });

  it('needs a valid username and e-mail, then confirms and closes', async () => {
    setStatus();
    const { callsOf } = stubApi({ forgotPasswordByEmail: null });
    const { onClose } = await renderModal();
    await click('forgot-email-submit');
    expect(screen.getByText('Username not empty')).toBeTruthy();
    expect(screen.getByText('E-mail not empty')).toBeTruthy();
    fill('username', 'player01');
    fill('email', 'player01@');
    await click('forgot-email-submit');
    expect(screen.getByText('Please enter a valid e-mail address (5-64 characters)')).toBeTruthy();
    fill('email', ' player01@example.com ');
    await click('forgot-email-submit');
    expect(callsOf('forgotPasswordByEmail')).toEqual([{ data: { username: 'player01', email: 'player01@example.com' } }]);
    expect(onClose).toHaveBeenCalled();
    expect(within(screen.getByRole('dialog', { name: 'Notice' })).getByText(/sent password reset instructions/)).toBeTruthy();
  });
});

describe('ForgotPasswordModal by mobile', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    setStatus(makeStatus({ whitelabel: switches('CHNGPASSVERIF3') }));
  });

  it("counts down to the server's expiry time, resets the password and logs in with it", async () => {
    const expirationTime = Date.now() + 90_000;
    const { callsOf } = stubApi({ forgotPasswordSms: { expiredMinutes: 5, expirationTime }, resetPasswordByPhone: { userName: 'player01', secondFactors: [] }, login: LOGIN });
    const { onLoggedIn } = await renderModal();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    expect(screen.getByTestId('forgot-mobile-form')).toBeTruthy();

    await click('forgot-sms-code-button');
    expect(screen.getByText('Mobile number not empty')).toBeTruthy();
    fill('mobileNum', '1712345678');
    await click('forgot-sms-code-button');
    expect(callsOf('forgotPasswordSms')).toEqual([{ data: { countryDialingCode: '+880', mobileNum: '1712345678' } }]);
    expect(screen.getByTestId('forgot-sms-code-button').textContent).toBe('Code sent (90)');
    act(() => jest.advanceTimersByTime(30_000));
    expect(screen.getByTestId('forgot-sms-code-button').textContent).toBe('Code sent (60)');

    fill('verificationCode', '112233');
    fill('newPassword', 'fresh123');
    await click('forgot-mobile-submit');
    expect(callsOf('resetPasswordByPhone')).toEqual([
      { data: { countryDialingCode: '+880', mobileNum: '1712345678', verificationCode: '112233', newPassword: 'fresh123' } },
    ]);
    expect(callsOf('login')).toEqual([{ data: { username: 'player01', password: 'fresh123', type: 'username' } }]);
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'reset', username: 'player01', password: 'fresh123' });
  });

  it('does not log in by itself when the reset kept a second factor: it says two-step sign-in stays on, then the login form', async () => {
    const { callsOf } = stubApi({
      forgotPasswordSms: { expiredMinutes: 5, expirationTime: Date.now() + 300_000 },
      resetPasswordByPhone: { userName: 'player01', secondFactors: ['sms'] },
      login: LOGIN,
    });
    const { onLoggedIn, onBackToLogin } = await renderModal();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    fill('mobileNum', '1712345678');
    fill('verificationCode', '112233');
    fill('newPassword', 'fresh123');
    await click('forgot-mobile-submit');
    expect(callsOf('resetPasswordByPhone')).toHaveLength(1);
    expect(callsOf('login')).toEqual([]);
    expect(onLoggedIn).not.toHaveBeenCalled();
    const notice = screen.getByRole('dialog', { name: 'Notice' });
    expect(notice.textContent).toContain('Password reset successfully, please log in again');
    expect(within(notice).getByTestId('reset-two-step-kept').textContent).toContain('Two-step sign-in stays on');
    await act(async () => {
      fireEvent.click(within(notice).getByRole('button', { name: 'Confirm' }));
      // The notice closes in a microtask, which this describe's fake timers hold.
      jest.runAllTicks();
    });
    await settle();
    expect(onBackToLogin).toHaveBeenCalled();
  });

  it('checks the new password against the password rule', async () => {
    stubApi({});
    await renderModal();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    fill('mobileNum', '1712345678');
    fill('verificationCode', '112233');
    fill('newPassword', 'letters');
    await click('forgot-mobile-submit');
    expect(screen.getByText('8-64 characters')).toBeTruthy();
  });

  it('shows an SMS send refusal the client leaves to the form as a warning with confirm', async () => {
    stubApi({ forgotPasswordSms: apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 5 minutes', null, 429) });
    await renderModal();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    fill('mobileNum', '1712345678');
    await click('forgot-sms-code-button');
    await settle();
    const warning = screen.getByRole('dialog', { name: 'Warning' });
    expect(warning.textContent).toContain('too many requests, try again after 5 minutes');
    expect(screen.getByTestId('forgot-sms-code-button').textContent).toBe('Get code');
  });
});

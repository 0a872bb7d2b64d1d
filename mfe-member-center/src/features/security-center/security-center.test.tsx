import type { MemberProfile, SecurityConfig } from '@platform/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen, type StubAnswers } from '@platform/shared/testing';
import { ApiError, bus } from '@platform/shared';
import SecurityCenterPage, { translationsLoaded } from './index';
import { levelOf } from './components/security-level';

// The page as a member uses it, with only the network edge stubbed: what each form checks before
// sending, what it sends, and how a refusal shows.

const PROFILE: MemberProfile = {
  account: 'player01',
  nickname: null,
  payeeName: null,
  email: null,
  bindEmail: false,
  mobile: null,
  countryDialingCode: null,
  bindMobile: false,
  birthday: null,
  regDate: Date.UTC(2025, 0, 2, 3, 4, 5),
  lastLogin: null,
  hasPaymentPassword: false,
};
const SECURITY: SecurityConfig = {
  bindGA: false,
  smsLoginVerification: false,
  emailLoginVerification: false,
  bankNameLoginVerification: false,
  bindMobile: false,
  countryDialingCode: null,
  mobile: null,
  email: null,
  bankCard: null,
};

beforeEach(async () => {
  await resetTestState();
  await translationsLoaded;
  setStatus();
  logIn();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

async function renderPage(answers: StubAnswers = {}) {
  const stub = stubApi({ memberInfoV2: PROFILE, securityConfig: SECURITY, ...answers });
  renderWithProviders(<SecurityCenterPage openPage={() => undefined} />);
  await settle();
  return stub;
}

/** A refusal of a call the page sends quiet (the page, not the API client, tells the member). */
const apiFailure = (errorCode: string, message: string, value: unknown = null, status = 400) =>
  new ApiError({ status, errorCode, message, value, call: { name: 'stubbed', quiet: true } });

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await settle();
};
const submitForm = async (testId: string) => {
  await act(async () => {
    fireEvent.submit(screen.getByTestId(testId));
  });
  await settle();
};

describe('the security level', () => {
  it('counts the protections that are on', async () => {
    await renderPage({ memberInfoV2: { ...PROFILE, bindMobile: true, mobile: '171*****78', countryDialingCode: '+880' } });
    const summary = screen.getByTestId('security-level');
    expect(summary.getAttribute('data-level')).toBe('low');
    expect(within(summary).getByText('2 of 5 protections on')).toBeTruthy();
    expect(within(summary).getByRole('meter').getAttribute('aria-valuenow')).toBe('2');
  });

  it('is low up to two, high with all five, medium between', () => {
    expect([1, 2, 3, 4, 5].map((done) => levelOf(done, 5))).toEqual(['low', 'low', 'medium', 'medium', 'high']);
  });

  it('offers a retry when the account cannot be loaded', async () => {
    await renderPage({ memberInfoV2: apiFailure('system.err', 'Server error', null, 500) });
    expect(screen.getByText('Your account details could not be loaded')).toBeTruthy();
    expect(screen.getByTestId('security-retry')).toBeTruthy();
  });
});

describe('the profile', () => {
  it('sends only what changed, and shows the saved profile', async () => {
    let profile = PROFILE;
    const { callsOf } = await renderPage({
      memberInfoV2: () => profile,
      updateMemberInfo: (options: CallOptionsSeen) => {
        profile = { ...profile, ...(options?.data as object) };
        return profile;
      },
    });
    await click('security-profile-open');
    fill('security-profile-nickname', '  Tiger ');
    fill('security-profile-payeeName', 'Rahim Khan');
    await submitForm('security-profile-form');
    expect(callsOf('updateMemberInfo')).toEqual([{ data: { nickname: 'Tiger', payeeName: 'Rahim Khan' } }]);
    expect(screen.getByTestId('security-profile-value-payeeName').textContent).toBe('Rahim Khan');
    // A real name is set once: the form no longer offers it.
    await click('security-profile-open');
    expect(screen.queryByRole('textbox', { name: 'Real name' })).toBeNull();
  });

  it("shows the server's refusal under the field it names, once", async () => {
    await renderPage({
      updateMemberInfo: apiFailure('birthday.under.age', 'Please confirm you are 21 years old', { field: 'birthday' }),
    });
    await click('security-profile-open');
    fill('security-profile-birthday', '2010-01-01');
    await submitForm('security-profile-form');
    expect(screen.getAllByText('Please confirm you are 21 years old')).toHaveLength(1);
    expect(screen.getByTestId('security-profile-birthday').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('security-profile-error')).toBeNull();
  });

  it('refuses a nickname over 20 characters without sending it', async () => {
    const { callsOf } = await renderPage({ updateMemberInfo: PROFILE });
    await click('security-profile-open');
    fill('security-profile-nickname', 'x'.repeat(21));
    await submitForm('security-profile-form');
    expect(screen.getByRole('alert').textContent).toBe('At most 20 characters');
    expect(callsOf('updateMemberInfo')).toHaveLength(0);
  });
});

describe('the mobile number', () => {
  it('sends a code to the number, then binds it with the code and the login password', async () => {
    const { callsOf } = await renderPage({
      bindMobileSendCode: { expiredMinutes: 5, expirationTime: Date.now() + 300_000 },
      bindMobileVerify: { ...PROFILE, bindMobile: true },
    });
    await click('security-mobile-open');
    await click('security-mobile-code-button');
    expect(callsOf('bindMobileSendCode')).toHaveLength(0);
    expect(screen.getByText('Mobile number not empty')).toBeTruthy();
    fill('security-mobile-mobileNum', '1712345678');
    await click('security-mobile-code-button');
    expect(callsOf('bindMobileSendCode')).toEqual([{ data: { countryDialingCode: '+880', mobileNum: '1712345678' } }]);
    expect(screen.getByTestId('security-mobile-code-button').textContent).toMatch(/^Code sent \(\d+\)$/);

    await submitForm('security-mobile-form');
    expect(screen.getByText('Verification code not empty')).toBeTruthy();
    expect(screen.getByText('Login password not empty')).toBeTruthy();
    fill('security-mobile-verificationCode', '123456');
    fill('security-mobile-password', 'secret123');
    await submitForm('security-mobile-form');
    expect(callsOf('bindMobileVerify')).toEqual([
      { data: { countryDialingCode: '+880', mobileNum: '1712345678', verificationCode: '123456', password: 'secret123' } },
    ]);
  });

  it("shows why the server refused a number that belongs to someone else", async () => {
    await renderPage({
      bindMobileSendCode: apiFailure('exists.mobile.err', 'This mobile number is already registered', { field: 'mobileNum' }),
    });
    await click('security-mobile-open');
    fill('security-mobile-mobileNum', '1712345678');
    await click('security-mobile-code-button');
    expect(screen.getByTestId('sms-send-failed').textContent).toContain('This mobile number is already registered');
  });
});

describe('the e-mail address', () => {
  it('checks the address and sends it with the login password', async () => {
    const { callsOf } = await renderPage({ bindEmail: { ...PROFILE, bindEmail: true, email: 'pl***@example.com' } });
    await click('security-email-open');
    fill('security-email-email', 'not-an-address');
    fill('security-email-password', 'secret123');
    await submitForm('security-email-form');
    expect(screen.getByText('E-mail format is incorrect')).toBeTruthy();
    expect(callsOf('bindEmail')).toHaveLength(0);
    fill('security-email-email', ' player@example.com ');
    await submitForm('security-email-form');
    expect(callsOf('bindEmail')).toEqual([{ data: { email: 'player@example.com', password: 'secret123' } }]);
  });

  it('shows a wrong login password under the password field', async () => {
    await renderPage({ bindEmail: apiFailure('current.password.err', 'The current password is incorrect', { field: 'password' }) });
    await click('security-email-open');
    fill('security-email-email', 'player@example.com');
    fill('security-email-password', 'wrong');
    await submitForm('security-email-form');
    const password = screen.getByTestId('security-email-password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The current password is incorrect')).toBeTruthy();
  });
});

describe('the login password', () => {
  it('checks the new password against the site rule and its confirmation, then changes it', async () => {
    const { callsOf } = await renderPage({ changePassword: null });
    const toasts: string[] = [];
    const subscription = bus.on('toast').subscribe((command) => toasts.push(command.message));
    await click('security-login-password-open');
    fill('security-login-password-oldPassword', 'secret123');
    fill('security-login-password-newPassword', 'short');
    fill('security-login-password-confirmNewPassword', 'other');
    await submitForm('security-login-password-form');
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
    expect(callsOf('changePassword')).toHaveLength(0);
    fill('security-login-password-newPassword', 'newpass99');
    fill('security-login-password-confirmNewPassword', 'newpass99');
    await submitForm('security-login-password-form');
    expect(callsOf('changePassword')).toEqual([{ data: { oldPassword: 'secret123', newPassword: 'newpass99', confirmNewPassword: 'newpass99' } }]);
    expect(toasts).toEqual(['Login password changed. Other devices have been signed out.']);
    subscription.unsubscribe();
  });
});

describe('the payment password', () => {
  it('sets the first one: exactly 6 digits, twice', async () => {
    const { callsOf } = await renderPage({ setWithdrawPassword: null });
    expect(screen.getByTestId('security-payment-password-status').textContent).toBe('Not set');
    await click('security-payment-password-open');
    fill('security-payment-password-paymentPassword', '12ab');
    fill('security-payment-password-confirmPaymentPassword', '12ab');
    await submitForm('security-payment-password-set-form');
    expect(screen.getAllByText('Exactly 6 digits').length).toBeGreaterThan(0);
    expect(callsOf('setWithdrawPassword')).toHaveLength(0);
    fill('security-payment-password-paymentPassword', '135790');
    fill('security-payment-password-confirmPaymentPassword', '135790');
    await submitForm('security-payment-password-set-form');
    expect(callsOf('setWithdrawPassword')).toEqual([{ data: { paymentPassword: '135790', confirmPaymentPassword: '135790' } }]);
  });

  it('changes it with the current one, or resets a forgotten one with the login password', async () => {
    const { callsOf } = await renderPage({
      memberInfoV2: { ...PROFILE, hasPaymentPassword: true },
      changeWithdrawPassword: apiFailure('invalid.payment.pw', 'The payment password is incorrect', { field: 'oldPassword' }),
      resetPaymentPassword: null,
    });
    await click('security-payment-password-open');
    fill('security-payment-password-oldPassword', '111111');
    fill('security-payment-password-newPassword', '222222');
    fill('security-payment-password-confirmNewPassword', '222222');
    await submitForm('security-payment-password-change-form');
    expect(callsOf('changeWithdrawPassword')).toHaveLength(1);
    expect(screen.getByText('The payment password is incorrect')).toBeTruthy();

    await click('security-payment-password-forgot');
    fill('security-payment-password-loginPassword', 'secret123');
    fill('security-payment-password-newPassword', '333333');
    fill('security-payment-password-confirmNewPassword', '333333');
    await submitForm('security-payment-password-reset-form');
    expect(callsOf('resetPaymentPassword')).toEqual([{ data: { loginPassword: 'secret123', newPassword: '333333', confirmNewPassword: '333333' } }]);
  });
});

describe('the authenticator app', () => {
  it('shows the new key as a QR code and as text, and binds it with a code and the login password', async () => {
    let security = SECURITY;
    const { callsOf } = await renderPage({
      securityConfig: () => security,
      twoFactorTotpStart: { secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth: 'otpauth://totp/Lucky%20Star:player01?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
      twoFactorTotpConfirm: () => {
        security = { ...security, bindGA: true };
        return security;
      },
    });
    await click('security-totp-open');
    expect(screen.getByTestId('security-totp-secret').textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    fill('security-totp-code', '12345');
    await submitForm('security-totp-bind-form');
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();
    fill('security-totp-code', '123456');
    fill('security-totp-password', 'secret123');
    await submitForm('security-totp-bind-form');
    expect(callsOf('twoFactorTotpConfirm')).toEqual([{ data: { code: '123456', password: 'secret123' } }]);
    expect(screen.getByTestId('security-totp-state').textContent).toBe('Authenticator app: on');
    expect(screen.getByTestId('security-totp-open').textContent).toBe('Unbind authenticator app');
  });

  it('unbinds it with a current code and the login password', async () => {
    const { callsOf } = await renderPage({ securityConfig: { ...SECURITY, bindGA: true }, twoFactorTotpRemove: SECURITY });
    await click('security-totp-open');
    fill('security-totp-code', '654321');
    fill('security-totp-password', 'secret123');
    await submitForm('security-totp-unbind-form');
    expect(callsOf('twoFactorTotpRemove')).toEqual([{ data: { code: '654321', password: 'secret123' } }]);
  });
});

describe('sign-in verification by e-mail and by bank account name', () => {
  it('turns e-mail verification on with an e-mailed code and the login password', async () => {
    let security: SecurityConfig = { ...SECURITY, email: 'pl***@example.com' };
    const { callsOf } = await renderPage({
      securityConfig: () => security,
      twoFactorEmailCode: { expiredMinutes: 5, expirationTime: 0, email: 'pl***@example.com' },
      twoFactorEmail: () => {
        security = { ...security, emailLoginVerification: true };
        return security;
      },
    });
    expect(screen.getByTestId('security-email-verification-state').textContent).toBe('E-mail sign-in verification: off');
    await click('security-email-verification-open');
    expect(screen.getByTestId('security-email-verification-note').textContent).toContain('pl***@example.com');
    await click('security-email-verification-send');
    expect(callsOf('twoFactorEmailCode')).toHaveLength(1);
    fill('security-email-verification-answer', '123456');
    fill('security-email-verification-password', 'secret123');
    await submitForm('security-email-verification-form');
    expect(callsOf('twoFactorEmail')).toEqual([{ data: { enabled: true, code: '123456', password: 'secret123' } }]);
    expect(screen.getByTestId('security-email-verification-state').textContent).toBe('E-mail sign-in verification: on');
    expect(screen.getByTestId('security-email-verification-open').textContent).toBe('Turn off e-mail verification');
  });

  it("turns bank account name verification on with the card's holder name, and shows the server's refusal", async () => {
    const { callsOf } = await renderPage({
      securityConfig: { ...SECURITY, bankCard: 'BRAC Bank ****5678' },
      twoFactorBankName: apiFailure('bank.name.invalid', 'The account holder name does not match your bound bank card'),
    });
    await click('security-bank-name-verification-open');
    expect(screen.getByTestId('security-bank-name-verification-note').textContent).toContain('BRAC Bank ****5678');
    fill('security-bank-name-verification-password', 'secret123');
    await submitForm('security-bank-name-verification-form');
    expect(screen.getByText('Account holder name not empty')).toBeTruthy();
    fill('security-bank-name-verification-answer', ' Rahim Uddin ');
    await submitForm('security-bank-name-verification-form');
    expect(callsOf('twoFactorBankName')).toEqual([{ data: { enabled: true, name: 'Rahim Uddin', password: 'secret123' } }]);
    expect(screen.getByTestId('security-bank-name-verification-error').textContent).toBe('The account holder name does not match your bound bank card');
  });

  it('says a bank card must be bound first when there is none', async () => {
    await renderPage();
    await click('security-bank-name-verification-open');
    expect(screen.getByTestId('security-bank-name-verification-note').textContent).toContain('No bank card is bound');
    expect(screen.queryByTestId('security-bank-name-verification-answer')).toBeNull();
  });
});

describe('languages', () => {
  it('shows the page in the member\'s language', async () => {
    await renderPage();
    await act(async () => {
      bus.set('language', 'BN');
    });
    await settle();
    expect(screen.getByText('নিরাপত্তার স্তর', { exact: false })).toBeTruthy();
  });
});

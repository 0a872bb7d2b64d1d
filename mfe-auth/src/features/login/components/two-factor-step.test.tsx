import type { LoginResult } from '@platform/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { apiFailure, renderWithProviders, settle, setStatus, stubApi } from '@platform/shared/testing';
import type { TwoFactorChallenge } from '../api/login-api';
import { twoFactorChallengeOf } from '../api/login-api';
import { TwoFactorStep } from './two-factor-step';

// The second step of a login with the e-mail and bank-account-name factors.

const LOGIN: LoginResult = { token: 'tok-2', firstTimeLogin: false, passwordExpired: false, userName: 'player02', id: 2 };

const CHALLENGE: TwoFactorChallenge = {
  ticket: 't-9',
  factors: ['email', 'bank_name'],
  mobile: null,
  smsSent: false,
  email: 'pl***@example.com',
  emailSent: true,
  bankCard: 'BRAC Bank ****5678',
};

async function renderStep(challenge = CHALLENGE) {
  const onVerified = jest.fn(async (_result: LoginResult) => undefined);
  const onCancel = jest.fn();
  renderWithProviders(<TwoFactorStep challenge={challenge} onVerified={onVerified} onCancel={onCancel} />);
  await settle();
  return { onVerified, onCancel };
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('two-factor-submit'));
  });
  await settle();
};

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

beforeEach(() => setStatus());

describe('reading the challenge', () => {
  it('keeps the e-mail and bank factors, the preferred one first', () => {
    const failure = apiFailure(
      'login_verify_required',
      'Verification required',
      { ticket: 't-9', factors: ['email', 'bank_name', 'fax'], verifyType: 'bank_name', mobile: null, smsSent: false, email: 'pl***@example.com', emailSent: false, bankCard: 'BRAC Bank ****5678' },
      403,
    );
    expect(twoFactorChallengeOf(failure)).toEqual({
      ticket: 't-9',
      factors: ['bank_name', 'email'],
      mobile: null,
      smsSent: false,
      email: 'pl***@example.com',
      emailSent: false,
      bankCard: 'BRAC Bank ****5678',
    });
  });
});

describe('TwoFactorStep with e-mail and bank account name', () => {
  it('asks for the e-mailed code, counts down the code that went out, and sends it again on request', async () => {
    const { callsOf } = stubApi({ loginVerification: LOGIN, loginVerificationEmail: { expiredMinutes: 5, expirationTime: 0, email: 'pl***@example.com' } });
    const { onVerified } = await renderStep();
    expect(screen.getByTestId('two-factor-form').getAttribute('data-factor')).toBe('email');
    expect(screen.getByTestId('two-factor-hint').textContent).toBe('Enter the code we e-mailed to pl***@example.com.');
    expect(screen.getByTestId('two-factor-email-button').textContent).toMatch(/Code sent \((60|59)\)/);
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: ' 123456 ' } });
    await submit();
    expect(callsOf('loginVerification')).toEqual([{ data: { ticket: 't-9', type: 'email', code: '123456' } }]);
    expect(onVerified).toHaveBeenCalledWith(LOGIN);
  });

  it('switches to the bank account name: names the card, never the holder, and sends the name typed', async () => {
    const { callsOf } = stubApi({ loginVerification: apiFailure('bank.name.invalid', 'The account holder name does not match your bound bank card') });
    await renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use the bank account name instead' }));
    expect(screen.getByTestId('two-factor-form').getAttribute('data-factor')).toBe('bank_name');
    expect(screen.getByTestId('two-factor-hint').textContent).toBe(
      'Enter the account holder name of your bound bank card BRAC Bank ****5678, as it is on the card.',
    );
    expect(screen.queryByTestId('two-factor-email-button')).toBeNull();
    await submit();
    expect(screen.getByText('Account holder name not empty')).toBeTruthy();
    expect(callsOf('loginVerification')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: 'Rahim Uddin' } });
    await submit();
    expect(callsOf('loginVerification')).toEqual([{ data: { ticket: 't-9', type: 'bank_name', code: 'Rahim Uddin' } }]);
    expect(screen.getByTestId('two-factor-error').textContent).toBe('The account holder name does not match your bound bank card');
    // And back to the e-mailed code.
    expect(screen.getByRole('button', { name: 'Use an e-mailed code instead' })).toBeTruthy();
  });
});

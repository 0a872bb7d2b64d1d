import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RegisterResult } from '@platform/contract';
import { apiFailure, makeStatus, REGISTER_RULES, renderWithProviders, settle, setStatus, stubApi, switches } from '@platform/shared/testing';
import { botCheckOf, challengeAnswers, decodeAnswer, decodeIssued, serverAccepts } from '../../bot-check/bot-check.testing';
import { RegisterForm, type RegistrationOutcome } from './register-form';

// What register answers (RegisterResult): the login's fields, the customer name, the masked mobile and how the account was made.
const RESULT: RegisterResult = {
  token: 'new-token',
  firstTimeLogin: false,
  passwordExpired: false,
  userName: 'newplayer1',
  id: 9,
  customerName: 'brand01@newplayer1',
  profile: { mobileNo: null },
  generatedAccount: false,
};
// GET /wps/captcha answers the PNG in base64; the form names a random id of its own in the query.
const CAPTCHA = 'iVBORw0KGgo=';

async function renderForm(route = '/register') {
  const onRegistered = jest.fn(async (_outcome: RegistrationOutcome) => undefined);
  const onLogin = jest.fn();
  renderWithProviders(<RegisterForm onRegistered={onRegistered} onLogin={onLogin} />, { route });
  await settle();
  return { onRegistered, onLogin };
}

const field = (name: string) => screen.getByTestId(`register-${name}`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('register-submit'));
  });
  await settle();
};
const shownFields = () => [...screen.getByTestId('register-form').querySelectorAll('input:not([type=checkbox])')].map((input) => input.getAttribute('name'));

describe('RegisterForm, account mode', () => {
  beforeEach(() => setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3') })));

  it("shows the fields the server's rules enable, marking required ones with ＊", async () => {
    stubApi({});
    await renderForm();
    expect(shownFields()).toEqual(['username', 'password', 'confirmPassword', 'mobileNum', 'payeeName', 'email', 'affiliateCode']);
    expect(field('username').placeholder).toBe('＊ Username');
    expect(field('password').placeholder).toBe('＊ Password');
    expect(field('email').placeholder).toBe('E-mail');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('checks each field against its rule, with the pattern message and its length bounds', async () => {
    const { call } = stubApi({});
    await renderForm();
    await submit();
    expect(screen.getByText('Username not empty')).toBeTruthy();
    expect(screen.getByText('Confirm password not empty')).toBeTruthy();
    fill('username', '9lives');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel24');
    fill('email', 'nope');
    await submit();
    expect(screen.getByText('Start with a letter, then letters and digits, 6-16 characters')).toBeTruthy();
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address (5-64 characters)')).toBeTruthy();
    expect(call.mock.calls.some(([row]) => row.name === 'register')).toBe(false);
  });

  it('tells what a password takes: 8-64 characters of anything, and not a common one', async () => {
    stubApi({});
    await renderForm();
    expect(screen.getByTestId('register-password-hint').textContent).toBe(
      '8-64 characters; letters, digits, symbols and spaces are all welcome. Common or leaked passwords are not accepted.',
    );
    expect(field('password').getAttribute('aria-describedby')).toBe(screen.getByTestId('register-password-hint').id);
    fill('password', 'short12');
    await submit();
    expect(screen.getByText('8-64 characters')).toBeTruthy();
    expect(screen.queryByTestId('register-password-hint')).toBeNull();
  });

  it("shows the server's refusal of a common password under the password field", async () => {
    stubApi({
      register: apiFailure('password.too.common', 'This password is too common and easy to guess; please choose another', { field: 'password' }),
    });
    await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'password1');
    fill('confirmPassword', 'password1');
    await submit();
    const password = field('password').closest('div')!.parentElement!;
    expect(within(password).getByRole('alert').textContent).toBe('This password is too common and easy to guess; please choose another');
  });

  it('shows and loads the captcha when the server asks for it, and sends it with the next try', async () => {
    let attempts = 0;
    const { callsOf } = stubApi({
      register: () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('captcha.required', 'Please enter the captcha', { field: 'captcha', captcha: true });
        return RESULT;
      },
      captcha: CAPTCHA,
    });
    const { onRegistered } = await renderForm();
    expect(screen.queryByTestId('register-captcha')).toBeNull();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    await submit();
    expect(onRegistered).not.toHaveBeenCalled();
    const image = within(screen.getByTestId('register-captcha-image')).getByRole('img', { name: 'Captcha image' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${CAPTCHA}`);
    await submit();
    expect(screen.getByText('Captcha not empty')).toBeTruthy();
    fill('captcha', ' KM4P ');
    await submit();
    const { captchaId } = (callsOf('captcha')[0] as { params: { captchaId: string } }).params;
    expect(captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(callsOf('register')[1]?.data).toMatchObject({ username: 'newplayer1', captcha: 'KM4P', captchaId });
    expect(onRegistered).toHaveBeenCalledTimes(1);
  });

  it("shows why an invitation code could not be checked (too many checks) instead of 'invitation code error'", async () => {
    const { callsOf } = stubApi({
      affiliateCheck: apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 5 minutes', { captcha: true }, 429),
    });
    await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('affiliateCode', 'AGENT01');
    await submit();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('register-error').textContent).toBe('too many requests, try again after 5 minutes');
    expect(callsOf('register')).toHaveLength(0);
  });

  it('checks a field when it loses focus', async () => {
    stubApi({});
    await renderForm();
    fill('username', 'ab');
    fireEvent.blur(field('username'));
    expect(screen.getByText('Start with a letter, then letters and digits, 6-16 characters')).toBeTruthy();
  });

  it('registers with the trimmed fields plus what the submission always adds', async () => {
    const { callsOf } = stubApi({ affiliateCheck: { valid: true }, register: RESULT });
    const { onRegistered } = await renderForm();
    fill('username', ' newplayer1 ');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('mobileNum', '1712345678');
    fill('affiliateCode', 'AGENT01');
    await submit();
    expect(callsOf('affiliateCheck')).toEqual([{ params: { code: 'AGENT01', domain: 'localhost' } }]);
    expect(callsOf('register')).toEqual([
      {
        data: {
          username: 'newplayer1',
          password: 'kestrel42',
          confirmPassword: 'kestrel42',
          mobileNum: '1712345678',
          countryDialingCode: '+880',
          affiliateCode: 'AGENT01',
          login: true,
          registerUrl: 'http://localhost/',
          registerMethod: 'WEB',
          domain: 'localhost',
        },
      },
    ]);
    expect(onRegistered).toHaveBeenCalledWith({ result: RESULT, mode: 'register', username: 'newplayer1' });
  });

  it("stops with 'invitation code error' when the affiliate code is refused", async () => {
    const { callsOf } = stubApi({ affiliateCheck: apiFailure('invalid.affiliate.code', 'Invalid invitation code') });
    const { onRegistered } = await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('affiliateCode', 'NOPE1');
    await submit();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Invitation code error')).toBeTruthy();
    expect(callsOf('register')).toHaveLength(0);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('takes the affiliate code from the address when the site shows no field for it', async () => {
    setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3'), register: { ...REGISTER_RULES, affiliateCode: { ...REGISTER_RULES.affiliateCode, enabled: false } } }));
    const rules = { ...REGISTER_RULES, affiliateCode: { ...REGISTER_RULES.affiliateCode, enabled: false } };
    const { callsOf } = stubApi({ registerSettings: rules, affiliateCheck: { valid: true }, register: RESULT });
    await renderForm('/register?affiliateCode=FROMURL');
    expect(screen.queryByTestId('register-affiliateCode')).toBeNull();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    await submit();
    expect(callsOf('affiliateCheck')).toEqual([{ params: { code: 'FROMURL', domain: 'localhost' } }]);
    expect((callsOf('register')[0]?.data as Record<string, unknown>).affiliateCode).toBe('FROMURL');
  });

  it('pre-fills the referral code from ?referralCode=', async () => {
    stubApi({});
    await renderForm('/register?referralCode=FRIEND7');
    expect(field('referralCode').value).toBe('FRIEND7');
  });

  it('links the user agreement to /help and agrees by default; unticked it stops the form', async () => {
    const { call } = stubApi({});
    await renderForm();
    expect(screen.getByRole('link', { name: 'User Agreement' }).getAttribute('href')).toBe('/help');
    const agreement = screen.getByTestId('register-agreement') as HTMLInputElement;
    expect(agreement.checked).toBe(true);
    fireEvent.click(agreement);
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    await submit();
    expect(screen.getByText('Please agree to the User Agreement')).toBeTruthy();
    expect(call.mock.calls.some(([row]) => row.name === 'register')).toBe(false);
  });

  it("shows the server's refusal it was not already told about", async () => {
    stubApi({ register: apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 5 minutes', null, 429) });
    await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    await submit();
    expect(screen.getByTestId('register-error').textContent).toBe('too many requests, try again after 5 minutes');
  });

  it('shows a field the server refuses under that field', async () => {
    stubApi({ register: apiFailure('exists.username.err', 'This username is already taken', { field: 'username' }) });
    await renderForm();
    fill('username', 'takenname1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    await submit();
    expect(field('username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This username is already taken')).toBeTruthy();
  });
});

describe('RegisterForm, mobile mode', () => {
  it('with MOBILENUMREG3 and REGMOBVERF3: mobile number and SMS code, the account named after the number', async () => {
    setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3') }));
    const { callsOf } = stubApi({ smsRegister: { expiredMinutes: 5, expirationTime: 0 }, register: RESULT, registerMobile: { ...RESULT, userName: '1712345678' } });
    const { onRegistered } = await renderForm();
    // Account mode gets the SMS check of its mobile number too, needed once a number is given.
    expect(shownFields()).toContain('verificationCode');
    expect(field('verificationCode').placeholder).toBe('Verification code');
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('mobileNum', '1712345678');
    await submit();
    expect(screen.getByText('Verification code not empty')).toBeTruthy();
    expect(callsOf('register')).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    expect(shownFields()).toEqual(['mobileNum', 'verificationCode', 'payeeName', 'email', 'affiliateCode']);

    // What was typed in the other mode stays.
    expect(field('mobileNum').value).toBe('1712345678');
    fill('mobileNum', '');
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-sms-code-button'));
    });
    expect(callsOf('smsRegister')).toHaveLength(0);
    fill('mobileNum', '1712345678');
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-sms-code-button'));
    });
    await settle();
    expect(callsOf('smsRegister')).toEqual([{ data: { countryDialingCode: '+880', mobileNo: '1712345678' } }]);
    expect(screen.getByTestId('register-sms-code-button').textContent).toMatch(/Code sent \(300|299\)/);

    fill('verificationCode', '246810');
    await submit();
    const sent = callsOf('registerMobile')[0]?.data as Record<string, unknown>;
    expect(sent).toMatchObject({ mobileNum: '1712345678', verificationCode: '246810', username: '1712345678', countryDialingCode: '+880', registerMethod: 'WEB', login: true });
    expect(callsOf('register')).toHaveLength(0);
    expect(onRegistered).toHaveBeenCalledWith({ result: { ...RESULT, userName: '1712345678' }, mode: 'registerMobile', username: '1712345678' });
  });

  it('asks for a password in mobile mode only with MOBILENUMPASSREG3', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILENUMREG3', 'MOBILENUMPASSREG3') }));
    stubApi({});
    await renderForm();
    expect(shownFields().slice(0, 3)).toEqual(['mobileNum', 'password', 'confirmPassword']);
  });

  it('says registration is closed when neither mode is on', async () => {
    setStatus(makeStatus({ whitelabel: {} }));
    stubApi({});
    await renderForm();
    expect(screen.getByTestId('register-closed')).toBeTruthy();
  });
});

describe('RegisterForm bot check (after the invitation code, then bot check; SMS sends run it first)', () => {

  it('when required: checks the invitation code, then solves the check (saying so), then registers with an answer the server accepts', async () => {
    setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3') }));
    // About 20,000 hashes: long enough to see the form while it works.
    const { issued, answer } = challengeAnswers(true, 20_000);
    const { call, callsOf } = stubApi({ affiliateCheck: { valid: true }, botCheckChallenge: answer, register: RESULT });
    const { onRegistered } = await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('affiliateCode', 'AGENT01');
    const status = screen.getByTestId('register-bot-check-status');
    expect(status.getAttribute('role')).toBe('status');
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    await waitFor(() => expect(status.textContent).toBe('Verifying you are not a robot…'));
    expect(screen.getByTestId('register-submit').getAttribute('aria-busy')).toBe('true');
    expect(field('username').value).toBe('newplayer1');

    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(status.textContent).toBe('');
    expect(call.mock.calls.map(([row]) => row.name)).toEqual(['affiliateCheck', 'botCheckChallenge', 'register']);
    const sent = callsOf('register')[0];
    expect(sent?.data).toMatchObject({ username: 'newplayer1', affiliateCode: 'AGENT01', botCheck: expect.any(String) });
    expect(decodeAnswer(botCheckOf(sent)!).challenge).toEqual(decodeIssued(issued[0]));
    await expect(serverAccepts(botCheckOf(sent)!)).resolves.toBe(true);
  });

  it('a refused invitation code stops before the bot check', async () => {
    setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3') }));
    const { answer } = challengeAnswers(true);
    const { callsOf } = stubApi({ affiliateCheck: apiFailure('invalid.affiliate.code', 'Invalid invitation code'), botCheckChallenge: answer, register: RESULT });
    await renderForm();
    fill('username', 'newplayer1');
    fill('password', 'kestrel42');
    fill('confirmPassword', 'kestrel42');
    fill('affiliateCode', 'NOPE1');
    await submit();
    expect(screen.getByRole('dialog').textContent).toContain('Invitation code error');
    expect(callsOf('botCheckChallenge')).toHaveLength(0);
    expect(callsOf('register')).toHaveLength(0);
  });

  it('mobile mode: the SMS code send and the registration each carry a check of their own', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILENUMREG3', 'REGMOBVERF3') }));
    const { issued, answer } = challengeAnswers(true);
    const { callsOf } = stubApi({ botCheckChallenge: answer, smsRegister: { expiredMinutes: 1, expirationTime: 0 }, registerMobile: { ...RESULT, userName: '1712345678' } });
    const { onRegistered } = await renderForm();
    fill('mobileNum', '1712345678');
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-sms-code-button'));
    });
    await waitFor(() => expect(screen.getByTestId('register-sms-code-button').textContent).toMatch(/Code sent \((60|59)\)/));
    const [smsSend] = callsOf('smsRegister');
    expect(smsSend).toEqual({ data: { countryDialingCode: '+880', mobileNo: '1712345678', botCheck: expect.any(String) } });
    expect(decodeAnswer(botCheckOf(smsSend)!).challenge).toEqual(decodeIssued(issued[0]));
    await expect(serverAccepts(botCheckOf(smsSend)!)).resolves.toBe(true);

    fill('verificationCode', '246810');
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    const registration = callsOf('registerMobile')[0];
    expect(registration?.data).toMatchObject({ mobileNum: '1712345678', verificationCode: '246810', botCheck: expect.any(String) });
    expect(decodeAnswer(botCheckOf(registration)!).challenge).toEqual(decodeIssued(issued[1]));
    await expect(serverAccepts(botCheckOf(registration)!)).resolves.toBe(true);
  });
});

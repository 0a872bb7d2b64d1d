import { cookieStore, rememberLogin, type LoginResult } from '@platform/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginCall, smsNoLoginCall } from '@platform/contract';
import {
  apiFailure,
  makeStatus,
  recordCommands,
  REGISTER_RULES,
  renderWithProviders,
  settle,
  setStatus,
  stubApi,
  switches,
  type CallOptionsSeen,
} from '@platform/shared/testing';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { apiClientAtEdge, botCheckOf, challengeAnswers, decodeAnswer, decodeIssued, envelopeOf, refusalOf, serverAccepts } from '../../bot-check/bot-check.testing';
import { LoginForm } from './login-form';

const LOGIN: LoginResult = { token: 'tok-1', firstTimeLogin: false, passwordExpired: false, userName: 'player01', id: 1 };
// GET /wps/captcha answers the PNG in base64; the form names a random id of its own in the query.
const CAPTCHA = 'iVBORw0KGgo=';
const CAPTCHA_IMAGE = `data:image/png;base64,${CAPTCHA}`;
const captchaIdsOf = (calls: unknown[]) => calls.map((call) => (call as { params: { captchaId: string } }).params.captchaId);

async function renderForm(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onLoggedIn = jest.fn(async (_outcome: LoginOutcome) => undefined);
  const onForgotPassword = jest.fn();
  const onRegister = jest.fn();
  renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} onForgotPassword={onForgotPassword} onRegister={onRegister} {...props} />);
  await settle();
  return { onLoggedIn, onForgotPassword, onRegister };
}

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`login-${name}`), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
  });
  await settle();
};

describe('LoginForm by username', () => {
  beforeEach(() => setStatus());

  it('sends the trimmed username and password and hands over the login', async () => {
    const { callsOf } = stubApi({ login: LOGIN });
    const { onLoggedIn } = await renderForm();
    type('username', '  player01 ');
    type('password', ' secret1 ');
    await submit();
    expect(callsOf('login')).toEqual([{ data: { username: 'player01', password: 'secret1', type: 'username' } }]);
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'username', username: 'player01', password: 'secret1' });
  });

  it('remember me keeps the username for a day and never the password: the browser’s password manager is offered it, and fills it next time', async () => {
    const stored: unknown[] = [];
    class FakePasswordCredential {
      constructor(readonly init: { id: string; password: string; name?: string }) {}
    }
    Object.assign(globalThis, { PasswordCredential: FakePasswordCredential });
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: { store: jest.fn(async (credential: unknown) => void stored.push(credential)) },
    });
    try {
      stubApi({ login: LOGIN });
      await renderForm();
      // Fields a password manager recognises.
      expect(screen.getByTestId('login-username').getAttribute('autocomplete')).toBe('username');
      expect(screen.getByTestId('login-password').getAttribute('autocomplete')).toBe('current-password');
      expect(screen.getByTestId('login-password').getAttribute('type')).toBe('password');
      type('username', 'player01');
      type('password', 'Secret-pw-1');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      await submit();

      // Nothing a script of the page can read holds the password.
      const readable = [document.cookie, JSON.stringify({ ...window.localStorage }), JSON.stringify({ ...window.sessionStorage })].join('\n');
      expect(readable).not.toContain('Secret-pw-1');
      expect(cookieStore.get('lastUser')).toBe('player01');
      expect(cookieStore.get('remember')).toBe(true);
      // The browser's own store was offered the login (it asks the player).
      expect(stored).toEqual([expect.objectContaining({ init: { id: 'player01', password: 'Secret-pw-1', name: 'player01' } })]);

      // Next time: the username is filled in and the box ticked; the password is left to the browser.
      cleanup();
      await renderForm();
      expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
      expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('');
      expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(true);
    } finally {
      delete (globalThis as { PasswordCredential?: unknown }).PasswordCredential;
      delete (navigator as { credentials?: unknown }).credentials;
    }
  });

  it('remember me works where the browser has no Credential Management API', async () => {
    stubApi({ login: LOGIN });
    await renderForm();
    type('username', 'player01');
    type('password', 'Secret-pw-1');
    fireEvent.click(screen.getByTestId('login-remember'));
    await submit();
    expect(cookieStore.get('lastUser')).toBe('player01');
    expect(document.cookie).not.toContain('Secret-pw-1');
  });

  it('does not send an invalid form: each empty field says so under it, with ＊ in required placeholders', async () => {
    const { call } = stubApi({});
    await renderForm();
    expect(screen.getByTestId('login-username').getAttribute('placeholder')).toBe('＊ Username');
    await submit();
    expect(screen.getByText('Username not empty')).toBeTruthy();
    expect(screen.getByText('Password not empty')).toBeTruthy();
    expect(call.mock.calls.filter(([row]) => row.name === 'login')).toHaveLength(0);
    type('username', 'player01');
    expect(screen.queryByText('Username not empty')).toBeNull();
  });

  it('forgets the remembered login when remember me is unticked', async () => {
    rememberLogin('player01', true);
    stubApi({ login: LOGIN });
    await renderForm();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
    const remember = screen.getByTestId('login-remember') as HTMLInputElement;
    expect(remember.checked).toBe(true);
    type('password', 'secret1');
    fireEvent.click(remember);
    await submit();
    expect(cookieStore.get('lastUser')).toBeNull();
    expect(cookieStore.get('remember')).toBeNull();
  });

  it('deletes a password an earlier version left in a cookie, and does not fill it in', async () => {
    document.cookie = 'lastUser=player01; Path=/';
    document.cookie = 'remember=true; Path=/';
    document.cookie = 'pwd_player01=old-secret; Path=/';
    stubApi({});
    await renderForm();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('');
    expect(document.cookie).not.toContain('old-secret');
  });

  it('shows and loads the captcha when a failure asks for it, and sends it with the next try', async () => {
    let attempts = 0;
    const { callsOf } = stubApi({
      login: () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('username.or.password.err', 'Wrong username or password', { captcha: true });
        return LOGIN;
      },
      captcha: CAPTCHA,
    });
    const { onLoggedIn } = await renderForm();
    expect(screen.queryByTestId('login-captcha')).toBeNull();
    type('username', 'player01');
    type('password', 'wrong1');
    await submit();
    expect(onLoggedIn).not.toHaveBeenCalled();
    const image = within(screen.getByTestId('login-captcha-image')).getByRole('img', { name: 'Captcha image' });
    expect(image.getAttribute('src')).toBe(CAPTCHA_IMAGE);
    // The API client has shown the server's message; the form adds nothing.
    expect(screen.queryByTestId('login-error')).toBeNull();

    type('password', 'secret1');
    await submit();
    expect(screen.getByText('Captcha not empty')).toBeTruthy();
    type('captcha', ' AB12 ');
    await submit();
    const [captchaId] = captchaIdsOf(callsOf('captcha'));
    expect(captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(callsOf('login')[1]).toEqual({ data: { username: 'player01', password: 'secret1', type: 'username', captcha: 'AB12', captchaId } });
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
  });

  it('shows the captcha before the first submit when the server will ask for one (an address with earlier failures)', async () => {
    const { callsOf } = stubApi({ loginCaptcha: { captcha: true }, captcha: CAPTCHA, login: LOGIN });
    const { onLoggedIn } = await renderForm();
    expect(callsOf('loginCaptcha')).toEqual([{ params: {} }]);
    expect(within(screen.getByTestId('login-captcha-image')).getByRole('img', { name: 'Captcha image' }).getAttribute('src')).toBe(CAPTCHA_IMAGE);
    type('username', 'player01');
    type('password', 'secret1');
    type('captcha', 'AB12');
    await submit();
    const [captchaId] = captchaIdsOf(callsOf('captcha'));
    // The first try already carries the captcha: the right password is not refused for the want of one.
    expect(callsOf('login')).toEqual([{ data: { username: 'player01', password: 'secret1', type: 'username', captcha: 'AB12', captchaId } }]);
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
  });

  it('asks again for the account once its name is typed, and shows no captcha when none will be asked for', async () => {
    const { callsOf } = stubApi({ loginCaptcha: (options: CallOptionsSeen) => ({ captcha: options?.params?.username === 'player01' }), captcha: CAPTCHA });
    await renderForm();
    expect(screen.queryByTestId('login-captcha')).toBeNull();
    type('username', ' player01 ');
    await act(async () => {
      fireEvent.blur(screen.getByTestId('login-username'));
    });
    await settle();
    expect(callsOf('loginCaptcha')).toEqual([{ params: {} }, { params: { username: 'player01' } }]);
    expect(screen.getByTestId('login-captcha')).toBeTruthy();
  });

  it('refreshes the captcha on a click, at most once a second', async () => {
    const register = { ...REGISTER_RULES, captcha: { ...REGISTER_RULES.captcha, enabled: true } };
    setStatus(makeStatus({ register }));
    const { callsOf } = stubApi({ captcha: CAPTCHA, registerSettings: register });
    await renderForm();
    await settle();
    expect(callsOf('captcha')).toHaveLength(1);
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh captcha' }));
    await settle();
    expect(callsOf('captcha')).toHaveLength(2);
    now.mockReturnValue(Date.now() + 7_000);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh captcha' }));
    await settle();
    expect(callsOf('captcha')).toHaveLength(3);
    // Every image is asked for with a fresh id.
    expect(new Set(captchaIdsOf(callsOf('captcha'))).size).toBe(3);
  });

  it("shows the server's message for too many attempts (which the API client leaves to the form)", async () => {
    stubApi({ login: apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 5 minutes', { captcha: true }, 429), captcha: CAPTCHA });
    await renderForm();
    type('username', 'player01');
    type('password', 'secret1');
    await submit();
    expect(screen.getByTestId('login-error').textContent).toBe('too many requests, try again after 5 minutes');
  });

  it('asks for the second factor when the server requires it, then completes the login', async () => {
    const { callsOf } = stubApi({
      login: apiFailure('login_verify_required', 'Verification required', { ticket: 't-123', factors: ['totp'], verifyType: 'totp', mobile: null, smsSent: false }, 403),
      loginVerification: LOGIN,
    });
    const { onLoggedIn } = await renderForm();
    type('username', 'player01');
    type('password', 'secret1');
    await submit();
    const step = screen.getByTestId('two-factor-form');
    expect(step.textContent).toContain('authenticator app');
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('two-factor-submit'));
    });
    await settle();
    expect(callsOf('loginVerification')).toEqual([{ data: { ticket: 't-123', type: 'totp', code: '123456' } }]);
    expect(screen.queryByTestId('two-factor-switch')).toBeNull();
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'username', username: 'player01', password: 'secret1' });
  });

  it('with SMS as the first factor: the code went out, can be sent again, and the app may be used instead', async () => {
    const { callsOf } = stubApi({
      login: apiFailure(
        'login_verify_required',
        'Verification required',
        { ticket: 't-1', factors: ['sms', 'totp'], verifyType: 'sms', mobile: '+880171*****78', smsSent: true, expirationTime: 0 },
        403,
      ),
      loginVerification: apiFailure('sms.code.invalid', 'The verification code is not valid'),
    });
    await renderForm();
    type('username', 'player01');
    type('password', 'secret1');
    await submit();
    const step = screen.getByTestId('two-factor-form');
    expect(step.textContent).toContain('+880171*****78');
    expect(screen.getByTestId('two-factor-sms-button').textContent).toMatch(/Code sent \((60|59)\)/);
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('two-factor-submit'));
    });
    await settle();
    expect(callsOf('loginVerification')).toEqual([{ data: { ticket: 't-1', type: 'sms', code: '000000' } }]);
    expect(screen.getByTestId('two-factor-error').textContent).toBe('The verification code is not valid');

    fireEvent.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(screen.getByTestId('two-factor-form').getAttribute('data-factor')).toBe('totp');
    expect(screen.queryByTestId('two-factor-sms-button')).toBeNull();
  });

  it('links to the forgotten password and to registration', async () => {
    stubApi({});
    const { onForgotPassword, onRegister } = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalled();
    expect(screen.getByText('No account?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register now' }));
    expect(onRegister).toHaveBeenCalled();
  });
});

describe('LoginForm switches', () => {
  it('offers SMS login and free play only when the site has them on', async () => {
    setStatus();
    stubApi({});
    await renderForm();
    expect(screen.queryByTestId('login-method')).toBeNull();
    expect(screen.queryByTestId('free-play-button')).toBeNull();
  });

  it('logs in by SMS code: the mobile number is checked before a code is sent, and remembered', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILEVERCODELOGIN3') }));
    const { callsOf } = stubApi({ smsNoLogin: { expiredMinutes: 1, expirationTime: 0 }, login: LOGIN });
    const { onLoggedIn } = await renderForm();
    await settle();
    fireEvent.click(screen.getByTestId('login-method'));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'SMS login' }));
    expect(screen.queryByTestId('login-username')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Country code' }).textContent).toContain('+880');

    await act(async () => {
      fireEvent.click(screen.getByTestId('login-sms-code-button'));
    });
    expect(screen.getByText('Mobile number not empty')).toBeTruthy();
    expect(callsOf('smsNoLogin')).toHaveLength(0);

    type('mobileNum', ' 1712345678 ');
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-sms-code-button'));
    });
    await settle();
    expect(callsOf('smsNoLogin')).toEqual([{ data: { countryDialingCode: '+880', mobileNo: '1712345678' } }]);
    expect(screen.getByTestId('login-sms-code-button').textContent).toMatch(/Code sent \((60|59)\)/);

    type('code', '654321');
    fireEvent.click(screen.getByTestId('login-remember'));
    await submit();
    expect(callsOf('login')).toEqual([{ data: { username: '1712345678', password: '654321', type: 'sms', countryDialingCode: '+880' } }]);
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'sms', username: '1712345678' });
    expect(cookieStore.get('smsLogin')).toEqual({ mobileNum: '1712345678', countryDialingCode: '+880' });
  });

  it('logs in for free play with FREEPLAY3', async () => {
    setStatus(makeStatus({ whitelabel: switches('FREEPLAY3') }));
    const guest = { ...LOGIN, token: 'guest', userName: 'guest_1' };
    stubApi({ freePlayLogin: guest });
    const { onLoggedIn } = await renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Free play' }));
    });
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ result: guest, method: 'freeplay', username: '' }));
  });
});

describe('LoginForm bot check (password logins and SMS code sends run it first)', () => {
  beforeEach(() => setStatus());


  it('sends no check when the server does not require one', async () => {
    const { answer } = challengeAnswers(false);
    const { callsOf } = stubApi({ botCheckChallenge: answer, login: LOGIN });
    const { onLoggedIn } = await renderForm();
    type('username', 'player01');
    type('password', 'secret1');
    await submit();
    // The challenge is asked for first, the login after its answer: wait for both (a loaded
    // machine once let the login land in the next test).
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(callsOf('botCheckChallenge')).toHaveLength(1);
    expect(callsOf('login')).toEqual([{ data: { username: 'player01', password: 'secret1', type: 'username' } }]);
  });

  it('when required: says it is verifying while it solves, keeps the button busy and the form filled, then sends an answer the server accepts', async () => {
    // About 20,000 hashes: long enough to see the form while it works.
    const { issued, answer } = challengeAnswers(true, 20_000);
    const { callsOf } = stubApi({ botCheckChallenge: answer, login: LOGIN });
    const { onLoggedIn } = await renderForm();
    const status = screen.getByTestId('login-bot-check-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    type('username', 'player01');
    type('password', 'secret1');
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    await waitFor(() => expect(status.textContent).toBe('Verifying you are not a robot…'));
    expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).toBe('true');
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('player01');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('secret1');
    expect(callsOf('login')).toHaveLength(0);

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(status.textContent).toBe('');
    const [sent] = callsOf('login');
    expect(sent).toEqual({ data: { username: 'player01', password: 'secret1', type: 'username', botCheck: expect.any(String) } });
    expect(decodeAnswer(botCheckOf(sent)!).challenge).toEqual(decodeIssued(issued[0]));
    await expect(serverAccepts(botCheckOf(sent)!)).resolves.toBe(true);
  });

  it('when the login answers botcheck.required all the same: one resend with a freshly solved challenge, and the player is in', async () => {
    const { issued, answer } = challengeAnswers(false);
    let attempts = 0;
    const { callsOf } = stubApi({
      botCheckChallenge: answer,
      login: () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('botcheck.required', 'Please complete verification first', { botCheck: true });
        return LOGIN;
      },
    });
    const { onLoggedIn } = await renderForm();
    type('username', 'player01');
    type('password', 'secret1');
    await submit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    const sent = callsOf('login');
    expect(sent).toHaveLength(2);
    expect(botCheckOf(sent[0])).toBeUndefined();
    expect(decodeAnswer(botCheckOf(sent[1])!).challenge).toEqual(decodeIssued(issued[1]));
    await expect(serverAccepts(botCheckOf(sent[1])!)).resolves.toBe(true);
    expect(onLoggedIn).toHaveBeenCalledWith({ result: LOGIN, method: 'username', username: 'player01', password: 'secret1' });
  });

  it('botcheck.invalid: the player is told the server’s message (the API client’s toast) and nothing is resent', async () => {
    const { answer } = challengeAnswers(true);
    const edge = await apiClientAtEdge(() => refusalOf('botcheck.invalid', 'invalid reCaptcha input', { botCheck: true }));
    const { callsOf } = stubApi({ botCheckChallenge: answer, login: (options: CallOptionsSeen) => edge.client.call(loginCall, options as never) });
    const toasts = recordCommands('toast');
    try {
      const { onLoggedIn } = await renderForm();
      type('username', 'player01');
      type('password', 'secret1');
      await submit();
      await waitFor(() => expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).toBeNull());
      // The sealed login carried the solved check; the server refused it once, and that was all.
      expect(edge.requests).toEqual([{ method: 'POST', path: '/wps/session/login', data: expect.objectContaining({ username: 'player01', botCheck: expect.any(String) }) }]);
      expect(callsOf('botCheckChallenge')).toHaveLength(1);
      expect(toasts.commands).toEqual([{ type: 'toast', level: 'error', message: 'invalid reCaptcha input' }]);
      expect(onLoggedIn).not.toHaveBeenCalled();
      expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('secret1');
    } finally {
      toasts.stop();
      edge.client.dispose();
    }
  });

  it('a challenge this browser cannot solve: the form says “invalid reCaptcha input” and sends nothing', async () => {
    const { callsOf } = stubApi({ botCheckChallenge: { required: true, challenge: btoa('{"parameters":{}}') }, login: LOGIN });
    await renderForm();
    type('username', 'player01');
    type('password', 'secret1');
    await submit();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('invalid reCaptcha input'));
    expect(callsOf('login')).toHaveLength(0);
  });

  it('the SMS login code send carries the solved check; a refused check is shown as the send’s warning', async () => {
    setStatus(makeStatus({ whitelabel: switches('MOBILEVERCODELOGIN3') }));
    const { issued, answer } = challengeAnswers(true);
    let sends = 0;
    const edge = await apiClientAtEdge(() => {
      sends += 1;
      return sends === 1 ? envelopeOf({ expiredMinutes: 1, expirationTime: 0 }) : refusalOf('botcheck.invalid', 'invalid reCaptcha input', { botCheck: true });
    });
    stubApi({ botCheckChallenge: answer, smsNoLogin: (options: CallOptionsSeen) => edge.client.call(smsNoLoginCall, options as never) });
    try {
      await renderForm();
      fireEvent.click(screen.getByTestId('login-method'));
      fireEvent.click(screen.getByRole('menuitemradio', { name: 'SMS login' }));
      type('mobileNum', '1712345678');
      await act(async () => {
        fireEvent.click(screen.getByTestId('login-sms-code-button'));
      });
      await waitFor(() => expect(screen.getByTestId('login-sms-code-button').textContent).toMatch(/Code sent \((60|59)\)/));
      expect(edge.requests).toEqual([
        { method: 'POST', path: '/wps/verification/sms/noLogin', data: { countryDialingCode: '+880', mobileNo: '1712345678', botCheck: expect.any(String) } },
      ]);
      const botCheck = (edge.requests[0].data as { botCheck: string }).botCheck;
      expect(decodeAnswer(botCheck).challenge).toEqual(decodeIssued(issued[0]));
      await expect(serverAccepts(botCheck)).resolves.toBe(true);

      // Another form, a refused check: the warning with the server's message, no countdown.
      cleanup();
      await renderForm();
      fireEvent.click(screen.getByTestId('login-method'));
      fireEvent.click(screen.getByRole('menuitemradio', { name: 'SMS login' }));
      type('mobileNum', '1712345679');
      await act(async () => {
        fireEvent.click(screen.getByTestId('login-sms-code-button'));
      });
      const warning = await screen.findByTestId('sms-send-failed', {}, { timeout: 5_000 });
      expect(warning.textContent).toContain('invalid reCaptcha input');
      expect(screen.getByTestId('login-sms-code-button').textContent).toBe('Get code');
      expect(edge.requests).toHaveLength(2);
    } finally {
      edge.client.dispose();
    }
  });
});

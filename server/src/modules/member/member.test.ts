import type { Envelope, LoginResult, MemberAvatar, MemberInfo, ModuleId, WalletBalance } from '@platform/contract';
import { MESSAGE_LANGUAGES, translate } from '../../i18n/messages';
import { memberMessages } from './member.messages';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createAccountHooks, type AccountRequestContext } from '../session';
import { createMember, encryptedInject, knownCaptcha, loginRequest, setModule, TestClock, tokenFor } from './member.testing';

// Registration (both modes), the affiliate check, member info, avatar and language.

const clock = new TestClock();
const hooks = createAccountHooks();
let context: TestContext;

interface RegisterValue extends Required<LoginResult> {
  customerName: string;
  profile: { mobileNo: string | null };
  generatedAccount: boolean;
}
type Failure = Envelope<Record<string, unknown> | null>;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: hooks });
  await createMember(context.pool, context.merchantId, { username: 'agent0001', password: 'agent123', memberType: 1, affiliateCode: 'AGENT77' });
  await createMember(context.pool, context.merchantId, { username: 'plain0001', password: 'plain123', affiliateCode: 'PLAIN77' });
});

afterAll(async () => {
  await context.close();
});

beforeEach(() => {
  delete hooks.registrationCodeVerifier;
});

// Each registration comes from an address of its own: these tests are about the rules, and the
// per-address limits have registration-abuse.test.ts.
let addresses = 0;
const nextAddress = () => `10.77.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  encryptedInject(context.app, 'PUT', '/wps/member/register', payload, { headers, remoteAddress: nextAddress() });
const registerMobile = (payload: Record<string, unknown>) =>
  encryptedInject(context.app, 'PUT', '/wps/member/register/mobile', payload, { remoteAddress: nextAddress() });
const withToken = (method: 'GET' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
  context.app.inject({ method, url, headers: { authorization: token }, payload });

async function withModule(moduleId: ModuleId, enabled: boolean, work: () => Promise<void>): Promise<void> {
  await setModule(context.pool, context.merchantId, moduleId, enabled);
  try {
    await work();
  } finally {
    const seeded: Partial<Record<ModuleId, boolean>> = { USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true, MOBILENUMPASSREG3: false };
    await setModule(context.pool, context.merchantId, moduleId, seeded[moduleId] ?? false);
  }
}

/** A registration-code verifier as the verification module provides it: one live code per number. */
const codes = new Map<string, string>();
const verifier = {
  async verifyRegistrationCode(_context: AccountRequestContext, mobileE164: string, code: string) {
    if (codes.get(mobileE164) !== code) return false;
    codes.delete(mobileE164);
    return true;
  },
};

describe('PUT /wps/member/register', () => {
  it('creates the member, logs them in and answers the customer name', async () => {
    const response = await register({
      username: 'Newbie01',
      password: 'kestrel42',
      confirmPassword: 'kestrel42',
      email: 'newbie@example.com',
      registerMethod: 'WEB',
      registerUrl: 'https://luckystar.example/register',
      login: true,
      domain: 'luckystar.example',
      someBotCheckField: 'ignored',
    });
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<RegisterValue>>(response).value;
    expect(value).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      firstTimeLogin: false,
      passwordExpired: false,
      userName: 'Newbie01',
      id: expect.any(Number),
      customerName: 'DEFAULT@Newbie01',
      profile: { mobileNo: null },
      generatedAccount: false,
    });
    const info = json<Envelope<MemberInfo>>(await withToken('GET', '/wps/member/info', value.token)).value;
    expect(info).toMatchObject({ id: value.id, account: 'Newbie01', isAgent: 0, type: 0, toUpline: '0', regDate: clock.nowMs, lastLogin: clock.nowMs });
    const balance = json<Envelope<WalletBalance>>(await withToken('GET', '/wps/v2/wallets/balance', value.token)).value;
    expect(balance).toEqual({ sumBalance: 0 });

    const stored = await context.pool.query<{ password_hash: string; email: string; register_url: string }>(
      'SELECT password_hash, email, register_url FROM member WHERE id = $1',
      [value.id],
    );
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(stored.rows[0]).toMatchObject({ email: 'newbie@example.com', register_url: 'https://luckystar.example/register' });
    expect((await loginRequest(context.app, { username: 'newbie01', password: 'kestrel42' }, { remoteAddress: '198.51.100.5' })).statusCode).toBe(200);
  });

  it('refuses a taken username, whatever its case', async () => {
    const response = await register({ username: 'NEWBIE01', password: 'kestrel42', confirmPassword: 'kestrel42' });
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response)).toMatchObject({ errorCode: 'exists.username.err', value: { field: 'username' } });
  });

  it('is refused when USERNAMEREG3 is off', async () => {
    await withModule('USERNAMEREG3', false, async () => {
      const response = await register({ username: 'disabled01', password: 'kestrel42', confirmPassword: 'kestrel42' });
      expect(response.statusCode).toBe(400);
      expect(json<Failure>(response).errorCode).toBe('function.not.available');
    });
  });

  it.each(MESSAGE_LANGUAGES)('names the failing field and rule in %s', async (language) => {
    const response = await register({ username: '9lives', password: 'kestrel42', confirmPassword: 'kestrel42' }, { language });
    expect(response.statusCode).toBe(400);
    const body = json<Failure>(response);
    expect(body).toMatchObject({ errorCode: 'reg_pattern_2', value: { field: 'username', patternId: 2, minLength: 6, maxLength: 16 } });
    expect(body.message).toBe(translate(memberMessages, 'reg_pattern_2', language, { field: 'username', range: '6-16' }));
  });

  it.each([
    [{ password: 'kestrel42', confirmPassword: 'kestrel42' }, 'reg_field_required', 'username'],
    [{ username: 'player77', password: 'kestrel42', confirmPassword: 'kestrel24' }, 'inconsistent.twice', 'confirmPassword'],
    [{ username: 'player77', password: 'short12', confirmPassword: 'short12' }, 'reg_pattern_0', 'password'],
    [{ username: 'player77', password: 'password1', confirmPassword: 'password1' }, 'password.too.common', 'password'],
    [{ username: 'player77', password: '12345678', confirmPassword: '12345678' }, 'password.too.common', 'password'],
    [{ username: 'player77', password: 'kestrel42', confirmPassword: 'kestrel42', email: 'nope' }, 'reg_pattern_3', 'email'],
  ])('refuses %j with %s', async (payload, errorCode, field) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response)).toMatchObject({ errorCode, value: { field } });
  });

  it('refuses a field of the wrong type or size before any rule', async () => {
    const response = await register({ username: 'x'.repeat(300), password: 'kestrel42', confirmPassword: 'kestrel42' });
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response).errorCode).toBe('request.param.err');
  });

  describe('invitation codes', () => {
    it("makes the member a downline of the code's agent", async () => {
      const value = json<Envelope<RegisterValue>>(
        await register({ username: 'downline01', password: 'kestrel42', confirmPassword: 'kestrel42', affiliateCode: 'agent77' }),
      ).value;
      const info = json<Envelope<MemberInfo>>(await withToken('GET', '/wps/member/info', value.token)).value;
      expect(info.toUpline).toBe('1');
    });

    it('takes the referral code of the site URL when no affiliate code is typed', async () => {
      const response = await register({ username: 'downline02', password: 'kestrel42', confirmPassword: 'kestrel42', affiliateCode: '', referralCode: 'AGENT77' });
      expect(response.statusCode).toBe(200);
      const upline = await context.pool.query("SELECT upline_id FROM member WHERE username = 'downline02'");
      expect(upline.rows[0].upline_id).not.toBeNull();
    });

    it.each(['NOSUCH1', 'PLAIN77'])('refuses %s (unknown, or not an agent)', async (code) => {
      const response = await register({ username: 'downline03', password: 'kestrel42', confirmPassword: 'kestrel42', affiliateCode: code });
      expect(response.statusCode).toBe(400);
      expect(json<Failure>(response)).toMatchObject({ errorCode: 'invalid.affiliate.code', message: 'invitation code error' });
    });
  });

  it('verifies the SMS code of a registered mobile number (REGMOBVERF3)', async () => {
    const payload = { username: 'withphone01', password: 'kestrel42', confirmPassword: 'kestrel42', mobileNum: '1811111111', countryDialingCode: '+880' };
    // Without the verification module the number cannot be proved.
    expect(json<Failure>(await register({ ...payload, verificationCode: '123456' })).errorCode).toBe('function.not.available');
    hooks.registrationCodeVerifier = verifier;
    expect(json<Failure>(await register(payload))).toMatchObject({ errorCode: 'reg_field_required', value: { field: 'verificationCode' } });
    codes.set('+8801811111111', '654321');
    expect(json<Failure>(await register({ ...payload, verificationCode: '000000' }))).toMatchObject({ errorCode: 'sms.code.invalid' });
    const response = await register({ ...payload, verificationCode: '654321' });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<RegisterValue>>(response).value.profile).toEqual({ mobileNo: '+880181*****11' });
  });

  it('needs no code for a mobile number while REGMOBVERF3 is off', async () => {
    await withModule('REGMOBVERF3', false, async () => {
      const response = await register({ username: 'withphone02', password: 'kestrel42', confirmPassword: 'kestrel42', mobileNum: '1822222222', countryDialingCode: '+880' });
      expect(response.statusCode).toBe(200);
    });
  });

  it('requires the captcha when the merchant shows it', async () => {
    await context.pool.query("UPDATE register_field_rule SET enabled = true WHERE field = 'captcha' AND merchant_id = $1", [context.merchantId]);
    try {
      const payload = { username: 'captcha001', password: 'kestrel42', confirmPassword: 'kestrel42' };
      expect(json<Failure>(await register(payload))).toMatchObject({ errorCode: 'reg_field_required', value: { field: 'captcha' } });
      const wrongId = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
      expect(json<Failure>(await register({ ...payload, captcha: 'ZZZZ', captchaId: wrongId }))).toMatchObject({ errorCode: 'captcha.err' });
      const captchaId = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
      expect((await register({ ...payload, captcha: 'ab3k', captchaId })).statusCode).toBe(200);
    } finally {
      await context.pool.query("UPDATE register_field_rule SET enabled = false WHERE field = 'captcha' AND merchant_id = $1", [context.merchantId]);
    }
  });

  it('must arrive encrypted', async () => {
    const plain = await context.app.inject({ method: 'PUT', url: '/wps/member/register', payload: { username: 'plain0002', password: 'kestrel42', confirmPassword: 'kestrel42' } });
    expect(plain.statusCode).toBe(400);
    expect(json<Failure>(plain).errorCode).toBe('request_body_required');
    const wrongKey = await context.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { encryption: Buffer.alloc(256, 1).toString('base64') },
      payload: { value: Buffer.alloc(64, 2).toString('base64') },
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(json<Failure>(wrongKey).errorCode).toBe('request.decrypt.err');
  });
});

describe('PUT /wps/member/register/mobile', () => {
  it('makes the mobile number the account, generates a password, and logs in', async () => {
    hooks.registrationCodeVerifier = verifier;
    codes.set('+8801733333333', '111111');
    const response = await registerMobile({ mobileNum: '01733333333', countryDialingCode: '+880', verificationCode: '111111' });
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<RegisterValue>>(response).value;
    expect(value).toMatchObject({ userName: '1733333333', customerName: 'DEFAULT@1733333333', generatedAccount: true, profile: { mobileNo: '+880173*****33' } });
    const stored = await context.pool.query<{ mobile_e164: string }>('SELECT mobile_e164 FROM member WHERE id = $1', [value.id]);
    expect(stored.rows[0].mobile_e164).toBe('+8801733333333');

    codes.set('+8801733333333', '222222');
    const again = await registerMobile({ mobileNum: '1733333333', countryDialingCode: '+880', verificationCode: '222222' });
    expect(json<Failure>(again)).toMatchObject({ errorCode: 'exists.mobile.err', value: { field: 'mobileNum' } });
  });

  it('takes the password fields with MOBILENUMPASSREG3', async () => {
    hooks.registrationCodeVerifier = verifier;
    await withModule('MOBILENUMPASSREG3', true, async () => {
      codes.set('+8801744444444', '333333');
      expect(json<Failure>(await registerMobile({ mobileNum: '1744444444', countryDialingCode: '+880', verificationCode: '333333' }))).toMatchObject({
        errorCode: 'reg_field_required',
        value: { field: 'password' },
      });
      const response = await registerMobile({
        mobileNum: '1744444444',
        countryDialingCode: '+880',
        verificationCode: '333333',
        password: 'mobile12',
        confirmPassword: 'mobile12',
      });
      expect(json<Envelope<RegisterValue>>(response).value.generatedAccount).toBe(false);
      expect((await loginRequest(context.app, { username: '1744444444', password: 'mobile12' }, { remoteAddress: '198.51.100.6' })).statusCode).toBe(200);
    });
  });

  it('requires the mobile number and a dialling code the site offers', async () => {
    expect(json<Failure>(await registerMobile({ countryDialingCode: '+880' }))).toMatchObject({ errorCode: 'reg_field_required', value: { field: 'mobileNum' } });
    expect(json<Failure>(await registerMobile({ mobileNum: '1755555555', countryDialingCode: '+999', verificationCode: '1' }))).toMatchObject({
      errorCode: 'invalid.country.code',
    });
    expect(json<Failure>(await registerMobile({ mobileNum: '1755555555', verificationCode: '1' }))).toMatchObject({ errorCode: 'invalid.country.code' });
  });

  it('is refused when MOBILENUMREG3 is off', async () => {
    await withModule('MOBILENUMREG3', false, async () => {
      expect(json<Failure>(await registerMobile({ mobileNum: '1766666666', countryDialingCode: '+880' })).errorCode).toBe('function.not.available');
    });
  });
});

describe('GET /wps/agent/affiliate', () => {
  const check = (query: string) => context.app.inject({ method: 'GET', url: `/wps/agent/affiliate${query}` });

  it("accepts an agent's code, ignoring case", async () => {
    const response = await check('?code=agent77&domain=luckystar.example');
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<{ valid: boolean }>>(response).value).toEqual({ valid: true });
  });

  it.each(['?code=PLAIN77', '?code=NOSUCH'])('refuses %s', async (query) => {
    const response = await check(query);
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response).errorCode).toBe('invalid.affiliate.code');
  });

  it('requires a code', async () => {
    expect(json<Failure>(await check('')).errorCode).toBe('request.param.err');
  });
});

describe('member info, avatar and language', () => {
  let token: string;
  let memberId: number;

  beforeAll(async () => {
    memberId = await createMember(context.pool, context.merchantId, {
      username: 'infouser1',
      password: 'info1234',
      countryDialingCode: '+84',
      mobile: '912345678',
      nowMs: clock.nowMs,
    });
    token = await tokenFor(context.app, 'infouser1', 'info1234');
  });

  it('describes the member with a masked mobile number', async () => {
    const response = await withToken('GET', '/wps/member/info', token);
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<MemberInfo>>(response).value).toEqual({
      id: memberId,
      account: 'infouser1',
      nickname: null,
      type: 0,
      toUpline: '0',
      customerId: memberId,
      isAgent: 0,
      // The seeded VIP ladder's entry level (modules/vip): no member label below level 1.
      clubLabel: { labelName: 'Member', color: '#8c8c8c', color2: '#f0f0f0', rankLevel: 0 },
      memberLabel: [],
      lastLogin: clock.nowMs,
      regDate: clock.nowMs,
      mobile: '+84912****78',
      language: null,
    });
  });

  it('needs a live token', async () => {
    const missing = await context.app.inject({ method: 'GET', url: '/wps/member/info' });
    expect(missing.statusCode).toBe(401);
    expect(json<Failure>(missing).errorCode).toBe('CUSTOMER_NOT_LOGIN');
    const invalid = await withToken('GET', '/wps/member/info', 'A'.repeat(43));
    expect(invalid.statusCode).toBe(401);
    expect(json<Failure>(invalid)).toMatchObject({ errorCode: 'user.or.token.invalid', message: 'Your session has expired, please log in again' });
  });

  it.each(['/wps/member/info/icon', '/wps/relay/MCSFE_getPlayerAvatar'])('%s answers the default avatar, then the chosen one', async (url) => {
    expect(json<Envelope<MemberAvatar>>(await withToken('GET', url, token)).value).toEqual({ avatarUrl: '/assets/avatar-default.svg', isDefault: true });
    await context.pool.query("UPDATE member SET avatar_url = '/assets/avatars/7.png' WHERE id = $1", [memberId]);
    try {
      expect(json<Envelope<MemberAvatar>>(await withToken('GET', url, token)).value).toEqual({ avatarUrl: '/assets/avatars/7.png', isDefault: false });
    } finally {
      await context.pool.query('UPDATE member SET avatar_url = NULL WHERE id = $1', [memberId]);
    }
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it.each([
    ['bn', 'BN'],
    ['VI', 'VI'],
    ['zh-TW', 'TW'],
    ['zh-CN', 'CN'],
  ])('PUT /wps/member/language stores %s as %s', async (language, stored) => {
    const response = await withToken('PUT', '/wps/member/language', token, { language });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<{ language: string }>>(response).value).toEqual({ language: stored });
    expect(json<Envelope<MemberInfo>>(await withToken('GET', '/wps/member/info', token)).value.language).toBe(stored);
  });

  it('refuses a malformed language', async () => {
    const response = await withToken('PUT', '/wps/member/language', token, { language: 'english!' });
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response).errorCode).toBe('request.param.err');
  });
});

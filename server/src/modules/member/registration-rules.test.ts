import type { RegisterFieldRule } from '@platform/contract';
import { AppError } from '../../http/envelope';
import { SERVER_ERROR_CODES } from '@platform/contract';
import { MESSAGE_LANGUAGES, translate } from '../../i18n/messages';
import { memberMessages } from './member.messages';
import { patternErrorCode, rangeOf, satisfiesRule, validateRegistration, type RegistrationSwitches } from './registration-rules';

// The per-field rules of registration, without the database.

const rule = (overrides: Partial<RegisterFieldRule>): RegisterFieldRule => ({
  acceptedPattern: '*',
  patternId: 0,
  minLength: 0,
  maxLength: 50,
  enabled: true,
  required: false,
  type: 'text',
  ...overrides,
});

/** The seeded rules of the default merchant (server/seed/default-merchant.json). */
const RULES: Record<string, RegisterFieldRule> = {
  username: rule({ acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 2, minLength: 6, maxLength: 16, required: true }),
  password: rule({ acceptedPattern: '*', patternId: 0, minLength: 8, maxLength: 64, required: true }),
  confirmPassword: rule({ acceptedPattern: '*', patternId: 0, minLength: 8, maxLength: 64, required: true }),
  payeeName: rule({ minLength: 2, maxLength: 50 }),
  email: rule({ acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 3, minLength: 5, maxLength: 64 }),
  qqNum: rule({ acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 5, maxLength: 12, enabled: false }),
  mobileNum: rule({ acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 7, maxLength: 15 }),
  affiliateCode: rule({ acceptedPattern: '^[A-Za-z0-9]+$', patternId: 4, minLength: 4, maxLength: 16 }),
  paymentPassword: rule({ acceptedPattern: '^[0-9]+$', patternId: 6, minLength: 6, maxLength: 6, enabled: false, required: true }),
  captcha: rule({ acceptedPattern: '^[A-Za-z0-9]+$', patternId: 4, minLength: 4, maxLength: 4, enabled: false, required: true }),
  verificationCode: rule({ minLength: 0, maxLength: 255, required: true }),
};

const NO_SMS: RegistrationSwitches = { passwordInMobileMode: false, smsVerification: false };
const VALID = { username: 'player01', password: 'kestrel42', confirmPassword: 'kestrel42' };

function failure(action: () => unknown): { errorCode: string; params: Record<string, string>; value: unknown } {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return { errorCode: error.errorCode, params: error.params, value: error.value };
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('satisfiesRule', () => {
  it.each([
    ['any!', rule({ acceptedPattern: '*', minLength: 2, maxLength: 5 }), true],
    ['x', rule({ acceptedPattern: '*', minLength: 2, maxLength: 5 }), false],
    ['toolong', rule({ acceptedPattern: '*', minLength: 2, maxLength: 5 }), false],
    ['abc123', rule({ acceptedPattern: '^[a-z0-9]+$', minLength: 1, maxLength: 10 }), true],
    ['abc 123', rule({ acceptedPattern: '^[a-z0-9]+$', minLength: 1, maxLength: 10 }), false],
    // Lengths count characters, not UTF-16 units or bytes.
    ['ক্ষ', rule({ acceptedPattern: '*', minLength: 3, maxLength: 3 }), true],
    ['สวัสดี', rule({ acceptedPattern: '^[\\u0E00-\\u0E7F]+$', minLength: 1, maxLength: 10 }), true],
    ['hello', rule({ acceptedPattern: '^[\\u0E00-\\u0E7F]+$', minLength: 1, maxLength: 10 }), false],
    // A pattern that does not compile accepts nothing.
    ['abc', rule({ acceptedPattern: '([', minLength: 0, maxLength: 10 }), false],
  ])('%s against %j → %s', (value, fieldRule, expected) => {
    expect(satisfiesRule(value, fieldRule)).toBe(expected);
  });
});

describe('validateRegistration, username mode', () => {
  it('accepts a valid payload and returns trimmed values of checked fields only', () => {
    const values = validateRegistration(
      { ...VALID, username: ' player01 ', email: ' a@b.co ', qqNum: '12345', payeeName: '' },
      RULES,
      'username',
      NO_SMS,
    );
    expect(values).toEqual({ username: 'player01', password: 'kestrel42', confirmPassword: 'kestrel42', email: 'a@b.co' });
  });

  it.each(['username', 'password', 'confirmPassword'])('requires %s', (field) => {
    expect(failure(() => validateRegistration({ ...VALID, [field]: '' }, RULES, 'username', NO_SMS))).toEqual({
      errorCode: 'reg_field_required',
      params: { field },
      value: { field },
    });
  });

  it('requires username, password and confirmPassword even when the merchant has no rule for them', () => {
    expect(failure(() => validateRegistration({ password: 'x1', confirmPassword: 'x1' }, {}, 'username', NO_SMS)).errorCode).toBe('reg_field_required');
    expect(validateRegistration(VALID, {}, 'username', NO_SMS)).toEqual(VALID);
  });

  it.each([
    ['username', '1player', 'reg_pattern_2', '6-16'],
    ['username', 'abc', 'reg_pattern_2', '6-16'],
    ['password', 'short12', 'reg_pattern_0', '8-64'],
    ['email', 'not-an-email', 'reg_pattern_3', '5-64'],
    ['mobileNum', '12ab567', 'reg_pattern_6', '7-15'],
    ['affiliateCode', 'ab-12', 'reg_pattern_4', '4-16'],
    ['payeeName', 'x', 'reg_pattern_0', '2-50'],
  ])('names the field and the rule when %s is %s', (field, value, errorCode, range) => {
    const payload = { ...VALID, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
    const result = failure(() => validateRegistration(payload, RULES, 'username', NO_SMS));
    expect(result.errorCode).toBe(errorCode);
    expect(result.params).toEqual({ field, range });
    expect(result.value).toMatchObject({ field, patternId: RULES[field].patternId });
  });

  it('says "inconsistent twice" when the confirmation differs', () => {
    expect(failure(() => validateRegistration({ ...VALID, confirmPassword: 'kestrel43' }, RULES, 'username', NO_SMS))).toEqual({
      errorCode: 'inconsistent.twice',
      params: {},
      value: { field: 'confirmPassword' },
    });
  });

  it('does not trim passwords', () => {
    expect(validateRegistration({ ...VALID, password: ' kestrel42 ', confirmPassword: ' kestrel42 ' }, RULES, 'username', NO_SMS).password).toBe(' kestrel42 ');
    expect(failure(() => validateRegistration({ ...VALID, password: ' short ', confirmPassword: ' short ' }, RULES, 'username', NO_SMS)).errorCode).toBe(
      'reg_pattern_0',
    );
  });

  it('checks optional fields only when filled, and only when their rule is enabled', () => {
    expect(validateRegistration({ ...VALID, email: '' }, RULES, 'username', NO_SMS).email).toBeUndefined();
    expect(validateRegistration({ ...VALID, qqNum: 'letters!' }, RULES, 'username', NO_SMS).qqNum).toBeUndefined();
  });

  it('requires a field whose enabled rule says required', () => {
    const rules = { ...RULES, payeeName: { ...RULES.payeeName, required: true } };
    expect(failure(() => validateRegistration(VALID, rules, 'username', NO_SMS)).params).toEqual({ field: 'payeeName' });
  });

  it('requires paymentPassword whenever it is shown', () => {
    const rules = { ...RULES, paymentPassword: { ...RULES.paymentPassword, enabled: true, required: false } };
    expect(failure(() => validateRegistration(VALID, rules, 'username', NO_SMS)).params).toEqual({ field: 'paymentPassword' });
    expect(failure(() => validateRegistration({ ...VALID, paymentPassword: '12345' }, rules, 'username', NO_SMS)).params).toEqual({
      field: 'paymentPassword',
      range: '6',
    });
  });

  it('requires the captcha when it is shown', () => {
    const rules = { ...RULES, captcha: { ...RULES.captcha, enabled: true } };
    expect(failure(() => validateRegistration(VALID, rules, 'username', NO_SMS)).params).toEqual({ field: 'captcha' });
    expect(validateRegistration({ ...VALID, captcha: 'ab3k' }, rules, 'username', NO_SMS).captcha).toBe('ab3k');
  });

  it('requires the SMS code with REGMOBVERF3 only when a mobile number is registered', () => {
    const sms = { passwordInMobileMode: false, smsVerification: true };
    expect(validateRegistration(VALID, RULES, 'username', sms)).toEqual(VALID);
    expect(failure(() => validateRegistration({ ...VALID, mobileNum: '1712345678' }, RULES, 'username', sms)).params).toEqual({
      field: 'verificationCode',
    });
    // A number in a field the merchant does not show is not registered, so needs no code.
    const hidden = { ...RULES, mobileNum: { ...RULES.mobileNum, enabled: false } };
    expect(validateRegistration({ ...VALID, mobileNum: '1712345678' }, hidden, 'username', sms).mobileNum).toBeUndefined();
  });
});

describe('the password policy', () => {
  const withPassword = (password: string, rules = RULES) => () => validateRegistration({ ...VALID, password, confirmPassword: password }, rules, 'username', NO_SMS);

  it.each(['password1', '12345678', 'PASSWORD1', 'qwerty123', 'iloveyou'])('refuses the common password %s', (password) => {
    expect(failure(withPassword(password))).toEqual({ errorCode: 'password.too.common', params: {}, value: { field: 'password' } });
  });

  it('accepts 64 characters of anything: symbols, spaces, other scripts', () => {
    const password = 'Tr0ub4dor & 3 horses: "staple" ✓ ক্ষ — {batteries} [correct] 9!!';
    expect([...password]).toHaveLength(64);
    expect(validateRegistration({ ...VALID, password, confirmPassword: password }, RULES, 'username', NO_SMS).password).toBe(password);
  });

  it('refuses 7 characters, and 65', () => {
    expect(failure(withPassword('kestr42'))).toMatchObject({ errorCode: 'reg_pattern_0', params: { field: 'password', range: '8-64' } });
    expect(failure(withPassword('k'.repeat(64) + '1'))).toMatchObject({ errorCode: 'reg_pattern_0', params: { field: 'password', range: '8-64' } });
  });

  it("keeps the merchant's pattern, with its bounds raised to at least 8 and at least 64", () => {
    const lettersAndDigits = rule({ acceptedPattern: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$', patternId: 5, minLength: 6, maxLength: 20, required: true });
    const rules = { ...RULES, password: lettersAndDigits, confirmPassword: lettersAndDigits };
    expect(failure(withPassword('onlyletters', rules))).toMatchObject({ errorCode: 'reg_pattern_5', params: { field: 'password', range: '8-64' } });
    expect(failure(withPassword('with space 42', rules))).toMatchObject({ errorCode: 'reg_pattern_5' });
    // 6 characters passed the merchant's old minimum; the floor refuses them.
    expect(failure(withPassword('kes042', rules))).toMatchObject({ errorCode: 'reg_pattern_5', params: { range: '8-64' } });
    // 40 characters were over the merchant's 20; the floor allows them.
    expect(validateRegistration({ ...VALID, password: 'k3'.repeat(20), confirmPassword: 'k3'.repeat(20) }, rules, 'username', NO_SMS).password).toBe('k3'.repeat(20));
    // A stricter merchant minimum stands.
    const long = { ...lettersAndDigits, minLength: 12, maxLength: 100 };
    expect(failure(withPassword('kestrel42', { ...RULES, password: long, confirmPassword: long }))).toMatchObject({ params: { range: '12-100' } });
    // And the common list applies under any pattern.
    expect(failure(withPassword('password1', rules)).errorCode).toBe('password.too.common');
  });

  it('applies the floors when the merchant has no password rule at all', () => {
    expect(failure(() => validateRegistration({ username: 'player01', password: 'kestr42', confirmPassword: 'kestr42' }, {}, 'username', NO_SMS))).toMatchObject({
      errorCode: 'reg_pattern_0',
      params: { range: '8-128' },
    });
  });
});

describe('validateRegistration, mobile mode', () => {
  it('requires the mobile number, even when its rule is disabled', () => {
    const rules = { ...RULES, mobileNum: { ...RULES.mobileNum, enabled: false } };
    expect(failure(() => validateRegistration({}, rules, 'mobile', NO_SMS)).params).toEqual({ field: 'mobileNum' });
    expect(failure(() => validateRegistration({ mobileNum: '12' }, rules, 'mobile', NO_SMS)).errorCode).toBe('reg_pattern_6');
  });

  it('ignores username and passwords without MOBILENUMPASSREG3', () => {
    expect(validateRegistration({ mobileNum: '1712345678', username: '!', password: '' }, RULES, 'mobile', NO_SMS)).toEqual({ mobileNum: '1712345678' });
  });

  it('checks the passwords with MOBILENUMPASSREG3', () => {
    const switches = { passwordInMobileMode: true, smsVerification: false };
    expect(failure(() => validateRegistration({ mobileNum: '1712345678' }, RULES, 'mobile', switches)).params).toEqual({ field: 'password' });
    expect(
      failure(() => validateRegistration({ mobileNum: '1712345678', password: 'kestrel42', confirmPassword: 'kestrel24' }, RULES, 'mobile', switches)).errorCode,
    ).toBe('inconsistent.twice');
  });

  it('requires the SMS code with REGMOBVERF3, any non-empty text up to 255 characters', () => {
    const switches = { passwordInMobileMode: false, smsVerification: true };
    expect(failure(() => validateRegistration({ mobileNum: '1712345678' }, RULES, 'mobile', switches)).params).toEqual({ field: 'verificationCode' });
    expect(failure(() => validateRegistration({ mobileNum: '1712345678', verificationCode: 'x'.repeat(256) }, RULES, 'mobile', switches)).errorCode).toBe(
      'reg_pattern_0',
    );
    expect(validateRegistration({ mobileNum: '1712345678', verificationCode: '123456' }, RULES, 'mobile', switches).verificationCode).toBe('123456');
  });
});

describe('messages', () => {
  it('has a pattern message for every seeded pattern id, in every language, with field and range', () => {
    for (let patternId = 0; patternId <= 13; patternId++) {
      const code = patternErrorCode(patternId);
      expect(SERVER_ERROR_CODES).toContain(code);
      for (const language of MESSAGE_LANGUAGES) {
        const text = translate(memberMessages, code, language, { field: 'username', range: '6-16' });
        expect(text).toContain('username');
        expect(text).toContain('6-16');
      }
    }
    expect(patternErrorCode(99)).toBe('reg_pattern_invalid');
  });

  it('says "{field} not empty" in every language', () => {
    expect(translate(memberMessages, 'reg_field_required', 'EN', { field: 'username' })).toBe('username not empty');
    for (const language of MESSAGE_LANGUAGES) expect(translate(memberMessages, 'reg_field_required', language, { field: 'email' })).toContain('email');
  });

  it('writes a single number when min and max are equal', () => {
    expect(rangeOf({ minLength: 4, maxLength: 4 })).toBe('4');
    expect(rangeOf({ minLength: 6, maxLength: 16 })).toBe('6-16');
    expect(translate(memberMessages, 'reg_pattern_2', 'EN', { field: 'username', range: '6-16' })).toBe('username: a letter first, then letters and digits, 6-16 characters');
  });
});

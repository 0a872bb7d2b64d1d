import { REGISTER_RULES as RULES } from '../testing/fixtures';
import { checkConfirmation, checkField, checkMobile, lengthText, matchesRule, patternError } from './validation';

describe('registration rules', () => {
  it('a value passes only when it matches the pattern and its length is within bounds', () => {
    expect(matchesRule('player01', RULES.username)).toBe(true);
    expect(matchesRule('1player', RULES.username)).toBe(false);
    expect(matchesRule('abc12', RULES.username)).toBe(false);
    expect(matchesRule('a'.repeat(17), RULES.username)).toBe(false);
    expect(matchesRule('a'.repeat(16), RULES.username)).toBe(true);
  });

  it("pattern '*' matches anything, within the length bounds", () => {
    expect(matchesRule('Anything at all!', RULES.payeeName)).toBe(true);
    expect(matchesRule('x', RULES.payeeName)).toBe(false);
  });

  it('says reg_pattern_{patternId} with the length bounds, one number when they are equal', () => {
    expect(patternError(RULES.username)).toEqual({ key: 'reg_pattern_2', values: { length: '6-16' } });
    expect(patternError(RULES.captcha)).toEqual({ key: 'reg_pattern_4', values: { length: '4' } });
    expect(lengthText({ minLength: 0, maxLength: 255 })).toBe('0-255');
  });

  it("an empty required field is '{field} not empty'; an empty optional one passes", () => {
    expect(checkField('', RULES.username, { label: 'field_username' })).toEqual({ key: 'error_required', field: 'field_username' });
    expect(checkField('', RULES.email, { label: 'field_email' })).toBeNull();
    expect(checkField('', RULES.email, { label: 'field_email', required: true })).toEqual({ key: 'error_required', field: 'field_email' });
    expect(checkField('not-mail', RULES.email, { label: 'field_email' })).toEqual({ key: 'reg_pattern_3', values: { length: '5-64' } });
  });

  it("lets the form's decision win over the rule's own flag (an SMS code with no mobile number)", () => {
    expect(checkField('', { ...RULES.email, required: true }, { label: 'field_verificationCode', required: false })).toBeNull();
    expect(checkField('', { ...RULES.email, required: false }, { label: 'field_verificationCode', required: true })).toEqual({
      key: 'error_required',
      field: 'field_verificationCode',
    });
  });

  it("a confirmation must equal the first entry ('inconsistent twice')", () => {
    expect(checkConfirmation('abc123', 'abc123', 'field_confirmPassword')).toBeNull();
    expect(checkConfirmation('abc124', 'abc123', 'field_confirmPassword')).toEqual({ key: 'error_inconsistent_twice' });
    expect(checkConfirmation('', 'abc123', 'field_confirmPassword')).toEqual({ key: 'error_required', field: 'field_confirmPassword' });
  });

  it('a mobile number is required and must pass the mobile rule', () => {
    expect(checkMobile('', RULES.mobileNum, 'field_mobileNum')).toEqual({ key: 'error_required', field: 'field_mobileNum' });
    expect(checkMobile('17123', RULES.mobileNum, 'field_mobileNum')).toEqual({ key: 'error_mobile_invalid' });
    expect(checkMobile('17a2345678', RULES.mobileNum, 'field_mobileNum')).toEqual({ key: 'error_mobile_invalid' });
    expect(checkMobile('1712345678', RULES.mobileNum, 'field_mobileNum')).toBeNull();
    expect(checkMobile('1712345678', undefined, 'field_mobileNum')).toBeNull();
  });

  it('a pattern that does not compile accepts the value (the server still checks it)', () => {
    expect(matchesRule('abc', { ...RULES.payeeName, acceptedPattern: '([', minLength: 0 })).toBe(true);
  });
});

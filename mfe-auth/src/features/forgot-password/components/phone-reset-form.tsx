import { Button, useT } from '@platform/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { CountryCodePicker } from '../../../components/country-code-picker';
import styles from '../../../components/form.module.css';
import { showNotice } from '../../../components/show-notice';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useDialingCode } from '../../../hooks/use-dialing-code';
import { useRegisterRules } from '../../../hooks/use-register-rules';
import { useSendCode } from '../../../hooks/use-send-code';
import { unreportedMessage } from '../../../lib/api-errors';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { checkField, checkMobile, isValid, requiredError, trimmed, type FieldError } from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { logInWithNewPassword, resetByPhone, sendResetCode } from '../api/forgot-password-api';

export interface PhoneResetFormProps {
  /** The new password is set and the player logged in with it. */
  onLoggedIn: (outcome: LoginOutcome) => Promise<void>;
  /** The password was reset but the automatic login failed: back to the login form. */
  onLogInAgain: () => void;
}

type Errors = Partial<Record<'mobileNum' | 'verificationCode' | 'newPassword', FieldError | null>>;

/**
 * Forgot password by mobile (SPEC §2, §4, §5): number, SMS code with a countdown that follows the
 * server's expiry time, and the new password; then the player is logged in with it.
 */
export function PhoneResetForm({ onLoggedIn, onLogInAgain }: PhoneResetFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText();
  const rules = useRegisterRules();
  const { countries, dialingCode, setDialingCode } = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof Errors, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => (current[field] ? { ...current, [field]: null } : current));
  };
  const mobileValid = useCallback(() => {
    const error = checkMobile(trimmed(mobileNum), rules.mobileNum);
    setErrors((current) => ({ ...current, mobileNum: error }));
    return !error;
  }, [mobileNum, rules.mobileNum]);
  const sendCode = useSendCode(useCallback(() => sendResetCode({ countryDialingCode: dialingCode, mobileNum: trimmed(mobileNum) }), [dialingCode, mobileNum]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = { mobileNum: trimmed(mobileNum), verificationCode: trimmed(code), newPassword: trimmed(newPassword) };
    const found: Errors = {
      mobileNum: checkMobile(typed.mobileNum, rules.mobileNum),
      verificationCode: typed.verificationCode ? null : requiredError('field_verificationCode'),
      newPassword: checkField(typed.newPassword, rules.password, { label: 'field_newPassword', required: true }),
    };
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;

    setBusy(true);
    let username: string | null;
    try {
      username = await resetByPhone({ countryDialingCode: dialingCode, ...typed });
    } catch (error) {
      setFormError(unreportedMessage(error));
      setBusy(false);
      return;
    }
    const account = username ?? typed.mobileNum;
    try {
      const result = await logInWithNewPassword(account, typed.newPassword);
      await onLoggedIn({ result, method: 'reset', username: result.userName ?? account, password: typed.newPassword });
    } catch {
      setBusy(false);
      await showNotice({ message: t('reset_success_login_again'), testId: 'reset-login-again' });
      onLogInAgain();
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="forgot-mobile-form" aria-label={t('forgot_by_mobile')}>
      <TextField
        name="mobileNum"
        type="tel"
        label={t('field_mobileNum')}
        value={mobileNum}
        onChange={change('mobileNum', setMobileNum)}
        required
        inputMode="tel"
        autoComplete="tel-national"
        error={errorText(errors.mobileNum)}
        leading={countries.length > 0 ? <CountryCodePicker countries={countries} value={dialingCode} onChange={setDialingCode} testId="forgot-country-code" /> : undefined}
        testIdPrefix="forgot"
      />
      <TextField
        name="verificationCode"
        label={t('field_verificationCode')}
        value={code}
        onChange={change('verificationCode', setCode)}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errorText(errors.verificationCode)}
        trailing={<SmsCodeButton canSend={mobileValid} send={sendCode} testId="forgot-sms-code-button" />}
        testIdPrefix="forgot"
      />
      <TextField
        name="newPassword"
        type="password"
        label={t('field_newPassword')}
        value={newPassword}
        onChange={change('newPassword', setNewPassword)}
        required
        revealable
        autoComplete="new-password"
        error={errorText(errors.newPassword)}
        testIdPrefix="forgot"
      />
      {formError && (
        <p className={styles.formError} role="alert" data-testid="forgot-error">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={busy} data-testid="forgot-mobile-submit">
        {t('forgot_reset_password')}
      </Button>
    </form>
  );
}

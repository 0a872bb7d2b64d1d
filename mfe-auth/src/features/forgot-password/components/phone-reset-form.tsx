import { Button, showNotice, useT } from '@platform/shared';
import {
  checkField,
  checkMobile,
  FormError,
  requiredError,
  TextField,
  trimmed,
  useDialingCode,
  useFieldErrorText,
  useForm,
  usePasswordHint,
  useRegisterRules,
} from '@platform/shared/forms';
import { MobileCodeFields } from '@platform/ui-blocks';
import styles from '../../../components/form.module.css';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { resetNotice } from '../../../lib/reset-notice';
import { NAMESPACE } from '../../../locales';
import { logInWithNewPassword, resetByPhone, sendResetCode } from '../api/forgot-password-api';

export interface PhoneResetFormProps {
  /** The new password is set and the player logged in with it. */
  onLoggedIn: (outcome: LoginOutcome) => Promise<void>;
  /** The password was reset but the automatic login failed: back to the login form. */
  onLogInAgain: () => void;
}

/**
 * Forgot password by mobile: number, SMS code with a countdown that follows the
 * server's expiry time, and the new password; then the player is logged in with it.
 */
export function PhoneResetForm({ onLoggedIn, onLogInAgain }: PhoneResetFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const rules = useRegisterRules();
  const passwordHint = usePasswordHint();
  const dialing = useDialingCode();
  const form = useForm({
    initialValues: { mobileNum: '', verificationCode: '', newPassword: '' },
    validate: (values) => ({
      mobileNum: checkMobile(trimmed(values.mobileNum), rules.mobileNum, 'field_mobileNum'),
      verificationCode: trimmed(values.verificationCode) ? null : requiredError('field_verificationCode'),
      newPassword: checkField(trimmed(values.newPassword), rules.password, { label: 'field_newPassword', required: true }),
    }),
    onSubmit: async (values) => {
      const typed = { mobileNum: trimmed(values.mobileNum), verificationCode: trimmed(values.verificationCode), newPassword: trimmed(values.newPassword) };
      const reset = await resetByPhone({ countryDialingCode: dialing.dialingCode, ...typed });
      const account = reset.userName ?? typed.mobileNum;
      if (reset.secondFactors.length > 0) {
        // Two-step sign-in stays on: the login asks for its code, so the player is told and
        // logs in through the login form (which has the second step) instead of automatically.
        void showNotice({ message: resetNotice(t, reset.secondFactors), testId: 'reset-login-again' }).then(onLogInAgain);
        return;
      }
      try {
        const result = await logInWithNewPassword(account, typed.newPassword);
        await onLoggedIn({ result, method: 'reset', username: result.userName ?? account, password: typed.newPassword });
      } catch {
        // The password is set; only the automatic login failed. The form is free again while the notice shows.
        void showNotice({ message: t('reset_success_login_again'), testId: 'reset-login-again' }).then(onLogInAgain);
      }
    },
    // A refused new password (too common) shows the server's reason under the field as well.
    serverErrorFields: ['newPassword'],
  });
  const { values, errors, setValue, setFieldError } = form;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate data-testid="forgot-mobile-form" aria-label={t('forgot_by_mobile')}>
      <MobileCodeFields
        testIdPrefix="forgot"
        dialing={dialing}
        mobile={{ value: values.mobileNum, onChange: (value) => setValue('mobileNum', value), label: t('field_mobileNum'), error: errorText(errors.mobileNum) }}
        code={{ value: values.verificationCode, onChange: (value) => setValue('verificationCode', value), label: t('field_verificationCode'), error: errorText(errors.verificationCode) }}
        mobileRule={rules.mobileNum}
        onMobileError={(error) => setFieldError('mobileNum', error)}
        send={sendResetCode}
      />
      <TextField
        name="newPassword"
        type="password"
        label={t('field_newPassword')}
        value={values.newPassword}
        onChange={(value) => setValue('newPassword', value)}
        required
        revealable
        autoComplete="new-password"
        error={errorText(errors.newPassword)}
        hint={passwordHint(rules.password)}
        testIdPrefix="forgot"
      />
      <FormError message={form.formError} testId="forgot-error" />
      <Button type="submit" block loading={form.busy} data-testid="forgot-mobile-submit">
        {t('forgot_reset_password')}
      </Button>
    </form>
  );
}

import { Button, useT, type LoginResult } from '@platform/shared';
import {
  FormError,
  requiredError,
  serverMessage,
  SmsCodeButton,
  TextField,
  useFieldErrorText,
  useForm,
  useSendCode,
} from '@platform/shared/forms';
import { useCallback, useState } from 'react';
import styles from '../../../components/form.module.css';
import { NAMESPACE } from '../../../locales';
import { resendLoginCode, verifyLogin, type SecondFactor, type TwoFactorChallenge } from '../api/login-api';

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The login is verified; the step stays busy until this settles. */
  onVerified: (result: LoginResult) => void | Promise<void>;
  onCancel: () => void;
}

/** A code sent with the challenge can be asked for again after a minute. */
const FIRST_SMS_WAIT_MS = 60_000;

/**
 * The second step of a login the server guards with two-factor sign-in (`login_verify_required`):
 * a code of the authenticator app or of an SMS, whichever the member has; with both, either.
 */
export function TwoFactorStep({ challenge, onVerified, onCancel }: TwoFactorStepProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const [factor, setFactor] = useState<SecondFactor>(challenge.factors[0]);
  const [firstSmsDeadline] = useState(() => (challenge.smsSent ? Date.now() + FIRST_SMS_WAIT_MS : undefined));
  const otherFactor = challenge.factors.find((candidate) => candidate !== factor);
  const resend = useSendCode(useCallback(() => resendLoginCode(challenge), [challenge]));
  const form = useForm({
    initialValues: { code: '' },
    validate: ({ code }) => ({ code: code.trim() ? null : requiredError('field_verificationCode') }),
    onSubmit: async ({ code }) => onVerified(await verifyLogin(challenge, factor, code.trim())),
    // The verification call is quiet: the server's message is shown here.
    failureMessage: (error) => serverMessage(error) ?? t('error_unknown'),
  });

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate data-testid="two-factor-form" data-factor={factor} aria-label={t('two_factor_title')}>
      <p className={styles.muted}>{factor === 'sms' ? t('two_factor_sms_hint', { destination: challenge.mobile ?? '' }) : t('two_factor_totp_hint')}</p>
      <TextField
        name="code"
        label={t('field_verificationCode')}
        value={form.values.code}
        onChange={(value) => form.setValue('code', value)}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        error={errorText(form.errors.code)}
        trailing={factor === 'sms' ? <SmsCodeButton canSend={() => true} send={resend} initialDeadline={firstSmsDeadline} testId="two-factor-sms-button" /> : undefined}
        testIdPrefix="two-factor"
      />
      <FormError message={form.formError} testId="two-factor-error" />
      <Button type="submit" block loading={form.busy} data-testid="two-factor-submit">
        {t('two_factor_verify')}
      </Button>
      {otherFactor && (
        <button
          type="button"
          className={styles.link}
          data-testid="two-factor-switch"
          onClick={() => {
            setFactor(otherFactor);
            form.setValues({ code: '' });
            form.setFormError(null);
          }}
        >
          {otherFactor === 'sms' ? t('two_factor_use_sms') : t('two_factor_use_totp')}
        </button>
      )}
      <button type="button" className={styles.link} onClick={onCancel}>
        {t('two_factor_back')}
      </button>
    </form>
  );
}

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
import { resendLoginCode, resendLoginEmailCode, verifyLogin, type SecondFactor, type TwoFactorChallenge } from '../api/login-api';

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The login is verified; the step stays busy until this settles. */
  onVerified: (result: LoginResult) => void | Promise<void>;
  onCancel: () => void;
}

/** A code sent with the challenge can be asked for again after a minute. */
const FIRST_CODE_WAIT_MS = 60_000;

/** The link that switches to a factor. */
const USE_FACTOR_KEY: Record<SecondFactor, string> = {
  totp: 'two_factor_use_totp',
  sms: 'two_factor_use_sms',
  email: 'two_factor_use_email',
  bank_name: 'two_factor_use_bank_name',
};

/**
 * The second step of a login the server guards with two-factor sign-in (`login_verify_required`):
 * a code of the authenticator app, of an SMS or of an e-mail, or the account holder name of the
 * bound bank card, whichever the member has on; with several, any one of them.
 */
export function TwoFactorStep({ challenge, onVerified, onCancel }: TwoFactorStepProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const [factor, setFactor] = useState<SecondFactor>(challenge.factors[0]);
  const [firstSmsDeadline] = useState(() => (challenge.smsSent ? Date.now() + FIRST_CODE_WAIT_MS : undefined));
  const [firstEmailDeadline] = useState(() => (challenge.emailSent ? Date.now() + FIRST_CODE_WAIT_MS : undefined));
  const otherFactors = challenge.factors.filter((candidate) => candidate !== factor);
  const resendSms = useSendCode(useCallback(() => resendLoginCode(challenge), [challenge]));
  const resendEmail = useSendCode(useCallback(() => resendLoginEmailCode(challenge), [challenge]));
  const byName = factor === 'bank_name';
  const form = useForm({
    initialValues: { code: '' },
    validate: ({ code }) => ({ code: code.trim() ? null : requiredError(byName ? 'field_bankHolderName' : 'field_verificationCode') }),
    onSubmit: async ({ code }) => onVerified(await verifyLogin(challenge, factor, code.trim())),
    // The verification call is quiet: the server's message is shown here.
    failureMessage: (error) => serverMessage(error) ?? t('error_unknown'),
  });

  const hint = (() => {
    switch (factor) {
      case 'sms':
        return t('two_factor_sms_hint', { destination: challenge.mobile ?? '' });
      case 'email':
        return t('two_factor_email_hint', { destination: challenge.email ?? '' });
      case 'bank_name':
        return t('two_factor_bank_name_hint', { card: challenge.bankCard ?? '' });
      default:
        return t('two_factor_totp_hint');
    }
  })();
  const trailing =
    factor === 'sms' ? (
      <SmsCodeButton canSend={() => true} send={resendSms} initialDeadline={firstSmsDeadline} testId="two-factor-sms-button" />
    ) : factor === 'email' ? (
      <SmsCodeButton canSend={() => true} send={resendEmail} initialDeadline={firstEmailDeadline} testId="two-factor-email-button" />
    ) : undefined;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate data-testid="two-factor-form" data-factor={factor} aria-label={t('two_factor_title')}>
      <p className={styles.muted} data-testid="two-factor-hint">
        {hint}
      </p>
      <TextField
        // A new field per kind of answer: a code and a name are typed differently.
        key={byName ? 'name' : 'code'}
        name="code"
        label={byName ? t('field_bankHolderName') : t('field_verificationCode')}
        value={form.values.code}
        onChange={(value) => form.setValue('code', value)}
        required
        inputMode={byName ? 'text' : 'numeric'}
        autoComplete={byName ? 'off' : 'one-time-code'}
        maxLength={byName ? 64 : 16}
        error={errorText(form.errors.code)}
        trailing={trailing}
        testIdPrefix="two-factor"
      />
      <FormError message={form.formError} testId="two-factor-error" />
      <Button type="submit" block loading={form.busy} data-testid="two-factor-submit">
        {t('two_factor_verify')}
      </Button>
      {otherFactors.map((other) => (
        <button
          key={other}
          type="button"
          className={styles.link}
          data-testid="two-factor-switch"
          data-factor={other}
          onClick={() => {
            setFactor(other);
            form.setValues({ code: '' });
            form.setFormError(null);
          }}
        >
          {t(USE_FACTOR_KEY[other])}
        </button>
      ))}
      <button type="button" className={styles.link} onClick={onCancel}>
        {t('two_factor_back')}
      </button>
    </form>
  );
}

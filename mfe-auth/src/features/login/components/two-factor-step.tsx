import { Button, useT, type LoginResult } from '@platform/shared';
import { useCallback, useState, type FormEvent } from 'react';
import styles from '../../../components/form.module.css';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useSendCode } from '../../../hooks/use-send-code';
import { serverMessage } from '../../../lib/api-errors';
import { requiredError, type FieldError } from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { resendLoginCode, verifyLogin, type SecondFactor, type TwoFactorChallenge } from '../api/login-api';

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  onVerified: (result: LoginResult) => void;
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
  const errorText = useFieldErrorText();
  const [factor, setFactor] = useState<SecondFactor>(challenge.factors[0]);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<FieldError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [firstSmsDeadline] = useState(() => (challenge.smsSent ? Date.now() + FIRST_SMS_WAIT_MS : undefined));
  const otherFactor = challenge.factors.find((candidate) => candidate !== factor);
  const resend = useSendCode(useCallback(() => resendLoginCode(challenge), [challenge]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (!typed) {
      setCodeError(requiredError('field_verificationCode'));
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      onVerified(await verifyLogin(challenge, factor, typed));
    } catch (error) {
      // The verification call is quiet: the server's message is shown here.
      setFormError(serverMessage(error) ?? t('error_unknown'));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="two-factor-form" data-factor={factor} aria-label={t('two_factor_title')}>
      <p className={styles.muted}>{factor === 'sms' ? t('two_factor_sms_hint', { destination: challenge.mobile ?? '' }) : t('two_factor_totp_hint')}</p>
      <TextField
        name="code"
        label={t('field_verificationCode')}
        value={code}
        onChange={(value) => {
          setCode(value);
          setCodeError(null);
        }}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        error={errorText(codeError)}
        trailing={factor === 'sms' ? <SmsCodeButton canSend={() => true} send={resend} initialDeadline={firstSmsDeadline} testId="two-factor-sms-button" /> : undefined}
        testIdPrefix="two-factor"
      />
      {formError && (
        <p className={styles.formError} role="alert" data-testid="two-factor-error">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={busy} data-testid="two-factor-submit">
        {t('two_factor_verify')}
      </Button>
      {otherFactor && (
        <button
          type="button"
          className={styles.link}
          data-testid="two-factor-switch"
          onClick={() => {
            setFactor(otherFactor);
            setCode('');
            setFormError(null);
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

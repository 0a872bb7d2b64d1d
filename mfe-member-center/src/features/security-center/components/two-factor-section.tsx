import { Button, useT } from '@platform/shared';
import { FormError, requiredError, TextField, trimmed, useFieldErrorText, useForm } from '@platform/shared/forms';
import { useState } from 'react';
import { confirmTotp, removeTotp, startTotp, type SecurityConfig, type TotpEnrolment } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';
import { FormButtons } from './form-buttons';
import { messageUnlessUnder, toastSuccess } from './form-helpers';
import { QrCode } from './qr-code';
import { Section } from './section';

const FIELDS = ['code', 'password'] as const;

/**
 * Two-step sign-in with an authenticator app: binding shows a new key as a QR code and as text,
 * confirmed with a code of the app and the login password; unbinding takes a current code and the
 * password (two-factor module). SMS sign-in verification is shown as it stands.
 */
export function TwoFactorSection({ security, onChanged }: { security: SecurityConfig; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const [mode, setMode] = useState<'bind' | 'unbind' | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const begin = async () => {
    if (security.bindGA) {
      setMode('unbind');
      return;
    }
    setStarting(true);
    setStartError(null);
    try {
      setEnrolment(await startTotp());
      setMode('bind');
    } catch (error) {
      setStartError(messageUnlessUnder([])(error));
    } finally {
      setStarting(false);
    }
  };
  const close = () => {
    setMode(null);
    setEnrolment(null);
  };

  return (
    <Section
      id="two-factor"
      title={t('section_two_factor')}
      status={
        <ul className={styles.list}>
          <li data-testid="security-totp-state">{security.bindGA ? t('totp_on') : t('totp_off')}</li>
          <li data-testid="security-sms-verification-state">{security.smsLoginVerification ? t('sms_verification_on') : t('sms_verification_off')}</li>
        </ul>
      }
    >
      {mode === null && (
        <div className={styles.buttons}>
          <Button size="sm" variant={security.bindGA ? 'danger' : 'primary'} loading={starting} onClick={() => void begin()} data-testid="security-totp-open">
            {security.bindGA ? t('totp_unbind') : t('totp_bind')}
          </Button>
        </div>
      )}
      <FormError message={startError} testId="security-totp-start-error" />
      {mode !== null && (
        <TotpForm
          mode={mode}
          enrolment={enrolment}
          onCancel={close}
          onDone={() => {
            const message = mode === 'bind' ? t('totp_bound') : t('totp_unbound');
            close();
            toastSuccess(message);
            onChanged();
          }}
        />
      )}
    </Section>
  );
}

function TotpForm({ mode, enrolment, onCancel, onDone }: { mode: 'bind' | 'unbind'; enrolment: TotpEnrolment | null; onCancel: () => void; onDone: () => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: (values) => ({
      code: /^[0-9]{6}$/.test(trimmed(values.code)) ? null : trimmed(values.code) ? { text: t('totp_code_format') } : requiredError('field_totpCode'),
      password: values.password ? null : requiredError('field_password'),
    }),
    onSubmit: async (values) => {
      const data = { code: trimmed(values.code), password: values.password };
      await (mode === 'bind' ? confirmTotp(data) : removeTotp(data));
      onDone();
    },
    serverErrorFields: FIELDS,
    failureMessage: messageUnlessUnder(FIELDS),
  });
  const { values, errors, setValue } = form;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_two_factor')} data-testid={`security-totp-${mode}-form`}>
      {mode === 'bind' && enrolment && (
        <div className={styles.enrolment}>
          <QrCode value={enrolment.otpauth} size={160} label={t('totp_qr_label')} />
          <div className={styles.enrolmentText}>
            <p className={styles.note}>{t('totp_scan')}</p>
            <p className={styles.note}>{t('totp_secret')}</p>
            <code className={styles.secret} data-testid="security-totp-secret">
              {enrolment.secretKey}
            </code>
          </div>
        </div>
      )}
      {mode === 'unbind' && <p className={styles.note}>{t('totp_unbind_note')}</p>}
      <TextField
        name="code"
        label={t('field_totpCode')}
        value={values.code}
        onChange={(value) => setValue('code', value)}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errorText(errors.code)}
        testIdPrefix="security-totp"
      />
      <TextField
        name="password"
        type="password"
        label={t('field_password')}
        value={values.password}
        onChange={(value) => setValue('password', value)}
        required
        revealable
        autoComplete="current-password"
        error={errorText(errors.password)}
        hint={t('password_proof_hint')}
        testIdPrefix="security-totp"
      />
      <FormError message={form.formError} testId="security-totp-error" />
      <FormButtons busy={form.busy} onCancel={onCancel} submitLabel={mode === 'bind' ? t('totp_bind') : t('totp_unbind')} testId="security-totp" />
    </form>
  );
}

import { Button, useT } from '@platform/shared';
import { FormError, requiredError, SmsCodeButton, TextField, trimmed, useFieldErrorText, useForm, useSendCode } from '@platform/shared/forms';
import { useState } from 'react';
import {
  confirmTotp,
  removeTotp,
  sendEmailFactorCode,
  setBankNameFactor,
  setEmailFactor,
  startTotp,
  type SecurityConfig,
  type TotpEnrolment,
} from '../api';
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
 * password (two-factor module). SMS sign-in verification is shown as it stands. Sign-in
 * verification by e-mail (a code e-mailed to the bound address) and by the bound bank card's
 * account holder name are turned on and off here, each with the login password.
 */
export function TwoFactorSection({ security, onChanged }: { security: SecurityConfig; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const [mode, setMode] = useState<'bind' | 'unbind' | null>(null);
  const [factorForm, setFactorForm] = useState<'email' | 'bank_name' | null>(null);
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
          <li data-testid="security-email-verification-state">{security.emailLoginVerification ? t('email_verification_on') : t('email_verification_off')}</li>
          <li data-testid="security-bank-name-verification-state">
            {security.bankNameLoginVerification ? t('bank_name_verification_on') : t('bank_name_verification_off')}
          </li>
        </ul>
      }
    >
      {mode === null && factorForm === null && (
        <div className={styles.buttons}>
          <Button size="sm" variant={security.bindGA ? 'danger' : 'primary'} loading={starting} onClick={() => void begin()} data-testid="security-totp-open">
            {security.bindGA ? t('totp_unbind') : t('totp_bind')}
          </Button>
          <Button
            size="sm"
            variant={security.emailLoginVerification ? 'danger' : 'secondary'}
            onClick={() => setFactorForm('email')}
            data-testid="security-email-verification-open"
          >
            {security.emailLoginVerification ? t('email_verification_turn_off') : t('email_verification_turn_on')}
          </Button>
          <Button
            size="sm"
            variant={security.bankNameLoginVerification ? 'danger' : 'secondary'}
            onClick={() => setFactorForm('bank_name')}
            data-testid="security-bank-name-verification-open"
          >
            {security.bankNameLoginVerification ? t('bank_name_verification_turn_off') : t('bank_name_verification_turn_on')}
          </Button>
        </div>
      )}
      {factorForm !== null && (
        <FactorForm
          factor={factorForm}
          security={security}
          onCancel={() => setFactorForm(null)}
          onDone={(message) => {
            setFactorForm(null);
            toastSuccess(message);
            onChanged();
          }}
        />
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

/**
 * Turns sign-in verification by e-mail or by the bank account name on or off: an e-mailed code
 * (get-code button) or the bound bank card's account holder name, and the login password.
 */
function FactorForm({
  factor,
  security,
  onCancel,
  onDone,
}: {
  factor: 'email' | 'bank_name';
  security: SecurityConfig;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const byEmail = factor === 'email';
  const enabled = !(byEmail ? security.emailLoginVerification : security.bankNameLoginVerification);
  const sendCode = useSendCode(sendEmailFactorCode);
  // Turning the bank name off with no card bound needs only the password.
  const nameNeeded = !byEmail && security.bankCard !== null;
  const form = useForm({
    initialValues: { answer: '', password: '' },
    validate: (values) => ({
      answer: byEmail
        ? /^[0-9]{6}$/.test(trimmed(values.answer))
          ? null
          : trimmed(values.answer)
            ? { text: t('totp_code_format') }
            : requiredError('field_verificationCode')
        : nameNeeded && !trimmed(values.answer)
          ? requiredError('field_bankHolderName')
          : null,
      password: values.password ? null : requiredError('field_password'),
    }),
    onSubmit: async (values) => {
      if (byEmail) await setEmailFactor({ enabled, code: trimmed(values.answer), password: values.password });
      else await setBankNameFactor({ enabled, name: trimmed(values.answer), password: values.password });
      onDone(t(byEmail ? (enabled ? 'email_verification_turned_on' : 'email_verification_turned_off') : enabled ? 'bank_name_verification_turned_on' : 'bank_name_verification_turned_off'));
    },
    serverErrorFields: ['password'],
    failureMessage: messageUnlessUnder(['password']),
  });
  const { values, errors, setValue } = form;
  const testId = byEmail ? 'security-email-verification' : 'security-bank-name-verification';
  const note = byEmail
    ? t(enabled ? 'email_verification_note_on' : 'email_verification_note_off', { email: security.email ?? '' })
    : security.bankCard
      ? t('bank_name_verification_note', { card: security.bankCard })
      : t('bank_name_verification_no_card');

  return (
    <form
      className={styles.form}
      onSubmit={form.submit}
      noValidate
      aria-label={t(byEmail ? 'email_verification' : 'bank_name_verification')}
      data-testid={`${testId}-form`}
    >
      <p className={styles.note} data-testid={`${testId}-note`}>
        {note}
      </p>
      {(byEmail || nameNeeded) && (
        <TextField
          name="answer"
          label={byEmail ? t('field_verificationCode') : t('field_bankHolderName')}
          value={values.answer}
          onChange={(value) => setValue('answer', value)}
          required
          inputMode={byEmail ? 'numeric' : 'text'}
          autoComplete={byEmail ? 'one-time-code' : 'off'}
          maxLength={byEmail ? 6 : 64}
          error={errorText(errors.answer)}
          trailing={byEmail ? <SmsCodeButton canSend={() => true} send={sendCode} testId={`${testId}-send`} /> : undefined}
          testIdPrefix={testId}
        />
      )}
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
        testIdPrefix={testId}
      />
      <FormError message={form.formError} testId={`${testId}-error`} />
      <FormButtons
        busy={form.busy}
        onCancel={onCancel}
        submitLabel={t(byEmail ? (enabled ? 'email_verification_turn_on' : 'email_verification_turn_off') : enabled ? 'bank_name_verification_turn_on' : 'bank_name_verification_turn_off')}
        testId={testId}
      />
    </form>
  );
}

import { Button, useT } from '@platform/shared';
import { PAYMENT_PASSWORD_LENGTH } from '@platform/contract';
import { checkConfirmation, FormError, isPaymentPassword, requiredError, TextField, useFieldErrorText, useForm, type FieldError } from '@platform/shared/forms';
import { useState } from 'react';
import { changePaymentPassword, resetPaymentPassword, setPaymentPassword } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';
import { FormButtons } from './form-buttons';
import { messageUnlessUnder, toastSuccess } from './form-helpers';
import { Section } from './section';

type Mode = 'set' | 'change' | 'reset';

/** The fields of each form, in order; the first of 'reset' is the login password. */
const FIELDS_OF: Record<Mode, readonly string[]> = {
  set: ['paymentPassword', 'confirmPaymentPassword'],
  change: ['oldPassword', 'newPassword', 'confirmNewPassword'],
  reset: ['loginPassword', 'newPassword', 'confirmNewPassword'],
};


/**
 * The payment (withdrawal) password, 6 digits: set the first one, change it with the current one,
 * or, forgotten, set a new one proved with the login password (withdrawal module's calls).
 */
export function PaymentPasswordSection({ hasPaymentPassword, onChanged }: { hasPaymentPassword: boolean; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const [mode, setMode] = useState<Mode | null>(null);
  return (
    <Section
      id="payment-password"
      title={t('section_payment_password')}
      status={hasPaymentPassword ? t('payment_password_status_set') : <span className={styles.muted}>{t('not_set')}</span>}
      action={{ label: hasPaymentPassword ? t('change') : t('set'), onClick: () => setMode(hasPaymentPassword ? 'change' : 'set') }}
    >
      {mode && (
        <PaymentPasswordForm
          key={mode}
          mode={mode}
          onForgot={() => setMode('reset')}
          onCancel={() => setMode(null)}
          onDone={(message) => {
            setMode(null);
            toastSuccess(message);
            onChanged();
          }}
        />
      )}
    </Section>
  );
}

type Values = Record<string, string>;

function PaymentPasswordForm({ mode, onForgot, onCancel, onDone }: { mode: Mode; onForgot: () => void; onCancel: () => void; onDone: (message: string) => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const fields = FIELDS_OF[mode];
  const [first, second, third] = fields;
  const sixDigits = (value: string, label: string): FieldError | null => {
    if (value === '') return requiredError(label);
    return isPaymentPassword(value) ? null : { text: t('payment_password_format') };
  };
  const form = useForm<Values>({
    initialValues: () => Object.fromEntries(fields.map((name) => [name, ''])),
    validate: (values) => {
      if (mode === 'set') {
        return {
          paymentPassword: sixDigits(values.paymentPassword, 'field_paymentPassword'),
          confirmPaymentPassword: checkConfirmation(values.confirmPaymentPassword, values.paymentPassword, 'field_confirmPaymentPassword'),
        };
      }
      return {
        [first]: mode === 'change' ? sixDigits(values[first], 'field_oldPaymentPassword') : values[first] ? null : requiredError('field_password'),
        newPassword: sixDigits(values.newPassword, 'field_newPaymentPassword'),
        confirmNewPassword: checkConfirmation(values.confirmNewPassword, values.newPassword, 'field_confirmNewPaymentPassword'),
      };
    },
    onSubmit: async (values) => {
      if (mode === 'set') {
        await setPaymentPassword({ paymentPassword: values.paymentPassword, confirmPaymentPassword: values.confirmPaymentPassword });
        onDone(t('payment_password_saved'));
      } else if (mode === 'change') {
        await changePaymentPassword({ oldPassword: values.oldPassword, newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword });
        onDone(t('payment_password_changed'));
      } else {
        await resetPaymentPassword({ loginPassword: values.loginPassword, newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword });
        onDone(t('payment_password_saved'));
      }
    },
    serverErrorFields: fields,
    failureMessage: messageUnlessUnder(fields),
  });
  const { values, errors, setValue } = form;
  const labels: Record<string, string> = {
    paymentPassword: t('field_paymentPassword'),
    confirmPaymentPassword: t('field_confirmPaymentPassword'),
    oldPassword: t('field_oldPaymentPassword'),
    loginPassword: t('field_password'),
    newPassword: t('field_newPaymentPassword'),
    confirmNewPassword: t('field_confirmNewPaymentPassword'),
  };
  const digits = (name: string) => name !== 'loginPassword';

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_payment_password')} data-testid={`security-payment-password-${mode}-form`}>
      {mode === 'reset' && <p className={styles.note}>{t('payment_password_reset_note')}</p>}
      {[first, second, third]
        .filter((name): name is string => name !== undefined)
        .map((name) => (
          <TextField
            key={name}
            name={name}
            type="password"
            label={labels[name]}
            value={values[name] ?? ''}
            onChange={(value) => setValue(name, value)}
            required
            revealable
            inputMode={digits(name) ? 'numeric' : undefined}
            maxLength={digits(name) ? PAYMENT_PASSWORD_LENGTH : undefined}
            autoComplete={name === 'loginPassword' ? 'current-password' : 'off'}
            error={errorText(errors[name])}
            hint={digits(name) && name !== 'oldPassword' && !name.startsWith('confirm') ? t('payment_password_format') : undefined}
            testIdPrefix="security-payment-password"
          />
        ))}
      {mode === 'change' && (
        <Button variant="ghost" size="sm" className={styles.link} onClick={onForgot} data-testid="security-payment-password-forgot">
          {t('payment_password_forgot')}
        </Button>
      )}
      <FormError message={form.formError} testId="security-payment-password-error" />
      <FormButtons busy={form.busy} onCancel={onCancel} testId="security-payment-password" />
    </form>
  );
}

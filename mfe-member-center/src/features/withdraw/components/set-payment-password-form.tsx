import { Button, useT } from '@platform/shared';
import { checkConfirmation, FormError, isPaymentPassword, PaymentPasswordField, requiredError, useFieldErrorText, useForm, type FieldError } from '@platform/shared/forms';
import { setPaymentPassword } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../withdraw.module.css';


interface Values {
  paymentPassword: string;
  confirmPaymentPassword: string;
}

/** A payment password field's own check: six digits. */
export function useSixDigits(): (value: string, label: string) => FieldError | null {
  const { t } = useT(NAMESPACE);
  return (value, label) => {
    if (value === '') return requiredError(label);
    return isPaymentPassword(value) ? null : { text: t('payment_password_format') };
  };
}

/** No payment password yet: withdrawals and cards need one, so the page asks for it first. */
export function SetPaymentPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const sixDigits = useSixDigits();
  const form = useForm<Values>({
    initialValues: { paymentPassword: '', confirmPaymentPassword: '' },
    validate: (values) => ({
      paymentPassword: sixDigits(values.paymentPassword, 'field_payment_password'),
      confirmPaymentPassword: checkConfirmation(values.confirmPaymentPassword, values.paymentPassword, 'field_confirm_payment_password'),
    }),
    onSubmit: async (values) => {
      await setPaymentPassword(values.paymentPassword, values.confirmPaymentPassword);
      onDone();
    },
  });
  return (
    <form className={styles.panel} onSubmit={form.submit} noValidate aria-labelledby="withdraw-set-password-title" data-testid="withdraw-set-password">
      <h3 id="withdraw-set-password-title" className={styles.heading}>
        {t('set_password_title')}
      </h3>
      <p className={styles.note}>{t('set_password_note')}</p>
      {(['paymentPassword', 'confirmPaymentPassword'] as const).map((name) => (
        <PaymentPasswordField
          key={name}
          name={name}
          label={t(name === 'paymentPassword' ? 'field_payment_password' : 'field_confirm_payment_password')}
          value={form.values[name]}
          onChange={(value) => form.setValue(name, value)}
          error={errorText(form.errors[name])}
          hint={name === 'paymentPassword' ? t('payment_password_format') : undefined}
          testIdPrefix="withdraw-set-password"
        />
      ))}
      <FormError message={form.formError} testId="withdraw-set-password-error" />
      <div className={styles.buttons}>
        <Button type="submit" loading={form.busy} data-testid="withdraw-set-password-submit">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

import { Button, hasSupportLink, openSupportLink, useT, type RegisterFieldRule } from '@platform/shared';
import {
  checkField,
  FormError,
  TextField,
  trimmed,
  useFieldErrorText,
  useForm,
  useRegisterRules,
  useSiteConfig,
} from '@platform/shared/forms';
import styles from '../../../components/form.module.css';
import { NAMESPACE } from '../../../locales';
import { requestResetEmail } from '../api/forgot-password-api';

/** An e-mail address, when the site has no rule of its own for it. */
const EMAIL_RULE: RegisterFieldRule = { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 3, minLength: 5, maxLength: 64, enabled: true, required: true, type: 'email' };

export interface EmailResetFormProps {
  /** The server accepted the request: the host confirms and closes. */
  onSent: () => void;
}

/** Forgot password by e-mail: username and e-mail, both required and valid. */
export function EmailResetForm({ onSent }: EmailResetFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const rules = useRegisterRules();
  const { customerService } = useSiteConfig();
  const form = useForm({
    initialValues: { username: '', email: '' },
    validate: ({ username, email }) => ({
      username: checkField(trimmed(username), rules.username, { label: 'field_username', required: true }),
      email: checkField(trimmed(email), rules.email?.acceptedPattern ? { ...rules.email, required: true } : EMAIL_RULE, { label: 'field_email', required: true }),
    }),
    onSubmit: async ({ username, email }) => {
      await requestResetEmail(trimmed(username), trimmed(email));
      onSent();
    },
  });
  const { values, errors, setValue } = form;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate data-testid="forgot-email-form" aria-label={t('forgot_by_email')}>
      <TextField
        name="username"
        label={t('field_username')}
        value={values.username}
        onChange={(value) => setValue('username', value)}
        required
        autoComplete="username"
        error={errorText(errors.username)}
        testIdPrefix="forgot"
      />
      <TextField
        name="email"
        type="email"
        label={t('field_email')}
        value={values.email}
        onChange={(value) => setValue('email', value)}
        required
        inputMode="email"
        autoComplete="email"
        error={errorText(errors.email)}
        testIdPrefix="forgot"
      />
      <FormError message={form.formError} testId="forgot-error" />
      <Button type="submit" block loading={form.busy} data-testid="forgot-email-submit">
        {t('forgot_send_email')}
      </Button>
      {hasSupportLink(customerService) && (
        <p className={styles.muted}>
          {t('forgot_need_help')}{' '}
          <button type="button" className={styles.link} data-testid="forgot-customer-service" onClick={() => void openSupportLink(customerService)}>
            {t('customer_service')}
          </button>
        </p>
      )}
    </form>
  );
}

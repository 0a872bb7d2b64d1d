import { Button, useT, type RegisterFieldRule, hasSupportLink, openSupportLink } from '@platform/shared';
import { useState, type FormEvent } from 'react';
import styles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useRegisterRules } from '../../../hooks/use-register-rules';
import { useSiteConfig } from '../../../hooks/use-site-config';
import { unreportedMessage } from '../../../lib/api-errors';
import { checkField, isValid, trimmed, type FieldError } from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { requestResetEmail } from '../api/forgot-password-api';

/** An e-mail address, when the site has no rule of its own for it. */
const EMAIL_RULE: RegisterFieldRule = { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 3, minLength: 5, maxLength: 64, enabled: true, required: true, type: 'email' };

export interface EmailResetFormProps {
  /** The server accepted the request: the host confirms and closes. */
  onSent: () => void;
}

/** Forgot password by e-mail (SPEC §2, §5): username and e-mail, both required and valid. */
export function EmailResetForm({ onSent }: EmailResetFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText();
  const rules = useRegisterRules();
  const { customerService } = useSiteConfig();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ username?: FieldError | null; email?: FieldError | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = { username: trimmed(username), email: trimmed(email) };
    const found = {
      username: checkField(typed.username, rules.username, { label: 'field_username', required: true }),
      email: checkField(typed.email, rules.email?.acceptedPattern ? { ...rules.email, required: true } : EMAIL_RULE, { label: 'field_email', required: true }),
    };
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;
    setBusy(true);
    try {
      await requestResetEmail(typed.username, typed.email);
      onSent();
    } catch (error) {
      setFormError(unreportedMessage(error));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="forgot-email-form" aria-label={t('forgot_by_email')}>
      <TextField
        name="username"
        label={t('field_username')}
        value={username}
        onChange={(value) => {
          setUsername(value);
          setErrors((current) => ({ ...current, username: null }));
        }}
        required
        autoComplete="username"
        error={errorText(errors.username)}
        testIdPrefix="forgot"
      />
      <TextField
        name="email"
        type="email"
        label={t('field_email')}
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors((current) => ({ ...current, email: null }));
        }}
        required
        inputMode="email"
        autoComplete="email"
        error={errorText(errors.email)}
        testIdPrefix="forgot"
      />
      {formError && (
        <p className={styles.formError} role="alert" data-testid="forgot-error">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={busy} data-testid="forgot-email-submit">
        {t('forgot_send_email')}
      </Button>
      {hasSupportLink(customerService) && (
        <p className={styles.muted}>
          {t('forgot_need_help')}{' '}
          <button type="button" className={styles.link} data-testid="forgot-customer-service" onClick={() => openSupportLink(customerService)}>
            {t('customer_service')}
          </button>
        </p>
      )}
    </form>
  );
}

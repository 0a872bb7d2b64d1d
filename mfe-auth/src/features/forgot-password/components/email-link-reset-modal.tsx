import { Button, Modal, useT } from '@platform/shared';
import { useState, type FormEvent } from 'react';
import styles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useRegisterRules } from '../../../hooks/use-register-rules';
import { unreportedMessage } from '../../../lib/api-errors';
import { checkConfirmation, checkField, isValid, trimmed, type FieldError } from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { resetWithEmailToken } from '../api/forgot-password-api';

export interface EmailLinkResetModalProps {
  /** The token of the e-mailed link (?resetToken=). */
  token: string;
  onClose: () => void;
  /** The password is set: log in again, as the account named. */
  onReset: (username: string | null) => void;
}

type Errors = Partial<Record<'newPassword' | 'confirmNewPassword', FieldError | null>>;

/** The page the e-mailed reset link opens: a new password, twice. */
export function EmailLinkResetModal({ token, onClose, onReset }: EmailLinkResetModalProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText();
  const rules = useRegisterRules();
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = { newPassword: trimmed(newPassword), confirmNewPassword: trimmed(confirmNewPassword) };
    const found: Errors = {
      newPassword: checkField(typed.newPassword, rules.password, { label: 'field_newPassword', required: true }),
      confirmNewPassword: checkConfirmation(typed.confirmNewPassword, typed.newPassword, 'field_confirmNewPassword'),
    };
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;
    setBusy(true);
    try {
      onReset(await resetWithEmailToken(token, typed.newPassword, typed.confirmNewPassword));
    } catch (error) {
      setFormError(unreportedMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={t('reset_link_title')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="reset-link-form" aria-label={t('reset_link_title')}>
        <TextField
          name="newPassword"
          type="password"
          label={t('field_newPassword')}
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            setErrors((current) => ({ ...current, newPassword: null }));
          }}
          required
          revealable
          autoComplete="new-password"
          error={errorText(errors.newPassword)}
          testIdPrefix="reset-link"
        />
        <TextField
          name="confirmNewPassword"
          type="password"
          label={t('field_confirmNewPassword')}
          value={confirmNewPassword}
          onChange={(value) => {
            setConfirm(value);
            setErrors((current) => ({ ...current, confirmNewPassword: null }));
          }}
          required
          revealable
          autoComplete="new-password"
          error={errorText(errors.confirmNewPassword)}
          testIdPrefix="reset-link"
        />
        {formError && (
          <p className={styles.formError} role="alert" data-testid="reset-link-error">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={busy} data-testid="reset-link-submit">
          {t('forgot_reset_password')}
        </Button>
      </form>
    </Modal>
  );
}

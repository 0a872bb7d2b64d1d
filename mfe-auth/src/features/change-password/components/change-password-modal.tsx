import { bus, Button, Modal, sessionStore, useT } from '@platform/shared';
import { useState, type FormEvent } from 'react';
import styles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useRegisterRules } from '../../../hooks/use-register-rules';
import { unreportedMessage } from '../../../lib/api-errors';
import { getUserInfo, rememberUserInfo } from '../../../lib/user-info';
import { checkConfirmation, checkField, isValid, requiredError, trimmed, type FieldError } from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { changePassword, endPendingLogin } from '../api/change-password-api';

export interface ChangePasswordModalProps {
  /** Closed without changing: the pending login is given up. */
  onClose: () => void;
  /** Changed: the host shows the login form again, for the account name given. */
  onChanged: (username: string) => void;
}

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', FieldError | null>>;

/** The pending login's token, kept in the tab's `login` value until the password is changed. */
function pendingToken(): string | null {
  return sessionStore.get('login')?.token ?? null;
}

function forgetPendingLogin(): void {
  sessionStore.remove('login');
  sessionStore.remove('cpw');
}

/**
 * Change password for a first-time, default or expired password (SPEC §2, §4, §5): the account
 * name, the old password only when it was not kept from the login, the new one twice.
 */
export function ChangePasswordModal({ onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText();
  const rules = useRegisterRules();
  const [userInfo] = useState(() => getUserInfo());
  const username = userInfo?.userName ?? sessionStore.get('login')?.userName ?? '';
  const needsOld = !userInfo?.password;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof Errors, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => (current[field] ? { ...current, [field]: null } : current));
  };

  const cancel = () => {
    const token = pendingToken();
    forgetPendingLogin();
    if (token) void endPendingLogin(token);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = {
      oldPassword: needsOld ? trimmed(oldPassword) : (userInfo?.password ?? ''),
      newPassword: trimmed(newPassword),
      confirmNewPassword: trimmed(confirmNewPassword),
    };
    const found: Errors = {
      oldPassword: typed.oldPassword ? null : requiredError('field_oldPassword'),
      newPassword: checkField(typed.newPassword, rules.password, { label: 'field_newPassword', required: true }),
      confirmNewPassword: checkConfirmation(typed.confirmNewPassword, typed.newPassword, 'field_confirmNewPassword'),
    };
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;

    setBusy(true);
    const token = pendingToken();
    try {
      await changePassword(typed, token);
    } catch (error) {
      setFormError(unreportedMessage(error));
      setBusy(false);
      return;
    }
    forgetPendingLogin();
    if (token) await endPendingLogin(token);
    rememberUserInfo({ userName: username });
    bus.dispatch({ type: 'toast', level: 'success', message: t('change_password_success') });
    onChanged(username);
  };

  return (
    <Modal open onClose={cancel} title={t('change_password_title')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="change-password-form" aria-label={t('change_password_title')}>
        <p className={styles.muted}>{t('change_password_reason')}</p>
        <TextField name="username" label={t('field_username')} value={username} onChange={() => undefined} readOnly testIdPrefix="change-password" />
        {needsOld && (
          <TextField
            name="oldPassword"
            type="password"
            label={t('field_oldPassword')}
            value={oldPassword}
            onChange={change('oldPassword', setOldPassword)}
            required
            revealable
            autoComplete="current-password"
            error={errorText(errors.oldPassword)}
            testIdPrefix="change-password"
          />
        )}
        <TextField
          name="newPassword"
          type="password"
          label={t('field_newPassword')}
          value={newPassword}
          onChange={change('newPassword', setNewPassword)}
          required
          revealable
          autoComplete="new-password"
          error={errorText(errors.newPassword)}
          testIdPrefix="change-password"
        />
        <TextField
          name="confirmNewPassword"
          type="password"
          label={t('field_confirmNewPassword')}
          value={confirmNewPassword}
          onChange={change('confirmNewPassword', setConfirm)}
          required
          revealable
          autoComplete="new-password"
          error={errorText(errors.confirmNewPassword)}
          testIdPrefix="change-password"
        />
        {formError && (
          <p className={styles.formError} role="alert" data-testid="change-password-error">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={busy} data-testid="change-password-submit">
          {t('change_password_submit')}
        </Button>
      </form>
    </Modal>
  );
}

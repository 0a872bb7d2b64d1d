import { bus, Button, Modal, sessionStore, useT } from '@platform/shared';
import {
  checkConfirmation,
  checkField,
  FormError,
  requiredError,
  TextField,
  trimmed,
  useFieldErrorText,
  useForm,
  usePasswordHint,
  useRegisterRules,
} from '@platform/shared/forms';
import { useState } from 'react';
import styles from '../../../components/form.module.css';
import { getUserInfo, rememberUserInfo } from '../../../lib/user-info';
import { NAMESPACE } from '../../../locales';
import { changePassword, endPendingLogin, type PasswordChange } from '../api/change-password-api';

export interface ChangePasswordModalProps {
  /** Closed without changing: the pending login is given up. */
  onClose: () => void;
  /** Changed: the host shows the login form again, for the account name given. */
  onChanged: (username: string) => void;
}

/** The pending login's token, kept in the tab's `login` value until the password is changed. */
function pendingToken(): string | null {
  return sessionStore.get('login')?.token ?? null;
}

function forgetPendingLogin(): void {
  sessionStore.remove('login');
  sessionStore.remove('cpw');
}

/**
 * Change password for a first-time, default or expired password: the account
 * name, the old password only when it was not kept from the login, the new one twice.
 */
export function ChangePasswordModal({ onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const rules = useRegisterRules();
  const passwordHint = usePasswordHint();
  const [userInfo] = useState(() => getUserInfo());
  const username = userInfo?.userName ?? sessionStore.get('login')?.userName ?? '';
  const needsOld = !userInfo?.password;

  /** What is sent: trimmed, and the old password kept from the login when there is one. */
  const typedOf = (typed: PasswordChange): PasswordChange => ({
    oldPassword: needsOld ? trimmed(typed.oldPassword) : (userInfo?.password ?? ''),
    newPassword: trimmed(typed.newPassword),
    confirmNewPassword: trimmed(typed.confirmNewPassword),
  });

  const cancel = () => {
    const token = pendingToken();
    forgetPendingLogin();
    if (token) void endPendingLogin(token);
    onClose();
  };

  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    validate: (values) => {
      const typed = typedOf(values);
      return {
        oldPassword: typed.oldPassword ? null : requiredError('field_oldPassword'),
        newPassword: checkField(typed.newPassword, rules.password, { label: 'field_newPassword', required: true }),
        confirmNewPassword: checkConfirmation(typed.confirmNewPassword, typed.newPassword, 'field_confirmNewPassword'),
      };
    },
    onSubmit: async (values) => {
      const token = pendingToken();
      await changePassword(typedOf(values), token);
      forgetPendingLogin();
      if (token) await endPendingLogin(token);
      rememberUserInfo({ userName: username });
      bus.dispatch({ type: 'toast', level: 'success', message: t('change_password_success') });
      onChanged(username);
    },
    // A refused new password (too common) shows the server's reason under the field as well.
    serverErrorFields: ['newPassword'],
  });
  const { values, errors, setValue } = form;

  return (
    <Modal open onClose={cancel} title={t('change_password_title')}>
      <form className={styles.form} onSubmit={form.submit} noValidate data-testid="change-password-form" aria-label={t('change_password_title')}>
        <p className={styles.muted}>{t('change_password_reason')}</p>
        <TextField name="username" label={t('field_username')} value={username} onChange={() => undefined} readOnly testIdPrefix="change-password" />
        {needsOld && (
          <TextField
            name="oldPassword"
            type="password"
            label={t('field_oldPassword')}
            value={values.oldPassword}
            onChange={(value) => setValue('oldPassword', value)}
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
          value={values.newPassword}
          onChange={(value) => setValue('newPassword', value)}
          required
          revealable
          autoComplete="new-password"
          error={errorText(errors.newPassword)}
          hint={passwordHint(rules.password)}
          testIdPrefix="change-password"
        />
        <TextField
          name="confirmNewPassword"
          type="password"
          label={t('field_confirmNewPassword')}
          value={values.confirmNewPassword}
          onChange={(value) => setValue('confirmNewPassword', value)}
          required
          revealable
          autoComplete="new-password"
          error={errorText(errors.confirmNewPassword)}
          testIdPrefix="change-password"
        />
        <FormError message={form.formError} testId="change-password-error" />
        <Button type="submit" block loading={form.busy} data-testid="change-password-submit">
          {t('change_password_submit')}
        </Button>
      </form>
    </Modal>
  );
}

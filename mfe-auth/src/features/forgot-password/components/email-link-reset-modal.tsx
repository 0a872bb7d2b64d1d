import { Button, Modal, useT } from '@platform/shared';
import {
  checkConfirmation,
  checkField,
  FormError,
  TextField,
  trimmed,
  useFieldErrorText,
  useForm,
  usePasswordHint,
  useRegisterRules,
} from '@platform/shared/forms';
import styles from '../../../components/form.module.css';
import { NAMESPACE } from '../../../locales';
import { resetWithEmailToken, type ResetOutcome } from '../api/forgot-password-api';

export interface EmailLinkResetModalProps {
  /** The token of the e-mailed link (?resetToken=). */
  token: string;
  onClose: () => void;
  /** The password is set: log in again, as the account named (second factors the reset kept). */
  onReset: (outcome: ResetOutcome) => void;
}

/** The page the e-mailed reset link opens: a new password, twice. */
export function EmailLinkResetModal({ token, onClose, onReset }: EmailLinkResetModalProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const rules = useRegisterRules();
  const passwordHint = usePasswordHint();
  const form = useForm({
    initialValues: { newPassword: '', confirmNewPassword: '' },
    validate: (values) => ({
      newPassword: checkField(trimmed(values.newPassword), rules.password, { label: 'field_newPassword', required: true }),
      confirmNewPassword: checkConfirmation(trimmed(values.confirmNewPassword), trimmed(values.newPassword), 'field_confirmNewPassword'),
    }),
    onSubmit: async (values) => onReset(await resetWithEmailToken(token, trimmed(values.newPassword), trimmed(values.confirmNewPassword))),
    // A refused new password (too common) shows the server's reason under the field as well.
    serverErrorFields: ['newPassword'],
  });
  const { values, errors, setValue } = form;

  return (
    <Modal open onClose={onClose} title={t('reset_link_title')}>
      <form className={styles.form} onSubmit={form.submit} noValidate data-testid="reset-link-form" aria-label={t('reset_link_title')}>
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
          testIdPrefix="reset-link"
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
          testIdPrefix="reset-link"
        />
        <FormError message={form.formError} testId="reset-link-error" />
        <Button type="submit" block loading={form.busy} data-testid="reset-link-submit">
          {t('forgot_reset_password')}
        </Button>
      </form>
    </Modal>
  );
}

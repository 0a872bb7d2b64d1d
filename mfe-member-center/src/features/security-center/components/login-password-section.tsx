import { useT } from '@platform/shared';
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
import { changeLoginPassword } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';
import { FormButtons } from './form-buttons';
import { messageUnlessUnder, toastSuccess } from './form-helpers';
import { Section } from './section';

const FIELDS = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
const EMPTY = { oldPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * Changing the login password (POST /wps/member/password, the call the forced change uses): the
 * current one, the new one twice under the site's password rule. Other sessions end; this one stays.
 */
export function LoginPasswordSection() {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const rules = useRegisterRules();
  const passwordHint = usePasswordHint();
  const [editing, setEditing] = useState(false);
  const form = useForm({
    initialValues: EMPTY,
    validate: (values) => ({
      oldPassword: trimmed(values.oldPassword) ? null : requiredError('field_oldPassword'),
      newPassword: checkField(trimmed(values.newPassword), rules.password, { label: 'field_newPassword', required: true }),
      confirmNewPassword: checkConfirmation(trimmed(values.confirmNewPassword), trimmed(values.newPassword), 'field_confirmNewPassword'),
    }),
    onSubmit: async (values) => {
      await changeLoginPassword({
        oldPassword: trimmed(values.oldPassword),
        newPassword: trimmed(values.newPassword),
        confirmNewPassword: trimmed(values.confirmNewPassword),
      });
      setEditing(false);
      toastSuccess(t('login_password_changed'));
    },
    serverErrorFields: FIELDS,
    failureMessage: messageUnlessUnder(FIELDS),
  });
  const { values, errors, setValue } = form;
  const open = () => {
    form.setValues(EMPTY);
    form.clearErrors();
    setEditing(true);
  };
  const field = (name: (typeof FIELDS)[number], autoComplete: string, hint?: string) => (
    <TextField
      name={name}
      type="password"
      label={t(`field_${name}`)}
      value={values[name]}
      onChange={(value) => setValue(name, value)}
      required
      revealable
      autoComplete={autoComplete}
      error={errorText(errors[name])}
      hint={hint}
      testIdPrefix="security-login-password"
    />
  );

  return (
    <Section id="login-password" title={t('section_login_password')} status={t('login_password_status')} action={{ label: t('change'), onClick: open }}>
      {editing && (
        <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_login_password')} data-testid="security-login-password-form">
          {field('oldPassword', 'current-password')}
          {field('newPassword', 'new-password', passwordHint(rules.password))}
          {field('confirmNewPassword', 'new-password')}
          <FormError message={form.formError} testId="security-login-password-error" />
          <FormButtons busy={form.busy} onCancel={() => setEditing(false)} testId="security-login-password" />
        </form>
      )}
    </Section>
  );
}

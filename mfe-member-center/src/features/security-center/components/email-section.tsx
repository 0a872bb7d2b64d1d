import { useT } from '@platform/shared';
import { FormError, requiredError, TextField, trimmed, useFieldErrorText, useForm } from '@platform/shared/forms';
import { useState } from 'react';
import { bindEmail, type MemberProfile } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';
import { FormButtons } from './form-buttons';
import { messageUnlessUnder, toastSuccess } from './form-helpers';
import { Section } from './section';

const FIELDS = ['email', 'password'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail address (masked), and setting it with the login password as the proof. */
export function EmailSection({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const [editing, setEditing] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => ({
      email: !trimmed(values.email) ? requiredError('field_email') : EMAIL.test(trimmed(values.email)) ? null : { text: t('email_invalid') },
      password: values.password ? null : requiredError('field_password'),
    }),
    onSubmit: async (values) => {
      await bindEmail({ email: trimmed(values.email), password: values.password });
      setEditing(false);
      toastSuccess(t('email_bound'));
      onChanged();
    },
    serverErrorFields: FIELDS,
    failureMessage: messageUnlessUnder(FIELDS),
  });
  const { values, errors, setValue } = form;
  const open = () => {
    form.setValues({ email: '', password: '' });
    form.clearErrors();
    setEditing(true);
  };

  return (
    <Section
      id="email"
      title={t('section_email')}
      status={profile.bindEmail ? profile.email : <span className={styles.muted}>{t('not_bound')}</span>}
      action={{ label: profile.bindEmail ? t('change') : t('bind'), onClick: open }}
    >
      {editing && (
        <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_email')} data-testid="security-email-form">
          <TextField
            name="email"
            type="email"
            label={t('field_email')}
            value={values.email}
            onChange={(value) => setValue('email', value)}
            required
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            error={errorText(errors.email)}
            testIdPrefix="security-email"
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
            testIdPrefix="security-email"
          />
          <FormError message={form.formError} testId="security-email-error" />
          <FormButtons busy={form.busy} onCancel={() => setEditing(false)} testId="security-email" />
        </form>
      )}
    </Section>
  );
}

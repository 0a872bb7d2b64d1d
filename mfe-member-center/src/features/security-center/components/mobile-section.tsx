import { useT } from '@platform/shared';
import { checkMobile, FormError, requiredError, TextField, trimmed, useDialingCode, useFieldErrorText, useForm, useRegisterRules } from '@platform/shared/forms';
import { MobileCodeFields } from '@platform/ui-blocks';
import { useState } from 'react';
import { bindMobile, sendBindCode, type MemberProfile } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';
import { FormButtons } from './form-buttons';
import { messageUnlessUnder, toastSuccess } from './form-helpers';
import { Section } from './section';

const FIELDS = ['mobileNum', 'verificationCode', 'password'] as const;

/** The bound mobile number (masked), and binding or changing it: the number, its SMS code, the login password. */
export function MobileSection({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const [editing, setEditing] = useState(false);
  return (
    <Section
      id="mobile"
      title={t('section_mobile')}
      status={profile.bindMobile ? `${profile.countryDialingCode ?? ''} ${profile.mobile ?? ''}`.trim() : <span className={styles.muted}>{t('not_bound')}</span>}
      action={{ label: profile.bindMobile ? t('change') : t('bind'), onClick: () => setEditing(true) }}
    >
      {editing && (
        <MobileForm
          onCancel={() => setEditing(false)}
          onBound={() => {
            setEditing(false);
            toastSuccess(t('mobile_bound'));
            onChanged();
          }}
        />
      )}
    </Section>
  );
}

function MobileForm({ onCancel, onBound }: { onCancel: () => void; onBound: () => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const rules = useRegisterRules();
  const dialing = useDialingCode();
  const form = useForm({
    initialValues: { mobileNum: '', verificationCode: '', password: '' },
    validate: (values) => ({
      mobileNum: checkMobile(trimmed(values.mobileNum), rules.mobileNum, 'field_mobileNum'),
      verificationCode: trimmed(values.verificationCode) ? null : requiredError('field_verificationCode'),
      password: values.password ? null : requiredError('field_password'),
    }),
    onSubmit: async (values) => {
      await bindMobile({
        countryDialingCode: dialing.dialingCode,
        mobileNum: trimmed(values.mobileNum),
        verificationCode: trimmed(values.verificationCode),
        password: values.password,
      });
      onBound();
    },
    serverErrorFields: FIELDS,
    failureMessage: messageUnlessUnder(FIELDS),
  });
  const { values, errors, setValue, setFieldError } = form;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_mobile')} data-testid="security-mobile-form">
      <MobileCodeFields
        testIdPrefix="security-mobile"
        pickerTestId="security-mobile-country"
        sendButtonTestId="security-mobile-code-button"
        dialing={dialing}
        mobile={{ value: values.mobileNum, onChange: (value) => setValue('mobileNum', value), label: t('field_mobileNum'), error: errorText(errors.mobileNum) }}
        code={{ value: values.verificationCode, onChange: (value) => setValue('verificationCode', value), label: t('field_verificationCode'), error: errorText(errors.verificationCode) }}
        mobileRule={rules.mobileNum}
        onMobileError={(error) => setFieldError('mobileNum', error)}
        send={sendBindCode}
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
        testIdPrefix="security-mobile"
      />
      <FormError message={form.formError} testId="security-mobile-error" />
      <FormButtons busy={form.busy} onCancel={onCancel} submitLabel={t('bind')} testId="security-mobile" />
    </form>
  );
}

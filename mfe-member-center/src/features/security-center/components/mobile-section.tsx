import { useT } from '@platform/shared';
import {
  checkMobile,
  CountryCodePicker,
  FormError,
  requiredError,
  SmsCodeButton,
  TextField,
  trimmed,
  useDialingCode,
  useFieldErrorText,
  useForm,
  useRegisterRules,
  useSendCode,
} from '@platform/shared/forms';
import { useCallback, useState } from 'react';
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
  const { countries, dialingCode, setDialingCode } = useDialingCode();
  const form = useForm({
    initialValues: { mobileNum: '', verificationCode: '', password: '' },
    validate: (values) => ({
      mobileNum: checkMobile(trimmed(values.mobileNum), rules.mobileNum, 'field_mobileNum'),
      verificationCode: trimmed(values.verificationCode) ? null : requiredError('field_verificationCode'),
      password: values.password ? null : requiredError('field_password'),
    }),
    onSubmit: async (values) => {
      await bindMobile({
        countryDialingCode: dialingCode,
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

  const mobileValid = useCallback(() => {
    const error = checkMobile(trimmed(values.mobileNum), rules.mobileNum, 'field_mobileNum');
    setFieldError('mobileNum', error);
    return !error;
  }, [values.mobileNum, rules.mobileNum, setFieldError]);
  const sendCode = useSendCode(
    useCallback(() => sendBindCode({ countryDialingCode: dialingCode, mobileNum: trimmed(values.mobileNum) }), [dialingCode, values.mobileNum]),
  );

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_mobile')} data-testid="security-mobile-form">
      <TextField
        name="mobileNum"
        type="tel"
        label={t('field_mobileNum')}
        value={values.mobileNum}
        onChange={(value) => setValue('mobileNum', value)}
        required
        inputMode="tel"
        autoComplete="tel-national"
        error={errorText(errors.mobileNum)}
        leading={countries.length > 0 ? <CountryCodePicker countries={countries} value={dialingCode} onChange={setDialingCode} testId="security-mobile-country" /> : undefined}
        testIdPrefix="security-mobile"
      />
      <TextField
        name="verificationCode"
        label={t('field_verificationCode')}
        value={values.verificationCode}
        onChange={(value) => setValue('verificationCode', value)}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errorText(errors.verificationCode)}
        trailing={<SmsCodeButton canSend={mobileValid} send={sendCode} testId="security-mobile-code-button" />}
        testIdPrefix="security-mobile"
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

import { Button, Tabs, useT } from '@platform/shared';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { sendRegisterCode } from '../../../api/sms-api';
import { CaptchaImage } from '../../../components/captcha-image';
import { CheckboxField } from '../../../components/checkbox-field';
import { CountryCodePicker } from '../../../components/country-code-picker';
import styles from '../../../components/form.module.css';
import { showNotice } from '../../../components/show-notice';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useCaptcha } from '../../../hooks/use-captcha';
import { useDialingCode } from '../../../hooks/use-dialing-code';
import { useRegisterRules } from '../../../hooks/use-register-rules';
import { useSendCode } from '../../../hooks/use-send-code';
import { useSiteConfig } from '../../../hooks/use-site-config';
import { unreportedMessage } from '../../../lib/api-errors';
import { codesFromSearch } from '../../../lib/url-codes';
import {
  checkConfirmation,
  checkField,
  checkMobile,
  DEFAULT_MOBILE_RULE,
  isValid,
  trimmed,
  type FieldError,
} from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { isAffiliateCodeValid, refusedField, register, type RegisterMode, type RegisterResult } from '../api/register-api';
import { FIELD_INPUTS, labelKey, planFields, VERIFICATION_CODE_RULE, type FieldPlan, type RegisterFieldName } from '../register-fields';

/** A finished registration, handed to the host (popup or page), which starts the session. */
export interface RegistrationOutcome {
  result: RegisterResult;
  mode: RegisterMode;
  /** The account name: typed, or generated from the mobile number. */
  username: string;
}

export interface RegisterFormProps {
  onRegistered: (outcome: RegistrationOutcome) => Promise<void>;
  /** The link back to the login popup. */
  onLogin: () => void;
}

type Values = Partial<Record<RegisterFieldName, string>>;
type Errors = Partial<Record<RegisterFieldName | 'agreement', FieldError | null>>;

/**
 * Registration (SPEC §2, §3, §4, §5) in its two modes: account and password, or mobile number.
 * Which fields show and how they are checked come from the server's rules.
 */
export function RegisterForm({ onRegistered, onLogin }: RegisterFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText();
  const location = useLocation();
  const { isOn } = useSiteConfig();
  const rules = useRegisterRules();
  const urlCodes = useMemo(() => codesFromSearch(location.search), [location.search]);

  const modes = useMemo(() => {
    const available: RegisterMode[] = [];
    if (isOn('usernameRegister')) available.push('register');
    if (isOn('mobileRegister')) available.push('registerMobile');
    return available;
  }, [isOn]);
  const [chosenMode, setMode] = useState<RegisterMode>('register');
  const mode = modes.includes(chosenMode) ? chosenMode : (modes[0] ?? 'register');

  const plan = useMemo(
    () =>
      planFields({
        mode,
        rules,
        smsVerification: isOn('registerSmsVerification'),
        mobilePassword: isOn('mobileRegisterPassword'),
        hasReferralFromUrl: Boolean(urlCodes.referralCode),
      }),
    [mode, rules, isOn, urlCodes.referralCode],
  );
  const shown = (name: RegisterFieldName) => plan.some((field) => field.name === name);

  const [values, setValues] = useState<Values>(() => ({ referralCode: urlCodes.referralCode, affiliateCode: urlCodes.affiliateCode }));
  const { countries, dialingCode, setDialingCode } = useDialingCode();
  const [agreement, setAgreement] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(shown('captcha'));

  /** What the player typed, trimmed (SPEC §5). */
  const valueOf = useCallback((name: RegisterFieldName) => trimmed(values[name] ?? ''), [values]);

  const checkOne = useCallback(
    (field: FieldPlan): FieldError | null => {
      const value = valueOf(field.name);
      const label = labelKey(field.name);
      switch (field.name) {
        case 'confirmPassword':
          return checkConfirmation(value, valueOf('password'), label);
        case 'verificationCode':
          // Needed whenever a mobile number is registered (SPEC §5).
          return checkField(value, VERIFICATION_CODE_RULE, { label, required: field.required || valueOf('mobileNum') !== '' });
        case 'mobileNum':
          return checkField(value, rules.mobileNum ?? DEFAULT_MOBILE_RULE, { label, required: field.required });
        case 'captcha':
          return value ? null : { key: 'error_required', field: label };
        default:
          return checkField(value, rules[field.name], { label, required: field.required });
      }
    },
    [rules, valueOf],
  );

  const setValue = (name: RegisterFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: null } : current));
  };
  const agree = (checked: boolean) => {
    setAgreement(checked);
    if (checked) setErrors((current) => ({ ...current, agreement: null }));
  };
  const blurCheck = (field: FieldPlan) => {
    if (!valueOf(field.name) && !errors[field.name]) return;
    setErrors((current) => ({ ...current, [field.name]: checkOne(field) }));
  };

  const mobileValid = useCallback(() => {
    const error = checkMobile(valueOf('mobileNum'), rules.mobileNum);
    setErrors((current) => ({ ...current, mobileNum: error }));
    return !error;
  }, [rules.mobileNum, valueOf]);
  const sendCode = useSendCode(
    useCallback(() => sendRegisterCode({ countryDialingCode: dialingCode, mobileNum: valueOf('mobileNum') }), [dialingCode, valueOf]),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    for (const field of plan) found[field.name] = checkOne(field);
    found.agreement = agreement ? null : { key: 'error_agreement' };
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;

    setBusy(true);
    try {
      // Without its own field, the code comes from the address the visitor arrived at.
      const affiliateCode = shown('affiliateCode') ? valueOf('affiliateCode') : urlCodes.affiliateCode;
      if (affiliateCode && !(await isAffiliateCodeValid(affiliateCode))) {
        setBusy(false);
        void showNotice({ title: t('warning'), message: t('invitation_code_error'), testId: 'invitation-code-error' });
        return;
      }
      const fields: Record<string, string> = {};
      for (const field of plan) {
        const value = valueOf(field.name);
        if (value !== '') fields[field.name] = value;
      }
      if (affiliateCode) fields.affiliateCode = affiliateCode;
      if (!fields.referralCode && urlCodes.referralCode) fields.referralCode = urlCodes.referralCode;
      if (shown('mobileNum') && fields.mobileNum) fields.countryDialingCode = dialingCode;
      if (fields.captcha && captcha.captcha?.id) fields.captchaId = captcha.captcha.id;
      // Mobile registration: the account is named after the mobile number.
      if (mode === 'registerMobile') fields.username = fields.mobileNum;

      const result = await register(mode, fields);
      await onRegistered({ result, mode, username: result.userName ?? fields.username ?? '' });
    } catch (error) {
      setBusy(false);
      if (shown('captcha')) {
        captcha.reload();
        setValue('captcha', '');
      }
      // A refused field shows the server's reason under it as well.
      const field = refusedField(error);
      if (field && plan.some((entry) => entry.name === field) && error instanceof Error) {
        setErrors((current) => ({ ...current, [field]: { key: 'error_unknown', text: error.message } }));
      }
      setFormError(unreportedMessage(error));
    }
  };

  if (modes.length === 0) {
    return (
      <p className={styles.muted} data-testid="register-closed">
        {t('register_closed')}
      </p>
    );
  }

  const renderField = (field: FieldPlan) => {
    const input = FIELD_INPUTS[field.name];
    const isMobile = field.name === 'mobileNum';
    const isCode = field.name === 'verificationCode';
    return (
      <TextField
        key={field.name}
        name={field.name}
        label={t(labelKey(field.name))}
        type={input.type}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        value={values[field.name] ?? ''}
        onChange={(value) => setValue(field.name, value)}
        onBlur={() => blurCheck(field)}
        required={field.required}
        revealable={input.type === 'password'}
        error={errorText(errors[field.name])}
        leading={isMobile ? <CountryCodePicker countries={countries} value={dialingCode} onChange={setDialingCode} testId="register-country-code" /> : undefined}
        trailing={
          isCode ? (
            <SmsCodeButton canSend={mobileValid} send={sendCode} testId="register-sms-code-button" />
          ) : field.name === 'captcha' ? (
            <CaptchaImage {...captcha} testId="register-captcha-image" />
          ) : undefined
        }
        testIdPrefix="register"
      />
    );
  };

  const form = (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="register-form" data-mode={mode} aria-label={t('register_title')}>
      {plan.map(renderField)}
      <div className={styles.field}>
        <CheckboxField name="agreement" checked={agreement} onChange={agree} testId="register-agreement">
          {t('agreement_prefix')}{' '}
          <Link to="/help" className={styles.link} data-testid="register-agreement-link">
            {t('agreement_link')}
          </Link>
        </CheckboxField>
        {errors.agreement && (
          <p className={styles.error} role="alert">
            {t('error_agreement', { agreement: t('agreement_link') })}
          </p>
        )}
      </div>
      {formError && (
        <p className={styles.formError} role="alert" data-testid="register-error">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={busy} data-testid="register-submit">
        {t('register_submit')}
      </Button>
      <p className={styles.muted}>
        {t('have_account')}{' '}
        <button type="button" className={styles.link} data-testid="register-login-link" onClick={onLogin}>
          {t('login_now')}
        </button>
      </p>
    </form>
  );

  if (modes.length < 2) return form;
  return (
    <Tabs<RegisterMode>
      label={t('register_mode')}
      items={[
        { value: 'register', label: t('register_mode_account') },
        { value: 'registerMobile', label: t('register_mode_mobile') },
      ]}
      value={mode}
      onChange={(next) => {
        setMode(next);
        setErrors({});
        setFormError(null);
      }}
    >
      {form}
    </Tabs>
  );
}

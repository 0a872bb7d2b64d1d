import { Button, Link, showNotice, Tabs, useLocation, useT } from '@platform/shared';
import {
  CaptchaImage,
  CheckboxField,
  checkConfirmation,
  checkField,
  DEFAULT_MOBILE_RULE,
  FormError,
  TextField,
  trimmed,
  useCaptcha,
  useDialingCode,
  useFieldErrorText,
  useForm,
  usePasswordHint,
  useRegisterRules,
  useSiteConfig,
  type FieldError,
  type FieldErrors,
  type RuleError,
} from '@platform/shared/forms';
import { switchReader } from '@platform/contract';
import { MobileCodeFields } from '@platform/ui-blocks';
import { useCallback, useMemo, useState } from 'react';
import styles from '../../../components/form.module.css';
import { codesFromSearch } from '../../../lib/url-codes';
import { NAMESPACE } from '../../../locales';
import { BotCheckStatus } from '../../bot-check/components/bot-check-status';
import { useBotCheck } from '../../bot-check/hooks/use-bot-check';
import { demandsCaptcha } from '../../login/api/login-api';
import { isPhoneProofError } from '../../phone-proof/phone-proof-error';
import { useFirebasePhone, useFirebaseSendCode, usePhoneProofFailure } from '../../phone-proof/use-firebase-phone';
import { isAffiliateCodeValid, register, sendRegisterCode, type RegisterMode, type RegisterResult } from '../api/register-api';
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

type Values = Partial<Record<RegisterFieldName, string>> & { agreement: boolean };

/**
 * Registration in its two modes: account and password, or mobile number.
 * Which fields show and how they are checked come from the server's rules. The registration and
 * the SMS code send carry the bot check when the server demands it (features/bot-check).
 * Where the merchant has the Firebase SMS channel (features/phone-proof), Google sends the code
 * (its reCAPTCHA instead of the site's bot check) and the registration carries the Firebase ID
 * token the typed code earns instead of the code; a code Firebase refuses stops the registration
 * without a word but the one under the code field.
 */
export function RegisterForm({ onRegistered, onLogin }: RegisterFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const passwordHint = usePasswordHint();
  const location = useLocation();
  const { whitelabel } = useSiteConfig();
  const isOn = useMemo(() => switchReader(whitelabel), [whitelabel]);
  const rules = useRegisterRules();
  const urlCodes = useMemo(() => codesFromSearch(location.search), [location.search]);

  const modes = useMemo(() => {
    const available: RegisterMode[] = [];
    if (isOn('usernameRegister')) available.push('register');
    if (isOn('mobileRegister')) available.push('registerMobile');
    return available;
  }, [isOn]);
  const [chosenMode, setMode] = useState<RegisterMode>('register');
  // The server asks for the captcha past a number of registrations from this address or browser,
  // even when the site's rules do not show it (400 captcha.required, value.captcha).
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const mode = modes.includes(chosenMode) ? chosenMode : (modes[0] ?? 'register');

  const plan = useMemo(
    () =>
      planFields({
        mode,
        rules,
        smsVerification: isOn('registerSmsVerification'),
        mobilePassword: isOn('mobileRegisterPassword'),
        hasReferralFromUrl: Boolean(urlCodes.referralCode),
        captchaDemanded,
      }),
    [mode, rules, isOn, urlCodes.referralCode, captchaDemanded],
  );
  const shown = (name: RegisterFieldName) => plan.some((field) => field.name === name);

  const dialing = useDialingCode();
  const { dialingCode } = dialing;
  const captcha = useCaptcha(shown('captcha'));
  const { verifying, withBotCheck } = useBotCheck();
  const firebasePhone = useFirebasePhone();
  const phoneProofFailure = usePhoneProofFailure();

  /** One field against its rule, with what the player typed trimmed. */
  const checkOne = (field: FieldPlan, values: Values): RuleError | null => {
    const valueOf = (name: RegisterFieldName) => trimmed(values[name] ?? '');
    const value = valueOf(field.name);
    const label = labelKey(field.name);
    switch (field.name) {
      case 'confirmPassword':
        return checkConfirmation(value, valueOf('password'), label);
      case 'verificationCode':
        // Needed whenever a mobile number is registered.
        return checkField(value, VERIFICATION_CODE_RULE, { label, required: field.required || valueOf('mobileNum') !== '' });
      case 'mobileNum':
        return checkField(value, rules.mobileNum ?? DEFAULT_MOBILE_RULE, { label, required: field.required });
      case 'captcha':
        return value ? null : { key: 'error_required', field: label };
      default:
        return checkField(value, rules[field.name], { label, required: field.required });
    }
  };

  const form = useForm<Values>({
    initialValues: () => ({ referralCode: urlCodes.referralCode, affiliateCode: urlCodes.affiliateCode, agreement: true }),
    validate: (values) => {
      const found: FieldErrors<Values> = {};
      for (const field of plan) found[field.name] = checkOne(field, values);
      found.agreement = values.agreement ? null : { key: 'error_agreement' };
      return found;
    },
    onSubmit: async (values) => {
      const valueOf = (name: RegisterFieldName) => trimmed(values[name] ?? '');
      try {
        // Without its own field, the code comes from the address the visitor arrived at.
        const affiliateCode = shown('affiliateCode') ? valueOf('affiliateCode') : urlCodes.affiliateCode;
        if (affiliateCode && !(await isAffiliateCodeValid(affiliateCode))) {
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

        // The Firebase SMS channel proves the number given with the code Google sent: the ID token
        // it earns goes in place of the code (which the site does not check then).
        const firebase = firebasePhone && shown('verificationCode') && fields.mobileNum ? firebasePhone : null;
        const code = fields.verificationCode ?? '';
        if (firebase) delete fields.verificationCode;
        let firebaseIdToken: string | undefined;

        // After the invitation code, the bot check; then the Firebase check of the code;
        // then the registration.
        const result = await withBotCheck(async (botCheck) => {
          if (!firebase) return register(mode, fields, botCheck);
          firebaseIdToken ??= await firebase.idTokenFor(code);
          return register(mode, { ...fields, firebaseChannel: 'sms', firebaseIdToken }, botCheck);
        });
        await onRegistered({ result, mode, username: result.userName ?? fields.username ?? '' });
      } catch (error) {
        if (isPhoneProofError(error)) {
          // A failed Firebase check aborts silently; the code field says why, for another try.
          const failure = phoneProofFailure(error);
          form.setFieldError(failure.field === 'code' ? 'verificationCode' : 'mobileNum', failure.error);
          return;
        }
        if (demandsCaptcha(error)) setCaptchaDemanded(true);
        // A captcha answers one attempt only.
        if (shown('captcha')) {
          captcha.reload();
          form.setValue('captcha', '');
        }
        throw error;
      }
    },
    // A refused field shows the server's reason under it as well.
    serverErrorFields: plan.map((field) => field.name),
  });
  const { values, errors, setValue, setFieldError } = form;

  const blurCheck = (field: FieldPlan) => {
    if (!trimmed(values[field.name] ?? '') && !errors[field.name]) return;
    setFieldError(field.name, checkOne(field, values));
  };

  const showMobileError = useCallback((error: FieldError) => setFieldError('mobileNum', error), [setFieldError]);
  const sendCodeByFirebase = useFirebaseSendCode(firebasePhone, { countryDialingCode: dialingCode, mobileNum: trimmed(values.mobileNum ?? '') }, showMobileError);

  if (modes.length === 0) {
    return (
      <p className={styles.muted} data-testid="register-closed">
        {t('register_closed')}
      </p>
    );
  }

  /** A field of the plan as the mobile group takes it. */
  const groupField = (planned: FieldPlan) => ({
    value: values[planned.name] ?? '',
    onChange: (value: string) => setValue(planned.name, value),
    onBlur: () => blurCheck(planned),
    label: t(labelKey(planned.name)),
    error: errorText(errors[planned.name]),
    required: planned.required,
  });
  const codeField = plan.find((planned) => planned.name === 'verificationCode');

  const renderField = (field: FieldPlan) => {
    // The number and its code are one group (the code right after the number in every plan).
    if (field.name === 'verificationCode') return null;
    if (field.name === 'mobileNum') {
      return (
        <MobileCodeFields
          key={field.name}
          testIdPrefix="register"
          dialing={dialing}
          mobile={groupField(field)}
          code={codeField && groupField(codeField)}
          mobileRule={rules.mobileNum}
          onMobileError={(error) => setFieldError('mobileNum', error)}
          send={(mobile) => withBotCheck((botCheck) => sendRegisterCode(mobile, botCheck))}
          sendBy={firebasePhone ? sendCodeByFirebase : undefined}
        />
      );
    }
    const input = FIELD_INPUTS[field.name];
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
        hint={field.name === 'password' ? passwordHint(rules.password) : undefined}
        trailing={field.name === 'captcha' ? <CaptchaImage {...captcha} testId="register-captcha-image" /> : undefined}
        testIdPrefix="register"
      />
    );
  };

  const formElement = (
    <form className={styles.form} onSubmit={form.submit} noValidate data-testid="register-form" data-mode={mode} aria-label={t('register_title')}>
      {plan.map(renderField)}
      {firebasePhone && shown('verificationCode') && (
        <div ref={firebasePhone.recaptchaRef} className={styles.recaptcha} data-testid="register-recaptcha" />
      )}
      <CheckboxField
        name="agreement"
        checked={values.agreement}
        onChange={(checked) => setValue('agreement', checked)}
        error={errors.agreement ? t('error_agreement', { agreement: t('agreement_link') }) : undefined}
        testId="register-agreement"
      >
        {t('agreement_prefix')}{' '}
        <Link to="/help" className={styles.link} data-testid="register-agreement-link">
          {t('agreement_link')}
        </Link>
      </CheckboxField>
      <BotCheckStatus verifying={verifying} testId="register-bot-check-status" />
      <FormError message={form.formError} testId="register-error" />
      <Button type="submit" block loading={form.busy} data-testid="register-submit">
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

  if (modes.length < 2) return formElement;
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
        form.clearErrors();
      }}
    >
      {formElement}
    </Tabs>
  );
}

import { Button, cookieStore, getRememberedLogin, rememberLogin, rememberSmsLogin, useT } from '@platform/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { sendLoginCode } from '../../../api/sms-api';
import { CaptchaImage } from '../../../components/captcha-image';
import { CheckboxField } from '../../../components/checkbox-field';
import { CountryCodePicker } from '../../../components/country-code-picker';
import styles from '../../../components/form.module.css';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { TextField } from '../../../components/text-field';
import { useFieldErrorText } from '../../../components/use-field-error-text';
import { useCaptcha } from '../../../hooks/use-captcha';
import { useDialingCode } from '../../../hooks/use-dialing-code';
import { useRegisterRules } from '../../../hooks/use-register-rules';
import { useSendCode } from '../../../hooks/use-send-code';
import { useSiteConfig } from '../../../hooks/use-site-config';
import { unreportedMessage } from '../../../lib/api-errors';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { checkMobile, isValid, requiredError, trimmed, type FieldError } from '../../../lib/validation';
import { NAMESPACE } from '../../../locales';
import { demandsCaptcha, logIn, twoFactorChallengeOf, type LoginType, type TwoFactorChallenge } from '../api/login-api';
import { FreePlayButton } from './free-play-button';
import { LoginMethodSelect } from './login-method-select';
import { SocialLoginButtons } from './social-login-buttons';
import { TwoFactorStep } from './two-factor-step';

export interface LoginFormProps {
  /** Called with the login; the host stores it, navigates and closes (its failure keeps the form). */
  onLoggedIn: (outcome: LoginOutcome) => Promise<void>;
  onForgotPassword: () => void;
  /** 'No account, register now'; absent when registration is off. */
  onRegister?: () => void;
  /** Pre-filled account name (back from a password change). */
  initialUsername?: string;
}

type Errors = Partial<Record<'username' | 'password' | 'mobileNum' | 'code' | 'captcha', FieldError | null>>;

/**
 * The login form (SPEC §2 Login form, §4 Login, §5): by username and password or by SMS code,
 * the image captcha when the site or the server asks for it, remember me, forgotten password,
 * social and free-play logins.
 */
export function LoginForm({ onLoggedIn, onForgotPassword, onRegister, initialUsername }: LoginFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText();
  const { isOn } = useSiteConfig();
  const rules = useRegisterRules();
  const smsLoginOn = isOn('smsLogin');

  const [remembered] = useState(() => getRememberedLogin());
  const [rememberedSms] = useState(() => cookieStore.get('smsLogin'));
  const [method, setMethod] = useState<LoginType>('username');
  const [username, setUsername] = useState(initialUsername ?? remembered?.username ?? '');
  const [password, setPassword] = useState(initialUsername ? '' : (remembered?.password ?? ''));
  const { countries, dialingCode, setDialingCode } = useDialingCode(rememberedSms?.countryDialingCode ?? '');
  const [mobileNum, setMobileNum] = useState(rememberedSms?.mobileNum ?? '');
  const [code, setCode] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const [remember, setRemember] = useState(Boolean(remembered || rememberedSms));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: TwoFactorChallenge; outcome: Omit<LoginOutcome, 'result'> } | null>(null);

  const captchaShown = captchaDemanded || Boolean(rules.captcha?.enabled);
  const captcha = useCaptcha(captchaShown);
  const activeMethod: LoginType = smsLoginOn ? method : 'username';

  const switchMethod = (next: LoginType) => {
    setMethod(next);
    setErrors({});
    setFormError(null);
  };
  const clearError = (field: keyof Errors) => setErrors((current) => (current[field] ? { ...current, [field]: null } : current));

  const validMobile = useCallback(() => {
    const error = checkMobile(trimmed(mobileNum), rules.mobileNum);
    setErrors((current) => ({ ...current, mobileNum: error }));
    return !error;
  }, [mobileNum, rules.mobileNum]);
  const sendCode = useSendCode(useCallback(() => sendLoginCode({ countryDialingCode: dialingCode, mobileNum: trimmed(mobileNum) }), [dialingCode, mobileNum]));

  const finish = async (outcome: LoginOutcome) => {
    try {
      await onLoggedIn(outcome);
    } catch {
      // The API client has shown why; the player may try again.
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = {
      username: trimmed(username),
      password: trimmed(password),
      mobileNum: trimmed(mobileNum),
      code: trimmed(code),
      captcha: trimmed(captchaText),
    };
    const found: Errors =
      activeMethod === 'username'
        ? {
            username: typed.username ? null : requiredError('field_username'),
            password: typed.password ? null : requiredError('field_password'),
          }
        : {
            mobileNum: checkMobile(typed.mobileNum, rules.mobileNum),
            code: typed.code ? null : requiredError('field_verificationCode'),
          };
    if (captchaShown) found.captcha = typed.captcha ? null : requiredError('field_captcha');
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;

    const outcome: Omit<LoginOutcome, 'result'> =
      activeMethod === 'username'
        ? { method: 'username', username: typed.username, password: typed.password }
        : { method: 'sms', username: typed.mobileNum };
    setBusy(true);
    try {
      const result = await logIn({
        username: outcome.username,
        password: activeMethod === 'username' ? typed.password : typed.code,
        type: activeMethod,
        captcha: captchaShown ? typed.captcha : undefined,
        captchaId: captchaShown ? (captcha.captcha?.id ?? undefined) : undefined,
        countryDialingCode: activeMethod === 'sms' ? dialingCode : undefined,
      });
      if (activeMethod === 'username') rememberLogin(typed.username, typed.password, remember);
      else rememberSmsLogin(remember ? { mobileNum: typed.mobileNum, countryDialingCode: dialingCode } : null);
      await finish({ ...outcome, result });
    } catch (error) {
      setBusy(false);
      const pending = twoFactorChallengeOf(error);
      if (pending) {
        if (activeMethod === 'username') rememberLogin(typed.username, typed.password, remember);
        setChallenge({ challenge: pending, outcome });
        return;
      }
      // A captcha answers one attempt only; the server may also start asking for one now.
      if (demandsCaptcha(error)) setCaptchaDemanded(true);
      if (captchaShown) {
        captcha.reload();
        setCaptchaText('');
      }
      setFormError(unreportedMessage(error));
    }
  };

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge.challenge}
        onCancel={() => setChallenge(null)}
        onVerified={(result) => {
          setBusy(true);
          void finish({ ...challenge.outcome, result });
        }}
      />
    );
  }

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="login-form" aria-label={t('login_title')}>
        {smsLoginOn && <LoginMethodSelect value={activeMethod} onChange={switchMethod} />}
        {activeMethod === 'username' ? (
          <>
            <TextField
              name="username"
              label={t('field_username')}
              value={username}
              onChange={(value) => {
                setUsername(value);
                clearError('username');
              }}
              required
              autoComplete="username"
              error={errorText(errors.username)}
              testIdPrefix="login"
            />
            <TextField
              name="password"
              type="password"
              label={t('field_password')}
              value={password}
              onChange={(value) => {
                setPassword(value);
                clearError('password');
              }}
              required
              revealable
              autoComplete="current-password"
              error={errorText(errors.password)}
              testIdPrefix="login"
            />
          </>
        ) : (
          <>
            <TextField
              name="mobileNum"
              type="tel"
              label={t('field_mobileNum')}
              value={mobileNum}
              onChange={(value) => {
                setMobileNum(value);
                clearError('mobileNum');
              }}
              required
              inputMode="tel"
              autoComplete="tel-national"
              error={errorText(errors.mobileNum)}
              leading={<CountryCodePicker countries={countries} value={dialingCode} onChange={setDialingCode} testId="login-country-code" />}
              testIdPrefix="login"
            />
            <TextField
              name="code"
              label={t('field_verificationCode')}
              value={code}
              onChange={(value) => {
                setCode(value);
                clearError('code');
              }}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              error={errorText(errors.code)}
              trailing={<SmsCodeButton canSend={validMobile} send={sendCode} testId="login-sms-code-button" />}
              testIdPrefix="login"
            />
          </>
        )}
        {captchaShown && (
          <TextField
            name="captcha"
            label={t('field_captcha')}
            value={captchaText}
            onChange={(value) => {
              setCaptchaText(value);
              clearError('captcha');
            }}
            required
            autoComplete="off"
            error={errorText(errors.captcha)}
            trailing={<CaptchaImage {...captcha} testId="login-captcha-image" />}
            testIdPrefix="login"
          />
        )}
        <div className={styles.row}>
          <CheckboxField name="remember" checked={remember} onChange={setRemember} testId="login-remember">
            {t('remember_password')}
          </CheckboxField>
          <button type="button" className={styles.link} data-testid="login-forgot-password" onClick={onForgotPassword}>
            {t('forgot_password')}
          </button>
        </div>
        {formError && (
          <p className={styles.formError} role="alert" data-testid="login-error">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={busy} data-testid="login-submit">
          {t('login_submit')}
        </Button>
      </form>
      {isOn('freePlay') && <FreePlayButton onLoggedIn={finish} />}
      <SocialLoginButtons />
      {onRegister && (
        <p className={styles.muted}>
          {t('no_account')}{' '}
          <button type="button" className={styles.link} data-testid="login-register-now" onClick={onRegister}>
            {t('register_now')}
          </button>
        </p>
      )}
    </div>
  );
}

import {
  Button,
  cookieStore,
  getRememberedLogin,
  rememberLogin,
  rememberSmsLogin,
  useT,
  type LoginResult,
} from '@platform/shared';
import {
  CaptchaImage,
  CheckboxField,
  checkMobile,
  FormError,
  requiredError,
  TextField,
  trimmed,
  useCaptcha,
  useDialingCode,
  useFieldErrorText,
  useForm,
  useRegisterRules,
  useSiteConfig,
  type FieldError,
  type FieldErrors,
} from '@platform/shared/forms';
import { switchReader } from '@platform/contract';
import { MobileCodeFields } from '@platform/ui-blocks';
import { useCallback, useEffect, useState } from 'react';
import styles from '../../../components/form.module.css';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { offerToPasswordManager } from '../../../lib/password-manager';
import { NAMESPACE } from '../../../locales';
import { BotCheckStatus } from '../../bot-check/components/bot-check-status';
import { useBotCheck } from '../../bot-check/hooks/use-bot-check';
import { useFirebasePhone, useFirebaseSendCode, usePhoneProofFailure } from '../../phone-proof/use-firebase-phone';
import { demandsCaptcha, logIn, loginNeedsCaptcha, sendLoginCode, twoFactorChallengeOf, type LoginType, type TwoFactorChallenge } from '../api/login-api';
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

/**
 * The login form: by username and password or by SMS code,
 * the image captcha when the site or the server asks for it, remember me (the username; the
 * password is the browser's password manager's: see lib/password-manager.ts), forgotten password,
 * social and free-play logins. A password login and an SMS code send carry the bot check when the
 * server demands it (features/bot-check); an SMS login's check was made when its code was sent.
 * Where the merchant has the Firebase SMS channel (features/phone-proof), Google sends the SMS
 * login code (its reCAPTCHA instead of the site's bot check) and the login carries the Firebase ID
 * token the typed code earns; a code Firebase refuses is shown under the field and nothing is sent.
 */
export function LoginForm({ onLoggedIn, onForgotPassword, onRegister, initialUsername }: LoginFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const isOn = switchReader(useSiteConfig().whitelabel);
  const rules = useRegisterRules();
  const smsLoginOn = isOn('smsLogin');

  const [remembered] = useState(() => getRememberedLogin());
  const [rememberedSms] = useState(() => cookieStore.get('smsLogin'));
  const [method, setMethod] = useState<LoginType>('username');
  const dialing = useDialingCode(rememberedSms?.countryDialingCode ?? '');
  const { dialingCode } = dialing;
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: TwoFactorChallenge; outcome: Omit<LoginOutcome, 'result'> } | null>(null);

  const captchaShown = captchaDemanded || Boolean(rules.captcha?.enabled);
  const captcha = useCaptcha(captchaShown);
  const { verifying, withBotCheck } = useBotCheck();
  const firebasePhone = useFirebasePhone();
  const phoneProofFailure = usePhoneProofFailure();
  const activeMethod: LoginType = smsLoginOn ? method : 'username';

  /**
   * Remember me: the username in a cookie for a day; the password only ever in the browser's
   * password manager, offered the login when the box is ticked.
   */
  const rememberUsernameLogin = (username: string, password: string, remember: boolean) => {
    rememberLogin(username, remember);
    if (remember) void offerToPasswordManager(username, password);
  };

  const finish = async (outcome: LoginOutcome) => {
    try {
      await onLoggedIn(outcome);
    } catch {
      // The API client has shown why; the player may try again.
    }
  };

  const form = useForm({
    initialValues: () => ({
      username: initialUsername ?? remembered?.username ?? '',
      // Never pre-filled by the site: the browser's password manager fills it (autocomplete).
      password: '',
      mobileNum: rememberedSms?.mobileNum ?? '',
      code: '',
      captcha: '',
      remember: Boolean(remembered || rememberedSms),
    }),
    validate: (values) => {
      const found: FieldErrors<typeof values> =
        activeMethod === 'username'
          ? {
              username: trimmed(values.username) ? null : requiredError('field_username'),
              password: trimmed(values.password) ? null : requiredError('field_password'),
            }
          : {
              mobileNum: checkMobile(trimmed(values.mobileNum), rules.mobileNum, 'field_mobileNum'),
              code: trimmed(values.code) ? null : requiredError('field_verificationCode'),
            };
      if (captchaShown) found.captcha = trimmed(values.captcha) ? null : requiredError('field_captcha');
      return found;
    },
    onSubmit: async (values) => {
      const typed = {
        username: trimmed(values.username),
        password: trimmed(values.password),
        mobileNum: trimmed(values.mobileNum),
        code: trimmed(values.code),
        captcha: trimmed(values.captcha),
      };
      const outcome: Omit<LoginOutcome, 'result'> =
        activeMethod === 'username'
          ? { method: 'username', username: typed.username, password: typed.password }
          : { method: 'sms', username: typed.mobileNum };
      // The Firebase SMS channel: the code is Google's to check; the site gets the ID token it earns.
      let firebaseIdToken: string | undefined;
      if (activeMethod === 'sms' && firebasePhone) {
        try {
          firebaseIdToken = await firebasePhone.idTokenFor(typed.code);
        } catch (error) {
          const failure = phoneProofFailure(error);
          form.setFieldError(failure.field, failure.error);
          return;
        }
      }
      const attempt = (botCheck?: string) =>
        logIn({
          username: outcome.username,
          password: activeMethod === 'username' ? typed.password : typed.code,
          type: activeMethod,
          captcha: captchaShown ? typed.captcha : undefined,
          captchaId: captchaShown ? (captcha.captcha?.id ?? undefined) : undefined,
          countryDialingCode: activeMethod === 'sms' ? dialingCode : undefined,
          botCheck,
          ...(firebaseIdToken ? { firebaseChannel: 'sms' as const, firebaseIdToken } : {}),
        });
      let result: LoginResult;
      try {
        result = activeMethod === 'username' ? await withBotCheck(attempt) : await attempt();
      } catch (error) {
        const pending = twoFactorChallengeOf(error);
        if (pending) {
          if (activeMethod === 'username') rememberUsernameLogin(typed.username, typed.password, values.remember);
          setChallenge({ challenge: pending, outcome });
          return;
        }
        // A captcha answers one attempt only; the server may also start asking for one now.
        if (demandsCaptcha(error)) setCaptchaDemanded(true);
        if (captchaShown) {
          captcha.reload();
          form.setValues({ captcha: '' });
        }
        throw error;
      }
      if (activeMethod === 'username') rememberUsernameLogin(typed.username, typed.password, values.remember);
      else rememberSmsLogin(values.remember ? { mobileNum: typed.mobileNum, countryDialingCode: dialingCode } : null);
      await finish({ ...outcome, result });
    },
  });
  const { values, errors, setValue, setFieldError } = form;

  // Asked before the first submit (at once, and for the account once its name is typed): an
  // address or account with recent failures must send a captcha, and a form that showed none had
  // the right password refused with captcha.err.
  const askCaptcha = useCallback((username?: string) => {
    void loginNeedsCaptcha(username).then((needed) => {
      if (needed) setCaptchaDemanded(true);
    });
  }, []);
  // The name the form opened with (remembered, or back from a password change); a typed one is asked for on blur.
  const [initialAccount] = useState(() => trimmed(initialUsername ?? remembered?.username ?? ''));
  useEffect(() => askCaptcha(initialAccount || undefined), [askCaptcha, initialAccount]);

  const switchMethod = (next: LoginType) => {
    setMethod(next);
    form.clearErrors();
  };

  const showMobileError = useCallback((error: FieldError) => setFieldError('mobileNum', error), [setFieldError]);
  const sendCodeByFirebase = useFirebaseSendCode(firebasePhone, { countryDialingCode: dialingCode, mobileNum: trimmed(values.mobileNum) }, showMobileError);

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge.challenge}
        onCancel={() => setChallenge(null)}
        onVerified={(result) => finish({ ...challenge.outcome, result })}
      />
    );
  }

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={form.submit} noValidate data-testid="login-form" aria-label={t('login_title')}>
        {smsLoginOn && <LoginMethodSelect value={activeMethod} onChange={switchMethod} />}
        {activeMethod === 'username' ? (
          <>
            <TextField
              name="username"
              label={t('field_username')}
              value={values.username}
              onChange={(value) => setValue('username', value)}
              onBlur={() => {
                if (!captchaShown && trimmed(values.username)) askCaptcha(trimmed(values.username));
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
              value={values.password}
              onChange={(value) => setValue('password', value)}
              required
              revealable
              autoComplete="current-password"
              error={errorText(errors.password)}
              testIdPrefix="login"
            />
          </>
        ) : (
          <>
            <MobileCodeFields
              testIdPrefix="login"
              dialing={dialing}
              mobile={{ value: values.mobileNum, onChange: (value) => setValue('mobileNum', value), label: t('field_mobileNum'), error: errorText(errors.mobileNum) }}
              code={{ name: 'code', value: values.code, onChange: (value) => setValue('code', value), label: t('field_verificationCode'), error: errorText(errors.code) }}
              mobileRule={rules.mobileNum}
              onMobileError={(error) => setFieldError('mobileNum', error)}
              send={(mobile) => withBotCheck((botCheck) => sendLoginCode(mobile, botCheck))}
              sendBy={firebasePhone ? sendCodeByFirebase : undefined}
            />
            {firebasePhone && <div ref={firebasePhone.recaptchaRef} className={styles.recaptcha} data-testid="login-recaptcha" />}
          </>
        )}
        {captchaShown && (
          <TextField
            name="captcha"
            label={t('field_captcha')}
            value={values.captcha}
            onChange={(value) => setValue('captcha', value)}
            required
            autoComplete="off"
            error={errorText(errors.captcha)}
            trailing={<CaptchaImage {...captcha} testId="login-captcha-image" />}
            testIdPrefix="login"
          />
        )}
        <div className={styles.row}>
          <CheckboxField name="remember" checked={values.remember} onChange={(checked) => setValue('remember', checked)} testId="login-remember">
            {t('remember_me')}
          </CheckboxField>
          <button type="button" className={styles.link} data-testid="login-forgot-password" onClick={onForgotPassword}>
            {t('forgot_password')}
          </button>
        </div>
        <BotCheckStatus verifying={verifying} testId="login-bot-check-status" />
        <FormError message={form.formError} testId="login-error" />
        <Button type="submit" block loading={form.busy} data-testid="login-submit">
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

import { type LoginTab, showNotice, useNavigate, useT } from '@platform/shared';
import { switchReader } from '@platform/contract';
import { useSiteConfig } from '@platform/shared/forms';
import { useCallback, useState } from 'react';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { NAMESPACE } from '../../../locales';
import { resetNotice } from '../../../lib/reset-notice';
import { runFirstLoginAction, useCompleteLogin } from './use-complete-login';

/** What an auth host shows: the login/register tabs, the forgot-password or the change-password modal. */
export type AuthView =
  | { kind: 'tabs'; tab: LoginTab }
  | { kind: 'forgot' }
  | { kind: 'changePassword' }
  /** The e-mailed reset link's new-password form. */
  | { kind: 'resetLink'; token: string }
  /** Back from Google or Facebook: the code to trade for the session (null: the provider failed). */
  | { kind: 'oauth'; code: string | null };

export interface AuthViews {
  view: AuthView;
  show: (view: AuthView) => void;
  /** The account name to pre-fill after a password change. */
  lastUsername: string | undefined;
  /** Registration is possible on this site (either mode on). */
  canRegister: boolean;
  /** The site registers on the /register page rather than in the popup. */
  registerOnPage: boolean;
  /** A form logged the player in: start the session and close, or ask for a new password. */
  loggedIn: (outcome: LoginOutcome) => Promise<void>;
  /** 'Register now': the page when the site registers on a page, else the register tab. */
  goToRegister: () => void;
  /** The password was changed (change-password modal): back to the login form. */
  passwordChanged: (username: string) => void;
  /** The e-mailed link set a new password: back to the login form, to log in again (told of second factors it kept). */
  passwordReset: (username: string | null, secondFactors?: readonly string[]) => void;
}

/**
 * The flow between the auth screens, shared by the login popup and the /login page. The popup
 * goes home before a forced password change; the page keeps it over its form.
 */
export function useAuthViews(initial: AuthView, close: () => void, { homeBeforePasswordChange = false } = {}): AuthViews {
  const { t } = useT(NAMESPACE);
  const navigate = useNavigate();
  const { site, whitelabel } = useSiteConfig();
  const isOn = switchReader(whitelabel);
  const completeLogin = useCompleteLogin();
  const [view, show] = useState<AuthView>(initial);
  const [lastUsername, setLastUsername] = useState<string>();
  const canRegister = isOn('usernameRegister') || isOn('mobileRegister');

  const loggedIn = useCallback(
    async (outcome: LoginOutcome) => {
      const next = await completeLogin(outcome);
      if (next === 'session') {
        close();
        runFirstLoginAction(outcome);
        return;
      }
      if (homeBeforePasswordChange) navigate('/');
      show({ kind: 'changePassword' });
    },
    [close, completeLogin, homeBeforePasswordChange, navigate],
  );

  const goToRegister = useCallback(() => {
    if (site?.registerPage) {
      close();
      navigate('/register');
      return;
    }
    show({ kind: 'tabs', tab: 'register' });
  }, [close, navigate, site?.registerPage]);

  const passwordChanged = useCallback((username: string) => {
    setLastUsername(username);
    show({ kind: 'tabs', tab: 'login' });
  }, []);

  const passwordReset = useCallback(
    (username: string | null, secondFactors: readonly string[] = []) => {
      if (username) setLastUsername(username);
      show({ kind: 'tabs', tab: 'login' });
      void showNotice({ message: resetNotice(t, secondFactors), testId: 'reset-success' });
    },
    [t],
  );

  return {
    view,
    show,
    lastUsername,
    canRegister,
    registerOnPage: Boolean(site?.registerPage),
    loggedIn,
    goToRegister,
    passwordChanged,
    passwordReset,
  };
}

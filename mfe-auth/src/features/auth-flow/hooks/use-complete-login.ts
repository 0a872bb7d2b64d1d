import { bus, sessionStore, startSession, useNavigate } from '@platform/shared';
import { useCallback } from 'react';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { rememberUserInfo } from '../../../lib/user-info';

/** What follows a login: the session starts, or the password must be changed first. */
export type LoginNext = 'session' | 'changePassword';

/**
 * Whether a login must change its password before playing: a first-time login, or
 * a password the server reports expired (it also reports the site's default weak password that
 * way), unless the player proved themselves by SMS.
 */
export function mustChangePassword({ result, method }: LoginOutcome): boolean {
  if (method !== 'username' && method !== 'reset') return false;
  return Boolean(result.firstTimeLogin || result.passwordExpired);
}

/**
 * The first-login action (the first-time flag triggers it): a session that starts
 * from a login the server reports as the account's first (an account the back office or an agent
 * opened, its password never chosen by the player) opens My Account, the member centre's security
 * centre, where the player sets their own login password and binds phone, e-mail and second
 * factors. A password login of such an account is sent to the forced password change instead
 * (mustChangePassword), which is its first-login step; the next login is an ordinary one. What
 * reaches the session with the flag still set is a login that proved the player another way: an SMS
 * code, a social account. Called once the login popup has closed (a host's close would close the
 * member centre too).
 */
export function runFirstLoginAction({ result }: LoginOutcome): boolean {
  if (!result.firstTimeLogin) return false;
  bus.dispatch({ type: 'openMemberCenter', page: 'securityCenter' });
  return true;
}

/**
 * Completes a login for any form (free play included): user info kept in memory, the
 * session stored and published on the bus, home. A forced password change keeps the login aside
 * (`login` and `cpw` in the tab's storage) without starting the session or leaving the page; the
 * host then shows the change-password modal.
 */
export function useCompleteLogin(): (outcome: LoginOutcome) => Promise<LoginNext> {
  const navigate = useNavigate();
  return useCallback(
    async (outcome: LoginOutcome) => {
      if (outcome.username) rememberUserInfo({ userName: outcome.username, password: outcome.password });
      if (mustChangePassword(outcome)) {
        sessionStore.set('login', outcome.result);
        sessionStore.set('cpw', true);
        return 'changePassword';
      }
      await startSession(outcome.result);
      navigate('/');
      return 'session';
    },
    [navigate],
  );
}

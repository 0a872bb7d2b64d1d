import { sessionStore, startSession, useNavigate } from '@platform/shared';
import { useCallback } from 'react';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { rememberUserInfo } from '../../../lib/user-info';

/** What follows a login: the session starts, or the password must be changed first. */
export type LoginNext = 'session' | 'changePassword';

/**
 * Whether a login must change its password before playing (SPEC §4 Login): a first-time login, or
 * a password the server reports expired (it also reports the site's default weak password that
 * way), unless the player proved themselves by SMS.
 */
export function mustChangePassword({ result, method }: LoginOutcome): boolean {
  if (method !== 'username' && method !== 'reset') return false;
  return Boolean(result.firstTimeLogin || result.passwordExpired);
}

/**
 * Completes a login for any form (SPEC §4 Login, Free-play login): user info kept in memory, the
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

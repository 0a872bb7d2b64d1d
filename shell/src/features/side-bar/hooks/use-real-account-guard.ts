import { bus } from '@platform/shared';
import { useCallback, useState } from 'react';

/** A guest (free-play) account: not a real account (SPEC §1, §5). */
export const GUEST_ACCOUNT_TYPE = 4;

/**
 * SPEC §5: an action needing a real account first checks the session. Without a token the login
 * popup opens; a guest account gets the 'Please Register An Account First' warning; either way the
 * action does not run.
 */
export function useRealAccountGuard(): { runForRealAccount: (action: () => void) => void; warningOpen: boolean; closeWarning: () => void } {
  const [warningOpen, setWarningOpen] = useState(false);
  const runForRealAccount = useCallback((action: () => void) => {
    const { token, isAgent } = bus.get('session');
    if (!token) {
      bus.dispatch({ type: 'openLogin', tab: 'login' });
      return;
    }
    if (isAgent === GUEST_ACCOUNT_TYPE) {
      setWarningOpen(true);
      return;
    }
    action();
  }, []);
  const closeWarning = useCallback(() => setWarningOpen(false), []);
  return { runForRealAccount, warningOpen, closeWarning };
}

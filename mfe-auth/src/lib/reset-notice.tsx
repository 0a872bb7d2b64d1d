import type { ReactNode } from 'react';

/**
 * The notice after a password reset: log in again, and, when the reset kept a second factor,
 * that two-step sign-in stays on (a reset never silently keeps an authenticator
 * someone else may have bound).
 */
export function resetNotice(t: (key: string) => string, secondFactors: readonly string[]): ReactNode {
  if (secondFactors.length === 0) return t('reset_success_login_again');
  return (
    <>
      {t('reset_success_login_again')}
      <br />
      <span data-testid="reset-two-step-kept">{t('reset_two_step_kept')}</span>
    </>
  );
}

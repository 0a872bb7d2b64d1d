import { amountMinorOf, formatMoney, showNotice, startSession, useNavigate, useT } from '@platform/shared';
import { useCallback } from 'react';
import { rememberUserInfo } from '../../../lib/user-info';
import { NAMESPACE } from '../../../locales';
import type { RegistrationOutcome } from '../components/register-form';

/**
 * The amount the new-player text cites as its example bonus: 1,000 of
 * the merchant's currency, shown as every other amount of the site is (formatMoney, the site's
 * symbol), not in a currency of its own.
 */
export const NEW_PLAYER_BONUS_EXAMPLE = amountMinorOf(100_000);

/**
 * After the server registered the player (and logged them in): load the
 * member and publish the session, close what showed the form, go home, show the success popup.
 * Mobile registration says the account was made for them and they are logged in.
 */
export function useCompleteRegistration(close: () => void): (outcome: RegistrationOutcome) => Promise<void> {
  const { t } = useT(NAMESPACE);
  const navigate = useNavigate();
  return useCallback(
    async ({ result, mode, username }: RegistrationOutcome) => {
      await startSession(result);
      rememberUserInfo({ userName: username });
      close();
      navigate('/');
      const message =
        mode === 'registerMobile'
          ? [t('register_mobile_success', { username }), result.generatedAccount ? t('register_generated_hint') : ''].filter(Boolean).join(' ')
          : t('register_success_text', { amount: formatMoney(NEW_PLAYER_BONUS_EXAMPLE) });
      void showNotice({ title: t('register_success_title'), message, testId: 'register-success' });
    },
    [close, navigate, t],
  );
}

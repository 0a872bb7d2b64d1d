import { Button, Spinner, useT } from '@platform/shared';
import { FormError, serverMessage } from '@platform/shared/forms';
import { useEffect, useRef, useState } from 'react';
import styles from '../../../components/form.module.css';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { NAMESPACE } from '../../../locales';
import { twoFactorChallengeOf, type TwoFactorChallenge } from '../api/login-api';
import { exchangeOAuthCode } from '../api/oauth-api';
import { TwoFactorStep } from './two-factor-step';

export interface OAuthReturnProps {
  /** ?oauthCode= of the return from the provider; null when it came back with ?oauthError=. */
  code: string | null;
  onLoggedIn: (outcome: LoginOutcome) => Promise<void>;
  /** Give up: back to the login form. */
  onBack: () => void;
}

/**
 * Back from Google or Facebook: the one-time code is traded for the session (a member with
 * two-factor sign-in still gives a code), or the failure is told.
 */
export function OAuthReturn({ code, onLoggedIn, onBack }: OAuthReturnProps) {
  const { t } = useT(NAMESPACE);
  const [failure, setFailure] = useState<string | null>(code ? null : t('oauth_failed'));
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const exchanged = useRef(false);

  const finishRef = useRef((result: LoginOutcome['result']) =>
    onLoggedIn({ result, method: 'oauth', username: result.userName ?? '' }).catch(() => setFailure(t('oauth_failed'))),
  );
  const finish = finishRef.current;

  useEffect(() => {
    // The code works once: never trade it twice (React runs effects twice in development).
    if (!code || exchanged.current) return;
    exchanged.current = true;
    exchangeOAuthCode(code)
      .then(finish)
      .catch((error: unknown) => {
        const pending = twoFactorChallengeOf(error);
        if (pending) setChallenge(pending);
        else setFailure(serverMessage(error) ?? t('oauth_failed'));
      });
  }, [code]);

  if (challenge) return <TwoFactorStep challenge={challenge} onVerified={(result) => void finish(result)} onCancel={onBack} />;
  if (failure) {
    return (
      <div className={styles.form} data-testid="oauth-failed">
        <FormError message={failure} />
        <Button block onClick={onBack}>
          {t('two_factor_back')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.form} data-testid="oauth-pending" aria-busy="true">
      <Spinner />
      <p className={styles.muted}>{t('oauth_signing_in')}</p>
    </div>
  );
}

import { Button, useT } from '@platform/shared';
import { useState } from 'react';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { NAMESPACE } from '../../../locales';
import { logInForFreePlay } from '../api/login-api';

export interface FreePlayButtonProps {
  onLoggedIn: (outcome: LoginOutcome) => Promise<void>;
}

/** Free-play login (FREEPLAY3): a guest account with play money, no registration. */
export function FreePlayButton({ onLoggedIn }: FreePlayButtonProps) {
  const { t } = useT(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const result = await logInForFreePlay();
      await onLoggedIn({ result, method: 'freeplay', username: '' });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" block loading={busy} data-testid="free-play-button" onClick={() => void start()}>
      {t('free_play')}
    </Button>
  );
}

import { showNotice, useT } from '@platform/shared';
import { useCallback } from 'react';
import { unreportedMessage } from './failure-message';

/**
 * Wraps an SMS send for the get-code button: a failure the API client did not show itself is
 * shown as a warning with the server's message and a confirm button, and nothing counts down.
 */
export function useSendCode(send: () => Promise<number>): () => Promise<number | null> {
  const { t } = useT();
  return useCallback(async () => {
    try {
      return await send();
    } catch (error) {
      const message = unreportedMessage(error);
      if (message) void showNotice({ title: t('forms.warning'), message, testId: 'sms-send-failed' });
      return null;
    }
  }, [send, t]);
}

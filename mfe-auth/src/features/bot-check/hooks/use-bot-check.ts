import { ApiError, COMMON_NAMESPACE, useT } from '@platform/shared';
import { botCheckChallengeCall, CLIENT_ERROR_CODES } from '@platform/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NAMESPACE } from '../../../locales';
import { BotCheckAbortedError, BotCheckUnsolvedError, sendWithBotCheck } from '../send-with-bot-check';

export interface BotCheck {
  /** A challenge is being solved: the form shows BotCheckStatus (its submit or SMS button is busy meanwhile). */
  verifying: boolean;
  /**
   * Sends a guarded call (password login, registration, an SMS send) with the bot check the
   * server wants: `send` gets the `botCheck` field for its body, or undefined (see sendWithBotCheck).
   */
  withBotCheck: <T>(send: (botCheck: string | undefined) => Promise<T>) => Promise<T>;
}

/**
 * The bot check of one form. Its own failures come out as ApiErrors of the (quiet) challenge call,
 * so that the form shows their message as it shows a refusal: the form error under a submit, the
 * warning of an SMS send. A closed form stops the solving; that failure shows nothing (canceled).
 */
export function useBotCheck(): BotCheck {
  const { t } = useT(NAMESPACE);
  const { t: common } = useT(COMMON_NAMESPACE);
  // Several checks may run at once (an SMS send while the form is submitted): busy until the last ends.
  const [solving, setSolving] = useState(0);
  const running = useRef(new Set<AbortController>());

  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers) controller.abort();
      controllers.clear();
    };
  }, []);

  const withBotCheck = useCallback(
    async <T>(send: (botCheck: string | undefined) => Promise<T>): Promise<T> => {
      const controller = new AbortController();
      running.current.add(controller);
      try {
        return await sendWithBotCheck(send, {
          signal: controller.signal,
          onSolving: (started) => setSolving((count) => count + (started ? 1 : -1)),
        });
      } catch (error) {
        if (error instanceof BotCheckAbortedError) {
          throw new ApiError({ status: 0, errorCode: CLIENT_ERROR_CODES.canceled, message: 'canceled', call: botCheckChallengeCall });
        }
        if (error instanceof BotCheckUnsolvedError) {
          // The solver's code did not arrive: the network's fault, not the player's.
          const message = error.reason === 'unloaded' ? common('network_error') : t('bot_check_invalid');
          const errorCode = error.reason === 'unloaded' ? CLIENT_ERROR_CODES.network : CLIENT_ERROR_CODES.client;
          throw new ApiError({ status: 0, errorCode, message, call: botCheckChallengeCall });
        }
        throw error;
      } finally {
        running.current.delete(controller);
      }
    },
    [t, common],
  );

  return { verifying: solving > 0, withBotCheck };
}

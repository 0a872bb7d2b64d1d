import { createRetryKey as createKey, isApiError, outcomeUnknown as moneyOutcomeUnknown } from '@platform/shared';
import type { ServerErrorCode } from '@platform/contract';

/** The provider did not answer: the deposit was closed and nothing paid. An answer, not a loss. */
const GATEWAY_UNAVAILABLE: ServerErrorCode = 'deposit.gateway.unavailable';

/**
 * Whether a failed money call may have been done by the server: the shared rule (no answer at
 * all, or a 5xx: a crash after the commit, a proxy's error page) for failures of the API client
 * only, and without the gateway's refusal. Then the same submit is sent again under the same key,
 * so that it is done once.
 */
export function outcomeUnknown(error: unknown): boolean {
  return isApiError(error) && error.errorCode !== GATEWAY_UNAVAILABLE && moneyOutcomeUnknown(error);
}

/**
 * The key of one submit: drawn when the submit is first sent, and sent again when the same submit
 * (same payload) is retried after a failure whose outcome is unknown. An answer of the server
 * (success or refusal: nothing was made, or the deposit was closed) ends it: the next submit draws
 * a new key, as does another payload.
 */
export const createRetryKey = (draw?: () => string) => createKey(draw, outcomeUnknown);

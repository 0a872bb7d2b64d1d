import { createRetryKey as createKey, isApiError } from '@platform/shared';
import { CLIENT_ERROR_CODES } from '@platform/shared/contract';

/**
 * No answer from the server (network, timeout): the withdrawal may have been made there. Unlike
 * the shared rule, a 5xx or a cancelled call draws a new key for the next confirmation.
 */
export function outcomeUnknown(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && (error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout);
}

/**
 * The key of one withdrawal: drawn when it is first sent and sent again when the same order is
 * retried after a failure with no answer, so that it is made once. Any answer of the server ends
 * it: the next order draws a new key, as does another payload.
 */
export const createRetryKey = (draw?: () => string) => createKey(draw, outcomeUnknown);

import { CLIENT_ERROR_CODES, createRetryKey as createKey, isApiError } from '@platform/shared';

/**
 * Whether a failed money call may have been done by the server: no answer at all (network,
 * timeout, cancelled in flight), or a server-side failure (5xx: a crash after the commit, a
 * proxy's error page). Then the same submit is sent again under the same key, so that it is done
 * once. deposit.gateway.unavailable is an answer: the deposit was closed and nothing paid.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0) return error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout || error.errorCode === CLIENT_ERROR_CODES.canceled;
  return error.status >= 500 && error.errorCode !== 'deposit.gateway.unavailable';
}

/**
 * The key of one submit: drawn when the submit is first sent, and sent again when the same submit
 * (same payload) is retried after a failure whose outcome is unknown. An answer of the server
 * (success or refusal: nothing was made, or the deposit was closed) ends it: the next submit draws
 * a new key, as does another payload.
 */
export const createRetryKey = (draw?: () => string) => createKey(draw, outcomeUnknown);

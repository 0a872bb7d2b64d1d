import { isApiError } from '@platform/shared';
import { CLIENT_ERROR_CODES } from '@platform/contract';

/**
 * Which failures keep a withdrawal's Idempotency-Key for a retry: no answer from the server
 * (network, timeout), when the withdrawal may have been made there. Unlike the shared rule, a 5xx
 * or a cancelled call draws a new key for the next confirmation; any answer of the server ends the
 * key, as does another order.
 */
export function outcomeUnknown(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && (error.errorCode === CLIENT_ERROR_CODES.network || error.errorCode === CLIENT_ERROR_CODES.timeout);
}

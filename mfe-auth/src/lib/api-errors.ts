import { CALLER_HANDLED_CODES, CALLS, CLIENT_ERROR_CODES, isApiError, SESSION_ENDED_CODES } from '@platform/shared';

/**
 * Whether the API client has already shown this failure to the player (as a toast or by ending
 * the session). Quiet calls and the codes callers handle (REFERENCE.md §2.2: too many requests,
 * login_verify_required, …) are left to the form, which shows the server's message itself.
 */
export function wasReported(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.errorCode === CLIENT_ERROR_CODES.canceled) return true;
  if (error.errorCode === CLIENT_ERROR_CODES.notLoggedIn && error.status === 0) return true;
  if (error.callName && CALLS[error.callName].quiet) return false;
  if (error.status === 401 || SESSION_ENDED_CODES.has(error.errorCode)) return true;
  return !CALLER_HANDLED_CODES.has(error.errorCode);
}

/** The message the server sent (already in the player's language), or null for other failures. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.message ? error.message : null;
}

/** The message a form shows itself for a failure the client did not report; null otherwise. */
export function unreportedMessage(error: unknown): string | null {
  return wasReported(error) ? null : serverMessage(error);
}

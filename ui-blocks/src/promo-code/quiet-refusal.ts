import { bus, SESSION_ENDED_CODES, SITE_CLOSED_CODES, type ApiError } from '@platform/shared';
import { CLIENT_ERROR_CODES } from '@platform/contract';

/**
 * What a refused action of a quiet call (one whose failures the page shows itself, under its
 * button or field) shows: the server's message, or null when the player has been told already.
 * The client does for a quiet call neither the toast nor the logout it does for the others, so an
 * ended session is handled here: its message as a toast, and the logout. A site closed for
 * maintenance turns the page itself; without a session the login popup opened instead of sending.
 */
export function quietRefusalMessage(error: ApiError): string | null {
  if (error.errorCode === CLIENT_ERROR_CODES.canceled) return null;
  if (SITE_CLOSED_CODES.has(error.errorCode)) return null;
  if (error.errorCode === CLIENT_ERROR_CODES.notLoggedIn && error.status === 0) return null;
  if (error.status === 401 || SESSION_ENDED_CODES.has(error.errorCode)) {
    bus.dispatch({ type: 'toast', level: 'warning', message: error.message });
    bus.dispatch({ type: 'logout' });
    return null;
  }
  return error.message;
}

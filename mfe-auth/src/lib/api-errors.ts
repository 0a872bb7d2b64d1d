import { isApiError, isHandledByClient } from '@platform/shared';

/** The message the server sent (already in the player's language), or null for other failures. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.message ? error.message : null;
}

/** The message a form shows itself for a failure the client did not report; null otherwise. */
export function unreportedMessage(error: unknown): string | null {
  // Whatever the API client already told the player is not said twice.
  return isApiError(error) && isHandledByClient(error) ? null : serverMessage(error);
}

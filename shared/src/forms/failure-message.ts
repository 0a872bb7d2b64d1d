
/** The message the server sent (already in the player's language), or null for other failures. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.message ? error.message : null;
}

/** The message a form shows itself for a failure the client did not report; null otherwise. */
export function unreportedMessage(error: unknown): string | null {
  // Whatever the API client already told the player is not said twice.
  return isApiError(error) && isHandledByClient(error) ? null : serverMessage(error);
}

/** The field a refused call names (the server's `value.field`: 'username'), or null. */
export function failedField(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const field = (error.value as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
}

import { isApiError, isHandledByClient } from '@platform/shared';
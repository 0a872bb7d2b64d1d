import { bus } from '@platform/shared';
import { failedField, unreportedMessage } from '@platform/shared/forms';

/** A success toast (the shell shows it). */
export function toastSuccess(message: string): void {
  bus.dispatch({ type: 'toast', level: 'success', message });
}

/**
 * The form-level message of a failure: none when the server named a field the form shows it
 * under (said once, where it belongs), else the server's message.
 */
export const messageUnlessUnder =
  (fields: readonly string[]) =>
  (error: unknown): string | null => {
    const field = failedField(error);
    return field !== null && fields.includes(field) ? null : unreportedMessage(error);
  };

import { COMMON_NAMESPACE, useT } from '@platform/shared';
import { useCallback } from 'react';
import type { FieldError } from './validation';

/**
 * Turns a field error into the text shown under the field, in the current language: the message
 * from the shared `forms.` strings, with the field's label from the form's own namespace.
 */
export function useFieldErrorText(labelNamespace: string): (error: FieldError | null | undefined) => string | undefined {
  const { t } = useT(labelNamespace);
  return useCallback(
    (error) => {
      if (!error) return undefined;
      if (error.text !== undefined) return error.text;
      return t(`forms.${error.key}`, { ns: COMMON_NAMESPACE, ...error.values, field: error.field ? t(error.field) : '' });
    },
    [t],
  );
}

import { useT } from '@platform/shared';
import { useCallback } from 'react';
import { NAMESPACE } from '../locales';
import type { FieldError } from '../lib/validation';

/** Turns a field error into the text shown under the field, in the current language. */
export function useFieldErrorText(): (error: FieldError | null | undefined) => string | undefined {
  const { t } = useT(NAMESPACE);
  return useCallback(
    (error) => {
      if (!error) return undefined;
      if (error.text) return error.text;
      return t(error.key, { ...error.values, field: error.field ? t(error.field) : '' });
    },
    [t],
  );
}

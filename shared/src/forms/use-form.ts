import { isApiError } from '@platform/shared';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { failedField, unreportedMessage } from './failure-message';
import { isValid, type FieldError } from './validation';

/** Each field's error; null or absent: the field is fine. */
export type FieldErrors<V> = Partial<Record<keyof V & string, FieldError | null>>;

export interface UseFormOptions<V extends object> {
  initialValues: V | (() => V);
  /** The client's rules: an error (or null) per field. Nothing is sent while one has an error. */
  validate?: (values: V) => FieldErrors<V>;
  /**
   * Sends the form. Throwing is a failure: its message becomes the form error (see
   * `failureMessage`), and under a field it names when that field is in `serverErrorFields`.
   * The form is busy until this settles; a submit meanwhile is ignored.
   */
  onSubmit: (values: V) => Promise<void> | void;
  /** The form error for a failure; by default the server's message unless the API client already showed it. */
  failureMessage?: (error: unknown) => string | null;
  /**
   * Fields under which a refusal that names them (the server's `value.field`, as the
   * registration and password rules answer) shows the server's message as well.
   */
  serverErrorFields?: readonly string[];
}

export interface Form<V extends object> {
  values: V;
  errors: FieldErrors<V>;
  /** The failure of the last submit, for the whole form; null when there is none to show. */
  formError: string | null;
  /** True while the submit is being sent. */
  busy: boolean;
  /** The player changed a field: the new value, and that field's error goes. */
  setValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Sets values from code (a captcha used up), leaving the errors as they are. */
  setValues: (values: Partial<V>) => void;
  setFieldError: (name: keyof V & string, error: FieldError | null) => void;
  setFormError: (message: string | null) => void;
  /** Forgets every field error and the form error (another mode of the form was chosen). */
  clearErrors: () => void;
  /** The form's onSubmit: checks the rules, then sends. */
  submit: (event?: FormEvent) => Promise<void>;
}

/**
 * The state every form keeps: values, per-field errors from the client's rules and from the
 * server, busy, the form-level error, and one submit at a time.
 */
export function useForm<V extends object>({ initialValues, validate, onSubmit, failureMessage = unreportedMessage, serverErrorFields }: UseFormOptions<V>): Form<V> {
  const [values, setAllValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // State lags a render behind: a second click in the same tick must already see the first.
  const sending = useRef(false);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setAllValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: null } : current));
  }, []);
  const setValues = useCallback((next: Partial<V>) => setAllValues((current) => ({ ...current, ...next })), []);
  const setFieldError = useCallback((name: keyof V & string, error: FieldError | null) => setErrors((current) => ({ ...current, [name]: error })), []);
  const clearErrors = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current) return;
    const found = validate?.(values) ?? {};
    setErrors(found);
    setFormError(null);
    if (!isValid(found)) return;

    sending.current = true;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const field = failedField(error);
      if (field && isApiError(error) && serverErrorFields?.includes(field)) {
        setErrors((current) => ({ ...current, [field]: { text: error.message } }));
      }
      setFormError(failureMessage(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return { values, errors, formError, busy, setValue, setValues, setFieldError, setFormError, clearErrors, submit };
}

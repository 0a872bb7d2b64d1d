import { useT } from '@platform/shared';
import { useId, useState, type ChangeEvent, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import styles from './field.module.css';

export interface TextFieldProps {
  /** The form field's name; with `testIdPrefix` also its data-testid (`login-username`). */
  name: string;
  /** Visible label and accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  type?: HTMLInputTypeAttribute;
  /** Required fields carry ＊ in the placeholder. */
  required?: boolean;
  placeholder?: string;
  /** Text shown under the field when it is invalid. */
  error?: string;
  /** What the field takes (the password rule), shown under it while it has no error. */
  hint?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
  readOnly?: boolean;
  /** A password field gets a show/hide button. */
  revealable?: boolean;
  /** Before the input (the country-code picker). */
  leading?: ReactNode;
  /** After the input (captcha image, get-code button). */
  trailing?: ReactNode;
  testIdPrefix?: string;
}

/** One labelled input with its error under it, as every form of the site uses them. */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  type = 'text',
  required = false,
  placeholder,
  error,
  hint: help,
  autoComplete,
  inputMode,
  maxLength,
  readOnly,
  revealable = false,
  leading,
  trailing,
  testIdPrefix,
}: TextFieldProps) {
  const { t } = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-hint`;
  const [revealed, setRevealed] = useState(false);
  const shownType = revealable && revealed ? 'text' : type;
  const hint = placeholder ?? label;

  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {leading}
        <input
          id={id}
          name={name}
          className={styles.input}
          type={shownType}
          value={value}
          placeholder={required ? `＊ ${hint}` : hint}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : help ? helpId : undefined}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          readOnly={readOnly}
          data-testid={testIdPrefix ? `${testIdPrefix}-${name}` : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          onBlur={onBlur}
          onFocus={onFocus}
        />
        {revealable && (
          <button
            type="button"
            className={styles.reveal}
            aria-label={revealed ? t('forms.password_hide') : t('forms.password_show')}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
        {trailing && <div className={styles.adornment}>{trailing}</div>}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        help && (
          <p id={helpId} className={styles.hint} data-testid={testIdPrefix ? `${testIdPrefix}-${name}-hint` : undefined}>
            {help}
          </p>
        )
      )}
    </div>
  );
}

/** Drawn, not an emoji: emoji need a colour font many devices lack. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

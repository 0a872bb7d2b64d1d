import { useId, type ReactNode } from 'react';
import styles from './contracts.module.css';

/** What the frame's control carries: the label's target, and its error or hint as its description. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  /** The control (a select, an input), given the props that tie it to the label and the note. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its error under it (or else its hint), laid out as the forms kit's
 * TextField: the frame of SelectField and of the offer's tier numbers.
 */
export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error || hint ? noteId : undefined })}
      {error ? (
        <p id={noteId} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className={styles.fieldHint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

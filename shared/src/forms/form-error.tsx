import styles from './form-error.module.css';

export interface FormErrorProps {
  /** What went wrong with the form as a whole; nothing is shown without it. */
  message: string | null | undefined;
  testId?: string;
}

/** The form-level failure above a form's submit button, announced to screen readers. */
export function FormError({ message, testId }: FormErrorProps) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

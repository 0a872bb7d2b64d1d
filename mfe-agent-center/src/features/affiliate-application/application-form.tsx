import { bus, Button, isApiError, useT } from '@platform/shared';
import type { AffiliateApplication } from '@platform/contract';
import { FormError, requiredError, TextField, trimmed, useFieldErrorText, useForm, type FieldErrors } from '@platform/shared/forms';
import { useId } from 'react';
import { applyToBecomeAgent, CONTACT_MAX_LENGTH, MESSAGE_MAX_LENGTH } from './affiliate-api';
import styles from './affiliate-application.module.css';
import { NAMESPACE } from './translations';

interface Values {
  contact: string;
  message: string;
}

/** Characters as the contract counts them (code points, not UTF-16 units). */
const lengthOf = (text: string) => [...text].length;

export interface ApplicationFormProps {
  /** A refused application is being sent again: the form says so, and starts from its contact. */
  again: AffiliateApplication | null;
  /** The application the server took (awaiting an answer). */
  onSent: (application: AffiliateApplication) => void;
}

/** Contact (required) and a message about how the player will bring players; sent as they are, trimmed. */
export function ApplicationForm({ again, onSent }: ApplicationFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const titleId = useId();
  const messageId = useId();
  const form = useForm<Values>({
    initialValues: { contact: again?.contact ?? '', message: '' },
    validate: ({ contact, message }) => {
      const errors: FieldErrors<Values> = {};
      if (trimmed(contact) === '') errors.contact = requiredError('field_contact');
      else if (lengthOf(trimmed(contact)) > CONTACT_MAX_LENGTH) errors.contact = { text: t('too_long', { max: CONTACT_MAX_LENGTH }) };
      if (lengthOf(trimmed(message)) > MESSAGE_MAX_LENGTH) errors.message = { text: t('too_long', { max: MESSAGE_MAX_LENGTH }) };
      return errors;
    },
    onSubmit: async ({ contact, message }) => {
      const application = await applyToBecomeAgent({ contact: trimmed(contact), message: trimmed(message) });
      bus.dispatch({ type: 'toast', level: 'success', message: t('sent') });
      onSent(application);
    },
    // A refusal that names a field (the server's schema check) shows under that field as well.
    serverErrorFields: ['contact', 'message'],
    failureMessage: (error) => {
      if (isApiError(error) && error.errorCode === 'agent.application.exists') return t('error_exists');
      if (isApiError(error) && error.errorCode === 'agent.application.invalid') return t('error_invalid');
      return isApiError(error) && error.message ? error.message : t('apply_failed');
    },
  });

  const messageError = errorText(form.errors.message);
  return (
    <form className={styles.card} onSubmit={(event) => void form.submit(event)} noValidate aria-labelledby={titleId} data-testid="affiliate-form">
      <h2 id={titleId} className={styles.heading}>
        {again ? t('form_title_again') : t('form_title')}
      </h2>
      <TextField
        name="contact"
        label={t('field_contact')}
        value={form.values.contact}
        onChange={(value) => form.setValue('contact', value)}
        required
        maxLength={CONTACT_MAX_LENGTH}
        placeholder={t('contact_placeholder')}
        hint={t('contact_hint')}
        autoComplete="off"
        error={errorText(form.errors.contact)}
        testIdPrefix="affiliate"
      />
      {/* The forms kit has no multi-line field: a textarea styled as its fields are. */}
      <div className={styles.textareaField}>
        <label htmlFor={messageId} className={styles.label}>
          {t('field_message')}
        </label>
        <textarea
          id={messageId}
          name="message"
          className={messageError ? `${styles.textarea} ${styles.invalid}` : styles.textarea}
          value={form.values.message}
          onChange={(event) => form.setValue('message', event.target.value)}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={5}
          placeholder={t('message_placeholder')}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`${messageId}-count`}
          data-testid="affiliate-message"
        />
        <p className={styles.counter} id={`${messageId}-count`}>
          {messageError && (
            <span className={styles.fieldError} role="alert">
              {messageError}
            </span>
          )}
          <span>{t('characters', { length: lengthOf(form.values.message), max: MESSAGE_MAX_LENGTH })}</span>
        </p>
      </div>
      <FormError message={form.formError} testId="affiliate-error" />
      <Button type="submit" loading={form.busy} className={styles.submit} data-testid="affiliate-submit">
        {t('submit')}
      </Button>
    </form>
  );
}

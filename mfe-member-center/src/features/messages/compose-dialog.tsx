import { api, Button, bus, Modal, useT } from '@platform/shared';
import { MAIL_CONTENT_MAX_LENGTH, MAIL_SUBJECT_MAX_LENGTH, replyMailCall, sendMailCall, type InboxMail } from '@platform/contract';
import { FormError, requiredError, TextField, trimmed, useFieldErrorText, useForm } from '@platform/shared/forms';
import { useEffect, useId } from 'react';
import { NAMESPACE } from './translations';
import styles from './messages.module.css';

/** A new mail to customer service, or a reply to an inbox mail that allows one. */
export type ComposeTarget = { kind: 'new' } | { kind: 'reply'; mail: InboxMail };

interface Draft {
  subject: string;
  content: string;
}

export interface ComposeDialogProps {
  /** null: closed. */
  target: ComposeTarget | null;
  onClose: () => void;
  onSent: () => void;
}

const EMPTY: Draft = { subject: '', content: '' };

/** "Re: <subject>", cut to the longest subject allowed. */
const replySubject = (prefix: string, subject: string) => [...`${prefix}${subject}`].slice(0, MAIL_SUBJECT_MAX_LENGTH).join('');

export function ComposeDialog({ target, onClose, onSent }: ComposeDialogProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const contentId = useId();
  const form = useForm<Draft>({
    initialValues: EMPTY,
    validate: (values) => ({
      subject: trimmed(values.subject) === '' ? requiredError('subject') : null,
      content: trimmed(values.content) === '' ? requiredError('content') : null,
    }),
    onSubmit: async ({ subject, content }) => {
      if (target?.kind === 'reply') await api.call(replyMailCall, { data: { inboxId: target.mail.inboxId, subject: subject.trim(), content } });
      else await api.call(sendMailCall, { data: { subject: subject.trim(), content } });
      bus.dispatch({ type: 'toast', level: 'success', message: t('sent') });
      onSent();
    },
  });
  const { setValues, clearErrors } = form;

  // Each opening starts from a fresh draft (a reply's subject filled in).
  useEffect(() => {
    if (!target) return;
    clearErrors();
    setValues(target.kind === 'reply' ? { subject: replySubject(t('reply_prefix'), target.mail.subject), content: '' } : EMPTY);
  }, [target, setValues, clearErrors, t]);

  const contentError = errorText(form.errors.content);
  return (
    <Modal
      open={target !== null}
      onClose={form.busy ? () => undefined : onClose}
      title={target?.kind === 'reply' ? t('reply') : t('compose')}
      testId="compose-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={`${contentId}-form`} loading={form.busy} data-testid="compose-send">
            {t('send')}
          </Button>
        </>
      }
    >
      <form id={`${contentId}-form`} className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate>
        <p className={styles.meta}>{t('to', { name: t('customer_service') })}</p>
        <TextField
          name="subject"
          label={t('subject')}
          value={form.values.subject}
          onChange={(value) => form.setValue('subject', value)}
          required
          maxLength={MAIL_SUBJECT_MAX_LENGTH}
          error={errorText(form.errors.subject)}
          testIdPrefix="compose"
        />
        <div className={styles.textareaField}>
          <label htmlFor={contentId} className={styles.label}>
            {t('content')}
          </label>
          <textarea
            id={contentId}
            name="content"
            className={contentError ? `${styles.textarea} ${styles.invalid}` : styles.textarea}
            value={form.values.content}
            onChange={(event) => form.setValue('content', event.target.value)}
            maxLength={MAIL_CONTENT_MAX_LENGTH}
            rows={6}
            placeholder={`＊ ${t('content')}`}
            aria-required
            aria-invalid={contentError ? true : undefined}
            aria-describedby={`${contentId}-count`}
            data-testid="compose-content"
          />
          <p className={styles.counter} id={`${contentId}-count`}>
            {contentError && (
              <span className={styles.fieldError} role="alert">
                {contentError}
              </span>
            )}
            <span>{t('characters', { length: [...form.values.content].length, max: MAIL_CONTENT_MAX_LENGTH })}</span>
          </p>
        </div>
        <FormError message={form.formError} />
      </form>
    </Modal>
  );
}

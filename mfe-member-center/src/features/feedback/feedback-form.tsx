// Feedback to the site (PUT /wps/feedback): a kind, the text, and the answer to an image captcha,
// which the server asks of every sending. The member sending it is known from the session, so no
// contact field is asked for. A captcha answers one sending only: after each try, right or wrong,
// a new image is drawn.
import { api, bus, Button, useT } from '@platform/shared';
import { FEEDBACK_CONTENT_MAX_LENGTH, FEEDBACK_TYPES, feedbackCall, type FeedbackType } from '@platform/contract';
import { CaptchaImage, FormError, requiredError, TextField, trimmed, useCaptcha, useFieldErrorText, useForm } from '@platform/shared/forms';
import { useId } from 'react';
import { NAMESPACE } from './translations';
import styles from './feedback.module.css';

interface Draft {
  type: FeedbackType;
  content: string;
  captcha: string;
}

const EMPTY: Draft = { type: 'suggestion', content: '', captcha: '' };

export function FeedbackForm() {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const ids = useId();
  const captcha = useCaptcha(true);
  const form = useForm<Draft>({
    initialValues: EMPTY,
    validate: (values) => ({
      content: trimmed(values.content) === '' ? requiredError('feedback_content') : null,
      captcha: trimmed(values.captcha) === '' ? requiredError('captcha') : null,
    }),
    // A wrong captcha answer names its field: the server's words show under it.
    serverErrorFields: ['captcha', 'content'],
    onSubmit: async (values) => {
      try {
        await api.call(feedbackCall, { data: { type: values.type, content: values.content.trim(), captcha: values.captcha.trim(), captchaId: captcha.captcha?.id ?? '' } });
      } catch (failure) {
        // That image is used up whatever the answer was.
        captcha.reload();
        form.setValues({ captcha: '' });
        throw failure;
      }
      captcha.reload();
      form.setValues(EMPTY);
      bus.dispatch({ type: 'toast', level: 'success', message: t('feedback_sent') });
    },
  });

  const contentError = errorText(form.errors.content);
  const length = [...form.values.content].length;
  return (
    <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate data-testid="feedback-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.sectionTitle}>
        {t('feedback_title')}
      </h2>
      <p className={styles.hint}>{t('feedback_intro')}</p>
      <div className={styles.field}>
        <label htmlFor={`${ids}-type`} className={styles.fieldLabel}>
          {t('feedback_type')}
        </label>
        <select
          id={`${ids}-type`}
          className={styles.select}
          value={form.values.type}
          onChange={(event) => form.setValue('type', event.target.value as FeedbackType)}
          disabled={form.busy}
          data-testid="feedback-type"
        >
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`type_${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-content`} className={styles.fieldLabel}>
          {t('feedback_content')}
        </label>
        <textarea
          id={`${ids}-content`}
          className={[styles.textarea, contentError ? styles.inputInvalid : ''].filter(Boolean).join(' ')}
          value={form.values.content}
          onChange={(event) => form.setValue('content', event.target.value)}
          rows={5}
          maxLength={FEEDBACK_CONTENT_MAX_LENGTH}
          aria-required
          aria-invalid={contentError ? true : undefined}
          aria-describedby={[`${ids}-content-count`, contentError ? `${ids}-content-error` : ''].filter(Boolean).join(' ')}
          disabled={form.busy}
          data-testid="feedback-content"
        />
        <span id={`${ids}-content-count`} className={styles.count}>
          {t('characters', { length, max: FEEDBACK_CONTENT_MAX_LENGTH })}
        </span>
        {contentError && (
          <p id={`${ids}-content-error`} className={styles.refusal} role="alert">
            {contentError}
          </p>
        )}
      </div>
      <TextField
        name="captcha"
        label={t('captcha')}
        value={form.values.captcha}
        onChange={(value) => form.setValue('captcha', value)}
        required
        autoComplete="off"
        maxLength={16}
        error={errorText(form.errors.captcha)}
        trailing={<CaptchaImage {...captcha} testId="feedback-captcha-image" />}
        testIdPrefix="feedback"
      />
      <FormError message={form.formError} />
      <div className={styles.formButtons}>
        <Button type="submit" size="lg" loading={form.busy} data-testid="feedback-submit">
          {t('send_feedback')}
        </Button>
      </div>
    </form>
  );
}

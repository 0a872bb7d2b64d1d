// The application form of a promotion to apply for: a comment (at most 140 characters, counted as
// the server counts them) and up to three png or jpg images of at most 5 MB, each checked here
// before anything is sent and read as a data URL. The answer is the promotion as it now stands
// (applying); a refusal shows in the form, in the page's language.
import { bus, Button, IconButton, isApiError, outcomeUnknown } from '@platform/shared';
import { usePromotionT } from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  COMMENT_MAX,
  commentLength,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  imageDataUrl,
  imageProblem,
  IMAGES_MAX,
  readAsDataUrl,
} from './application-input';
import { applyForPromotion } from './promotions-api';
import { refusalText } from './refusal-text';
import styles from './promotions.module.css';
import type { Translate } from './translations';

interface ChosenImage {
  key: number;
  name: string;
  dataUrl: string;
}

/** A refused file, said in the page's language when shown (a language switch rewords it). */
type FileRefusal = { name: string; problem: 'type' | 'size' | 'empty' | 'unreadable' } | { name: null; problem: 'too_many' };

function fileRefusalText(refusal: FileRefusal, t: Translate): string {
  switch (refusal.problem) {
    case 'type':
      return t('apply_error_type', { name: refusal.name });
    case 'size':
      return t('apply_error_size', { name: refusal.name, max: IMAGE_MAX_BYTES / (1024 * 1024) });
    case 'empty':
      return t('apply_error_file_empty', { name: refusal.name });
    case 'unreadable':
      return t('apply_error_unreadable', { name: refusal.name });
    case 'too_many':
      return t('apply_error_too_many', { max: IMAGES_MAX });
  }
}

export interface ApplicationFormProps {
  entry: PromotionEntry;
  /** The promotion as the answer has it (applying). */
  onApplied: (entry: PromotionEntry) => void;
  /** The server said this promotion cannot be applied for (any more): read it again. */
  onStale: () => void;
  onCancel: () => void;
  t: Translate;
}

export function ApplicationForm({ entry, onApplied, onStale, onCancel, t }: ApplicationFormProps) {
  const words = usePromotionT();
  const ids = useId();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [fileRefusals, setFileRefusals] = useState<FileRefusal[]>([]);
  const [commentTooLong, setCommentTooLong] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [sending, setSending] = useState(false);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sendingNow = useRef(false);
  const nextKey = useRef(1);

  const length = commentLength(comment);
  const over = length > COMMENT_MAX;

  const chooseFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Choosing the same file again (after removing it) must fire a change again.
    event.target.value = '';
    if (files.length === 0) return;
    const refused: FileRefusal[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem) refused.push({ name: file.name, problem });
      else if (images.length + accepted.length >= IMAGES_MAX) {
        if (!refused.some((item) => item.problem === 'too_many')) refused.push({ name: null, problem: 'too_many' });
      } else accepted.push(file);
    }
    setRefusal(null);
    setReading(true);
    try {
      const read: ChosenImage[] = [];
      for (const file of accepted) {
        let dataUrl: string | null = null;
        try {
          dataUrl = imageDataUrl(await readAsDataUrl(file));
          if (dataUrl === null) refused.push({ name: file.name, problem: 'type' });
        } catch {
          refused.push({ name: file.name, problem: 'unreadable' });
        }
        if (dataUrl !== null) read.push({ key: nextKey.current++, name: file.name, dataUrl });
      }
      setImages((current) => [...current, ...read].slice(0, IMAGES_MAX));
      setFileRefusals(refused);
    } finally {
      setReading(false);
    }
  };

  const removeImage = (key: number) => {
    setImages((current) => current.filter((image) => image.key !== key));
    setFileRefusals([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingNow.current || reading) return;
    setRefusal(null);
    setCommentTooLong(over);
    if (over) return;
    if (comment.trim() === '' && images.length === 0) {
      setRefusal(t('apply_error_empty'));
      return;
    }
    sendingNow.current = true;
    setSending(true);
    try {
      const applied = await applyForPromotion({ promotionId: entry.id, comment: comment.trim(), images: images.map((image) => image.dataUrl) });
      bus.dispatch({ type: 'toast', level: 'success', message: t('apply_success') });
      onApplied(applied);
    } catch (failure) {
      setRefusal(refusalText(failure, t, words));
      // Applied already (an answer that never arrived: a timeout, or a second try refused), or no
      // longer open: the page reads the promotion again, and shows Applying if it arrived.
      if (isApiError(failure) && (failure.errorCode === 'promotion.not.applicable' || outcomeUnknown(failure))) onStale();
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  const full = images.length >= IMAGES_MAX;
  const commentError = commentTooLong && over;
  return (
    <form className={styles.applyForm} onSubmit={(event) => void submit(event)} noValidate data-testid="promo-apply-form" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.sectionTitle}>
        {t('apply_title')}
      </h3>
      <div className={styles.field}>
        <label htmlFor={`${ids}-comment`} className={styles.fieldLabel}>
          {t('apply_comment')}
        </label>
        {/* No maxLength: the browser counts UTF-16 units, the server characters; the count below says the rule. */}
        <textarea
          id={`${ids}-comment`}
          className={[styles.textarea, over ? styles.inputInvalid : ''].filter(Boolean).join(' ')}
          value={comment}
          rows={4}
          placeholder={t('apply_comment_placeholder')}
          aria-invalid={commentError || undefined}
          aria-describedby={[`${ids}-count`, commentError ? `${ids}-comment-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            setComment(event.target.value);
            setCommentTooLong(false);
          }}
          disabled={sending}
          data-testid="promo-apply-comment"
        />
        <span id={`${ids}-count`} className={[styles.count, over ? styles.countOver : ''].filter(Boolean).join(' ')} data-testid="promo-apply-count" data-over={over}>
          {t('apply_comment_count', { length, max: COMMENT_MAX })}
        </span>
        {commentError && (
          <p id={`${ids}-comment-error`} className={styles.refusal} role="alert" data-testid="promo-apply-comment-error">
            {t('apply_error_comment_too_long', { max: COMMENT_MAX })}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <span id={`${ids}-images`} className={styles.fieldLabel}>
          {t('apply_images', { n: images.length, max: IMAGES_MAX })}
        </span>
        <span id={`${ids}-images-hint`} className={styles.hint}>
          {t('apply_images_hint', { max: IMAGES_MAX, size: IMAGE_MAX_BYTES / (1024 * 1024) })}
        </span>
        {images.length > 0 && (
          <ul className={styles.thumbs} aria-labelledby={`${ids}-images`} data-testid="promo-apply-images">
            {images.map((image, index) => (
              <li key={image.key} className={styles.thumb} data-testid="promo-apply-image">
                <img className={styles.thumbImage} src={image.dataUrl} alt={t('apply_image_alt', { n: index + 1, name: image.name })} />
                <IconButton
                  className={styles.thumbRemove}
                  label={t('apply_image_remove', { n: index + 1, name: image.name })}
                  icon="×"
                  size="sm"
                  variant="secondary"
                  disabled={sending}
                  onClick={() => removeImage(image.key)}
                  data-testid="promo-apply-image-remove"
                />
              </li>
            ))}
          </ul>
        )}
        {/* A real file input inside the label: keyboard and screen readers reach it as a button. */}
        <label className={[styles.filePick, full || sending || reading ? styles.filePickDisabled : ''].filter(Boolean).join(' ')}>
          <input
            type="file"
            className={styles.visuallyHidden}
            accept={IMAGE_ACCEPT}
            multiple
            disabled={full || sending || reading}
            aria-describedby={`${ids}-images-hint`}
            onChange={(event) => void chooseFiles(event)}
            data-testid="promo-apply-file"
          />
          {full ? t('apply_images_full', { max: IMAGES_MAX }) : t('apply_add_images')}
        </label>
        {fileRefusals.length > 0 && (
          <ul className={styles.fileRefusals} role="alert" data-testid="promo-apply-image-error">
            {fileRefusals.map((item, index) => (
              <li key={index}>{fileRefusalText(item, t)}</li>
            ))}
          </ul>
        )}
      </div>
      {refusal && (
        <p className={styles.refusal} role="alert" data-testid="promo-apply-refusal">
          {refusal}
        </p>
      )}
      <div className={styles.formButtons}>
        <Button type="submit" size="lg" loading={sending} disabled={reading} data-testid="promo-apply-submit">
          {t('apply_submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={sending} data-testid="promo-apply-cancel">
          {t('apply_cancel')}
        </Button>
      </div>
    </form>
  );
}

// The support question form: a category, the question (10-1000 characters, counted as the server
// counts them), up to three png or jpg images of at most 5 MB (each checked here, by its type,
// size and first bytes, before anything is sent) and the way the member would like to be reached:
// the platform messages, or the e-mail address or mobile number the account already holds (shown
// masked; a way the account has no details for cannot be chosen). A refusal shows in the form,
// in the page's language, and what was written stays.
import { api, bus, Button, IconButton, isApiError, useT } from '@platform/shared';
import { SUPPORT_CATEGORIES, supportAskCall, type SupportCategory, type SupportContact, type SupportContacts, type SupportQuestion } from '@platform/contract';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_MB, imageDataUrl, imageProblem, IMAGES_MAX, readAsDataUrl, TEXT_MAX, TEXT_MIN, textLength } from './support-input';
import { NAMESPACE } from './translations';
import styles from './feedback.module.css';

interface ChosenImage {
  key: number;
  name: string;
  dataUrl: string;
}

/** A refused file, said in the page's language when shown (a language switch rewords it). */
type FileRefusal = { name: string; problem: 'type' | 'size' | 'empty' | 'unreadable' } | { name: null; problem: 'too_many' };

type TextProblem = 'short' | 'long' | null;

export interface SupportFormProps {
  /** The account's contact details (masked), null until the list has answered. */
  contacts: SupportContacts | null;
  onSent: (question: SupportQuestion) => void;
}

export function SupportForm({ contacts, onSent }: SupportFormProps) {
  const { t } = useT(NAMESPACE);
  const ids = useId();
  const [category, setCategory] = useState<SupportCategory | ''>('');
  const [text, setText] = useState('');
  const [contact, setContact] = useState<SupportContact>('message');
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [fileRefusals, setFileRefusals] = useState<FileRefusal[]>([]);
  const [categoryMissing, setCategoryMissing] = useState(false);
  const [textProblem, setTextProblem] = useState<TextProblem>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [sending, setSending] = useState(false);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sendingNow = useRef(false);
  const nextKey = useRef(1);

  const length = textLength(text);
  const over = length > TEXT_MAX;

  const fileRefusalText = (item: FileRefusal): string => {
    switch (item.problem) {
      case 'type':
        return t('error_type', { name: item.name });
      case 'size':
        return t('error_size', { name: item.name, max: IMAGE_MAX_MB });
      case 'empty':
        return t('error_file_empty', { name: item.name });
      case 'unreadable':
        return t('error_unreadable', { name: item.name });
      case 'too_many':
        return t('error_too_many', { max: IMAGES_MAX });
    }
  };

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
          // Typed by its first bytes: a renamed file of another kind is refused here already.
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
    const problem: TextProblem = length < TEXT_MIN ? 'short' : over ? 'long' : null;
    setTextProblem(problem);
    setCategoryMissing(category === '');
    if (problem || category === '') return;
    sendingNow.current = true;
    setSending(true);
    try {
      const question = await api.call(supportAskCall, { data: { category, text: text.trim(), contact, images: images.map((image) => image.dataUrl) } });
      bus.dispatch({ type: 'toast', level: 'success', message: t('question_sent') });
      setCategory('');
      setText('');
      setContact('message');
      setImages([]);
      setFileRefusals([]);
      onSent(question);
    } catch (failure) {
      // The server's words, already in the member's language (a quiet call: nothing else said it).
      setRefusal(isApiError(failure) && failure.message ? failure.message : t('send_failed'));
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  const contactOptions: { value: SupportContact; label: string; available: boolean }[] = [
    { value: 'message', label: t('contact_message'), available: true },
    {
      value: 'email',
      label: contacts?.email ? t('contact_email', { address: contacts.email }) : t('contact_email_none'),
      available: Boolean(contacts?.email),
    },
    {
      value: 'phone',
      label: contacts?.phone ? t('contact_phone', { address: contacts.phone }) : t('contact_phone_none'),
      available: Boolean(contacts?.phone),
    },
  ];

  const full = images.length >= IMAGES_MAX;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="support-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.sectionTitle}>
        {t('ask_title')}
      </h2>
      <p className={styles.hint}>{t('ask_intro')}</p>

      <div className={styles.field}>
        <label htmlFor={`${ids}-category`} className={styles.fieldLabel}>
          {t('category')}
        </label>
        <select
          id={`${ids}-category`}
          className={[styles.select, categoryMissing ? styles.inputInvalid : ''].filter(Boolean).join(' ')}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value as SupportCategory | '');
            setCategoryMissing(false);
          }}
          disabled={sending}
          aria-invalid={categoryMissing || undefined}
          aria-describedby={categoryMissing ? `${ids}-category-error` : undefined}
          data-testid="support-category"
        >
          <option value="" disabled>
            {t('category_choose')}
          </option>
          {SUPPORT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`category_${value}`)}
            </option>
          ))}
        </select>
        {categoryMissing && (
          <p id={`${ids}-category-error`} className={styles.refusal} role="alert" data-testid="support-category-error">
            {t('error_category')}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${ids}-text`} className={styles.fieldLabel}>
          {t('question')}
        </label>
        {/* No maxLength: the browser counts UTF-16 units, the server characters; the count below says the rule. */}
        <textarea
          id={`${ids}-text`}
          className={[styles.textarea, textProblem ? styles.inputInvalid : ''].filter(Boolean).join(' ')}
          value={text}
          rows={5}
          placeholder={t('question_placeholder', { min: TEXT_MIN })}
          aria-invalid={textProblem ? true : undefined}
          aria-describedby={[`${ids}-count`, textProblem ? `${ids}-text-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.target.value);
            setTextProblem(null);
          }}
          disabled={sending}
          data-testid="support-text"
        />
        <span id={`${ids}-count`} className={[styles.count, over ? styles.countOver : ''].filter(Boolean).join(' ')} data-testid="support-count" data-over={over}>
          {t('characters', { length, max: TEXT_MAX })}
        </span>
        {textProblem && (
          <p id={`${ids}-text-error`} className={styles.refusal} role="alert" data-testid="support-text-error">
            {textProblem === 'short' ? t('error_text_short', { min: TEXT_MIN }) : t('error_text_long', { max: TEXT_MAX })}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <span id={`${ids}-images`} className={styles.fieldLabel}>
          {t('images', { n: images.length, max: IMAGES_MAX })}
        </span>
        <span id={`${ids}-images-hint`} className={styles.hint}>
          {t('images_hint', { max: IMAGES_MAX, size: IMAGE_MAX_MB })}
        </span>
        {images.length > 0 && (
          <ul className={styles.thumbs} aria-labelledby={`${ids}-images`} data-testid="support-images">
            {images.map((image, index) => (
              <li key={image.key} className={styles.thumb} data-testid="support-image">
                <img className={styles.thumbImage} src={image.dataUrl} alt={t('image_alt', { n: index + 1, name: image.name })} />
                <IconButton
                  className={styles.thumbRemove}
                  label={t('image_remove', { n: index + 1, name: image.name })}
                  icon="×"
                  size="sm"
                  variant="secondary"
                  disabled={sending}
                  onClick={() => removeImage(image.key)}
                  data-testid="support-image-remove"
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
            data-testid="support-file"
          />
          {full ? t('images_full', { max: IMAGES_MAX }) : t('add_images')}
        </label>
        {fileRefusals.length > 0 && (
          <ul className={styles.fileRefusals} role="alert" data-testid="support-image-error">
            {fileRefusals.map((item, index) => (
              <li key={index}>{fileRefusalText(item)}</li>
            ))}
          </ul>
        )}
      </div>

      <fieldset className={styles.choices} disabled={sending}>
        <legend className={styles.fieldLabel}>{t('contact')}</legend>
        {contactOptions.map((option) => (
          <label key={option.value} className={[styles.choice, option.available ? '' : styles.choiceUnavailable].filter(Boolean).join(' ')}>
            <input
              type="radio"
              name={`${ids}-contact`}
              value={option.value}
              checked={contact === option.value}
              disabled={!option.available}
              onChange={() => setContact(option.value)}
              data-testid={`support-contact-${option.value}`}
            />
            <span className={styles.choiceText}>{option.label}</span>
          </label>
        ))}
        <span className={styles.hint}>{t('contact_hint')}</span>
      </fieldset>

      {refusal && (
        <p className={styles.refusal} role="alert" data-testid="support-refusal">
          {refusal}
        </p>
      )}
      <div className={styles.formButtons}>
        <Button type="submit" size="lg" loading={sending} disabled={reading} data-testid="support-submit">
          {t('send_question')}
        </Button>
      </div>
    </form>
  );
}

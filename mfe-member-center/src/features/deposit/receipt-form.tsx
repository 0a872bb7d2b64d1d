import { Button, isApiError, useT } from '@platform/shared';
import { FormError, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { useId, useState, type ChangeEvent } from 'react';
import { uploadReceipt } from './deposit-api';
import styles from './deposit.module.css';
import { readAsDataUrl, RECEIPT_ACCEPT, receiptDataUrl, receiptProblem, type ReceiptProblem } from './receipt';
import { NAMESPACE } from './translations';

interface ReceiptValues {
  /** The chosen image as the data URL the server takes; '' before one is chosen. */
  image: string;
  referenceNo: string;
}

interface ReceiptFormProps {
  depositId: number;
  /** A receipt went through (a later one replaces it). */
  onSent: (referenceNo: string) => void;
}

/**
 * The receipt of a manual transfer: an image chosen on the device (png or jpg of at most 5 MB,
 * checked here by its type, size and first bytes before anything is sent), shown as a preview,
 * and the transfer's reference number from the member's bank.
 */
export function ReceiptForm({ depositId, onSent }: ReceiptFormProps) {
  const { t } = useT(NAMESPACE);
  const inputId = useId();
  const [fileName, setFileName] = useState('');
  const [reading, setReading] = useState(false);

  const problemText = (problem: ReceiptProblem | 'bytes'): string => {
    if (problem === 'size') return t('error_receipt_size');
    if (problem === 'empty') return t('error_receipt_empty');
    return t('error_receipt_type');
  };

  const form = useForm<ReceiptValues>({
    initialValues: { image: '', referenceNo: '' },
    validate: (values) => {
      const errors: FieldErrors<ReceiptValues> = {};
      if (!values.image) errors.image = form.errors.image ?? { text: t('error_receipt_required') };
      if (values.referenceNo.trim() === '') errors.referenceNo = { text: t('error_reference_required') };
      return errors;
    },
    onSubmit: async (values) => {
      try {
        await uploadReceipt(depositId, values.image, values.referenceNo);
      } catch (error) {
        if (isApiError(error) && error.errorCode === 'deposit.image.too.large') form.setFieldError('image', { text: t('error_receipt_size') });
        if (isApiError(error) && error.errorCode === 'deposit.image.invalid') form.setFieldError('image', { text: t('error_receipt_type') });
        throw error;
      }
      onSent(values.referenceNo.trim());
    },
  });

  const refuse = (input: HTMLInputElement, text: string) => {
    input.value = '';
    form.setFieldError('image', { text });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    form.setValue('image', '');
    setFileName('');
    if (!file) return;
    const problem = receiptProblem(file);
    if (problem) return refuse(input, problemText(problem));
    setReading(true);
    try {
      const dataUrl = receiptDataUrl(await readAsDataUrl(file));
      if (!dataUrl) return refuse(input, problemText('bytes'));
      setFileName(file.name);
      form.setValue('image', dataUrl);
    } catch {
      refuse(input, t('error_receipt_read'));
    } finally {
      setReading(false);
    }
  };
  const fileError = form.errors.image?.text ?? null;

  return (
    <form className={styles.receipt} onSubmit={form.submit} noValidate aria-labelledby={`${inputId}-title`} data-testid="deposit-receipt-form">
      <h4 id={`${inputId}-title`} className={styles.subheading}>
        {t('receipt_title')}
      </h4>
      <div className={styles.fileField}>
        <label htmlFor={inputId} className={styles.fieldLabel}>
          {t('receipt_file')}
        </label>
        <input
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept={RECEIPT_ACCEPT}
          onChange={choose}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          data-testid="deposit-receipt-file"
        />
        {fileError ? (
          <p id={`${inputId}-hint`} className={styles.fieldError} role="alert" data-testid="deposit-receipt-file-error">
            {fileError}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className={styles.hint}>
            {t('receipt_hint')}
          </p>
        )}
      </div>
      {form.values.image && <img className={styles.preview} src={form.values.image} alt={t('receipt_preview', { name: fileName })} data-testid="deposit-receipt-preview" />}
      <TextField
        name="referenceNo"
        label={t('reference_no')}
        value={form.values.referenceNo}
        onChange={(value) => form.setValue('referenceNo', value)}
        required
        placeholder={t('reference_no_placeholder')}
        error={form.errors.referenceNo?.text}
        maxLength={64}
        autoComplete="off"
        testIdPrefix="deposit"
      />
      <FormError message={form.formError} testId="deposit-receipt-error" />
      <Button type="submit" block loading={form.busy || reading} data-testid="deposit-receipt-submit">
        {t('receipt_submit')}
      </Button>
    </form>
  );
}

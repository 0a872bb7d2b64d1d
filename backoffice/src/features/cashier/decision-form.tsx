import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '@backoffice/kit';
import styles from './cashier.module.css';

/**
 * The reason a rejection needs (shown to the member, kept in the audit trail), asked before the
 * call; 1–500 characters as the server takes it.
 */
export function RejectForm({ onReject, onCancel, busy, label }: { onReject: (reason: string) => void; onCancel: () => void; busy: boolean; label?: string }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onReject(reason.trim());
  };
  return (
    <form className={styles.decision} onSubmit={submit}>
      <Field label={label ?? t('cashier.reason')}>
        <Input required maxLength={500} value={reason} autoFocus onChange={(event) => setReason(event.target.value)} />
      </Field>
      <Button type="submit" variant="danger" disabled={busy || !reason.trim()}>
        {t('cashier.confirmReject')}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </form>
  );
}

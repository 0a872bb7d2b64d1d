import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ui } from '@backoffice/kit';
import styles from './content.module.css';

/** A yes/no field: the box and its label on one line. */
export function Checkbox({ label, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" {...props} />
      <span>{label}</span>
    </label>
  );
}

/** A multi-line text input in the look of ui.tsx's inputs. */
export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...props} className={[ui.input, styles.textarea, props.className].filter(Boolean).join(' ')} />;
}

/** Asks before a deletion, in place: what will happen, then yes or no. */
export function ConfirmDelete({ question, yes, no, busy, onYes, onNo }: { question: string; yes: string; no: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <div className={styles.confirm} role="group" aria-label={question}>
      <span>{question}</span>
      <Button variant="danger" disabled={busy} onClick={onYes}>
        {yes}
      </Button>
      <Button variant="secondary" onClick={onNo}>
        {no}
      </Button>
    </div>
  );
}

/**
 * A listed item's edit and delete, each only where the operator's role may call its route, the
 * delete asked again in place before it is sent.
 */
export function RowActions({
  mayEdit,
  mayDelete,
  onEdit,
  confirming,
  question,
  busy,
  onAskDelete,
  onDelete,
  onCancelDelete,
}: {
  mayEdit: boolean;
  mayDelete: boolean;
  onEdit: () => void;
  /** Whether the delete's question is open for this item. */
  confirming: boolean;
  question: string;
  busy: boolean;
  onAskDelete: () => void;
  onDelete: () => void;
  onCancelDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={ui.actions}>
        {mayEdit && (
          <Button variant="secondary" onClick={onEdit}>
            {t('content.edit')}
          </Button>
        )}
        {mayDelete && (
          <Button variant="danger" onClick={onAskDelete}>
            {t('content.delete')}
          </Button>
        )}
      </div>
      {confirming && <ConfirmDelete question={question} yes={t('content.confirmDelete')} no={t('cancel')} busy={busy} onYes={onDelete} onNo={onCancelDelete} />}
    </>
  );
}

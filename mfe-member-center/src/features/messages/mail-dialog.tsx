import { Button, ConfirmDialog, formatDateTime, Modal, useT } from '@platform/shared';
import { useState, type ReactNode } from 'react';
import { NAMESPACE } from './translations';
import styles from './messages.module.css';

export interface MailDialogProps {
  subject: string;
  /** "From …" or "To …". */
  party: string;
  sendTime: number;
  content: string;
  /** Asks before deleting; resolves when done (rejects: the API client has told the player). */
  onDelete: () => Promise<void>;
  onClose: () => void;
  /** More actions beside Delete (Reply). */
  actions?: ReactNode;
}

/** One mail, opened: its texts shown as plain text (never as HTML), Delete with a confirmation. */
export function MailDialog({ subject, party, sendTime, content, onDelete, onClose, actions }: MailDialogProps) {
  const { t } = useT(NAMESPACE);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={subject}
        testId="mail-dialog"
        footer={
          <>
            <Button variant="danger" onClick={() => setConfirming(true)} data-testid="mail-delete">
              {t('delete')}
            </Button>
            {actions}
          </>
        }
      >
        <p className={styles.meta}>
          <span>{party}</span>
          <time dateTime={new Date(sendTime).toISOString()}>{formatDateTime(sendTime)}</time>
        </p>
        <div className={styles.content} data-testid="mail-content">
          {content}
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={t('delete')}
        message={t('delete_confirm')}
        confirmLabel={t('delete')}
        danger
        busy={deleting}
        testId="mail-delete-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setDeleting(true);
          onDelete()
            .catch(() => undefined)
            .finally(() => {
              setDeleting(false);
              setConfirming(false);
            });
        }}
      />
    </>
  );
}

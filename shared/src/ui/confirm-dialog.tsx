import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { Button } from './button';
import styles from './confirm-dialog.module.css';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  /** "Notice" by default. */
  title?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape and the background. Without it they confirm (a notice with one button). */
  onCancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A notice: only the confirm button. */
  hideCancel?: boolean;
  /** The action cannot be undone (sign out, delete): a danger-coloured confirm button. */
  danger?: boolean;
  /** The confirmed action is running. */
  busy?: boolean;
  /** data-testid of the dialog element. */
  testId?: string;
}

export function ConfirmDialog({
  open,
  message,
  title,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  hideCancel = false,
  danger = false,
  busy = false,
  testId,
}: ConfirmDialogProps) {
  const { t } = useT();
  const dismiss = onCancel ?? onConfirm;
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : dismiss}
      title={title ?? t('notice')}
      size="sm"
      testId={testId}
      footer={
        <>
          {!hideCancel && (
            <Button variant="secondary" onClick={dismiss} disabled={busy}>
              {cancelLabel ?? t('cancel')}
            </Button>
          )}
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    >
      <p className={styles.message}>{message}</p>
    </Modal>
  );
}

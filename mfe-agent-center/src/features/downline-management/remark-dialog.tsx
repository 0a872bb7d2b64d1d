import { bus, Button, isApiError, Modal, useT } from '@platform/shared';
import { FormError, TextField, useForm } from '@platform/shared/forms';
import { useEffect, useId } from 'react';
import { saveRemark, type DownlineRow } from './downline-api';
import styles from './downline-management.module.css';
import { NAMESPACE } from './translations';

/** The contract's longest remark (agentDownlineRemarkCall). */
const REMARK_MAX_LENGTH = 200;

export interface RemarkDialogProps {
  /** The downline whose remark is edited; null: closed. */
  row: DownlineRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The agent's own note on a downline (only the agent sees it); empty clears it. */
export function RemarkDialog({ row, onClose, onSaved }: RemarkDialogProps) {
  const { t } = useT(NAMESPACE);
  const formId = useId();
  const form = useForm<{ remark: string }>({
    initialValues: { remark: '' },
    onSubmit: async ({ remark }) => {
      if (!row) return;
      await saveRemark(row.memberId, remark.trim());
      bus.dispatch({ type: 'toast', level: 'success', message: t('remark_saved') });
      onSaved();
    },
    failureMessage: (error) => (isApiError(error) ? error.message : t('action_failed')),
  });
  const { setValues, clearErrors } = form;

  // Each opening starts from the downline's current remark.
  useEffect(() => {
    if (!row) return;
    clearErrors();
    setValues({ remark: row.remark });
  }, [row, setValues, clearErrors]);

  return (
    <Modal
      open={row !== null}
      onClose={form.busy ? () => undefined : onClose}
      title={t('remark_title', { username: row?.username ?? '' })}
      testId="remark-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={form.busy} data-testid="remark-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.dialogForm} onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          name="remark"
          label={t('field_remark')}
          value={form.values.remark}
          onChange={(value) => form.setValue('remark', value)}
          maxLength={REMARK_MAX_LENGTH}
          placeholder={t('remark_placeholder')}
          testIdPrefix="remark"
        />
        <FormError message={form.formError} testId="remark-error" />
      </form>
    </Modal>
  );
}

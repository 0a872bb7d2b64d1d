import { type AmountMinor, bus, Button, formatMoney, isApiError, Modal, Spinner, useCall, useT } from '@platform/shared';
import { TextField } from '@platform/shared/forms';
import { MoneyActionForm } from '@platform/ui-blocks';
import { loadMainBalance, transferToDownline, type DownlineRow } from './downline-api';
import styles from './downline-management.module.css';
import { NAMESPACE } from './translations';

/** The contract's largest transfer (agentTransferDownlineCall): 100,000,000 in minor units. */
const MAXIMUM_MINOR = 10_000_000_000 as AmountMinor;
/** The contract's longest remark. */
const REMARK_MAX_LENGTH = 200;

export interface TransferDialogProps {
  row: DownlineRow;
  onClose: () => void;
  /** The transfer went through (the header's balance is already asked to refresh). */
  onDone: () => void;
}

/**
 * Transfer to a downline: the agent's main wallet, the amount, an optional remark and the payment
 * password, then a confirmation (the money action block). One Idempotency-Key per transfer, sent
 * again if the same transfer is retried after no answer came (as the member centre's transfer to
 * upline does).
 */
export function TransferDialog({ row, onClose, onDone }: TransferDialogProps) {
  const { t } = useT(NAMESPACE);
  const balance = useCall(loadMainBalance, [], { requiresSession: true });
  const balanceMinor = balance.status === 'success' ? balance.data : balance.status === 'loading' ? balance.staleData : undefined;

  return (
    <MoneyActionForm
      testIdPrefix="transfer"
      initialValues={{ remark: '' }}
      amount={{
        all: balanceMinor === undefined ? null : (Math.min(balanceMinor, MAXIMUM_MINOR) as AmountMinor),
        maximum: { minor: MAXIMUM_MINOR, message: t('amount_above_maximum', { maximum: formatMoney(MAXIMUM_MINOR) }) },
        balance: { minor: balanceMinor },
      }}
      // The key stands for the transfer (who, how much, the remark); the password only proves it.
      order={(values, amountMinor) => ({ memberId: row.memberId, amountMinor, remark: values.remark.trim() })}
      confirmation={{
        title: t('confirm_title'),
        rows: (transfer) => [
          { label: t('confirm_to'), value: row.username },
          { label: t('confirm_amount'), value: formatMoney(transfer.amountMinor), testId: 'transfer-confirm-amount' },
          { label: t('confirm_remark'), value: transfer.remark || '-' },
        ],
      }}
      send={(transfer, password, key) => transferToDownline({ ...transfer, password }, key)}
      onSent={(_, transfer) => {
        bus.dispatch({ type: 'toast', level: 'success', message: t('transfer_done', { amount: formatMoney(transfer.amountMinor), username: row.username }) });
        bus.dispatch({ type: 'refreshBalance' });
        onDone();
      }}
      paymentPasswordRefusals
      refusal={(error) => {
        if (!isApiError(error) || error.errorCode !== 'agent.insufficient.funds') return null;
        balance.refresh();
        return { field: 'amount', text: t('insufficient_funds') };
      }}
      failedText={t('transfer_failed')}
      onSetPassword={() => bus.dispatch({ type: 'openMemberCenter', page: 'securityCenter' })}
      submitLabel={t('transfer_submit')}
      className={styles.dialogForm}
      before={() => (
        <div className={styles.balance}>
          <span className={styles.label}>{t('available_balance')}</span>
          {balanceMinor === undefined ? (
            balance.status === 'error' ? (
              <Button variant="ghost" size="sm" onClick={balance.refresh}>
                {t('retry')}
              </Button>
            ) : (
              <Spinner size="sm" />
            )
          ) : (
            <strong className={styles.amount} data-testid="transfer-balance">
              {formatMoney(balanceMinor)}
            </strong>
          )}
        </div>
      )}
      between={({ form }) => (
        <TextField
          name="remark"
          label={t('field_transfer_remark')}
          value={form.values.remark}
          onChange={(value) => form.setValue('remark', value)}
          maxLength={REMARK_MAX_LENGTH}
          placeholder={t('transfer_remark_placeholder')}
          testIdPrefix="transfer"
        />
      )}
      frame={({ content, submit, busy }) => (
        <Modal
          open
          onClose={busy ? () => undefined : onClose}
          title={t('transfer_title', { username: row.username })}
          testId="transfer-dialog"
          footer={
            <>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              {submit}
            </>
          }
        >
          {content}
        </Modal>
      )}
    />
  );
}

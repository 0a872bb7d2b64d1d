import { amountInputText, type AmountMinor, bus, Button, ConfirmDialog, ConfirmSummary, createRetryKey, formatMoney, isApiError, Modal, parseAmountInput, Spinner, useCall, useT } from '@platform/shared';
import { FormError, isPaymentPassword, PaymentPasswordField, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { useId, useRef, useState } from 'react';
import { loadMainBalance, transferToDownline, type DownlineRow, type DownlineTransferOrder } from './downline-api';
import styles from './downline-management.module.css';
import { NAMESPACE } from './translations';

/** The contract's largest transfer (agentTransferDownlineCall): 100,000,000 in minor units. */
const MAXIMUM_MINOR = 10_000_000_000 as AmountMinor;
/** The contract's longest remark. */
const REMARK_MAX_LENGTH = 200;

interface Values {
  amount: string;
  remark: string;
  password: string;
}

export interface TransferDialogProps {
  row: DownlineRow;
  onClose: () => void;
  /** The transfer went through (the header's balance is already asked to refresh). */
  onDone: () => void;
}

/**
 * Transfer to a downline: the agent's main wallet, the amount, an optional remark and the payment
 * password, then a confirmation. One Idempotency-Key per transfer, sent again if the same transfer
 * is retried after no answer came (as the member centre's transfer to upline does).
 */
export function TransferDialog({ row, onClose, onDone }: TransferDialogProps) {
  const { t } = useT(NAMESPACE);
  const formId = useId();
  const balance = useCall(loadMainBalance, [], { requiresSession: true });
  const balanceMinor = balance.status === 'success' ? balance.data : balance.status === 'loading' ? balance.staleData : undefined;
  const retryKey = useRef(createRetryKey());
  const [confirming, setConfirming] = useState<DownlineTransferOrder | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [passwordMissing, setPasswordMissing] = useState(false);

  const form = useForm<Values>({
    initialValues: { amount: '', remark: '', password: '' },
    validate: (values) => {
      const errors: FieldErrors<Values> = {};
      const amount = parseAmountInput(values.amount);
      if (values.amount.trim() === '') errors.amount = { text: t('amount_required') };
      else if (amount === null || amount <= 0) errors.amount = { text: t('amount_invalid') };
      else if (amount > MAXIMUM_MINOR) errors.amount = { text: t('amount_above_maximum', { maximum: formatMoney(MAXIMUM_MINOR) }) };
      else if (balanceMinor !== undefined && amount > balanceMinor) errors.amount = { text: t('amount_above_balance', { balance: formatMoney(balanceMinor) }) };
      if (!isPaymentPassword(values.password)) errors.password = { text: t('password_format') };
      return errors;
    },
    onSubmit: (values) => {
      setSendError(null);
      setConfirming({ memberId: row.memberId, amountMinor: parseAmountInput(values.amount) as AmountMinor, remark: values.remark.trim(), password: values.password });
    },
  });

  const send = async () => {
    if (!confirming) return;
    // The key stands for the transfer (who, how much, the remark); the password only proves it.
    const key = retryKey.current.keyFor({ memberId: confirming.memberId, amountMinor: confirming.amountMinor, remark: confirming.remark });
    setSending(true);
    try {
      await transferToDownline(confirming, key);
      retryKey.current.settled();
      bus.dispatch({ type: 'toast', level: 'success', message: t('transfer_done', { amount: formatMoney(confirming.amountMinor), username: row.username }) });
      bus.dispatch({ type: 'refreshBalance' });
      onDone();
    } catch (error) {
      retryKey.current.settled(error);
      const code = isApiError(error) ? error.errorCode : null;
      setPasswordMissing(code === 'not.exists.payment.password');
      if (code === 'invalid.payment.pw') {
        form.setFieldError('password', { text: t('password_wrong') });
      } else if (code === 'not.exists.payment.password') {
        setSendError(t('password_missing'));
      } else if (code === 'agent.insufficient.funds') {
        form.setFieldError('amount', { text: t('insufficient_funds') });
        balance.refresh();
      } else {
        setSendError(isApiError(error) ? error.message : t('transfer_failed'));
      }
    } finally {
      setSending(false);
      setConfirming(null);
    }
  };

  const busy = sending || form.busy;
  return (
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
          <Button type="submit" form={formId} loading={busy} data-testid="transfer-submit">
            {t('transfer_submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.dialogForm} onSubmit={(event) => void form.submit(event)} noValidate data-testid="transfer-form">
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
        <TextField
          name="amount"
          label={t('field_amount')}
          value={form.values.amount}
          onChange={(value) => form.setValue('amount', value)}
          inputMode="numeric"
          required
          maxLength={20}
          placeholder={t('amount_placeholder')}
          error={form.errors.amount?.text}
          testIdPrefix="transfer"
          trailing={
            <Button
              variant="ghost"
              size="sm"
              disabled={!balanceMinor || balanceMinor <= 0}
              onClick={() => balanceMinor && form.setValue('amount', amountInputText(Math.min(balanceMinor, MAXIMUM_MINOR) as AmountMinor))}
              data-testid="transfer-all"
            >
              {t('all')}
            </Button>
          }
        />
        <TextField
          name="remark"
          label={t('field_transfer_remark')}
          value={form.values.remark}
          onChange={(value) => form.setValue('remark', value)}
          maxLength={REMARK_MAX_LENGTH}
          placeholder={t('transfer_remark_placeholder')}
          testIdPrefix="transfer"
        />
        <PaymentPasswordField
          name="password"
          label={t('field_payment_password')}
          value={form.values.password}
          onChange={(value) => form.setValue('password', value)}
          error={form.errors.password?.text}
          testIdPrefix="transfer"
        />
        <FormError message={sendError ?? form.formError} testId="transfer-error" />
        {passwordMissing && (
          <Button variant="secondary" size="sm" onClick={() => bus.dispatch({ type: 'openMemberCenter', page: 'securityCenter' })} data-testid="transfer-set-password">
            {t('set_payment_password')}
          </Button>
        )}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm_title')}
        busy={sending}
        confirmLabel={t('confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void send()}
        testId="transfer-confirm"
        message={
          confirming && (
            <ConfirmSummary
              rows={[
                { label: t('confirm_to'), value: row.username },
                { label: t('confirm_amount'), value: formatMoney(confirming.amountMinor), testId: 'transfer-confirm-amount' },
                { label: t('confirm_remark'), value: confirming.remark || '-' },
              ]}
            />
          )
        }
      />
    </Modal>
  );
}

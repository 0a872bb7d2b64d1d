import { Button, ConfirmDialog, formatMoney, isApiError, useT } from '@platform/shared';
import type { DepositState } from '@platform/contract';
import { CopyButton } from '@platform/ui-blocks';
import { useState } from 'react';
import { cancelDeposit, type ManualDeposit } from './deposit-api';
import { DepositStatus } from './deposit-status';
import styles from './deposit.module.css';
import { ReceiptForm } from './receipt-form';
import { NAMESPACE } from './translations';

interface ManualTransferProps {
  deposit: ManualDeposit;
  state: DepositState;
  receiptSent: boolean;
  currencySymbol: string;
  onReceiptSent: () => void;
  /** The deposit's state changed here (cancelled) or must be read again (the server says it moved on). */
  onState: (state: DepositState | null) => void;
}

/**
 * A manual bank transfer once made: the merchant's receiving account (what to pay, where, with the
 * deposit number in the note), the receipt upload, and the deposit's state; cancellable while
 * pending.
 */
export function ManualTransfer({ deposit, state, receiptSent, currencySymbol, onReceiptSent, onState }: ManualTransferProps) {
  const { t } = useT(NAMESPACE);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const amount = formatMoney(deposit.amountMinor, { symbol: currencySymbol });
  const account = deposit.receivingAccount;
  const pending = state === 'pending';

  const cancel = async () => {
    setCancelling(true);
    try {
      onState(await cancelDeposit(deposit.depositId));
    } catch (error) {
      // The API client said why; a deposit already settled is read again.
      if (isApiError(error) && error.errorCode === 'deposit.state.invalid') onState(null);
    } finally {
      setCancelling(false);
      setConfirming(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="deposit-manual-title" data-testid="deposit-manual" data-deposit-id={deposit.depositId}>
      <h3 id="deposit-manual-title" className={styles.heading}>
        {deposit.vendorName}
      </h3>
      <DepositStatus state={state} manual receiptSent={receiptSent} amountMinor={deposit.amountMinor} currencySymbol={currencySymbol} />
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>{t('deposit_number')}</dt>
          <dd>
            <span className={styles.value} data-testid="deposit-ref">
              {deposit.refCode}
            </span>
            <CopyButton text={deposit.refCode} label={t('deposit_number')} testId="deposit-ref-copy" />
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('amount')}</dt>
          <dd className={styles.value} data-testid="deposit-amount">
            {amount}
          </dd>
        </div>
      </dl>
      {pending && (
        <>
          <h4 className={styles.subheading}>{t('receiving_account')}</h4>
          {account ? (
            <>
              <p className={styles.muted}>{t('manual_instructions', { amount, ref: deposit.refCode })}</p>
              <dl className={styles.details} data-testid="deposit-receiving-account">
                <div className={styles.detail}>
                  <dt>{t('bank_name')}</dt>
                  <dd className={styles.value} data-testid="deposit-bank-name">
                    {account.bankName}
                  </dd>
                </div>
                <div className={styles.detail}>
                  <dt>{t('account_name')}</dt>
                  <dd className={styles.value} data-testid="deposit-account-name">
                    {account.accountName}
                  </dd>
                </div>
                <div className={styles.detail}>
                  <dt>{t('account_number')}</dt>
                  <dd>
                    <span className={`${styles.value} ${styles.number}`} data-testid="deposit-account-number">
                      {account.accountNumber}
                    </span>
                    <CopyButton text={account.accountNumber} label={t('account_number')} testId="deposit-account-number-copy" />
                  </dd>
                </div>
                {account.branch && (
                  <div className={styles.detail}>
                    <dt>{t('branch')}</dt>
                    <dd className={styles.value} data-testid="deposit-branch">
                      {account.branch}
                    </dd>
                  </div>
                )}
              </dl>
            </>
          ) : (
            <p className={styles.muted} data-testid="deposit-account-unknown">
              {t('manual_account_unknown', { amount, ref: deposit.refCode })}
            </p>
          )}
          {receiptSent && (
            <p className={styles.muted} data-testid="deposit-receipt-sent">
              {t('receipt_sent_note')}
            </p>
          )}
          <ReceiptForm key={receiptSent ? 'again' : 'first'} depositId={deposit.depositId} onSent={onReceiptSent} />
          <Button variant="secondary" block onClick={() => setConfirming(true)} data-testid="deposit-cancel">
            {t('cancel_deposit')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('cancel_title')}
            message={t('cancel_message', { ref: deposit.refCode, amount })}
            confirmLabel={t('cancel_confirm')}
            cancelLabel={t('cancel_keep')}
            danger
            busy={cancelling}
            onConfirm={cancel}
            onCancel={() => setConfirming(false)}
            testId="deposit-cancel-dialog"
          />
        </>
      )}
    </section>
  );
}

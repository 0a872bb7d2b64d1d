import { Button, formatDateTime, formatMoney, useT } from '@platform/shared';
import type { DepositState } from '@platform/contract';
import type { OnlineDeposit } from './deposit-api';
import { DepositStatus } from './deposit-status';
import styles from './deposit.module.css';
import { QrCode } from './qr-code';
import { NAMESPACE } from './translations';

interface OnlinePaymentProps {
  deposit: OnlineDeposit;
  state: DepositState;
  currencySymbol: string;
  checking: boolean;
  /** "I have paid": the deposit is read again. */
  onCheck: () => void;
}

/**
 * An online deposit once its order is made: the provider's page (opened in a new tab by the
 * submit, and a link to it) or its QR code with the amount and a note; "I have paid / check
 * status" reads the deposit again. The header's balance follows the credit by itself.
 */
export function OnlinePayment({ deposit, state, currencySymbol, checking, onCheck }: OnlinePaymentProps) {
  const { t } = useT(NAMESPACE);
  const amount = formatMoney(deposit.amountMinor, { symbol: currencySymbol });
  const pending = state === 'pending';
  const qr = deposit.qrImgUrl || deposit.qrContent;
  return (
    <section className={styles.card} aria-labelledby="deposit-online-title" data-testid="deposit-online" data-deposit-id={deposit.depositId}>
      <h3 id="deposit-online-title" className={styles.heading}>
        {deposit.vendorName}
      </h3>
      <DepositStatus state={state} manual={false} receiptSent={false} amountMinor={deposit.amountMinor} currencySymbol={currencySymbol} />
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>{t('deposit_number')}</dt>
          <dd className={styles.value} data-testid="deposit-ref">
            {deposit.refCode}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('amount')}</dt>
          <dd className={styles.value} data-testid="deposit-amount">
            {amount}
          </dd>
        </div>
        {pending && deposit.expiresAt !== null && (
          <div className={styles.detail}>
            <dt>{t('pay_before')}</dt>
            <dd className={styles.value}>{formatDateTime(deposit.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {pending && (
        <>
          {qr ? (
            <div className={styles.qrBox}>
              {deposit.qrImgUrl ? (
                <img className={styles.qrImage} src={deposit.qrImgUrl} alt={t('qr_label', { vendor: deposit.vendorName })} data-testid="deposit-qr-image" />
              ) : (
                <QrCode value={deposit.qrContent as string} size={200} label={t('qr_label', { vendor: deposit.vendorName })} />
              )}
              <strong className={styles.qrAmount}>{amount}</strong>
              <p className={styles.muted} data-testid="deposit-qr-note">
                {t('qr_note', { vendor: deposit.vendorName, amount, ref: deposit.refCode })}
              </p>
            </div>
          ) : deposit.redirectUrl ? (
            <div className={styles.payLink}>
              <p className={styles.muted}>{t('redirect_note', { vendor: deposit.vendorName })}</p>
              <a className={styles.linkButton} href={deposit.redirectUrl} target="_blank" rel="noopener noreferrer" data-testid="deposit-pay-link">
                {t('open_payment_page')}
              </a>
            </div>
          ) : (
            <p className={styles.muted} data-testid="deposit-payment-unknown">
              {t('payment_page_unknown', { vendor: deposit.vendorName })}
            </p>
          )}
          <p className={styles.muted}>{t('balance_note')}</p>
          <Button block loading={checking} onClick={onCheck} data-testid="deposit-check">
            {t('check_status')}
          </Button>
        </>
      )}
    </section>
  );
}

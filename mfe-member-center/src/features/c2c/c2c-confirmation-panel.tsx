import { Button, ConfirmDialog, createRetryKey, formatDateTime, formatMoney, isApiError, Spinner, useCall, usePaymentStatus, useT, type AmountMinor } from '@platform/shared';
import type { C2CConfirmation, C2CWithdrawalProgress } from '@platform/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { answerBody, IMAGE_ACCEPT, imageOf, loadConfirmations, parseAmount, sendAnswer, toMinor, type ReceiptAnswer } from './c2c-api';
import styles from './c2c.module.css';
import { NAMESPACE } from './translations';

/** Images a "not received" answer carries at most. */
const MAX_IMAGES = 3;

export interface C2CConfirmationPanelProps {
  /** An answer moved money or settled a withdrawal: the page reads its lists again. */
  onChanged?: () => void;
}

/**
 * The withdrawer's side (the withdrawal confirmation): the payments other members made to the
 * card of a pending withdrawal, each with the payer's name, the amount and their proof; answered
 * received, partially received (the amount) or not received (1-3 images). No answer by the
 * deadline counts as received. A withdrawal paid in full this way says 'Full payment has been
 * made'. Shows nothing while the member has no such payment.
 */
export function C2CConfirmationPanel({ onChanged }: C2CConfirmationPanelProps) {
  const { t } = useT(NAMESPACE);
  const list = useCall(loadConfirmations, [], { requiresSession: true });
  // Pushed by the server (server/README.md, the balance stream's paymentStatus event): a depositor
  // made an order against the member's withdrawal or says they paid, an order was cancelled, expired
  // or confirmed, a withdrawal was paid in full. Read again, even while nothing is shown: a first
  // order makes the section appear.
  usePaymentStatus(['c2c', 'withdrawal'], list.refresh);
  const data = list.status === 'success' ? list.data : list.status === 'loading' ? list.staleData : undefined;
  // Quiet call: a failure shows nothing; the rest of the page stands.
  if (list.status === 'error') return null;
  if (!data) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  if (data.list.length === 0 && data.withdrawals.length === 0) return null;
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: data.currencySymbol });
  const answered = () => {
    list.refresh();
    onChanged?.();
  };
  return (
    <section className={styles.panel} aria-labelledby="c2c-confirm-title" data-testid="c2c-confirmations">
      <h3 id="c2c-confirm-title" className={styles.heading}>
        {t('confirm_title')}
      </h3>
      <p className={styles.muted}>{t('confirm_intro')}</p>
      {data.withdrawals.map((withdrawal) => (
        <WithdrawalProgress key={withdrawal.withdrawId} withdrawal={withdrawal} money={money} />
      ))}
      <ul className={styles.list}>
        {data.list.map((order) => (
          <li key={order.orderId} className={styles.item} data-testid={`c2c-confirm-${order.orderId}`} data-status={order.status}>
            <OrderToConfirm order={order} money={money} onAnswered={answered} />
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={list.refresh} data-testid="c2c-confirm-refresh">
        {t('refresh')}
      </Button>
    </section>
  );
}

function WithdrawalProgress({ withdrawal, money }: { withdrawal: C2CWithdrawalProgress; money: (amountMinor: AmountMinor) => string }) {
  const { t } = useT(NAMESPACE);
  if (withdrawal.fullyPaid) {
    return (
      <p className={styles.success} data-testid={`c2c-withdrawal-${withdrawal.withdrawId}`}>
        {`${withdrawal.orderNo}: ${t('full_payment')}`}
      </p>
    );
  }
  return (
    <p className={styles.muted} data-testid={`c2c-withdrawal-${withdrawal.withdrawId}`}>
      {t('withdrawal_progress', { orderNo: withdrawal.orderNo, settled: money(toMinor(withdrawal.settledAmount)), amount: money(toMinor(withdrawal.amount)) })}
    </p>
  );
}

type Mode = 'idle' | 'partial' | 'not_received';

function OrderToConfirm({ order, money, onAnswered }: { order: C2CConfirmation; money: (amountMinor: AmountMinor) => string; onAnswered: () => void }) {
  const { t } = useT(NAMESPACE);
  const [mode, setMode] = useState<Mode>('idle');
  const [confirmingReceived, setConfirmingReceived] = useState(false);
  const [partialText, setPartialText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const retryKey = useRef(createRetryKey());
  const amountMinor = toMinor(order.amount);
  const answerable = order.status === 'matched' || order.status === 'paid' || order.status === 'disputed';

  const send = async (answer: ReceiptAnswer) => {
    setBusy(true);
    setProblem(null);
    try {
      await sendAnswer(answer, retryKey.current.keyFor(answerBody(answer)));
      retryKey.current.settled();
      setMode('idle');
      onAnswered();
    } catch (error) {
      retryKey.current.settled(error);
      // The API client said why; an order that moved on is read again.
      if (isApiError(error) && error.errorCode === 'c2c.order.state.invalid') onAnswered();
      else if (isApiError(error)) setProblem(error.message);
    } finally {
      setBusy(false);
      setConfirmingReceived(false);
    }
  };

  const sendPartial = () => {
    const received = parseAmount(partialText);
    if (received === null || received >= amountMinor) {
      setProblem(t('error_partial_range', { max: money(amountMinor) }));
      return;
    }
    void send({ orderId: order.orderId, result: 'partial', receivedMinor: received });
  };

  const chooseImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const next = [...images];
    for (const file of files) {
      if (next.length >= MAX_IMAGES) {
        setProblem(t('error_too_many_images', { max: MAX_IMAGES }));
        break;
      }
      const image = await imageOf(file);
      if ('problem' in image) {
        setProblem(t(`image_problem_${image.problem}`));
        continue;
      }
      next.push(image.dataUrl);
    }
    setImages(next);
  };

  return (
    <>
      <div className={styles.row}>
        <span className={styles.amount} data-testid={`c2c-confirm-${order.orderId}-amount`}>
          {money(amountMinor)}
        </span>
        <span className={styles.status} data-testid={`c2c-confirm-${order.orderId}-status`}>
          {t(`confirm_status_${order.status}`)}
        </span>
      </div>
      <div className={styles.row}>
        <span>{t('payer', { name: order.payerName })}</span>
        <span className={styles.muted}>{order.withdrawOrderNo}</span>
      </div>
      {order.paidTime !== null && <p className={styles.muted}>{t('paid_at', { time: formatDateTime(order.paidTime) })}</p>}
      {order.status === 'paid' && order.confirmDeadline !== null && <p className={styles.notice}>{t('confirm_deadline', { deadline: formatDateTime(order.confirmDeadline) })}</p>}
      {order.status === 'matched' && <p className={styles.muted}>{t('waiting_payment')}</p>}
      {order.status === 'confirmed' && order.receivedAmount !== null && (
        <p className={styles.success}>{t(order.outcome === 'timeout' ? 'confirmed_timeout' : 'confirmed_amount', { amount: money(toMinor(order.receivedAmount)) })}</p>
      )}
      {order.status === 'disputed' && <p className={styles.warning}>{t('disputed_withdrawer')}</p>}
      {order.proofImage && <img className={styles.proof} src={order.proofImage} alt={t('proof_alt', { name: order.payerName })} data-testid={`c2c-confirm-${order.orderId}-proof`} />}

      {answerable && mode === 'idle' && (
        <div className={styles.actions}>
          <Button onClick={() => setConfirmingReceived(true)} disabled={busy} data-testid={`c2c-confirm-${order.orderId}-received`}>
            {t('received')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('partial')} disabled={busy} data-testid={`c2c-confirm-${order.orderId}-partial`}>
            {t('partially_received')}
          </Button>
          {order.status === 'paid' && (
            <Button variant="danger" onClick={() => setMode('not_received')} disabled={busy} data-testid={`c2c-confirm-${order.orderId}-not-received`}>
              {t('not_received')}
            </Button>
          )}
        </div>
      )}
      {answerable && mode === 'partial' && (
        <div className={styles.details}>
          <label className={styles.muted}>
            {t('received_amount')}
            <input
              className={styles.file}
              value={partialText}
              onChange={(event) => setPartialText(event.target.value)}
              inputMode="decimal"
              maxLength={20}
              placeholder={t('received_amount_placeholder', { max: money(amountMinor) })}
              data-testid={`c2c-confirm-${order.orderId}-amount-input`}
            />
          </label>
          <div className={styles.actions}>
            <Button onClick={sendPartial} loading={busy} data-testid={`c2c-confirm-${order.orderId}-partial-send`}>
              {t('send')}
            </Button>
            <Button variant="ghost" onClick={() => setMode('idle')} disabled={busy}>
              {t('back')}
            </Button>
          </div>
        </div>
      )}
      {answerable && mode === 'not_received' && (
        <div className={styles.details}>
          <label className={styles.muted}>
            {t('evidence_label', { max: MAX_IMAGES })}
            <input type="file" accept={IMAGE_ACCEPT} multiple className={styles.file} onChange={chooseImages} disabled={busy || images.length >= MAX_IMAGES} data-testid={`c2c-confirm-${order.orderId}-files`} />
          </label>
          {images.length > 0 && (
            <div className={styles.thumbs}>
              {images.map((image, index) => (
                <button key={index} type="button" onClick={() => setImages(images.filter((_, other) => other !== index))} aria-label={t('remove_image', { index: index + 1 })}>
                  <img src={image} alt="" />
                </button>
              ))}
            </div>
          )}
          <div className={styles.actions}>
            <Button
              variant="danger"
              onClick={() => (images.length === 0 ? setProblem(t('error_images_required', { max: MAX_IMAGES })) : void send({ orderId: order.orderId, result: 'not_received', images }))}
              loading={busy}
              data-testid={`c2c-confirm-${order.orderId}-not-received-send`}
            >
              {t('send')}
            </Button>
            <Button variant="ghost" onClick={() => setMode('idle')} disabled={busy}>
              {t('back')}
            </Button>
          </div>
        </div>
      )}
      {problem && (
        <p className={styles.error} role="alert" data-testid={`c2c-confirm-${order.orderId}-error`}>
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={confirmingReceived}
        title={t('received_title')}
        message={t('received_message', { amount: money(amountMinor), name: order.payerName })}
        confirmLabel={t('received_confirm')}
        cancelLabel={t('back')}
        busy={busy}
        onConfirm={() => void send({ orderId: order.orderId, result: 'received' })}
        onCancel={() => setConfirmingReceived(false)}
        testId={`c2c-confirm-${order.orderId}-dialog`}
      />
    </>
  );
}

import { Button, ConfirmDialog, createRetryKey, formatDateTime, formatMoney, isApiError, Spinner, useBusState, useCall, usePaymentStatus, useT, type AmountMinor } from '@platform/shared';
import { FormError, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { CopyButton } from '@platform/ui-blocks';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { cancelOrder, createOrder, depositBody, IMAGE_ACCEPT, imageOf, loadOrder, markPaid, parseAmount, toMinor, uploadProof, type C2COrder } from './c2c-api';
import styles from './c2c.module.css';
import { NAMESPACE } from './translations';

export interface C2CDepositPanelProps {
  /** The merchant's currency symbol (getDepositSettings). */
  currencySymbol: string;
  /** The C2C channel's limits (the channel list), in minor units. */
  minMinor: AmountMinor;
  maxMinor: AmountMinor;
  /** A deposit was made, cancelled or credited: the page reads its lists again. */
  onChanged?: () => void;
}

const OPEN = new Set(['matched', 'paid', 'disputed']);

/**
 * The depositor's side of a player-to-player deposit: the amount (and the name on the account
 * they pay from) → matched to another member's withdrawal → that member's card to pay, with copy
 * buttons and the payment deadline → a proof image and "I have paid" (or cancel) → waiting for
 * the payee to confirm → credited. The member's latest open order is shown when they come back.
 */
export function C2CDepositPanel({ currencySymbol, minMinor, maxMinor, onChanged }: C2CDepositPanelProps) {
  const { t } = useT(NAMESPACE);
  const latest = useCall((signal) => loadOrder(undefined, signal), [], { requiresSession: true });
  const [order, setOrder] = useState<C2COrder | null | undefined>(undefined);
  const shown = order !== undefined ? order : latest.status === 'success' ? latest.data : undefined;
  const balance = useBusState('balance').sumBalanceMinor;
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: currencySymbol });

  // A credit moves the balance (pushed): an order waiting for confirmation may have been confirmed.
  const lastBalance = useRef(balance);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    if (lastBalance.current === balance) return;
    lastBalance.current = balance;
    const current = shownRef.current;
    if (current && OPEN.has(current.status)) void reread(current.depositId);
  }, [balance]);

  // The order's new status, pushed by the server (server/README.md, the balance stream's
  // paymentStatus event): the withdrawer answered, or it expired or was settled by an operator.
  // Closing without money (expired, rejected) moves no balance, so this is all the panel hears.
  usePaymentStatus(['c2c'], (change) => {
    const current = shownRef.current;
    if (current && current.orderId === change.id) void reread(current.depositId);
  });

  const reread = async (depositId: number) => {
    try {
      setOrder(await loadOrder(depositId));
    } catch {
      // The API client said why; the order shown stays.
    }
  };

  if (latest.status === 'error' && order === undefined) {
    return (
      <section className={styles.panel} data-testid="c2c-deposit">
        <p className={styles.warning}>{latest.error.message}</p>
        <Button variant="secondary" onClick={latest.refresh}>
          {t('retry')}
        </Button>
      </section>
    );
  }
  if (shown === undefined) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  if (shown === null) {
    return (
      <C2CDepositForm
        currencySymbol={currencySymbol}
        minMinor={minMinor}
        maxMinor={maxMinor}
        onMade={(made) => {
          setOrder(made);
          onChanged?.();
        }}
      />
    );
  }
  return (
    <C2COrderView
      order={shown}
      money={money}
      onOrder={(next) => {
        setOrder(next);
        if (!OPEN.has(next.status)) onChanged?.();
      }}
      onReread={() => reread(shown.depositId)}
      onNew={() => {
        setOrder(null);
        onChanged?.();
      }}
    />
  );
}

interface FormValues {
  amount: string;
  payerName: string;
}

function C2CDepositForm({ currencySymbol, minMinor, maxMinor, onMade }: { currencySymbol: string; minMinor: AmountMinor; maxMinor: AmountMinor; onMade: (order: C2COrder) => void }) {
  const { t } = useT(NAMESPACE);
  const retryKey = useRef(createRetryKey());
  const limits = { min: formatMoney(minMinor, { symbol: currencySymbol }), max: formatMoney(maxMinor, { symbol: currencySymbol }) };
  const form = useForm<FormValues>({
    initialValues: { amount: '', payerName: '' },
    validate: (values) => {
      const errors: FieldErrors<FormValues> = {};
      const amount = parseAmount(values.amount);
      if (values.amount.trim() === '') errors.amount = { text: t('error_amount_required') };
      else if (amount === null) errors.amount = { text: t('error_amount_invalid') };
      else if (amount < minMinor || amount > maxMinor) errors.amount = { text: t('error_amount_range', limits) };
      return errors;
    },
    onSubmit: async (values) => {
      const amountMinor = parseAmount(values.amount) as AmountMinor;
      try {
        const made = await createOrder(amountMinor, values.payerName, retryKey.current.keyFor(depositBody(amountMinor, values.payerName)));
        retryKey.current.settled();
        onMade(made);
      } catch (error) {
        retryKey.current.settled(error);
        throw error;
      }
    },
    failureMessage: (error) => (isApiError(error) && FORM_ERROR_CODES.has(error.errorCode) ? error.message : null),
  });
  return (
    <form className={styles.panel} onSubmit={form.submit} noValidate aria-labelledby="c2c-form-title" data-testid="c2c-form">
      <h3 id="c2c-form-title" className={styles.heading}>
        {t('deposit_title')}
      </h3>
      <p className={styles.muted}>{t('deposit_intro')}</p>
      <TextField
        name="amount"
        label={t('amount')}
        value={form.values.amount}
        onChange={(value) => form.setValue('amount', value)}
        required
        placeholder={t('amount_placeholder')}
        hint={t('amount_limits', limits)}
        error={form.errors.amount?.text}
        maxLength={20}
        autoComplete="off"
        testIdPrefix="c2c"
      />
      <TextField
        name="payerName"
        label={t('payer_name')}
        value={form.values.payerName}
        onChange={(value) => form.setValue('payerName', value)}
        placeholder={t('payer_name_placeholder')}
        hint={t('payer_name_hint')}
        maxLength={100}
        autoComplete="name"
        testIdPrefix="c2c"
      />
      <FormError message={form.formError} testId="c2c-form-error" />
      <Button type="submit" block loading={form.busy} data-testid="c2c-submit">
        {t('submit_match')}
      </Button>
    </form>
  );
}

/** Refusals the form repeats under itself (the member must do something else). */
const FORM_ERROR_CODES: ReadonlySet<string> = new Set([
  'c2c.no.match',
  'c2c.order.open',
  'c2c.disabled',
  'c2c.amount.out.of.range',
  'c2c.payer.name.required',
  'deposit.pending.limit',
  'wallet.idempotency.conflict',
  'wallet.amount.invalid',
]);

interface OrderViewProps {
  order: C2COrder;
  money: (amountMinor: AmountMinor) => string;
  onOrder: (order: C2COrder) => void;
  onReread: () => Promise<void>;
  onNew: () => void;
}

function C2COrderView({ order, money, onOrder, onReread, onNew }: OrderViewProps) {
  const { t } = useT(NAMESPACE);
  const [busy, setBusy] = useState<'paid' | 'cancel' | 'proof' | 'reread' | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [proofProblem, setProofProblem] = useState<string | null>(null);
  const amount = money(toMinor(order.amount));
  const open = OPEN.has(order.status);

  const act = async (what: 'paid' | 'cancel', run: () => Promise<C2COrder>) => {
    setBusy(what);
    try {
      onOrder(await run());
    } catch (error) {
      // The API client said why; an order that moved on meanwhile is read again.
      if (isApiError(error) && (error.errorCode === 'c2c.order.state.invalid' || error.errorCode === 'c2c.order.expired')) await onReread();
    } finally {
      setBusy(null);
      setConfirmingCancel(false);
    }
  };

  const chooseProof = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const image = await imageOf(file);
    if ('problem' in image) {
      setProofProblem(t(`image_problem_${image.problem}`));
      return;
    }
    setProofProblem(null);
    setBusy('proof');
    try {
      onOrder(await uploadProof(order.depositId, image.dataUrl));
    } catch {
      // The API client said why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="c2c-order-title" data-testid="c2c-order" data-status={order.status}>
      <h3 id="c2c-order-title" className={styles.heading}>
        {t('order_title', { ref: order.refCode })}
      </h3>
      <span className={styles.status} data-testid="c2c-order-status">
        {t(`status_${order.status}`)}
      </span>
      {order.status === 'matched' && <p className={styles.notice}>{t('pay_instructions', { amount, deadline: formatDateTime(order.payDeadline) })}</p>}
      {order.status === 'paid' && (
        <p className={styles.notice} data-testid="c2c-waiting">
          {order.confirmDeadline === null ? t('waiting_confirmation') : t('waiting_confirmation_until', { deadline: formatDateTime(order.confirmDeadline) })}
        </p>
      )}
      {order.status === 'disputed' && <p className={styles.warning}>{t('disputed_note')}</p>}
      {order.status === 'confirmed' && (
        <p className={styles.success} data-testid="c2c-credited">
          {t('credited_note', { amount: money(toMinor(order.receivedAmount ?? 0)) })}
        </p>
      )}
      {order.status === 'cancelled' && <p className={styles.muted}>{t('cancelled_note')}</p>}
      {order.status === 'expired' && <p className={styles.warning}>{t('expired_note')}</p>}
      {order.status === 'rejected' && <p className={styles.warning}>{t('rejected_note')}</p>}

      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>{t('amount')}</dt>
          <dd>
            <span className={styles.value} data-testid="c2c-amount">
              {amount}
            </span>
            {order.status === 'matched' && <CopyButton text={String(order.amount)} label={t('amount')} testId="c2c-amount-copy" />}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('bank_name')}</dt>
          <dd className={styles.value} data-testid="c2c-bank">
            {order.bankName}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('card_number')}</dt>
          <dd>
            <span className={styles.value} data-testid="c2c-card">
              {order.cardNumber}
            </span>
            {open && <CopyButton text={order.cardNumber} label={t('card_number')} testId="c2c-card-copy" />}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('payee_name')}</dt>
          <dd>
            {/* Initials only (the server masks the name): nothing to copy, the card number is what the transfer needs. */}
            <span className={styles.value} data-testid="c2c-payee">
              {order.payeeName}
            </span>
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('deposit_number')}</dt>
          <dd className={styles.value}>{order.refCode}</dd>
        </div>
      </dl>

      {(order.status === 'matched' || order.status === 'paid') && (
        <label className={styles.muted}>
          {order.hasProof ? t('proof_sent') : t('proof_label')}
          <input type="file" accept={IMAGE_ACCEPT} className={styles.file} onChange={chooseProof} disabled={busy !== null} data-testid="c2c-proof-file" />
        </label>
      )}
      {proofProblem && (
        <p className={styles.error} role="alert" data-testid="c2c-proof-error">
          {proofProblem}
        </p>
      )}

      <div className={styles.actions}>
        {order.status === 'matched' && (
          <>
            <Button onClick={() => act('paid', () => markPaid(order.depositId))} loading={busy === 'paid'} disabled={busy !== null && busy !== 'paid'} data-testid="c2c-paid">
              {t('i_have_paid')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingCancel(true)} disabled={busy !== null} data-testid="c2c-cancel">
              {t('cancel')}
            </Button>
          </>
        )}
        {open && order.status !== 'matched' && (
          <Button
            variant="secondary"
            onClick={async () => {
              setBusy('reread');
              await onReread();
              setBusy(null);
            }}
            loading={busy === 'reread'}
            data-testid="c2c-refresh"
          >
            {t('refresh')}
          </Button>
        )}
        {!open && (
          <Button onClick={onNew} data-testid="c2c-new">
            {t('new_deposit')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title={t('cancel_title')}
        message={t('cancel_message')}
        confirmLabel={t('cancel_confirm')}
        cancelLabel={t('keep')}
        danger
        busy={busy === 'cancel'}
        onConfirm={() => act('cancel', () => cancelOrder(order.depositId))}
        onCancel={() => setConfirmingCancel(false)}
        testId="c2c-cancel-dialog"
      />
    </section>
  );
}

import { bus, Button, ConfirmDialog, ConfirmSummary, formatMoney, isApiError, useCall, useT, type AmountMinor } from '@platform/shared';
import { FormError, PaymentPasswordField, TextField, useFieldErrorText, useForm, type FieldErrors } from '@platform/shared/forms';
import { useEffect, useRef, useState } from 'react';
import { amountText, parseAmount } from '../amount';
import { loadCharges, withdraw, type WithdrawCard, type WithdrawRules } from '../api';
import { createRetryKey } from '../idempotency-key';
import { NAMESPACE } from '../translations';
import styles from '../withdraw.module.css';
import { useSixDigits } from './set-payment-password-form';

interface WithdrawFormProps {
  card: WithdrawCard;
  rules: WithdrawRules;
  /** The header's balance (the balance service); null while unknown. */
  balanceMinor: AmountMinor | null;
  /** The turnover still to bet before a withdrawal is allowed (0: met). */
  turnoverRemainingMinor: AmountMinor;
  /** A withdrawal was made: the page loads its data again. */
  onDone: () => void;
  /** The server says there is no payment password (reset elsewhere): the page asks for one. */
  onPasswordMissing: () => void;
}

interface Values {
  amount: string;
  password: string;
}

/** How long the amount must rest before its charge is asked for. */
const CHARGE_DELAY_MS = 300;

/**
 * The amount (within the merchant's limits and the balance) and the payment password; the charge
 * of the amount as typed; then a confirmation with the amount, the charge and what reaches the
 * card. One Idempotency-Key per confirmed withdrawal, sent again if the same one is retried after
 * no answer came.
 */
export function WithdrawForm({ card, rules, balanceMinor, turnoverRemainingMinor, onDone, onPasswordMissing }: WithdrawFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const sixDigits = useSixDigits();
  const retryKey = useRef(createRetryKey());
  const [confirming, setConfirming] = useState<{ amountMinor: AmountMinor; password: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: rules.currencySymbol });
  const enabled = rules.switches[card.cardType];
  const maxMinor = (balanceMinor === null ? rules.maximumMinor : Math.min(rules.maximumMinor, balanceMinor)) as AmountMinor;

  const form = useForm<Values>({
    initialValues: { amount: '', password: '' },
    validate: (values) => {
      const errors: FieldErrors<Values> = { password: sixDigits(values.password, 'field_payment_password') };
      const amount = parseAmount(values.amount);
      if (values.amount.trim() === '') errors.amount = { text: t('amount_required') };
      else if (amount === null || amount <= 0) errors.amount = { text: t('amount_invalid') };
      else if (amount < rules.minimumMinor) errors.amount = { text: t('amount_below_minimum', { minimum: money(rules.minimumMinor) }) };
      else if (amount > rules.maximumMinor) errors.amount = { text: t('amount_above_maximum', { maximum: money(rules.maximumMinor) }) };
      else if (balanceMinor !== null && amount > balanceMinor) errors.amount = { text: t('amount_above_balance') };
      return errors;
    },
    onSubmit: (values) => {
      setSendError(null);
      setConfirming({ amountMinor: parseAmount(values.amount) as AmountMinor, password: values.password });
    },
  });

  // The charge of the amount as typed, once it rests (the server counts today's free withdrawals);
  // only of an amount that may be withdrawn: "you receive" under an amount refused would promise
  // money the member cannot get.
  const typed = parseAmount(form.values.amount);
  const withdrawable = typed !== null && typed > 0 && typed >= rules.minimumMinor && typed <= rules.maximumMinor;
  const [quoted, setQuoted] = useState<AmountMinor | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuoted(withdrawable ? typed : null), CHARGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, withdrawable]);
  const charges = useCall((signal) => loadCharges(quoted as AmountMinor, card.cardType, signal), [quoted, card.cardType], { enabled: quoted !== null, requiresSession: true });
  const confirmCharges = useCall((signal) => loadCharges(confirming?.amountMinor as AmountMinor, card.cardType, signal), [confirming?.amountMinor, card.cardType], {
    enabled: confirming !== null,
    requiresSession: true,
  });

  const send = async () => {
    if (!confirming) return;
    const order = { amountMinor: confirming.amountMinor, bankCardId: card.bankCardId, withdrawType: card.cardType, password: confirming.password };
    setSending(true);
    try {
      await withdraw(order, retryKey.current.keyFor(order));
      retryKey.current.settled();
      setConfirming(null);
      form.setValues({ amount: '', password: '' });
      bus.dispatch({ type: 'toast', level: 'success', message: t('withdraw_done') });
      onDone();
    } catch (error) {
      retryKey.current.settled(error);
      setConfirming(null);
      if (isApiError(error) && error.errorCode === 'not.exists.payment.password') onPasswordMissing();
      setSendError(isApiError(error) ? error.message : t('withdraw_failed'));
    } finally {
      setSending(false);
    }
  };

  if (!enabled) {
    return (
      <p className={styles.note} data-testid="withdraw-not-supported">
        {t('type_not_supported', { type: t(`type_${card.cardType}`) })}
      </p>
    );
  }
  const confirmCharge = confirmCharges.status === 'success' ? confirmCharges.data : undefined;

  return (
    <form className={styles.panel} onSubmit={form.submit} noValidate aria-labelledby="withdraw-form-title" data-testid="withdraw-form">
      <h3 id="withdraw-form-title" className={styles.heading}>
        {t('withdraw_to', { bank: card.bankName, number: card.walletAddress ?? card.cardNumber })}
      </h3>
      {turnoverRemainingMinor > 0 && (
        <p className={styles.warning} role="note" data-testid="withdraw-turnover-warning">
          {t('turnover_not_met', { remaining: money(turnoverRemainingMinor) })}
        </p>
      )}
      <TextField
        name="amount"
        label={t('field_amount')}
        value={form.values.amount}
        onChange={(value) => form.setValue('amount', value)}
        inputMode="numeric"
        required
        maxLength={20}
        placeholder={t('amount_placeholder', { minimum: money(rules.minimumMinor), maximum: money(rules.maximumMinor) })}
        hint={t('amount_limits', { minimum: money(rules.minimumMinor), maximum: money(rules.maximumMinor) })}
        error={errorText(form.errors.amount)}
        testIdPrefix="withdraw"
        trailing={
          <Button variant="ghost" size="sm" disabled={maxMinor <= 0} onClick={() => form.setValue('amount', amountText(maxMinor))} data-testid="withdraw-all">
            {t('all')}
          </Button>
        }
      />
      {/* The charge's line is kept whether or not it has text: it comes ~300 ms after the amount,
          and appearing above the password and the button would move the button under a finger (or
          a pointer) already on its way to it, so the press would miss. */}
      <div className={styles.chargeLine} aria-live="polite">
        {withdrawable && quoted === typed && charges.status === 'success' && (
          <p className={styles.charges} data-testid="withdraw-charge-preview">
            {t('charge_preview', { charge: money(charges.data.chargeMinor), received: money(charges.data.receivedMinor) })}
          </p>
        )}
      </div>
      <PaymentPasswordField
        name="password"
        label={t('field_payment_password')}
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={errorText(form.errors.password)}
        testIdPrefix="withdraw"
      />
      <FormError message={sendError ?? form.formError} testId="withdraw-error" />
      <div className={styles.buttons}>
        <Button type="submit" block data-testid="withdraw-submit">
          {t('withdraw')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm_title')}
        busy={sending}
        confirmLabel={t('confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void send()}
        testId="withdraw-confirm"
        message={
          confirming && (
            <ConfirmSummary
              rows={[
                { label: t('confirm_amount'), value: money(confirming.amountMinor), testId: 'withdraw-confirm-amount' },
                { label: t('confirm_charge'), value: confirmCharge ? money(confirmCharge.chargeMinor) : '…', testId: 'withdraw-confirm-charge' },
                { label: t('confirm_received'), value: confirmCharge ? money(confirmCharge.receivedMinor) : '…', testId: 'withdraw-confirm-received' },
                { label: t('confirm_to'), value: `${card.bankName} ${card.walletAddress ?? card.cardNumber}`, testId: 'withdraw-confirm-to' },
              ]}
            />
          )
        }
      />
    </form>
  );
}

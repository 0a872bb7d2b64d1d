import { bus, formatMoney, isApiError, parseAmountInput, useCall, useT, type AmountMinor } from '@platform/shared';
import { useFieldErrorText } from '@platform/shared/forms';
import { MoneyActionForm } from '@platform/ui-blocks';
import { useEffect, useState } from 'react';
import { loadCharges, withdraw, type WithdrawCard, type WithdrawRules } from '../api';
import { outcomeUnknown } from '../idempotency-key';
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

/** How long the amount must rest before its charge is asked for. */
const CHARGE_DELAY_MS = 300;

/**
 * The amount (within the merchant's limits and the balance) and the payment password; the charge
 * of the amount as typed; then a confirmation with the amount, the charge and what reaches the
 * card (the money action block). One Idempotency-Key per confirmed withdrawal, sent again if the
 * same one is retried after no answer came.
 */
export function WithdrawForm({ card, rules, balanceMinor, turnoverRemainingMinor, onDone, onPasswordMissing }: WithdrawFormProps) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const sixDigits = useSixDigits();
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: rules.currencySymbol });

  if (!rules.switches[card.cardType]) {
    return (
      <p className={styles.note} data-testid="withdraw-not-supported">
        {t('type_not_supported', { type: t(`type_${card.cardType}`) })}
      </p>
    );
  }
  const limits = { minimum: money(rules.minimumMinor), maximum: money(rules.maximumMinor) };

  return (
    <MoneyActionForm
      testIdPrefix="withdraw"
      initialValues={{}}
      amount={{
        placeholder: t('amount_placeholder', limits),
        hint: t('amount_limits', limits),
        all: (balanceMinor === null ? rules.maximumMinor : Math.min(rules.maximumMinor, balanceMinor)) as AmountMinor,
        required: t('amount_required'),
        invalid: t('amount_invalid'),
        minimum: { minor: rules.minimumMinor, message: t('amount_below_minimum', { minimum: limits.minimum }) },
        maximum: { minor: rules.maximumMinor, message: t('amount_above_maximum', { maximum: limits.maximum }) },
        balance: { minor: balanceMinor, message: t('amount_above_balance') },
      }}
      passwordError={(password) => errorText(sixDigits(password, 'field_payment_password')) ?? null}
      order={(_, amountMinor) => ({ amountMinor, bankCardId: card.bankCardId, withdrawType: card.cardType })}
      // One withdrawal is the order and the password it was confirmed with.
      retryPayload={(order, password) => ({ ...order, password })}
      isOutcomeUnknown={outcomeUnknown}
      confirmation={{
        title: t('confirm_title'),
        load: (order, signal) => loadCharges(order.amountMinor, card.cardType, signal),
        rows: (order, charge) => [
          { label: t('confirm_amount'), value: money(order.amountMinor), testId: 'withdraw-confirm-amount' },
          { label: t('confirm_charge'), value: charge ? money(charge.chargeMinor) : '…', testId: 'withdraw-confirm-charge' },
          { label: t('confirm_received'), value: charge ? money(charge.receivedMinor) : '…', testId: 'withdraw-confirm-received' },
          { label: t('confirm_to'), value: `${card.bankName} ${card.walletAddress ?? card.cardNumber}`, testId: 'withdraw-confirm-to' },
        ],
      }}
      send={(order, password, key) => withdraw({ ...order, password }, key)}
      onSent={() => {
        bus.dispatch({ type: 'toast', level: 'success', message: t('withdraw_done') });
        onDone();
      }}
      refusal={(error) => {
        if (isApiError(error) && error.errorCode === 'not.exists.payment.password') onPasswordMissing();
        return null;
      }}
      failedText={t('withdraw_failed')}
      submitLabel={t('withdraw')}
      className={styles.panel}
      labelledBy="withdraw-form-title"
      before={() => (
        <>
          <h3 id="withdraw-form-title" className={styles.heading}>
            {t('withdraw_to', { bank: card.bankName, number: card.walletAddress ?? card.cardNumber })}
          </h3>
          {turnoverRemainingMinor > 0 && (
            <p className={styles.warning} role="note" data-testid="withdraw-turnover-warning">
              {t('turnover_not_met', { remaining: money(turnoverRemainingMinor) })}
            </p>
          )}
        </>
      )}
      between={({ form }) => <ChargeLine amount={form.values.amount} card={card} rules={rules} money={money} />}
    />
  );
}

/**
 * The charge of the amount as typed, once it rests (the server counts today's free withdrawals);
 * only of an amount that may be withdrawn: "you receive" under an amount refused would promise
 * money the member cannot get.
 */
function ChargeLine({ amount, card, rules, money }: { amount: string; card: WithdrawCard; rules: WithdrawRules; money: (amountMinor: AmountMinor) => string }) {
  const { t } = useT(NAMESPACE);
  const typed = parseAmountInput(amount);
  const withdrawable = typed !== null && typed > 0 && typed >= rules.minimumMinor && typed <= rules.maximumMinor;
  const [quoted, setQuoted] = useState<AmountMinor | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuoted(withdrawable ? typed : null), CHARGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, withdrawable]);
  const charges = useCall((signal) => loadCharges(quoted as AmountMinor, card.cardType, signal), [quoted, card.cardType], { enabled: quoted !== null, requiresSession: true });
  // The line is kept whether or not it has text: the charge comes ~300 ms after the amount, and
  // appearing above the password and the button would move the button under a finger (or a
  // pointer) already on its way to it, so the press would miss.
  return (
    <div className={styles.chargeLine} aria-live="polite">
      {withdrawable && quoted === typed && charges.status === 'success' && (
        <p className={styles.charges} data-testid="withdraw-charge-preview">
          {t('charge_preview', { charge: money(charges.data.chargeMinor), received: money(charges.data.receivedMinor) })}
        </p>
      )}
    </div>
  );
}

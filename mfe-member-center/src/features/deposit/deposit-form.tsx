import { amountInputText, Button, formatMoney, isApiError, parseAmountInput, Tabs, useT, type AmountMinor } from '@platform/shared';
import { FormError, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { useRef, useState } from 'react';
import { amountProblem, type AmountProblem } from './amount';
import { createManualDeposit, createOnlineDeposit, manualBody, onlineBody, type ActiveDeposit, type Channel, type PromotionOption } from './deposit-api';
import styles from './deposit.module.css';
import { createRetryKey } from './idempotency-key';
import { PromotionChoice } from './promotion-choice';
import { NAMESPACE } from './translations';

/** A quick-amount chip's text, which fills the amount field: '500', '1234.50'. */
const chipText = (amountMinor: AmountMinor): string => amountInputText(amountMinor, { dropZeroFraction: true });

interface DepositValues {
  amount: string;
  /** Manual transfer: the name on the account the member pays from, and its number (optional). */
  payeeName: string;
  depositAccountNum: string;
}

interface DepositFormProps {
  channels: Channel[];
  /** The tab shown first. */
  initialChannelId: string;
  currencySymbol: string;
  /** The member may not start a deposit now (the settings say why, above). */
  disabled: boolean;
  /** A deposit was made: the page shows how to pay it. */
  onMade: (deposit: ActiveDeposit) => void;
  /** The server no longer offers a channel: the page reads the list again. */
  onChannelsChanged: () => void;
  /** The deposit promotions on offer (none: no choice is shown). */
  promotions: PromotionOption[];
  /** The server refused the promotion chosen (no longer open to the member): the page reads the offer again. */
  onPromotionsChanged: () => void;
}

/** A window for the provider's page, opened inside the member's click (later, a browser blocks it). */
function openBlankWindow(): Window | null {
  try {
    const opened = window.open('about:blank', '_blank');
    // The provider's page gets no handle on this one.
    if (opened) opened.opener = null;
    return opened;
  } catch {
    return null;
  }
}

/**
 * The deposit form: a tab per channel (manual bank transfer, each online channel), the amount with
 * the channel's limits and fixed amounts, and for a manual transfer the payer's name and account.
 * One Idempotency-Key per submit, sent again when the same submit is retried after a failure whose
 * outcome is unknown (network, timeout): the server makes one deposit.
 */
export function DepositForm({ channels, initialChannelId, currencySymbol, disabled, onMade, onChannelsChanged, promotions, onPromotionsChanged }: DepositFormProps) {
  const { t } = useT(NAMESPACE);
  const [channelId, setChannelId] = useState(initialChannelId);
  const channel = channels.find((item) => item.id === channelId) ?? channels[0];
  const [promotionId, setPromotionId] = useState<number | null>(null);
  // A promotion no longer offered (the offer read again) falls back to none.
  const promotion = promotions.find((option) => option.id === promotionId) ?? null;
  const retryKey = useRef(createRetryKey());
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: currencySymbol });
  const manual = channel.method === 'MT';
  const limits = () => ({ min: money(channel.minMinor), max: money(channel.maxMinor) });
  const amountError = (problem: AmountProblem): string => {
    if (problem === 'required') return t('error_amount_required');
    if (problem === 'invalid') return t('error_amount_invalid');
    return t('error_amount_range', limits());
  };
  /** The chosen promotion's minimum, when the typed amount is below it (the server refuses it). */
  const promotionShortfall = (text: string): string | null => {
    const amountMinor = parseAmountInput(text);
    if (!promotion || promotion.minMinor === null || amountMinor === null || amountMinor <= 0 || amountMinor >= promotion.minMinor) return null;
    return t('promotion_below_min', { title: promotion.title, min: money(promotion.minMinor) });
  };

  const form = useForm<DepositValues>({
    initialValues: { amount: '', payeeName: '', depositAccountNum: '' },
    validate: (values) => {
      const errors: FieldErrors<DepositValues> = {};
      const problem = amountProblem(values.amount, channel);
      const shortfall = promotionShortfall(values.amount);
      if (problem) errors.amount = { text: amountError(problem) };
      else if (shortfall) errors.amount = { text: shortfall };
      if (manual && values.payeeName.trim() === '') errors.payeeName = { text: t('error_payee_required') };
      return errors;
    },
    onSubmit: async (values) => {
      const amountMinor = parseAmountInput(values.amount) as AmountMinor;
      const payWindow = manual ? null : openBlankWindow();
      try {
        let deposit: ActiveDeposit;
        if (manual) {
          const input = { channel, amountMinor, payeeName: values.payeeName, depositAccountNum: values.depositAccountNum, promotionId: promotion?.id };
          deposit = await createManualDeposit(input, retryKey.current.keyFor({ kind: 'MT', ...manualBody(input) }));
        } else {
          const input = { channel, amountMinor, promotionId: promotion?.id };
          deposit = await createOnlineDeposit(input, retryKey.current.keyFor({ kind: 'PG', ...onlineBody(input) }));
          if (payWindow && deposit.redirectUrl) payWindow.location.href = deposit.redirectUrl;
          else payWindow?.close();
        }
        retryKey.current.settled();
        form.setValues({ amount: '' });
        onMade(deposit);
      } catch (error) {
        payWindow?.close();
        retryKey.current.settled(error);
        if (isApiError(error) && error.errorCode === 'deposit.amount.out.of.range') {
          form.setFieldError('amount', { text: amountError('below_min') });
        }
        if (isApiError(error) && error.errorCode === 'deposit.channel.not.found') onChannelsChanged();
        if (isApiError(error) && (error.errorCode === 'promotion.not.joinable' || error.errorCode === 'promotion.not.found')) onPromotionsChanged();
        if (isApiError(error) && error.errorCode === 'promotion.deposit.below_minimum') form.setFieldError('amount', { text: error.message });
        throw error;
      }
    },
    // The API client shows the server's message; the form repeats what the member can act on.
    failureMessage: (error) => (isApiError(error) && FORM_ERROR_CODES.has(error.errorCode) ? error.message : null),
  });

  const chooseChannel = (id: string) => {
    setChannelId(id);
    form.clearErrors();
  };
  const choosePromotion = (id: number | null) => {
    setPromotionId(id);
    form.clearErrors();
  };
  // Said while typing, before any submit (the submit's check shows it as the field's error).
  const shortfallNote = form.errors.amount ? null : promotionShortfall(form.values.amount);

  return (
    <form className={styles.card} onSubmit={form.submit} noValidate aria-labelledby="deposit-form-title" data-testid="deposit-form">
      <h3 id="deposit-form-title" className={styles.heading}>
        {t('form_title')}
      </h3>
      <Tabs
        items={channels.map((item) => ({ value: item.id, label: <span data-testid={`deposit-channel-${item.bankCode}`}>{item.vendorName}</span> }))}
        value={channel.id}
        onChange={chooseChannel}
        label={t('methods')}
        className={styles.channelTabs}
      />
      <p className={styles.muted} data-testid="deposit-method-note">
        {manual ? t('method_manual_note') : channel.method === 'QR' ? t('method_qr_note') : t('method_online_note')}
      </p>
      <TextField
        name="amount"
        label={t('amount')}
        value={form.values.amount}
        onChange={(value) => form.setValue('amount', value)}
        required
        placeholder={t('amount_placeholder')}
        hint={t('amount_limits', limits())}
        error={form.errors.amount?.text}
        maxLength={20}
        autoComplete="off"
        testIdPrefix="deposit"
      />
      {shortfallNote && (
        <p className={styles.promotionNote} role="status" data-testid="deposit-promotion-min">
          {shortfallNote}
        </p>
      )}
      {channel.fixedMinor.length > 0 && (
        <div className={styles.chips} role="group" aria-label={t('fixed_amounts')}>
          {channel.fixedMinor.map((amountMinor) => {
            const chosen = parseAmountInput(form.values.amount) === amountMinor;
            return (
              <button
                key={amountMinor}
                type="button"
                className={chosen ? `${styles.chip} ${styles.chipChosen}` : styles.chip}
                aria-pressed={chosen}
                onClick={() => form.setValue('amount', chipText(amountMinor))}
                data-testid={`deposit-chip-${chipText(amountMinor)}`}
              >
                {money(amountMinor)}
              </button>
            );
          })}
        </div>
      )}
      <PromotionChoice options={promotions} chosenId={promotion?.id ?? null} onChoose={choosePromotion} currencySymbol={currencySymbol} />
      {manual && (
        <>
          <TextField
            name="payeeName"
            label={t('payee_name')}
            value={form.values.payeeName}
            onChange={(value) => form.setValue('payeeName', value)}
            required
            placeholder={t('payee_name_placeholder')}
            error={form.errors.payeeName?.text}
            maxLength={100}
            autoComplete="name"
            testIdPrefix="deposit"
          />
          <TextField
            name="depositAccountNum"
            label={t('payer_account')}
            value={form.values.depositAccountNum}
            onChange={(value) => form.setValue('depositAccountNum', value)}
            placeholder={t('payer_account_placeholder')}
            maxLength={64}
            autoComplete="off"
            testIdPrefix="deposit"
          />
        </>
      )}
      <FormError message={form.formError} testId="deposit-error" />
      <Button type="submit" block loading={form.busy} disabled={disabled} data-testid="deposit-submit">
        {manual ? t('submit_manual') : t('submit_online')}
      </Button>
    </form>
  );
}

/** Refusals the form shows under itself as well (the member must do something else first). */
const FORM_ERROR_CODES: ReadonlySet<string> = new Set([
  'deposit.pending.limit',
  'deposit.channel.not.found',
  'deposit.gateway.unavailable',
  'wallet.idempotency.conflict',
  'wallet.amount.invalid',
  'promotion.not.found',
  'promotion.not.joinable',
]);

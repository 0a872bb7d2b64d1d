import { amountInputText, type AmountMinor, Button, formatMoney, parseAmountInput, useT } from '@platform/shared';
import { MAIN_WALLET_ACCOUNT_TYPE_ID } from '@platform/contract';
import { FormError, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { useId, useRef, useState } from 'react';
import { createTransferKey } from './idempotency-key';
import styles from './transfer-fund.module.css';
import { NAMESPACE } from './translations';
import { transfer, type Wallet, type Wallets } from './wallet-api';

interface TransferValues {
  /** accountTypeIds as the selects hold them. */
  from: string;
  to: string;
  amount: string;
}

interface TransferFormProps {
  wallets: Wallets;
  nameOf: (wallet: Wallet) => string;
  /** A transfer went through: the page loads the wallets again. */
  onDone: () => void;
}

const MAIN = String(MAIN_WALLET_ACCOUNT_TYPE_ID);

/**
 * A transfer between the main wallet and one game wallet (either way): from, to, amount. The amount
 * must be positive, with at most two decimals, and at most what the source wallet holds. One
 * Idempotency-Key per transfer, sent again when the same transfer is retried after a failure.
 */
export function TransferForm({ wallets, nameOf, onDone }: TransferFormProps) {
  const { t } = useT(NAMESPACE);
  const fromId = useId();
  const toId = useId();
  const retryKey = useRef(createTransferKey());
  const [done, setDone] = useState(false);
  const all = [wallets.main, ...wallets.games];
  const walletOf = (accountTypeId: string) => all.find((wallet) => String(wallet.accountTypeId) === accountTypeId);
  const firstGame = wallets.games[0] ? String(wallets.games[0].accountTypeId) : '';

  const form = useForm<TransferValues>({
    initialValues: { from: MAIN, to: firstGame, amount: '' },
    validate: (values) => {
      const errors: FieldErrors<TransferValues> = {};
      const source = walletOf(values.from);
      if (!walletOf(values.to) || values.to === values.from || (values.from !== MAIN && values.to !== MAIN)) errors.to = { text: t('error_to') };
      const amount = parseAmountInput(values.amount);
      if (values.amount.trim() === '') errors.amount = { text: t('error_amount_required') };
      else if (amount === null || amount <= 0) errors.amount = { text: t('error_amount_invalid') };
      else if (source && amount > source.balanceMinor) errors.amount = { text: t('error_amount_over_balance', { balance: formatMoney(source.balanceMinor) }) };
      return errors;
    },
    onSubmit: async (values) => {
      setDone(false);
      const payload = { fromAccountTypeId: Number(values.from), toAccountTypeId: Number(values.to), amountMinor: parseAmountInput(values.amount) as AmountMinor };
      await transfer(payload, retryKey.current.keyFor(payload));
      retryKey.current.settled();
      form.setValues({ amount: '' });
      setDone(true);
      onDone();
    },
  });

  // main ↔ one game wallet: from main, any game wallet; from a game wallet, only main.
  const setFrom = (from: string) => {
    form.setValue('from', from);
    if (from === MAIN) {
      if (form.values.to === MAIN || !walletOf(form.values.to)) form.setValue('to', firstGame);
    } else {
      form.setValue('to', MAIN);
    }
  };
  const setTo = (to: string) => {
    form.setValue('to', to);
    if (to === MAIN && form.values.from === MAIN) form.setValue('from', firstGame);
    if (to !== MAIN) form.setValue('from', MAIN);
  };
  const source = walletOf(form.values.from);
  const option = (wallet: Wallet) => (
    <option key={wallet.accountTypeId} value={String(wallet.accountTypeId)}>
      {`${nameOf(wallet)} (${formatMoney(wallet.balanceMinor)})`}
    </option>
  );

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-labelledby="transfer-fund-form-title" data-testid="transfer-form">
      <h3 id="transfer-fund-form-title" className={styles.heading}>
        {t('transfer_title')}
      </h3>
      <div className={styles.selects}>
        <div className={styles.selectField}>
          <label htmlFor={fromId} className={styles.selectLabel}>
            {t('from')}
          </label>
          <select id={fromId} className={styles.select} value={form.values.from} onChange={(event) => setFrom(event.target.value)} data-testid="transfer-from">
            {all.map(option)}
          </select>
        </div>
        <div className={styles.selectField}>
          <label htmlFor={toId} className={styles.selectLabel}>
            {t('to')}
          </label>
          <select
            id={toId}
            className={styles.select}
            value={form.values.to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={form.errors.to ? true : undefined}
            data-testid="transfer-to"
          >
            {all.map(option)}
          </select>
          {form.errors.to && (
            <p className={styles.fieldError} role="alert">
              {form.errors.to.text}
            </p>
          )}
        </div>
      </div>
      <TextField
        name="amount"
        label={t('amount')}
        value={form.values.amount}
        onChange={(value) => {
          setDone(false);
          form.setValue('amount', value);
        }}
        inputMode="numeric"
        required
        placeholder={t('amount_placeholder')}
        error={form.errors.amount?.text}
        maxLength={20}
        testIdPrefix="transfer"
        trailing={
          <Button
            variant="ghost"
            size="sm"
            disabled={!source || source.balanceMinor <= 0}
            onClick={() => source && form.setValue('amount', amountInputText(source.balanceMinor))}
            data-testid="transfer-all"
          >
            {t('all')}
          </Button>
        }
      />
      <FormError message={form.formError} testId="transfer-error" />
      {done && (
        <p role="status" className={styles.success} data-testid="transfer-done">
          {t('transfer_done')}
        </p>
      )}
      <Button type="submit" block loading={form.busy} data-testid="transfer-submit">
        {t('transfer_submit')}
      </Button>
    </form>
  );
}

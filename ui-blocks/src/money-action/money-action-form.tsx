import {
  amountInputText,
  Button,
  ConfirmDialog,
  ConfirmSummary,
  createRetryKey,
  formatMoney,
  isApiError,
  outcomeUnknown,
  parseAmountInput,
  useCall,
  useT,
  type AmountMinor,
  type ConfirmSummaryRow,
} from '@platform/shared';
import { FormError, isPaymentPassword, PaymentPasswordField, TextField, useForm, type FieldErrors, type Form } from '@platform/shared/forms';
import { useId, useRef, useState, type ReactNode } from 'react';
import { BLOCKS_NAMESPACE } from '../locales';
import styles from './money-action-form.module.css';

/** The server's answer when the member has no payment password yet. */
const PASSWORD_MISSING = 'not.exists.payment.password';
/** The server's answer to a wrong payment password. */
const PASSWORD_WRONG = 'invalid.payment.pw';

/** The fields every money action has: what the block owns. */
export interface MoneyActionValues {
  amount: string;
  /** The payment password, which only proves the action: it is never part of its key. */
  password: string;
}

/** A limit of the amount, with the action's own words for an amount beyond it. */
export interface MoneyAmountLimit {
  minor: AmountMinor;
  message: string;
}

/** The amount field and its checks, in this order: required, a positive amount, minimum, maximum, balance. */
export interface MoneyAmount {
  /** "Amount" unless the action words it otherwise ("Total amount"). */
  label?: string;
  /** "Enter an amount" unless the action words it otherwise. */
  placeholder?: string;
  /** Under the field while it has no error (the limits). */
  hint?: string;
  /** What "All" fills in; null: not known yet (the button waits, disabled); left out: no "All". */
  all?: AmountMinor | null;
  /** The action's wording of an empty amount. */
  required?: string;
  /** The action's wording of an amount that is not a positive one with at most two decimals. */
  invalid?: string;
  minimum?: MoneyAmountLimit;
  maximum?: MoneyAmountLimit;
  /**
   * What the money comes from; not checked while unknown (undefined or null). Refused in the
   * block's words (the main wallet's) unless the action has its own.
   */
  balance?: { minor: AmountMinor | null | undefined; message?: string };
}

/** How a refused action is told: under one of the form's fields, or above the submit. */
export type MoneyActionRefusal<V> = { field: (keyof V | keyof MoneyActionValues) & string; text: string } | { message: string };

/** What the action's own parts of the form are given. */
export interface MoneyActionState<V extends object> {
  form: Form<V & MoneyActionValues>;
  /** Checking or sending: the action's own fields are disabled where they disable. */
  busy: boolean;
}

export interface MoneyActionFormProps<V extends object, O, R, D = never> {
  /**
   * Prefix of every data-testid of the block: `-form`, `-amount`, `-all`, `-password`, `-error`,
   * `-set-password`, `-submit`, `-confirm`.
   */
  testIdPrefix: string;
  /** The first values of the action's own fields (a remark, the receivers); amount and password are the block's. */
  initialValues: V;
  /** The amount field and its checks; a function when they follow the action's own fields. */
  amount: MoneyAmount | ((values: V & MoneyActionValues) => MoneyAmount);
  /** The checks of the action's own fields. */
  validate?: (values: V & MoneyActionValues) => FieldErrors<V>;
  /** The action's own check of the payment password; by default six digits ("The payment password is 6 digits"). */
  passwordError?: (password: string) => string | null;
  /** The action as it is confirmed and sent, from checked values (the password is kept beside it). */
  order: (values: V & MoneyActionValues, amountMinor: AmountMinor) => O;
  /**
   * The confirmation: its title and rows (to whom, how much, the charge); `load` fetches what the
   * rows also show once the action is known (a withdrawal's charge), `details` until then undefined.
   */
  confirmation: {
    title: string;
    rows: (order: O, details: D | undefined) => readonly ConfirmSummaryRow[];
    load?: (order: O, signal: AbortSignal) => Promise<D>;
  };
  /** Sends the confirmed action under its Idempotency-Key. */
  send: (order: O, password: string, idempotencyKey: string) => Promise<R>;
  /** What the key stands for; by default the order (without the password). */
  retryPayload?: (order: O, password: string) => unknown;
  /** Which failures keep the key for a retry (the outcome is unknown); the shared rule by default. */
  isOutcomeUnknown?: (error: unknown) => boolean;
  /** The action went through; the form is empty again. */
  onSent: (result: R, order: O) => void;
  /**
   * How a failure is told; null or left out: the server's message (or `failedText`) above the
   * submit. It may also act on the failure (load the balance again).
   */
  refusal?: (error: unknown, order: O) => MoneyActionRefusal<V> | null;
  /** Above the submit when the failure is no answer of the server. */
  failedText: string;
  /**
   * The block words the payment password's refusals itself: a wrong one under the field, none
   * set above the submit. Without it they are told as any refusal.
   */
  paymentPasswordRefusals?: boolean;
  /** Where a payment password is set: offered as a link when the server says the member has none. */
  onSetPassword?: () => void;
  /** Under the failure when the server did not answer (the key is kept, so a retry moves money once). */
  unansweredNote?: string;
  submitLabel: string;
  /** The submit (and the link) keep their own width at the form's start instead of spanning the form. */
  compactButtons?: boolean;
  className?: string;
  /** The id of the form's heading (rendered by `before`). */
  labelledBy?: string;
  /** Before the form element: parts with forms of their own (a searchable checklist). */
  beforeForm?: (state: MoneyActionState<V>) => ReactNode;
  /** Inside the form, before the amount. */
  before?: (state: MoneyActionState<V>) => ReactNode;
  /** Between the amount and the payment password. */
  between?: (state: MoneyActionState<V>) => ReactNode;
  /**
   * A container of the action's own (a dialog) for the form and its confirmation, whose footer
   * takes the submit: the form then has none inside.
   */
  frame?: (parts: { content: ReactNode; submit: ReactNode; busy: boolean }) => ReactNode;
}

/**
 * A money action (a transfer, a withdrawal, a red envelope): the amount checked against the limits
 * and the balance, the payment password, a confirmation of what is sent, then one send at a time
 * under an Idempotency-Key that a retry after no answer sends again, so money moves once. The
 * action brings its own fields, its order and its send; a member without a payment password is
 * offered the way to set one.
 */
export function MoneyActionForm<V extends object, O, R, D = never>({
  testIdPrefix,
  initialValues,
  amount,
  validate,
  passwordError,
  order: orderOf,
  confirmation,
  send: sendAction,
  retryPayload,
  isOutcomeUnknown = outcomeUnknown,
  onSent,
  refusal,
  failedText,
  paymentPasswordRefusals = false,
  onSetPassword,
  unansweredNote,
  submitLabel,
  compactButtons = false,
  className,
  labelledBy,
  beforeForm,
  before,
  between,
  frame,
}: MoneyActionFormProps<V, O, R, D>) {
  const { t } = useT(BLOCKS_NAMESPACE);
  const formId = useId();
  const retryKey = useRef(createRetryKey(undefined, isOutcomeUnknown));
  const [confirming, setConfirming] = useState<{ order: O; password: string } | null>(null);
  const [sending, setSending] = useState(false);
  // State lags a render behind: a second press of Confirm in the same tick must see the first.
  const sendingNow = useRef(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const [passwordMissing, setPasswordMissing] = useState(false);
  const amountOf = (values: V & MoneyActionValues): MoneyAmount => (typeof amount === 'function' ? amount(values) : amount);

  /** The block's checks of the amount, in the action's words where it has its own. */
  const amountErrorOf = (text: string, rules: MoneyAmount): string | null => {
    const amountMinor = parseAmountInput(text);
    if (text.trim() === '') return rules.required ?? t('moneyAction.amount_required');
    if (amountMinor === null || amountMinor <= 0) return rules.invalid ?? t('moneyAction.amount_invalid');
    if (rules.minimum && amountMinor < rules.minimum.minor) return rules.minimum.message;
    if (rules.maximum && amountMinor > rules.maximum.minor) return rules.maximum.message;
    const balanceMinor = rules.balance?.minor;
    if (balanceMinor !== undefined && balanceMinor !== null && amountMinor > balanceMinor) {
      return rules.balance?.message ?? t('moneyAction.amount_above_balance', { balance: formatMoney(balanceMinor) });
    }
    return null;
  };

  const form = useForm<V & MoneyActionValues>({
    initialValues: { ...initialValues, amount: '', password: '' },
    validate: (values) => {
      const errors: FieldErrors<V & MoneyActionValues> = { ...validate?.(values) };
      const amountError = amountErrorOf(values.amount, amountOf(values));
      const password = passwordError ? passwordError(values.password) : isPaymentPassword(values.password) ? null : t('moneyAction.password_format');
      if (amountError) errors.amount = { text: amountError };
      if (password) errors.password = { text: password };
      return errors;
    },
    onSubmit: (values) => {
      setSendError(null);
      setConfirming({ order: orderOf(values, parseAmountInput(values.amount) as AmountMinor), password: values.password });
    },
  });

  const details = useCall((signal) => (confirmation.load as (order: O, signal: AbortSignal) => Promise<D>)((confirming as { order: O }).order, signal), [confirming], {
    enabled: confirming !== null && confirmation.load !== undefined,
    requiresSession: true,
  });

  const tell = (error: unknown, order: O) => {
    const code = isApiError(error) ? error.errorCode : null;
    setUnanswered(isOutcomeUnknown(error));
    setPasswordMissing(code === PASSWORD_MISSING);
    let told: MoneyActionRefusal<V> | null | undefined;
    if (paymentPasswordRefusals && code === PASSWORD_WRONG) told = { field: 'password', text: t('moneyAction.password_wrong') };
    else if (paymentPasswordRefusals && code === PASSWORD_MISSING) told = { message: t('moneyAction.password_missing') };
    else told = refusal?.(error, order);
    told ??= { message: isApiError(error) ? error.message : failedText };
    if ('field' in told) form.setFieldError(told.field, { text: told.text });
    else setSendError(told.message);
  };

  const send = async () => {
    if (!confirming || sendingNow.current) return;
    const { order, password } = confirming;
    const key = retryKey.current.keyFor(retryPayload ? retryPayload(order, password) : order);
    sendingNow.current = true;
    setSending(true);
    let result: R;
    try {
      result = await sendAction(order, password, key);
    } catch (error) {
      retryKey.current.settled(error);
      tell(error, order);
      return;
    } finally {
      sendingNow.current = false;
      setSending(false);
      setConfirming(null);
    }
    retryKey.current.settled();
    form.setValues({ ...initialValues, amount: '', password: '' });
    onSent(result, order);
  };

  // The block's own fields are strings whatever the action's fields are (TypeScript cannot tell
  // that V['amount'] is one).
  const setOwn = form.setValue as (name: keyof MoneyActionValues, value: string) => void;
  const busy = sending || form.busy;
  const state: MoneyActionState<V> = { form, busy };
  const rules = amountOf(form.values);
  const all = rules.all;
  const submit = (
    <Button type="submit" form={formId} block={!compactButtons && !frame} className={compactButtons ? styles.start : undefined} loading={busy} data-testid={`${testIdPrefix}-submit`}>
      {submitLabel}
    </Button>
  );

  const content = (
    <>
      {beforeForm?.(state)}
      <form id={formId} className={className} onSubmit={(event) => void form.submit(event)} noValidate aria-labelledby={labelledBy} data-testid={`${testIdPrefix}-form`}>
        {before?.(state)}
        <TextField
          name="amount"
          label={rules.label ?? t('moneyAction.field_amount')}
          value={form.values.amount}
          onChange={(value) => setOwn('amount', value)}
          inputMode="numeric"
          required
          maxLength={20}
          placeholder={rules.placeholder ?? t('moneyAction.amount_placeholder')}
          hint={rules.hint}
          error={form.errors.amount?.text}
          testIdPrefix={testIdPrefix}
          trailing={
            all !== undefined && (
              <Button variant="ghost" size="sm" disabled={all === null || all <= 0} onClick={() => all && setOwn('amount', amountInputText(all))} data-testid={`${testIdPrefix}-all`}>
                {t('moneyAction.all')}
              </Button>
            )
          }
        />
        {between?.(state)}
        <PaymentPasswordField
          name="password"
          label={t('moneyAction.field_payment_password')}
          value={form.values.password}
          onChange={(value) => setOwn('password', value)}
          error={form.errors.password?.text}
          testIdPrefix={testIdPrefix}
        />
        <FormError message={sendError ?? form.formError} testId={`${testIdPrefix}-error`} />
        {unansweredNote && unanswered && sendError && <p className={styles.note}>{unansweredNote}</p>}
        {onSetPassword && passwordMissing && (
          <Button variant="secondary" size="sm" className={compactButtons ? styles.start : undefined} onClick={onSetPassword} data-testid={`${testIdPrefix}-set-password`}>
            {t('moneyAction.set_payment_password')}
          </Button>
        )}
        {!frame && submit}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={confirmation.title}
        busy={sending}
        confirmLabel={t('moneyAction.confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void send()}
        testId={`${testIdPrefix}-confirm`}
        message={confirming && <ConfirmSummary rows={confirmation.rows(confirming.order, details.status === 'success' ? details.data : undefined)} />}
      />
    </>
  );
  return frame ? frame({ content, submit, busy }) : content;
}

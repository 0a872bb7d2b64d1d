import { type AmountMinor, bus, Button, ConfirmDialog, ConfirmSummary, createRetryKey, formatMoney, isApiError, outcomeUnknown, parseAmountInput, Spinner, useCall, useT } from '@platform/shared';
import { RED_ENVELOPE_MAX_RECEIVERS } from '@platform/shared/contract';
import { FormError, isPaymentPassword, PaymentPasswordField, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { useRef, useState } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { ChoiceGroup } from './choice-group';
import { EnvelopeResult } from './envelope-result';
import { ReceiverPicker, type PickedReceiver } from './receiver-picker';
import { loadMainBalance, sendRedEnvelope, type RedEnvelopeOrder, type RedEnvelopeResult, type RedEnvelopeType } from './red-envelope-api';
import styles from './red-envelope.module.css';
import { NAMESPACE } from './translations';

/** The contract's largest envelope (agentRedEnvelopeCall): 100,000,000 in minor units. */
const MAXIMUM_MINOR = 10_000_000_000 as AmountMinor;
/** The contract's longest remark. */
const REMARK_MAX_LENGTH = 100;

type ReceiversMode = 'all' | 'pick';

interface Values {
  receivers: ReceiversMode;
  picked: PickedReceiver[];
  type: RedEnvelopeType;
  amount: string;
  remark: string;
  password: string;
}

const INITIAL_VALUES: Values = { receivers: 'all', picked: [], type: 'share', amount: '', remark: '', password: '' };

/**
 * Red Envelope (agentRedRain, REFERENCE.md §5.2): the agent sends an amount from its main wallet
 * to all its direct downlines or those it picks, shared equally or at random ("fighting"), with its
 * payment password and a confirmation; then what each receiver got. One Idempotency-Key per
 * envelope, sent again only when the same envelope is retried after no answer came.
 */
export default function RedEnvelopePage(_props: AgentCenterPageProps) {
  const [sent, setSent] = useState<{ result: RedEnvelopeResult; type: RedEnvelopeType } | null>(null);
  // Each new envelope starts from an empty form.
  const [round, setRound] = useState(0);
  return (
    <div className={styles.page} data-testid="red-envelope">
      {sent ? (
        <EnvelopeResult
          result={sent.result}
          type={sent.type}
          onSendAnother={() => {
            setSent(null);
            setRound((count) => count + 1);
          }}
        />
      ) : (
        <EnvelopeForm key={round} onSent={(result, type) => setSent({ result, type })} />
      )}
    </div>
  );
}

function EnvelopeForm({ onSent }: { onSent: (result: RedEnvelopeResult, type: RedEnvelopeType) => void }) {
  const { t } = useT(NAMESPACE);
  const balance = useCall(loadMainBalance, [], { requiresSession: true });
  const balanceMinor = balance.status === 'success' ? balance.data : balance.status === 'loading' ? balance.staleData : undefined;
  const retryKey = useRef(createRetryKey());
  const [confirming, setConfirming] = useState<RedEnvelopeOrder | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const [passwordMissing, setPasswordMissing] = useState(false);
  // A new checklist (its first page again) after the server refused a pick.
  const [pickerRound, setPickerRound] = useState(0);

  const form = useForm<Values>({
    initialValues: INITIAL_VALUES,
    validate: (values) => {
      const errors: FieldErrors<Values> = {};
      const picking = values.receivers === 'pick';
      if (picking && values.picked.length === 0) errors.picked = { text: t('receivers_required') };
      else if (picking && values.picked.length > RED_ENVELOPE_MAX_RECEIVERS) errors.picked = { text: t('picked_full', { maximum: RED_ENVELOPE_MAX_RECEIVERS }) };
      const amount = parseAmountInput(values.amount);
      // Every receiver gets at least 0.01 (one minor unit): as many as there are picks.
      const minimum = (picking ? Math.max(values.picked.length, 1) : 1) as AmountMinor;
      if (values.amount.trim() === '') errors.amount = { text: t('amount_required') };
      else if (amount === null || amount <= 0) errors.amount = { text: t('amount_invalid') };
      else if (amount > MAXIMUM_MINOR) errors.amount = { text: t('amount_above_maximum', { maximum: formatMoney(MAXIMUM_MINOR) }) };
      else if (amount < minimum) errors.amount = { text: t('amount_below_receivers', { minimum: formatMoney(minimum), receivers: values.picked.length }) };
      else if (balanceMinor !== undefined && amount > balanceMinor) errors.amount = { text: t('amount_above_balance', { balance: formatMoney(balanceMinor) }) };
      if (!isPaymentPassword(values.password)) errors.password = { text: t('password_format') };
      return errors;
    },
    onSubmit: (values) => {
      setSendError(null);
      setConfirming({
        type: values.type,
        totalMinor: parseAmountInput(values.amount) as AmountMinor,
        memberIds: values.receivers === 'pick' ? values.picked.map((receiver) => receiver.memberId) : null,
        remark: values.remark.trim(),
        password: values.password,
      });
    },
  });

  const send = async () => {
    if (!confirming) return;
    // The key stands for the envelope (to whom, which kind, how much, the remark); the password only proves it.
    const key = retryKey.current.keyFor({
      memberIds: confirming.memberIds && [...confirming.memberIds].sort((a, b) => a - b),
      type: confirming.type,
      totalMinor: confirming.totalMinor,
      remark: confirming.remark,
    });
    setSending(true);
    let result: RedEnvelopeResult | null = null;
    try {
      result = await sendRedEnvelope(confirming, key);
      retryKey.current.settled();
      bus.dispatch({ type: 'toast', level: 'success', message: t('sent_toast', { amount: formatMoney(result.totalMinor), receivers: result.receivers.length }) });
      bus.dispatch({ type: 'refreshBalance' });
    } catch (error) {
      retryKey.current.settled(error);
      const code = isApiError(error) ? error.errorCode : null;
      setUnanswered(outcomeUnknown(error));
      setPasswordMissing(code === 'not.exists.payment.password');
      if (code === 'invalid.payment.pw') {
        form.setFieldError('password', { text: t('password_wrong') });
      } else if (code === 'not.exists.payment.password') {
        setSendError(t('password_missing'));
      } else if (code === 'agent.insufficient.funds') {
        form.setFieldError('amount', { text: t('insufficient_funds') });
        balance.refresh();
      } else if (code === 'agent.transfer.invalid') {
        form.setFieldError('amount', { text: t('amount_too_small') });
      } else if (code === 'agent.downline.unknown' && confirming.memberIds) {
        form.setFieldError('picked', { text: t('picked_unknown') });
        setPickerRound((count) => count + 1);
      } else if (code === 'agent.downline.unknown') {
        setSendError(t('no_direct_downlines'));
      } else {
        setSendError(isApiError(error) ? error.message : t('send_failed'));
      }
    } finally {
      setSending(false);
      setConfirming(null);
    }
    if (result) onSent(result, confirming.type);
  };

  const busy = sending || form.busy;
  const { values } = form;
  const typeLabel = (type: RedEnvelopeType) => (type === 'share' ? t('type_share') : t('type_fighting'));

  return (
    <>
      <section className={styles.section}>
        <ChoiceGroup<ReceiversMode>
          name="receivers"
          legend={t('field_receivers')}
          value={values.receivers}
          onChange={(mode) => {
            form.setValue('receivers', mode);
            form.setFieldError('picked', null);
          }}
          disabled={busy}
          testIdPrefix="red-envelope"
          choices={[
            { value: 'all', label: t('receivers_all'), description: t('receivers_all_description') },
            { value: 'pick', label: t('receivers_pick'), description: t('receivers_pick_description', { maximum: RED_ENVELOPE_MAX_RECEIVERS }) },
          ]}
        />
        {values.receivers === 'pick' && (
          <ReceiverPicker key={pickerRound} picked={values.picked} onChange={(picked) => form.setValue('picked', picked)} error={form.errors.picked?.text} disabled={busy} />
        )}
      </section>
      <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate data-testid="red-envelope-form">
        <ChoiceGroup<RedEnvelopeType>
          name="type"
          legend={t('field_type')}
          value={values.type}
          onChange={(type) => form.setValue('type', type)}
          disabled={busy}
          testIdPrefix="red-envelope"
          choices={[
            { value: 'share', label: t('type_share'), description: t('type_share_description') },
            { value: 'fighting', label: t('type_fighting'), description: t('type_fighting_description') },
          ]}
        />
        <div className={styles.balance}>
          <span className={styles.label}>{t('available_balance')}</span>
          {balanceMinor === undefined ? (
            balance.status === 'error' ? (
              <Button variant="ghost" size="sm" onClick={balance.refresh} data-testid="red-envelope-balance-retry">
                {t('retry')}
              </Button>
            ) : (
              <Spinner size="sm" />
            )
          ) : (
            <strong className={styles.amount} data-testid="red-envelope-balance">
              {formatMoney(balanceMinor)}
            </strong>
          )}
        </div>
        <TextField
          name="amount"
          label={t('field_amount')}
          value={values.amount}
          onChange={(value) => form.setValue('amount', value)}
          inputMode="numeric"
          required
          maxLength={20}
          placeholder={t('amount_placeholder')}
          hint={t('amount_hint')}
          error={form.errors.amount?.text}
          testIdPrefix="red-envelope"
        />
        <TextField
          name="remark"
          label={t('field_remark')}
          value={values.remark}
          onChange={(value) => form.setValue('remark', value)}
          maxLength={REMARK_MAX_LENGTH}
          placeholder={t('remark_placeholder')}
          testIdPrefix="red-envelope"
        />
        <PaymentPasswordField
          name="password"
          label={t('field_payment_password')}
          value={values.password}
          onChange={(value) => form.setValue('password', value)}
          error={form.errors.password?.text}
          testIdPrefix="red-envelope"
        />
        <FormError message={sendError ?? form.formError} testId="red-envelope-error" />
        {unanswered && sendError && <p className={styles.note}>{t('retry_sends_once')}</p>}
        {passwordMissing && (
          <Button
            variant="secondary"
            size="sm"
            className={styles.submit}
            onClick={() => bus.dispatch({ type: 'openMemberCenter', page: 'securityCenter' })}
            data-testid="red-envelope-set-password"
          >
            {t('set_payment_password')}
          </Button>
        )}
        <Button type="submit" className={styles.submit} loading={busy} data-testid="red-envelope-submit">
          {t('submit')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm_title')}
        busy={sending}
        confirmLabel={t('confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void send()}
        testId="red-envelope-confirm"
        message={
          confirming && (
            <ConfirmSummary
              rows={[
                {
                  label: t('confirm_receivers'),
                  value: confirming.memberIds ? t('confirm_picked', { picked: confirming.memberIds.length }) : t('receivers_all'),
                  testId: 'red-envelope-confirm-receivers',
                },
                { label: t('confirm_type'), value: typeLabel(confirming.type) },
                { label: t('confirm_amount'), value: formatMoney(confirming.totalMinor), testId: 'red-envelope-confirm-amount' },
                { label: t('confirm_remark'), value: confirming.remark || '-' },
              ]}
            />
          )
        }
      />
    </>
  );
}

import { type AmountMinor, bus, Button, formatMoney, isApiError, Spinner, useCall, useT } from '@platform/shared';
import { RED_ENVELOPE_MAX_RECEIVERS } from '@platform/contract';
import { TextField, type FieldErrors } from '@platform/shared/forms';
import { MoneyActionForm } from '@platform/ui-blocks';
import { useState } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { ChoiceGroup } from './choice-group';
import { EnvelopeResult } from './envelope-result';
import { ReceiverPicker, type PickedReceiver } from './receiver-picker';
import { loadMainBalance, sendRedEnvelope, type RedEnvelopeResult, type RedEnvelopeType } from './red-envelope-api';
import styles from './red-envelope.module.css';
import { NAMESPACE } from './translations';

/** The contract's largest envelope (agentRedEnvelopeCall): 100,000,000 in minor units. */
const MAXIMUM_MINOR = 10_000_000_000 as AmountMinor;
/** The contract's longest remark. */
const REMARK_MAX_LENGTH = 100;

type ReceiversMode = 'all' | 'pick';

/** The envelope's own fields; the amount and the payment password are the money action block's. */
interface Values {
  receivers: ReceiversMode;
  picked: PickedReceiver[];
  type: RedEnvelopeType;
  remark: string;
}

const INITIAL_VALUES: Values = { receivers: 'all', picked: [], type: 'share', remark: '' };

/**
 * Red Envelope (legacy page agentRedRain): the agent sends an amount from its main wallet
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
  // A new checklist (its first page again) after the server refused a pick.
  const [pickerRound, setPickerRound] = useState(0);
  const typeLabel = (type: RedEnvelopeType) => (type === 'share' ? t('type_share') : t('type_fighting'));

  return (
    <MoneyActionForm
      testIdPrefix="red-envelope"
      initialValues={INITIAL_VALUES}
      amount={(values) => {
        // Every receiver gets at least 0.01 (one minor unit): as many as there are picks.
        const minimum = (values.receivers === 'pick' ? Math.max(values.picked.length, 1) : 1) as AmountMinor;
        return {
          label: t('field_amount'),
          placeholder: t('amount_placeholder'),
          hint: t('amount_hint'),
          required: t('amount_required'),
          minimum: { minor: minimum, message: t('amount_below_receivers', { minimum: formatMoney(minimum), receivers: values.picked.length }) },
          maximum: { minor: MAXIMUM_MINOR, message: t('amount_above_maximum', { maximum: formatMoney(MAXIMUM_MINOR) }) },
          balance: { minor: balanceMinor },
        };
      }}
      validate={(values) => {
        const errors: FieldErrors<Values> = {};
        const picking = values.receivers === 'pick';
        if (picking && values.picked.length === 0) errors.picked = { text: t('receivers_required') };
        else if (picking && values.picked.length > RED_ENVELOPE_MAX_RECEIVERS) errors.picked = { text: t('picked_full', { maximum: RED_ENVELOPE_MAX_RECEIVERS }) };
        return errors;
      }}
      order={(values, totalMinor) => ({
        type: values.type,
        totalMinor,
        memberIds: values.receivers === 'pick' ? values.picked.map((receiver) => receiver.memberId) : null,
        remark: values.remark.trim(),
      })}
      // The key stands for the envelope (to whom, which kind, how much, the remark); the password only proves it.
      retryPayload={(envelope) => ({
        memberIds: envelope.memberIds && [...envelope.memberIds].sort((a, b) => a - b),
        type: envelope.type,
        totalMinor: envelope.totalMinor,
        remark: envelope.remark,
      })}
      confirmation={{
        title: t('confirm_title'),
        rows: (envelope) => [
          {
            label: t('confirm_receivers'),
            value: envelope.memberIds ? t('confirm_picked', { picked: envelope.memberIds.length }) : t('receivers_all'),
            testId: 'red-envelope-confirm-receivers',
          },
          { label: t('confirm_type'), value: typeLabel(envelope.type) },
          { label: t('confirm_amount'), value: formatMoney(envelope.totalMinor), testId: 'red-envelope-confirm-amount' },
          { label: t('confirm_remark'), value: envelope.remark || '-' },
        ],
      }}
      send={(envelope, password, key) => sendRedEnvelope({ ...envelope, password }, key)}
      onSent={(result, envelope) => {
        bus.dispatch({ type: 'toast', level: 'success', message: t('sent_toast', { amount: formatMoney(result.totalMinor), receivers: result.receivers.length }) });
        bus.dispatch({ type: 'refreshBalance' });
        onSent(result, envelope.type);
      }}
      paymentPasswordRefusals
      refusal={(error, envelope) => {
        const code = isApiError(error) ? error.errorCode : null;
        if (code === 'agent.insufficient.funds') {
          balance.refresh();
          return { field: 'amount', text: t('insufficient_funds') };
        }
        if (code === 'agent.transfer.invalid') return { field: 'amount', text: t('amount_too_small') };
        if (code === 'agent.downline.unknown' && envelope.memberIds) {
          setPickerRound((count) => count + 1);
          return { field: 'picked', text: t('picked_unknown') };
        }
        if (code === 'agent.downline.unknown') return { message: t('no_direct_downlines') };
        return null;
      }}
      failedText={t('send_failed')}
      unansweredNote={t('retry_sends_once')}
      onSetPassword={() => bus.dispatch({ type: 'openMemberCenter', page: 'securityCenter' })}
      submitLabel={t('submit')}
      compactButtons
      className={styles.form}
      beforeForm={({ form, busy }) => (
        <section className={styles.section}>
          <ChoiceGroup<ReceiversMode>
            name="receivers"
            legend={t('field_receivers')}
            value={form.values.receivers}
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
          {form.values.receivers === 'pick' && (
            <ReceiverPicker key={pickerRound} picked={form.values.picked} onChange={(picked) => form.setValue('picked', picked)} error={form.errors.picked?.text} disabled={busy} />
          )}
        </section>
      )}
      before={({ form, busy }) => (
        <>
          <ChoiceGroup<RedEnvelopeType>
            name="type"
            legend={t('field_type')}
            value={form.values.type}
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
        </>
      )}
      between={({ form }) => (
        <TextField
          name="remark"
          label={t('field_remark')}
          value={form.values.remark}
          onChange={(value) => form.setValue('remark', value)}
          maxLength={REMARK_MAX_LENGTH}
          placeholder={t('remark_placeholder')}
          testIdPrefix="red-envelope"
        />
      )}
    />
  );
}

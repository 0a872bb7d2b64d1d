import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, Input, localeOf, newIdempotencyKey, Notice, Select, ui, useAction, useBackOffice } from '@backoffice/kit';
import { adjustmentAmountOf } from './players-types';
import styles from './players.module.css';

/**
 * What the operator's role may do to a member: block or lift a block (with the reason, kept in the
 * audit trail; an agent cannot lift an operator's block), and credit or debit the main wallet with
 * a reason (the remark in the member's records). An adjustment is sent under one key for all its
 * retries: however often the button or the network repeats it, it is made once. Above the
 * merchant's four-eyes threshold it only waits for another cashier (the Adjustments section).
 */
export function MemberActions({ username, blocked, onChanged }: { username: string; blocked: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const [open, setOpen] = useState<'block' | 'adjust' | null>(null);
  const [reason, setReason] = useState('');
  const [adjustment, setAdjustment] = useState({ amount: '', direction: 'credit' as 'credit' | 'debit', reason: '', key: newIdempotencyKey() });
  const { busy, outcome, run: act } = useAction();
  const verb = blocked ? 'unblock' : 'block';
  const mayBlock = may(`POST /members/:username/${verb}`);
  const mayAdjust = may('POST /members/:username/adjustments');
  if (!mayBlock && !mayAdjust) return null;

  const run = async (work: () => Promise<string>) => {
    if (!(await act(work))) return;
    setOpen(null);
    onChanged();
  };
  const block = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post(`/members/${encodeURIComponent(username)}/${verb}`, { reason: reason.trim() });
      setReason('');
      return t(blocked ? 'players.unblocked' : 'players.blockedDone', { username });
    });
  };
  const amount = adjustmentAmountOf(adjustment.amount);
  const adjust = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null) return;
    void run(async () => {
      const answer = await api.post<{ replayed: boolean; amount: number; awaitingSecondApproval: boolean }>(
        `/members/${encodeURIComponent(username)}/adjustments`,
        { amount, direction: adjustment.direction, reason: adjustment.reason.trim() },
        { idempotencyKey: adjustment.key },
      );
      // Done: the next adjustment is another one.
      setAdjustment({ amount: '', direction: 'credit', reason: '', key: newIdempotencyKey() });
      if (answer.awaitingSecondApproval) return t('players.adjustAwaiting', { amount: formatAmount(answer.amount, locale), username });
      return answer.replayed ? t('players.adjustReplayed') : t('players.adjusted', { amount: formatAmount(answer.amount, locale), username });
    });
  };

  return (
    <section className={ui.panel} aria-label={t('players.actions')}>
      <div className={ui.actions}>
        {mayBlock && (
          <Button variant={blocked ? 'secondary' : 'danger'} onClick={() => setOpen(open === 'block' ? null : 'block')}>
            {t(blocked ? 'players.unblock' : 'players.block')}
          </Button>
        )}
        {mayAdjust && (
          <Button variant="secondary" onClick={() => setOpen(open === 'adjust' ? null : 'adjust')}>
            {t('players.adjust')}
          </Button>
        )}
      </div>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {open === 'block' && (
        <form className={styles.form} onSubmit={block}>
          <Field label={t('players.reason')}>
            <Input required maxLength={500} value={reason} autoFocus onChange={(event) => setReason(event.target.value)} />
          </Field>
          <Button type="submit" variant={blocked ? 'primary' : 'danger'} disabled={busy || !reason.trim()}>
            {t(blocked ? 'players.confirmUnblock' : 'players.confirmBlock')}
          </Button>
        </form>
      )}
      {open === 'adjust' && (
        <form className={styles.form} onSubmit={adjust}>
          <Field label={t('players.direction')}>
            <Select value={adjustment.direction} onChange={(event) => setAdjustment({ ...adjustment, direction: event.target.value as 'credit' | 'debit' })}>
              <option value="credit">{t('players.credit')}</option>
              <option value="debit">{t('players.debit')}</option>
            </Select>
          </Field>
          <Field label={t('players.amount')}>
            <Input inputMode="decimal" required value={adjustment.amount} onChange={(event) => setAdjustment({ ...adjustment, amount: event.target.value })} />
          </Field>
          <Field label={t('players.reason')}>
            <Input required maxLength={500} value={adjustment.reason} onChange={(event) => setAdjustment({ ...adjustment, reason: event.target.value })} />
          </Field>
          <Button type="submit" disabled={busy || amount === null || !adjustment.reason.trim()}>
            {t('players.confirmAdjust')}
          </Button>
        </form>
      )}
    </section>
  );
}

import { POINT_ITEM_KINDS, type PointItemKind } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Select, ui } from '@backoffice/kit';
import type { PointItem } from './points-panel';
import { PROMOTION_LANGUAGES } from './promotions-model';
import styles from './promotions.module.css';


/** What the operator typed, as text. */
export interface PointItemDraft {
  kind: PointItemKind;
  names: Record<string, string>;
  point: string;
  amount: string;
  wageringMultiple: string;
  ticketCount: string;
  /** Blank: unlimited. */
  stock: string;
  /** Blank: no limit per member. */
  memberLimit: string;
}

export const draftOf = (item?: PointItem): PointItemDraft => ({
  kind: item?.kind ?? 'credit',
  names: Object.fromEntries(PROMOTION_LANGUAGES.map((code) => [code, item?.names[code] ?? ''])),
  point: item ? String(item.point) : '',
  amount: item?.amount != null ? String(item.amount) : '',
  wageringMultiple: item?.wageringMultiple != null ? String(item.wageringMultiple) : '',
  ticketCount: item?.ticketCount != null ? String(item.ticketCount) : '',
  stock: item?.stock != null ? String(item.stock) : '',
  memberLimit: item?.memberLimit != null ? String(item.memberLimit) : '',
});

const WHOLE = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

/**
 * The body POST /points/items (or /points/items/:id) takes for a draft, or the translation key of
 * what is wrong: every language's name, a whole price, and the fields of the item's kind only
 * (an amount for credit and bonus, a wagering multiple for a bonus, a ticket count for tickets).
 * The server checks all of it again.
 */
export function pointItemBody(draft: PointItemDraft): { body: Record<string, unknown> } | { problem: string } {
  if (PROMOTION_LANGUAGES.some((code) => !draft.names[code]?.trim())) return { problem: 'promotions.points.form.namesMissing' };
  if (!WHOLE.test(draft.point) || Number(draft.point) < 1) return { problem: 'promotions.points.form.pointInvalid' };
  const money = draft.kind === 'credit' || draft.kind === 'bonus';
  if (money && (!MONEY.test(draft.amount) || Number(draft.amount) <= 0)) return { problem: 'promotions.points.form.amountInvalid' };
  if (draft.kind === 'bonus' && !WHOLE.test(draft.wageringMultiple)) return { problem: 'promotions.points.form.wageringInvalid' };
  if (draft.kind === 'tickets' && (!WHOLE.test(draft.ticketCount) || Number(draft.ticketCount) < 1)) return { problem: 'promotions.points.form.ticketsInvalid' };
  if (draft.stock !== '' && !WHOLE.test(draft.stock)) return { problem: 'promotions.points.form.stockInvalid' };
  if (draft.memberLimit !== '' && (!WHOLE.test(draft.memberLimit) || Number(draft.memberLimit) < 1)) return { problem: 'promotions.points.form.limitInvalid' };
  return {
    body: {
      names: Object.fromEntries(PROMOTION_LANGUAGES.map((code) => [code, draft.names[code].trim()])),
      point: Number(draft.point),
      amount: money ? Number(draft.amount) : null,
      wageringMultiple: draft.kind === 'bonus' ? Number(draft.wageringMultiple) : null,
      ticketCount: draft.kind === 'tickets' ? Number(draft.ticketCount) : null,
      stock: draft.stock === '' ? null : Number(draft.stock),
      memberLimit: draft.memberLimit === '' ? null : Number(draft.memberLimit),
    },
  };
}

/** A point mall item's form: a new one (its kind chosen here) or an existing one (its kind fixed). */
export function PointItemForm({ item, busy, onSave, onCancel }: { item?: PointItem; busy: boolean; onSave: (body: Record<string, unknown>) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(item));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (changes: Partial<PointItemDraft>) => {
    setDraft({ ...draft, ...changes });
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = pointItemBody(draft);
    if ('problem' in checked) return setProblem(checked.problem);
    onSave(item ? checked.body : { kind: draft.kind, ...checked.body });
  };
  const title = item ? t('promotions.points.form.edit', { name: item.names.EN }) : t('promotions.points.form.add');
  return (
    <form className={styles.form} onSubmit={submit} aria-label={title} noValidate>
      <h3 className={styles.subTitle}>{title}</h3>
      <Field label={t('promotions.points.kind')}>
        <Select value={draft.kind} disabled={Boolean(item)} onChange={(event) => set({ kind: event.target.value as PointItemKind })}>
          {POINT_ITEM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`promotions.points.kinds.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      {PROMOTION_LANGUAGES.map((code) => (
        <Field key={code} label={t('promotions.points.form.name', { language: t(`promotions.languages.${code}`) })}>
          <Input maxLength={80} value={draft.names[code]} onChange={(event) => set({ names: { ...draft.names, [code]: event.target.value } })} />
        </Field>
      ))}
      <Field label={t('promotions.points.price')}>
        <Input inputMode="numeric" value={draft.point} onChange={(event) => set({ point: event.target.value })} />
      </Field>
      {(draft.kind === 'credit' || draft.kind === 'bonus') && (
        <Field label={t('promotions.points.form.amount')}>
          <Input inputMode="decimal" value={draft.amount} onChange={(event) => set({ amount: event.target.value })} />
        </Field>
      )}
      {draft.kind === 'bonus' && (
        <Field label={t('promotions.points.form.wagering')}>
          <Input inputMode="numeric" value={draft.wageringMultiple} onChange={(event) => set({ wageringMultiple: event.target.value })} />
        </Field>
      )}
      {draft.kind === 'tickets' && (
        <Field label={t('promotions.points.form.tickets')}>
          <Input inputMode="numeric" value={draft.ticketCount} onChange={(event) => set({ ticketCount: event.target.value })} />
        </Field>
      )}
      <Field label={t('promotions.points.form.stock')}>
        <Input inputMode="numeric" value={draft.stock} onChange={(event) => set({ stock: event.target.value })} />
      </Field>
      <Field label={t('promotions.points.form.limit')}>
        <Input inputMode="numeric" value={draft.memberLimit} onChange={(event) => set({ memberLimit: event.target.value })} />
      </Field>
      {problem && (
        <p className={ui.alert} role="alert">
          {t(problem)}
        </p>
      )}
      <div className={ui.actions}>
        <Button type="submit" disabled={busy}>
          {t('promotions.points.form.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

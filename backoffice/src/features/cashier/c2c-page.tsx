import { C2C_ORDER_STATUSES } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatTime, Input, localeOf, Notice, PageTitle, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { QUEUE_REFRESH_MS } from './cashier-types';
import styles from './cashier.module.css';

/** A C2C order as GET /c2c answers it (server/src/modules/c2c/c2c.operator-routes.ts), amounts in major units. */
export interface C2COrderRow {
  number: string;
  deposit: string;
  withdrawal: string;
  depositor: string;
  withdrawer: string;
  payerName: string;
  amount: number;
  receivedAmount: number | null;
  status: string;
  outcome: string | null;
  bankName: string;
  cardNumber: string;
  payeeName: string;
  createdAt: number;
  payDeadline: number;
  paidAt: number | null;
  confirmDeadline: number | null;
  closedAt: number | null;
  operator: string | null;
  hasProof: boolean;
}

interface C2CImage {
  role: string;
  dataUrl: string;
}

/**
 * Member-to-member (C2C) payments: a depositor pays a withdrawer's card, the withdrawer confirms
 * it arrived. When the withdrawer says it did not, the order is disputed and waits here: the
 * operator reads both sides (the payer's proof, the withdrawer's evidence) and decides whether the
 * money arrived and how much. The server moves money at most once for an order, whoever repeats it.
 */
export default function C2CPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api } = useBackOffice();
  // Disputed orders are the ones waiting for a decision: the desk opens on them.
  const [status, setStatus] = useState<string>('disputed');
  const { data, error, loading, reload } = useLoad(
    () => api.get<{ list: C2COrderRow[] }>('/c2c', status ? { status, limit: 200 } : { limit: 200 }),
    [status],
    { refreshMs: QUEUE_REFRESH_MS },
  );
  const [openNumber, setOpenNumber] = useState<string | null>(null);
  // The decision's outcome is the page's: it stays in view once the decided order leaves the list.
  const action = useAction();
  const list = data?.list ?? [];
  const open = list.find((order) => order.number === openNumber) ?? null;

  return (
    <>
      <PageTitle>{t('c2c.nav')}</PageTitle>
      <p className={styles.muted}>{t('c2c.intro')}</p>
      <div className={ui.toolbar}>
        <Field label={t('cashier.status')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            {C2C_ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`c2c.statuses.${value}`)}
              </option>
            ))}
            <option value="">{t('c2c.all')}</option>
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="c2c-orders">
          <thead>
            <tr>
              <th>{t('c2c.number')}</th>
              <th>{t('c2c.payer')}</th>
              <th>{t('c2c.withdrawer')}</th>
              <th className={ui.number}>{t('c2c.amount')}</th>
              <th className={ui.number}>{t('c2c.received')}</th>
              <th>{t('cashier.status')}</th>
              <th>{t('c2c.deadlines')}</th>
              <th>{t('cashier.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((order) => (
              <tr key={order.number} data-testid="c2c-row" data-number={order.number}>
                <td>{order.number}</td>
                <td>
                  {order.depositor}
                  <div className={styles.muted}>{order.payerName}</div>
                </td>
                <td>
                  {order.withdrawer}
                  <div className={styles.muted}>{order.payeeName}</div>
                </td>
                <td className={ui.number}>{formatAmount(order.amount, locale)}</td>
                <td className={ui.number}>{order.receivedAmount === null ? '–' : formatAmount(order.receivedAmount, locale)}</td>
                <td>
                  {t(`c2c.statuses.${order.status}`, { defaultValue: order.status })}
                  {order.outcome && <div className={styles.muted}>{t(`c2c.outcomes.${order.outcome}`, { defaultValue: order.outcome })}</div>}
                </td>
                <td>
                  <div>{t('c2c.payBy', { time: formatTime(order.payDeadline, locale) })}</div>
                  {order.confirmDeadline !== null && <div className={styles.muted}>{t('c2c.confirmBy', { time: formatTime(order.confirmDeadline, locale) })}</div>}
                </td>
                <td>
                  <Button variant="secondary" onClick={() => setOpenNumber(openNumber === order.number ? null : order.number)}>
                    {t(openNumber === order.number ? 'c2c.close' : 'c2c.open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('c2c.none')}</p>}
      </div>
      {open && <OrderDetail key={open.number} order={open} action={action} onDecided={() => void reload()} />}
    </>
  );
}

type Action = ReturnType<typeof useAction>;

function OrderDetail({ order, action, onDecided }: { order: C2COrderRow; action: Action; onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const images = useLoad(() => api.get<{ list: C2CImage[] }>(`/c2c/${order.number}/images`), [order.number]);
  const time = (ms: number | null) => formatTime(ms, locale);
  return (
    <section className={ui.panel} data-testid="c2c-detail" aria-label={t('c2c.detail', { number: order.number })}>
      <h2>{t('c2c.detail', { number: order.number })}</h2>
      <dl className={styles.facts}>
        <dt>{t('c2c.payer')}</dt>
        <dd>
          {order.depositor} ({order.payerName})
        </dd>
        <dt>{t('c2c.deposit')}</dt>
        <dd>{order.deposit}</dd>
        <dt>{t('c2c.withdrawer')}</dt>
        <dd>{order.withdrawer}</dd>
        <dt>{t('c2c.withdrawal')}</dt>
        <dd>{order.withdrawal}</dd>
        <dt>{t('c2c.card')}</dt>
        <dd>
          {order.bankName} {order.cardNumber} · {order.payeeName}
        </dd>
        <dt>{t('c2c.amount')}</dt>
        <dd>{formatAmount(order.amount, locale)}</dd>
        <dt>{t('c2c.received')}</dt>
        <dd>{order.receivedAmount === null ? '–' : formatAmount(order.receivedAmount, locale)}</dd>
        <dt>{t('cashier.status')}</dt>
        <dd>
          {t(`c2c.statuses.${order.status}`, { defaultValue: order.status })}
          {order.outcome && ` · ${t(`c2c.outcomes.${order.outcome}`, { defaultValue: order.outcome })}`}
        </dd>
        <dt>{t('c2c.created')}</dt>
        <dd>{time(order.createdAt)}</dd>
        <dt>{t('c2c.deadlines')}</dt>
        <dd>
          {t('c2c.payBy', { time: time(order.payDeadline) })}
          {order.confirmDeadline !== null && ` · ${t('c2c.confirmBy', { time: time(order.confirmDeadline) })}`}
        </dd>
        <dt>{t('c2c.paidAt')}</dt>
        <dd>{time(order.paidAt)}</dd>
        <dt>{t('c2c.closedAt')}</dt>
        <dd>{time(order.closedAt)}</dd>
        <dt>{t('c2c.decidedBy')}</dt>
        <dd>{order.operator ?? '–'}</dd>
      </dl>
      <h3>{t('c2c.images')}</h3>
      <ErrorMessage>{images.error}</ErrorMessage>
      {images.data && images.data.list.length === 0 && <p className={ui.empty}>{t('c2c.noImages')}</p>}
      <div className={styles.images}>
        {images.data?.list.map((image, index) => {
          const caption = t(`c2c.imageRoles.${image.role}`, { defaultValue: image.role });
          return (
            <figure key={`${image.role}-${index}`} className={styles.receipt}>
              <img src={image.dataUrl} alt={caption} />
              <figcaption className={styles.muted}>{caption}</figcaption>
            </figure>
          );
        })}
      </div>
      {order.status === 'disputed' && may('POST /c2c/:orderId/resolve') && <Decision order={order} action={action} onDecided={onDecided} />}
    </section>
  );
}

/** What arrived, as the server takes it: above zero, at most the order's amount, cents at most. */
export function arrivedAmountOf(text: string, orderAmount: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 && amount <= orderAmount ? amount : null;
}

/**
 * The decision of a disputed order: the money arrived (with the amount that did, the whole order by
 * default) or nothing did. Asked once more before the call, since it moves money.
 */
function Decision({ order, action, onDecided }: { order: C2COrderRow; action: Action; onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api } = useBackOffice();
  const [received, setReceived] = useState(true);
  const [amountText, setAmountText] = useState(String(order.amount));
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = action;
  const amount = arrivedAmountOf(amountText, order.amount);
  const names = { number: order.number, payer: order.depositor, withdrawer: order.withdrawer };

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (received && amount === null) return;
    setConfirming(true);
  };
  // Decided or refused, the list is read again: another operator may have decided meanwhile.
  const decide = async () => {
    await run(async () => {
      const answer = await api.post<{ order: C2COrderRow; changed: boolean }>(`/c2c/${order.number}/resolve`, received ? { received, amount } : { received });
      if (!answer.changed) return t('c2c.alreadyDecided', names);
      return received ? t('c2c.resolvedReceived', { ...names, amount: formatAmount(answer.order.receivedAmount ?? amount, locale) }) : t('c2c.resolvedNotReceived', names);
    });
    setConfirming(false);
    onDecided();
  };

  return (
    <div data-testid="c2c-decision">
      <h3>{t('c2c.decision')}</h3>
      <form className={styles.decision} onSubmit={ask}>
        <Field label={t('c2c.decision')}>
          <Select
            value={received ? 'received' : 'not'}
            onChange={(event) => {
              setReceived(event.target.value === 'received');
              setConfirming(false);
            }}
          >
            <option value="received">{t('c2c.arrived')}</option>
            <option value="not">{t('c2c.notArrived')}</option>
          </Select>
        </Field>
        {received && (
          <Field label={t('c2c.amountArrived')}>
            <Input
              inputMode="decimal"
              required
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                setConfirming(false);
              }}
            />
          </Field>
        )}
        <Button type="submit" disabled={busy || confirming || (received && amount === null)}>
          {t('c2c.decide')}
        </Button>
      </form>
      {received && amount === null && <p className={styles.muted}>{t('c2c.invalidAmount')}</p>}
      {confirming && (
        <div className={styles.decision} role="group" aria-label={t('c2c.confirm')}>
          <p>{received ? t('c2c.confirmReceived', { ...names, amount: formatAmount(amount, locale) }) : t('c2c.confirmNotReceived', names)}</p>
          <Button variant={received ? 'primary' : 'danger'} disabled={busy} onClick={() => void decide()}>
            {t('c2c.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}

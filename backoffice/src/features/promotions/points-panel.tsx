import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatCount, formatTime, Input, localeOf, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { PointItemForm } from './point-item-form';
import { PointSettingsForm } from './point-settings-form';
import styles from './promotions.module.css';

/** An item of GET /points/items. */
export interface PointItem {
  itemId: number;
  kind: 'credit' | 'bonus' | 'tickets' | 'physical';
  names: Record<string, string>;
  point: number;
  amount: number | null;
  wageringMultiple: number | null;
  ticketCount: number | null;
  stock: number | null;
  memberLimit: number | null;
  enabled: boolean;
  position: number;
}

/** A redeem of GET /points/redeems. */
export interface PointRedeem {
  redeemId: number;
  username: string;
  name: string;
  kind: string;
  point: number;
  amount: number | null;
  ticketCount: number | null;
  deliveryStatus: 'pending' | 'delivered' | null;
  redeemedAt: number;
  deliveredAt: number | null;
  deliveredBy: string | null;
  note: string | null;
}

const STATUSES = ['pending', 'physical', 'delivered', 'all'] as const;
type Status = (typeof STATUSES)[number];

/** The point mall's catalogue: each item's price, stock and limit; content staff add, change, show or hide items. */
function ItemsTable() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: PointItem[] }>('/points/items'), []);
  const { busy, outcome, run } = useAction();
  const [editing, setEditing] = useState<PointItem | 'new' | null>(null);
  const list = data?.list ?? [];
  const save = async (body: Record<string, unknown>) => {
    const item = editing === 'new' ? null : editing;
    const done = await run(async () => {
      const saved = await api.post<PointItem>(item ? `/points/items/${item.itemId}` : '/points/items', body);
      return t(item ? 'promotions.points.form.changed' : 'promotions.points.form.added', { name: saved.names?.EN ?? body.names });
    });
    if (done) setEditing(null);
    void reload();
  };
  const toggle = async (item: PointItem) => {
    await run(async () => {
      await api.post(`/points/items/${item.itemId}`, { enabled: !item.enabled });
      return t(item.enabled ? 'promotions.points.hidden' : 'promotions.points.shown', { name: item.names.EN ?? item.itemId });
    });
    void reload();
  };
  return (
    <section aria-label={t('promotions.points.catalogue')}>
      <h2 className={styles.subTitle}>{t('promotions.points.catalogue')}</h2>
      {may('POST /points/items') && editing === null && (
        <div className={ui.toolbar}>
          <Button onClick={() => setEditing('new')}>{t('promotions.points.form.add')}</Button>
        </div>
      )}
      {editing !== null && <PointItemForm key={editing === 'new' ? 'new' : editing.itemId} item={editing === 'new' ? undefined : editing} busy={busy} onSave={(body) => void save(body)} onCancel={() => setEditing(null)} />}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="point-items">
          <thead>
            <tr>
              <th>{t('promotions.points.item')}</th>
              <th>{t('promotions.points.kind')}</th>
              <th className={ui.number}>{t('promotions.points.price')}</th>
              <th className={ui.number}>{t('promotions.points.gives')}</th>
              <th className={ui.number}>{t('promotions.points.stock')}</th>
              <th className={ui.number}>{t('promotions.points.limit')}</th>
              <th>{t('promotions.column.state')}</th>
              <th>{t('promotions.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.itemId} data-testid="point-item-row" data-id={item.itemId}>
                <td>{item.names[i18n.language === 'CN' ? 'CN' : 'EN'] || item.names.EN}</td>
                <td>{t(`promotions.points.kinds.${item.kind}`, { defaultValue: item.kind })}</td>
                <td className={ui.number}>{formatCount(item.point, locale)}</td>
                <td className={ui.number}>{item.amount !== null ? formatAmount(item.amount, locale) : item.ticketCount !== null ? t('promotions.points.tickets', { count: item.ticketCount }) : '–'}</td>
                <td className={ui.number}>{item.stock === null ? t('promotions.points.unlimited') : formatCount(item.stock, locale)}</td>
                <td className={ui.number}>{item.memberLimit === null ? t('promotions.points.unlimited') : formatCount(item.memberLimit, locale)}</td>
                <td className={item.enabled ? styles.running : styles.paused}>{item.enabled ? t('promotions.points.on') : t('promotions.points.off')}</td>
                <td>
                  {may('POST /points/items/:id') && (
                    <div className={ui.actions}>
                      <Button variant="secondary" disabled={busy} onClick={() => setEditing(item)} aria-label={t('promotions.points.form.edit', { name: item.names.EN })}>
                        {t('promotions.points.form.editShort')}
                      </Button>
                      <Button variant={item.enabled ? 'danger' : 'secondary'} disabled={busy} onClick={() => void toggle(item)}>
                        {item.enabled ? t('promotions.points.hide') : t('promotions.points.show')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('promotions.points.noItems')}</p>}
      </div>
    </section>
  );
}

/**
 * Points: the point mall's catalogue and what members redeemed, newest first; a physical gift is
 * marked delivered once, with a note (a tracking number, say). Cashiers adjust a member's points
 * from the member's page, as money.
 */
export function PointsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const [status, setStatus] = useState<Status>('pending');
  const [search, setSearch] = useState('');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: PointRedeem[]; total: number }>('/points/redeems', { status, size: 200 }), [status]);
  const [delivering, setDelivering] = useState<{ redeemId: number; note: string } | null>(null);
  const { busy, outcome, run } = useAction();
  const words = search.trim().toLowerCase();
  const list = (data?.list ?? []).filter((row) => !words || row.username.toLowerCase().includes(words) || row.name.toLowerCase().includes(words));

  const deliver = async (row: PointRedeem) => {
    const note = delivering?.note.trim() ?? '';
    const done = await run(async () => {
      await api.post(`/points/redeems/${row.redeemId}/deliver`, note ? { note } : {});
      return t('promotions.points.delivered', { name: row.name, username: row.username });
    });
    if (done) setDelivering(null);
    void reload();
  };

  return (
    <>
      {may('GET /points/settings') && <PointSettingsForm />}
      {may('GET /points/items') && <ItemsTable />}
      <section aria-label={t('promotions.points.redeems')}>
        <h2 className={styles.subTitle}>{t('promotions.points.redeems')}</h2>
        <div className={ui.toolbar}>
          <Field label={t('search')}>
            <Input type="search" value={search} placeholder={t('promotions.applications.searchHint')} onChange={(event) => setSearch(event.target.value)} />
          </Field>
          <Field label={t('promotions.applications.show')}>
            <Select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`promotions.points.statuses.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
            {t('refresh')}
          </Button>
        </div>
        <Notice>{outcome.notice}</Notice>
        <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
        <div className={ui.tableWrap}>
          <table className={ui.table} data-testid="point-redeems">
            <thead>
              <tr>
                <th>{t('promotions.points.redeemedAt')}</th>
                <th>{t('promotions.column.member')}</th>
                <th>{t('promotions.points.item')}</th>
                <th className={ui.number}>{t('promotions.points.price')}</th>
                <th>{t('promotions.column.state')}</th>
                <th>{t('promotions.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={row.redeemId} data-testid="point-redeem-row" data-id={row.redeemId}>
                  <td>{formatTime(row.redeemedAt, locale)}</td>
                  <td>{row.username}</td>
                  <td>{row.name}</td>
                  <td className={ui.number}>{formatCount(row.point, locale)}</td>
                  <td>
                    {row.deliveryStatus ? t(`promotions.points.delivery.${row.deliveryStatus}`) : t('promotions.points.delivery.instant')}
                    {row.deliveredBy && (
                      <span className={styles.block}>
                        {row.deliveredBy}, {formatTime(row.deliveredAt, locale)}
                        {row.note ? ` · ${row.note}` : ''}
                      </span>
                    )}
                  </td>
                  <td>
                    {row.deliveryStatus === 'pending' && may('POST /points/redeems/:redeemId/deliver') && delivering?.redeemId !== row.redeemId && (
                      <Button onClick={() => setDelivering({ redeemId: row.redeemId, note: '' })}>{t('promotions.points.deliver')}</Button>
                    )}
                    {delivering?.redeemId === row.redeemId && (
                      <form
                        className={styles.reject}
                        aria-label={t('promotions.points.deliverOf', { name: row.name, username: row.username })}
                        onSubmit={(event) => {
                          event.preventDefault();
                          void deliver(row);
                        }}
                      >
                        <Field label={t('promotions.points.note')}>
                          <Input value={delivering.note} maxLength={500} onChange={(event) => setDelivering({ ...delivering, note: event.target.value })} />
                        </Field>
                        <div className={ui.actions}>
                          <Button type="submit" disabled={busy}>
                            {t('promotions.points.confirmDeliver')}
                          </Button>
                          <Button variant="secondary" onClick={() => setDelivering(null)}>
                            {t('cancel')}
                          </Button>
                        </div>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!loading && list.length === 0 && <p className={ui.empty}>{t('promotions.points.noRedeems')}</p>}
        </div>
      </section>
    </>
  );
}

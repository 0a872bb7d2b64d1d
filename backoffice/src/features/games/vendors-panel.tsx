import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, Notice, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './games.module.css';

export interface MaintenanceWindow {
  id: number;
  startsAt: number;
  endsAt: number | null;
  reason: string;
  current: boolean;
}

export interface Vendor {
  vassalage: string;
  categories: string[];
  provider: boolean;
  adapter: string | null;
  enabled: boolean;
  hasSecret: boolean;
  sessionMinutes: number | null;
  maintenance: MaintenanceWindow[];
}

/** The server's longest reason (MAINTENANCE_REASON_MAX). */
const REASON_MAX = 200;

/**
 * The game vendors (GET /games/vendors) with their maintenance windows not over yet. Content staff
 * put a connected vendor under maintenance with a reason, now until cleared or until a time
 * (launches answer that the vendor is under maintenance, bets are refused), and end it.
 */
export function VendorsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: Vendor[] }>('/games/vendors'), []);
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const locale = localeOf(i18n.language);

  const clear = (vendor: Vendor) =>
    void action
      .run(async () => {
        const ended = await api.delete<{ ended: number; removed: number }>(`/games/vendors/${vendor.vassalage}/maintenance`);
        return t('games.vendors.cleared', { vendor: vendor.vassalage, ended: ended.ended, removed: ended.removed });
      })
      .finally(() => void reload());

  return (
    <section aria-label={t('games.tabs.vendors')}>
      <div className={ui.toolbar}>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      <ErrorMessage>{error && t('games.loadFailed', { reason: error })}</ErrorMessage>
      {data && data.list.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{t('games.vendors.none')}</p>}
      {data && data.list.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('games.vendors.vendor')}</th>
                <th scope="col">{t('games.vendors.connection')}</th>
                <th scope="col">{t('games.vendors.maintenance')}</th>
                <th scope="col">{t('games.vendors.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((vendor) => (
                <tr key={vendor.vassalage} data-testid="vendor-row" data-vendor={vendor.vassalage}>
                  <td>
                    {vendor.vassalage}
                    <div className={styles.muted}>{vendor.categories.join(', ')}</div>
                  </td>
                  <td>{!vendor.provider || !vendor.adapter ? t('games.vendors.notConnected') : vendor.enabled ? t('games.vendors.connected', { adapter: vendor.adapter }) : t('games.vendors.providerOff', { adapter: vendor.adapter })}</td>
                  <td>
                    {vendor.maintenance.length === 0 && <span className={styles.muted}>{t('games.vendors.noWindow')}</span>}
                    {vendor.maintenance.map((window) => (
                      <p key={window.id} className={styles.window}>
                        {t(window.current ? 'games.vendors.windowNow' : 'games.vendors.windowLater', {
                          from: formatTime(window.startsAt, locale),
                          to: window.endsAt === null ? t('games.vendors.untilCleared') : formatTime(window.endsAt, locale),
                          reason: window.reason,
                        })}
                      </p>
                    ))}
                  </td>
                  <td>
                    {vendor.provider && (
                      <div className={ui.actions}>
                        {may('POST /games/vendors/:vassalage/maintenance') && (
                          <Button variant="secondary" disabled={action.busy} onClick={() => setEditing(editing === vendor.vassalage ? null : vendor.vassalage)}>
                            {t('games.vendors.schedule')}
                          </Button>
                        )}
                        {may('DELETE /games/vendors/:vassalage/maintenance') && vendor.maintenance.length > 0 && (
                          <Button variant="danger" disabled={action.busy} onClick={() => clear(vendor)}>
                            {t('games.vendors.clear')}
                          </Button>
                        )}
                      </div>
                    )}
                    {editing === vendor.vassalage && (
                      <MaintenanceForm
                        vendor={vendor.vassalage}
                        busy={action.busy}
                        onCancel={() => setEditing(null)}
                        onSubmit={(asked) =>
                          void action
                            .run(async () => {
                              await api.post<MaintenanceWindow>(`/games/vendors/${vendor.vassalage}/maintenance`, asked);
                              return t('games.vendors.scheduled', { vendor: vendor.vassalage });
                            })
                            .then((done) => done && setEditing(null))
                            .finally(() => void reload())
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MaintenanceForm({ vendor, busy, onSubmit, onCancel }: { vendor: string; busy: boolean; onSubmit: (asked: { reason: string; endsAt?: number }) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const endsAt = until ? new Date(until).getTime() : undefined;
    onSubmit({ reason: reason.trim(), ...(endsAt !== undefined && Number.isFinite(endsAt) ? { endsAt } : {}) });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('games.vendors.formFor', { vendor })}>
      <Field label={t('games.vendors.reason')}>
        <Input value={reason} maxLength={REASON_MAX} required onChange={(event) => setReason(event.target.value)} />
      </Field>
      <Field label={t('games.vendors.until')}>
        <Input type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
      </Field>
      <div className={ui.actions}>
        <Button type="submit" disabled={busy || reason.trim() === ''}>
          {t('games.vendors.start')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

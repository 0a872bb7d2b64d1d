import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, OpsError, PageTitle, type Query, ui, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './audit.module.css';

export interface AuditEntry {
  id: number;
  operator: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'started' | 'ok' | 'refused';
  errorCode: string | null;
  detail: Record<string, unknown>;
  requestId: string | null;
  clientIp: string | null;
  createdAt: number;
}

const PAGE_SIZE = 100;

/** A day's start (`from`) or end (`to`) in the operator's time zone, as epoch ms; undefined when empty. */
export function dayBound(value: string, edge: 'from' | 'to'): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number);
  const start = new Date(year, month - 1, day).getTime();
  return edge === 'from' ? start : new Date(year, month - 1, day + 1).getTime() - 1;
}

/**
 * Every operator action, newest first: who, when, from where, what, on what, and the before/after
 * values its detail holds; filtered by operator, action and days, paged back, and exported as CSV
 * (the server writes the file, with the same filters).
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const [draft, setDraft] = useState({ operator: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState(draft);
  const [older, setOlder] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState<{ error: string | null; busy: boolean; done: boolean }>({ error: null, busy: false, done: false });
  const query = (): Query => ({ operator: filters.operator.trim() || undefined, action: filters.action.trim() || undefined, from: dayBound(filters.from, 'from'), to: dayBound(filters.to, 'to') });
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: AuditEntry[] }>('/audit', { ...query(), limit: PAGE_SIZE }), [filters]);

  const entries = [...(data?.list ?? []), ...older];
  const search = (event: FormEvent) => {
    event.preventDefault();
    setOlder([]);
    setMore({ error: null, busy: false, done: false });
    setFilters({ ...draft });
  };
  const loadOlder = async () => {
    const last = entries[entries.length - 1];
    if (!last) return;
    setMore({ error: null, busy: true, done: false });
    try {
      const page = await api.get<{ list: AuditEntry[] }>('/audit', { ...query(), limit: PAGE_SIZE, before: last.id });
      setOlder((current) => [...current, ...page.list]);
      setMore({ error: null, busy: false, done: page.list.length < PAGE_SIZE });
    } catch (caught) {
      setMore({ error: caught instanceof OpsError ? caught.message : t('error.unknown'), busy: false, done: false });
    }
  };
  const exportCsv = async () => {
    try {
      const file = await api.download('/audit.csv', query());
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (caught) {
      setMore((current) => ({ ...current, error: caught instanceof OpsError ? caught.message : t('error.unknown') }));
    }
  };

  return (
    <>
      <PageTitle>{t('nav.audit')}</PageTitle>
      <form className={ui.toolbar} onSubmit={search}>
        <Field label={t('audit.operator')}>
          <Input name="operator" maxLength={40} value={draft.operator} onChange={(event) => setDraft({ ...draft, operator: event.target.value })} />
        </Field>
        <Field label={t('audit.action')}>
          <Input name="action" maxLength={64} placeholder="deposit." value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })} />
        </Field>
        <Field label={t('audit.from')}>
          <Input name="from" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </Field>
        <Field label={t('audit.to')}>
          <Input name="to" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </Field>
        <Button type="submit" disabled={loading}>
          {t('search')}
        </Button>
        {may('GET /audit.csv') && (
          <Button variant="secondary" onClick={() => void exportCsv()}>
            {t('audit.export')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </form>
      <ErrorMessage>{more.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="audit">
          <thead>
            <tr>
              <th>{t('audit.time')}</th>
              <th>{t('audit.operator')}</th>
              <th>{t('audit.action')}</th>
              <th>{t('audit.target')}</th>
              <th>{t('audit.outcome')}</th>
              <th>{t('audit.address')}</th>
              <th>{t('audit.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-row">
                <td>{formatTime(entry.createdAt, locale)}</td>
                <td>{entry.operator ?? '–'}</td>
                <td>{entry.action}</td>
                <td>{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : '–'}</td>
                <td>
                  {t(`audit.outcomes.${entry.outcome}`)}
                  {entry.errorCode && <div className={styles.code}>{entry.errorCode}</div>}
                </td>
                <td>{entry.clientIp ?? '–'}</td>
                <td>
                  <code className={styles.detail}>{Object.keys(entry.detail ?? {}).length > 0 ? JSON.stringify(entry.detail) : ''}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && entries.length === 0 && <p className={ui.empty}>{t('audit.none')}</p>}
      </div>
      {entries.length >= PAGE_SIZE && !more.done && (
        <p>
          <Button variant="secondary" disabled={more.busy} onClick={() => void loadOlder()}>
            {t('audit.older')}
          </Button>
        </p>
      )}
    </>
  );
}

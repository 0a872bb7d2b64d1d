import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, OpsError, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { Checkbox, RowActions } from './content-fields';
import { emptyServiceLinkDraft, isWebAddress, SERVICE_LINK_KINDS, serviceLinkBody, serviceLinkDraftOf, type ServiceLinkDraft, type ServiceLinkKind, type ServiceLinkRow } from './content-model';
import styles from './content.module.css';

function ServiceLinkForm({ link, onSaved, onCancel }: { link: ServiceLinkRow | null; onSaved: (row: ServiceLinkRow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<ServiceLinkDraft>(() => (link ? serviceLinkDraftOf(link) : emptyServiceLinkDraft()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<ServiceLinkDraft>) => setDraft((current) => ({ ...current, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = serviceLinkBody(draft);
      onSaved(link ? await api.post<ServiceLinkRow>(`/content/service-links/${link.id}`, body) : await api.post<ServiceLinkRow>('/content/service-links', body));
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const heading = link ? t('content.editLink', { id: link.id }) : t('content.newLink');
  const badAddress = draft.url.trim() !== '' && !isWebAddress(draft.url);
  return (
    <form className={[ui.panel, styles.form].join(' ')} onSubmit={(event) => void save(event)} aria-label={heading}>
      <h2>{heading}</h2>
      <Field label={t('content.linkKind')}>
        <Select value={draft.csType} onChange={(event) => set({ csType: event.target.value as ServiceLinkKind })}>
          {SERVICE_LINK_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`content.linkKinds.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('content.order')}>
        <Input type="number" step={1} min={-1000000} max={1000000} value={draft.sortOrder} onChange={(event) => set({ sortOrder: event.target.value })} />
      </Field>
      <Checkbox label={t('content.enabled')} checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
      <p className={[styles.muted, styles.wide].join(' ')}>{t(`content.linkKindUses.${draft.csType === 'LIVECHAT' || draft.csType === 'VIP' ? 'chat' : 'app'}`)}</p>
      <div className={styles.wide}>
        <Field label={t('content.linkTitle')}>
          <Input required maxLength={100} value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        </Field>
      </div>
      <div className={styles.wide}>
        <Field label={t('content.linkUrl')}>
          <Input required maxLength={2000} value={draft.url} placeholder="https://…" onChange={(event) => set({ url: event.target.value })} />
        </Field>
        {badAddress && <p className={styles.muted}>{t('content.linkUrlHint')}</p>}
      </div>
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy || !draft.title.trim() || !draft.url.trim()}>
          {link ? t('content.save') : t('content.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
      <div className={styles.wide}>
        <ErrorMessage>{error}</ErrorMessage>
      </div>
    </form>
  );
}

/**
 * The customer-service links the site offers players (its side bar and support menu), in their
 * order; created and changed in a form (an http(s) address only), deleted after a confirmation.
 * Players see a change on their next page load.
 */
export function ServiceLinksPanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: ServiceLinkRow[] }>('/content/service-links'), []);
  const [editing, setEditing] = useState<{ link: ServiceLinkRow | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { busy, outcome, run, told, clear } = useAction();

  const saved = (row: ServiceLinkRow) => {
    told(editing?.link ? t('content.linkSaved', { id: row.id }) : t('content.linkCreated', { id: row.id }));
    setEditing(null);
    void reload();
  };
  const remove = async (link: ServiceLinkRow) => {
    const done = await run(async () => {
      await api.delete(`/content/service-links/${link.id}`);
      return t('content.linkDeleted', { id: link.id });
    });
    if (done) setDeleting(null);
    void reload();
  };

  const list = data?.list ?? [];
  return (
    <>
      <div className={ui.toolbar}>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {may('POST /content/service-links') && !editing && (
          <Button
            onClick={() => {
              clear();
              setEditing({ link: null });
            }}
          >
            {t('content.newLink')}
          </Button>
        )}
      </div>
      {editing && <ServiceLinkForm key={editing.link?.id ?? 'new'} link={editing.link} onSaved={saved} onCancel={() => setEditing(null)} />}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="service-links">
          <thead>
            <tr>
              <th>{t('content.linkTitle')}</th>
              <th>{t('content.linkKind')}</th>
              <th>{t('content.linkUrl')}</th>
              <th>{t('content.orderColumn')}</th>
              <th>{t('content.status')}</th>
              <th>{t('content.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((link) => (
              <tr key={link.id} data-testid="service-link-row" data-id={link.id}>
                <td>
                  <span className={styles.title}>{link.title}</span>
                </td>
                <td>{t(`content.linkKinds.${link.csType}`)}</td>
                <td>
                  <span className={styles.address}>{link.url}</span>
                </td>
                <td>{link.sortOrder}</td>
                <td className={link.enabled ? styles.on : styles.off}>{link.enabled ? t('content.shown') : t('content.hidden')}</td>
                <td>
                  <RowActions
                    mayEdit={may('POST /content/service-links/:id')}
                    mayDelete={may('DELETE /content/service-links/:id')}
                    onEdit={() => {
                      clear();
                      setEditing({ link });
                    }}
                    confirming={deleting === link.id}
                    question={t('content.confirmLinkDelete')}
                    busy={busy}
                    onAskDelete={() => setDeleting(link.id)}
                    onDelete={() => void remove(link)}
                    onCancelDelete={() => setDeleting(null)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('content.noLinks')}</p>}
      </div>
    </>
  );
}

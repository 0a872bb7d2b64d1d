import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, Notice, OpsError, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { Checkbox, RowActions, TextArea } from './content-fields';
import {
  ANNOUNCEMENT_TYPES,
  announcementBody,
  announcementDraftOf,
  emptyAnnouncementDraft,
  type AnnouncementDraft,
  type AnnouncementRow,
  type AnnouncementState,
  type AnnouncementType,
} from './content-model';
import { ContentPreview } from './content-preview';
import styles from './content.module.css';

const STATE_LOOK: Record<AnnouncementState, string> = { shown: styles.on, scheduled: styles.scheduled, expired: styles.off, disabled: styles.off };

function AnnouncementForm({ announcement, type, onSaved, onCancel }: { announcement: AnnouncementRow | null; type: AnnouncementType | ''; onSaved: (row: AnnouncementRow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<AnnouncementDraft>(() => (announcement ? announcementDraftOf(announcement) : emptyAnnouncementDraft(type || 'B')));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<AnnouncementDraft>) => setDraft((current) => ({ ...current, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = announcementBody(draft, announcement ?? undefined);
      onSaved(announcement ? await api.post<AnnouncementRow>(`/content/announcements/${announcement.id}`, body) : await api.post<AnnouncementRow>('/content/announcements', body));
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const heading = announcement ? t('content.editAnnouncement', { id: announcement.id }) : t('content.newAnnouncement');
  return (
    <form className={[ui.panel, styles.form].join(' ')} onSubmit={(event) => void save(event)} aria-label={heading}>
      <h2>{heading}</h2>
      <Field label={t('content.type')}>
        <Select value={draft.type} onChange={(event) => set({ type: event.target.value as AnnouncementType })}>
          {ANNOUNCEMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`content.types.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <p className={[styles.muted, styles.wide].join(' ')}>{t(`content.typeUses.${draft.type}`)}</p>
      <div className={styles.wide}>
        <Field label={t('content.title')}>
          <Input required maxLength={200} value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        </Field>
      </div>
      <div className={styles.wide}>
        <Field label={t('content.text')}>
          <TextArea required maxLength={20000} value={draft.content} onChange={(event) => set({ content: event.target.value })} />
        </Field>
      </div>
      <Field label={t('content.publishedAt')}>
        <Input type="datetime-local" value={draft.publishedAt} onChange={(event) => set({ publishedAt: event.target.value })} />
      </Field>
      <Field label={t('content.expiresAt')}>
        <Input type="datetime-local" value={draft.expiresAt} onChange={(event) => set({ expiresAt: event.target.value })} />
      </Field>
      <Checkbox label={t('content.popup')} checked={draft.popup} onChange={(event) => set({ popup: event.target.checked })} />
      <Checkbox label={t('content.enabled')} checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
      <ContentPreview item={{ kind: 'announcement', title: draft.title, html: draft.content, popup: draft.popup }} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy || !draft.title.trim() || !draft.content.trim()}>
          {announcement ? t('content.save') : t('content.create')}
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
 * The merchant's announcements, newest publication first (the order players see them in), by
 * type, each with where it stands (shown, scheduled, expired, hidden); created and changed in a
 * form (its text is HTML, made safe by the site), deleted after a confirmation.
 */
export function AnnouncementsPanel() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const [type, setType] = useState<AnnouncementType | ''>('');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: AnnouncementRow[] }>('/content/announcements', { type: type || undefined }), [type]);
  const [editing, setEditing] = useState<{ announcement: AnnouncementRow | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { busy, outcome, run, told, clear } = useAction();

  const saved = (row: AnnouncementRow) => {
    told(editing?.announcement ? t('content.announcementSaved', { id: row.id }) : t('content.announcementCreated', { id: row.id }));
    setEditing(null);
    void reload();
  };
  const remove = async (announcement: AnnouncementRow) => {
    const done = await run(async () => {
      await api.delete(`/content/announcements/${announcement.id}`);
      return t('content.announcementDeleted', { id: announcement.id });
    });
    if (done) setDeleting(null);
    void reload();
  };

  const list = data?.list ?? [];
  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('content.type')}>
          <Select value={type} onChange={(event) => setType(event.target.value as AnnouncementType | '')}>
            <option value="">{t('content.allTypes')}</option>
            {ANNOUNCEMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`content.types.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {may('POST /content/announcements') && !editing && (
          <Button
            onClick={() => {
              clear();
              setEditing({ announcement: null });
            }}
          >
            {t('content.newAnnouncement')}
          </Button>
        )}
      </div>
      {editing && <AnnouncementForm key={editing.announcement?.id ?? 'new'} announcement={editing.announcement} type={type} onSaved={saved} onCancel={() => setEditing(null)} />}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="announcements">
          <thead>
            <tr>
              <th>{t('content.title')}</th>
              <th>{t('content.type')}</th>
              <th>{t('content.status')}</th>
              <th>{t('content.from')}</th>
              <th>{t('content.until')}</th>
              <th>{t('content.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((announcement) => (
              <tr key={announcement.id} data-testid="announcement-row" data-id={announcement.id}>
                <td>
                  <span className={styles.title}>{announcement.title}</span>
                  {announcement.popup && <div className={styles.muted}>{t('content.popupShort')}</div>}
                </td>
                <td>{t(`content.types.${announcement.type}`)}</td>
                <td className={STATE_LOOK[announcement.state]}>{t(`content.states.${announcement.state}`)}</td>
                <td>{formatTime(announcement.publishedAt, locale)}</td>
                <td>{announcement.expiresAt ? formatTime(announcement.expiresAt, locale) : t('content.noEnd')}</td>
                <td>
                  <RowActions
                    mayEdit={may('POST /content/announcements/:id')}
                    mayDelete={may('DELETE /content/announcements/:id')}
                    onEdit={() => {
                      clear();
                      setEditing({ announcement });
                    }}
                    confirming={deleting === announcement.id}
                    question={t('content.confirmAnnouncementDelete')}
                    busy={busy}
                    onAskDelete={() => setDeleting(announcement.id)}
                    onDelete={() => void remove(announcement)}
                    onCancelDelete={() => setDeleting(null)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('content.noAnnouncements')}</p>}
      </div>
    </>
  );
}

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, OpsError, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { Checkbox, RowActions } from './content-fields';
import { bannerBody, bannerDraftOf, emptyBannerDraft, imageFileProblem, LINKAGE_TYPES, readAsDataUrl, type BannerDraft, type BannerRow, type LinkageType } from './content-model';
import { ContentPreview } from './content-preview';
import styles from './content.module.css';

const SITE_GROUPS = ['w_home', 'w_games', 'w_promotion', 'w_help'];

/** "Home (w_home)": the page a group shows on, and its name as the API has it. */
function useGroupName() {
  const { t } = useTranslation();
  return (group: string) => `${t(`content.groups.${group}`, { defaultValue: group })}${SITE_GROUPS.includes(group) ? ` (${group})` : ''}`;
}

/**
 * A banner's image as the site holds it, read through the operator API (the back office runs on
 * another origin than the site, whose images its page may not load). An image on an image CDN has
 * no preview here.
 */
function BannerImage({ id, alt, large = false }: { id: number; alt: string; large?: boolean }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const { data, error } = useLoad(() => api.get<{ dataUrl: string }>(`/content/banners/${id}/image`), [id]);
  if (error) return <span className={styles.muted}>{t('content.noPreview')}</span>;
  if (!data) return <span className={styles.muted}>{t('loading')}</span>;
  return <img className={large ? undefined : styles.thumb} src={data.dataUrl} alt={alt} />;
}

function BannerForm({ banner, groups, group, onSaved, onCancel }: { banner: BannerRow | null; groups: string[]; group: string; onSaved: (row: BannerRow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const groupName = useGroupName();
  const [draft, setDraft] = useState<BannerDraft>(() => (banner ? bannerDraftOf(banner) : emptyBannerDraft(group || 'w_home')));
  // The file the operator chose, as the browser read it: its preview until the banner is saved.
  const [local, setLocal] = useState<{ dataUrl: string; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<BannerDraft>) => setDraft((current) => ({ ...current, ...change }));
  const message = (caught: unknown) => (caught instanceof OpsError ? caught.message : t('error.unknown'));

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(file);
    if (problem) {
      setError(t(`content.imageProblem.${problem}`));
      event.target.value = '';
      return;
    }
    setUploading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      const uploaded = await api.post<{ url: string }>('/content/banners/images', { image: dataUrl });
      setLocal({ dataUrl, url: uploaded.url });
      set({ imageUrl: uploaded.url });
    } catch (caught) {
      setError(message(caught));
      event.target.value = '';
    } finally {
      setUploading(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = bannerBody(draft);
      onSaved(banner ? await api.post<BannerRow>(`/content/banners/${banner.id}`, body) : await api.post<BannerRow>('/content/banners', body));
    } catch (caught) {
      setError(message(caught));
    } finally {
      setBusy(false);
    }
  };

  const choices = groups.includes(draft.group) ? groups : [...groups, draft.group];
  // The chosen file while it is the image named; the stored image while the address is unchanged.
  const localPreview = local !== null && local.url === draft.imageUrl.trim() ? local : null;
  const storedPreview = !localPreview && banner !== null && banner.imageUrl === draft.imageUrl.trim() ? banner : null;
  return (
    <form className={[ui.panel, styles.form].join(' ')} onSubmit={(event) => void save(event)} aria-label={banner ? t('content.editBanner', { id: banner.id }) : t('content.newBanner')}>
      <h2>{banner ? t('content.editBanner', { id: banner.id }) : t('content.newBanner')}</h2>
      <Field label={t('content.group')}>
        <Select value={draft.group} onChange={(event) => set({ group: event.target.value })}>
          {choices.map((value) => (
            <option key={value} value={value}>
              {groupName(value)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('content.order')}>
        <Input type="number" step={1} min={-1000000} max={1000000} value={draft.sortOrder} onChange={(event) => set({ sortOrder: event.target.value })} />
      </Field>
      <Checkbox label={t('content.enabled')} checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
      {may('POST /content/banners/images') && (
        <Field label={t('content.imageFile')}>
          <input className={styles.file} type="file" accept="image/png,image/jpeg,image/webp" disabled={uploading} onChange={(event) => void chooseFile(event)} />
        </Field>
      )}
      <div className={styles.wide}>
        <Field label={t('content.imageUrl')}>
          <Input required maxLength={2000} value={draft.imageUrl} onChange={(event) => set({ imageUrl: event.target.value })} placeholder="/wps/content/images/…" />
        </Field>
      </div>
      <div className={[styles.wide, styles.preview].join(' ')} data-testid="banner-preview">
        <span className={styles.muted}>{uploading ? t('content.uploading') : t('content.preview')}</span>
        {localPreview && <img src={localPreview.dataUrl} alt={t('content.previewAlt')} />}
        {storedPreview && <BannerImage id={storedPreview.id} alt={t('content.previewAlt')} large />}
        {!localPreview && !storedPreview && <span className={styles.muted}>{draft.imageUrl.trim() ? t('content.previewAfterSave') : t('content.noImage')}</span>}
      </div>
      <Field label={t('content.link')}>
        <Select value={draft.linkageType} onChange={(event) => set({ linkageType: event.target.value as LinkageType })}>
          {LINKAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`content.linkTypes.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      {draft.linkageType !== 'NONE' && (
        <Field label={t('content.linkValue')}>
          <Input required maxLength={2000} value={draft.linkageValue} placeholder={t(`content.linkHints.${draft.linkageType}`)} onChange={(event) => set({ linkageValue: event.target.value })} />
        </Field>
      )}
      <ContentPreview
        item={{
          kind: 'banner',
          image: (alt) =>
            localPreview ? (
              <img src={localPreview.dataUrl} alt={alt} />
            ) : storedPreview ? (
              <BannerImage id={storedPreview.id} alt={alt} large />
            ) : (
              <span className={styles.muted}>{draft.imageUrl.trim() ? t('content.previewAfterSave') : t('content.noImage')}</span>
            ),
          link: draft.linkageType === 'NONE' ? null : `${t(`content.linkTypes.${draft.linkageType}`)}: ${draft.linkageValue.trim()}`,
        }}
      />
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy || uploading || !draft.imageUrl.trim()}>
          {banner ? t('content.save') : t('content.create')}
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
 * The merchant's banners by group, in their order (the lowest first: the first slide), each with
 * its image, link and whether it is shown; created and changed in a form that uploads the image
 * chosen and previews it; deleted after a confirmation. Players see a change on their next page.
 */
export function BannersPanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const groupName = useGroupName();
  const [group, setGroup] = useState('');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: BannerRow[]; groups: string[] }>('/content/banners', { group: group || undefined }), [group]);
  const [editing, setEditing] = useState<{ banner: BannerRow | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { busy, outcome, run, told, clear } = useAction();

  const saved = (row: BannerRow) => {
    told(editing?.banner ? t('content.bannerSaved', { id: row.id }) : t('content.bannerCreated', { id: row.id }));
    setEditing(null);
    void reload();
  };
  const remove = async (banner: BannerRow) => {
    const done = await run(async () => {
      await api.delete(`/content/banners/${banner.id}`);
      return t('content.bannerDeleted', { id: banner.id });
    });
    if (done) setDeleting(null);
    void reload();
  };

  const groups = data?.groups ?? SITE_GROUPS;
  const list = data?.list ?? [];
  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('content.group')}>
          <Select value={group} onChange={(event) => setGroup(event.target.value)}>
            <option value="">{t('content.allGroups')}</option>
            {groups.map((value) => (
              <option key={value} value={value}>
                {groupName(value)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {may('POST /content/banners') && !editing && (
          <Button
            onClick={() => {
              clear();
              setEditing({ banner: null });
            }}
          >
            {t('content.newBanner')}
          </Button>
        )}
      </div>
      {editing && <BannerForm key={editing.banner?.id ?? 'new'} banner={editing.banner} groups={groups} group={group} onSaved={saved} onCancel={() => setEditing(null)} />}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="banners">
          <thead>
            <tr>
              <th>{t('content.image')}</th>
              <th>{t('content.group')}</th>
              <th className={ui.number}>{t('content.orderColumn')}</th>
              <th>{t('content.link')}</th>
              <th>{t('content.status')}</th>
              <th>{t('content.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((banner) => (
              <tr key={banner.id} data-testid="banner-row" data-id={banner.id} data-image={banner.imageUrl}>
                <td>
                  <BannerImage id={banner.id} alt={t('content.bannerAlt', { id: banner.id })} />
                  <span className={styles.address}>{banner.imageUrl}</span>
                </td>
                <td>{groupName(banner.group)}</td>
                <td className={ui.number}>{banner.sortOrder}</td>
                <td>
                  {t(`content.linkTypes.${banner.linkageType}`)}
                  {banner.linkageValue && <span className={styles.address}>{banner.linkageValue}</span>}
                </td>
                <td className={banner.enabled ? styles.on : styles.off}>{banner.enabled ? t('content.shown') : t('content.hidden')}</td>
                <td>
                  <RowActions
                    mayEdit={may('POST /content/banners/:id')}
                    mayDelete={may('DELETE /content/banners/:id')}
                    onEdit={() => {
                      clear();
                      setEditing({ banner });
                    }}
                    confirming={deleting === banner.id}
                    question={t('content.confirmBannerDelete')}
                    busy={busy}
                    onAskDelete={() => setDeleting(banner.id)}
                    onDelete={() => void remove(banner)}
                    onCancelDelete={() => setDeleting(null)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('content.noBanners')}</p>}
      </div>
    </>
  );
}

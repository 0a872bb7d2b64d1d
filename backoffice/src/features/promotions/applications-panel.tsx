import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import type { ApplicationRow } from './promotions-model';
import styles from './promotions.module.css';

/** The images a member sent with an application (data URLs, read through the operator API). */
function ApplicationImages({ claimId }: { claimId: number }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const { data, error } = useLoad(() => api.get<{ images: string[] }>(`/promotions/applications/${claimId}/images`), [claimId]);
  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!data) return <span className={styles.muted}>{t('loading')}</span>;
  return (
    <div className={styles.images}>
      {data.images.map((image, index) => (
        <a key={index} href={image} target="_blank" rel="noreferrer">
          <img src={image} alt={t('promotions.applications.imageAlt', { number: index + 1, claimId })} />
        </a>
      ))}
    </div>
  );
}

/**
 * Members' applications for promotions that ask for one: those waiting first (oldest first), then
 * the reviewed; searched by member or promotion. Approving pays the reward at once (the server
 * pays it once: a second decision is refused in its words); rejecting asks the reason the member
 * reads on the promotion.
 */
export function ApplicationsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const [waiting, setWaiting] = useState(true);
  const [search, setSearch] = useState('');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: ApplicationRow[] }>('/promotions/applications', { waiting: waiting || undefined }), [waiting]);
  const [images, setImages] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<{ claimId: number; reason: string; tried: boolean } | null>(null);
  const { busy, outcome, run } = useAction();

  const words = search.trim().toLowerCase();
  const list = (data?.list ?? []).filter((row) => !words || row.username.toLowerCase().includes(words) || row.promotionTitle.toLowerCase().includes(words));

  const approve = async (row: ApplicationRow) => {
    await run(async () => {
      await api.post(`/promotions/applications/${row.claimId}/approve`);
      return t('promotions.applications.approved', { username: row.username, title: row.promotionTitle });
    });
    void reload();
  };
  const reject = async (row: ApplicationRow) => {
    if (!rejecting) return;
    const reason = rejecting.reason.trim();
    if (!reason || reason.length > 500) {
      setRejecting({ ...rejecting, tried: true });
      return;
    }
    const done = await run(async () => {
      await api.post(`/promotions/applications/${row.claimId}/reject`, { reason });
      return t('promotions.applications.rejected', { username: row.username, title: row.promotionTitle });
    });
    if (done) setRejecting(null);
    void reload();
  };

  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('search')}>
          <Input type="search" value={search} placeholder={t('promotions.applications.searchHint')} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Field label={t('promotions.applications.show')}>
          <Select value={waiting ? 'waiting' : 'all'} onChange={(event) => setWaiting(event.target.value === 'waiting')}>
            <option value="waiting">{t('promotions.applications.waitingOnly')}</option>
            <option value="all">{t('promotions.applications.all')}</option>
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="applications">
          <thead>
            <tr>
              <th>{t('promotions.applications.applied')}</th>
              <th>{t('promotions.column.member')}</th>
              <th>{t('promotions.applications.promotion')}</th>
              <th>{t('promotions.applications.comment')}</th>
              <th>{t('promotions.column.state')}</th>
              <th>{t('promotions.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={row.claimId} data-testid="application-row" data-id={row.claimId}>
                <td>{formatTime(row.appliedAt, locale)}</td>
                <td>{row.username}</td>
                <td>
                  {row.promotionTitle} <span className={styles.muted}>#{row.promotionId}</span>
                </td>
                <td className={styles.comment}>
                  {row.comment || <span className={styles.muted}>–</span>}
                  {images === row.claimId && <ApplicationImages claimId={row.claimId} />}
                </td>
                <td>
                  {t(`promotions.applications.state.${row.state}`, { defaultValue: row.state })}
                  {row.reviewedBy && (
                    <span className={styles.muted}>
                      {' '}
                      · {row.reviewedBy}, {formatTime(row.reviewedAt, locale)}
                    </span>
                  )}
                  {row.rejectReason && <span className={styles.block}>{row.rejectReason}</span>}
                </td>
                <td>
                  <div className={ui.actions}>
                    {row.imageCount > 0 && may('GET /promotions/applications/:claimId/images') && (
                      <Button variant="secondary" aria-pressed={images === row.claimId} onClick={() => setImages(images === row.claimId ? null : row.claimId)}>
                        {t('promotions.applications.images', { count: row.imageCount })}
                      </Button>
                    )}
                    {row.state === 'applying' && may('POST /promotions/applications/:claimId/approve') && (
                      <Button disabled={busy} onClick={() => void approve(row)}>
                        {t('promotions.applications.approve')}
                      </Button>
                    )}
                    {row.state === 'applying' && may('POST /promotions/applications/:claimId/reject') && rejecting?.claimId !== row.claimId && (
                      <Button variant="danger" disabled={busy} onClick={() => setRejecting({ claimId: row.claimId, reason: '', tried: false })}>
                        {t('promotions.applications.reject')}
                      </Button>
                    )}
                  </div>
                  {rejecting?.claimId === row.claimId && (
                    <form
                      className={styles.reject}
                      aria-label={t('promotions.applications.rejectOf', { username: row.username })}
                      onSubmit={(event) => {
                        event.preventDefault();
                        void reject(row);
                      }}
                    >
                      <Field label={t('promotions.applications.reason')}>
                        <Input value={rejecting.reason} maxLength={500} onChange={(event) => setRejecting({ ...rejecting, reason: event.target.value })} />
                      </Field>
                      {rejecting.tried && <span className={styles.problem}>{t('promotions.applications.reasonNeeded')}</span>}
                      <div className={ui.actions}>
                        <Button type="submit" variant="danger" disabled={busy}>
                          {t('promotions.applications.confirmReject')}
                        </Button>
                        <Button variant="secondary" onClick={() => setRejecting(null)}>
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
        {!loading && list.length === 0 && <p className={ui.empty}>{waiting ? t('promotions.applications.noneWaiting') : t('promotions.applications.none')}</p>}
      </div>
    </>
  );
}

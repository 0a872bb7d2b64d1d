import { Button, EmptyState, Modal, Pagination, Spinner, formatDateTime, useT, type Announcement } from '@platform/shared';
import { useSanitizedHtml } from '@platform/shared/sanitize-html';
import { useMemo, useState } from 'react';
import { ANNOUNCEMENT_PAGE_SIZE, useAnnouncements } from '../hooks/use-announcements';
import type { AnnouncementModalProps } from './announcement-modal';
import styles from './announcement-modal.module.css';

/** An announcement's HTML, sanitized (the sanitizer may still be on its way in an older browser). */
function AnnouncementContent({ html }: { html: string }) {
  const { t } = useT('shell');
  const sanitized = useSanitizedHtml(html);
  if (sanitized.status !== 'ready') return sanitized.status === 'loading' ? <Spinner /> : <EmptyState title={t('announcements_failed')} />;
  return <div className={styles.content} data-testid="announcement-content" dangerouslySetInnerHTML={{ __html: sanitized.html }} />;
}

/**
 * An announcement's time: 'yyyy-MM-dd HH:mm:ss' in the player's time zone, on a 24-hour clock.
 * The pattern specified is 'yyyy-MM-dd hh:mm:ss', where hh is the 12-hour clock; we show 24-hour
 * on purpose: the pattern has no AM/PM marker, so 03:00 and 15:00 would read the same, and every
 * other time of the site (records, maintenance windows: 'YYYY-MM-DD HH:mm:ss')
 * is on the 24-hour clock.
 */
export const formatAnnouncementTime = formatDateTime;

/** Paged list of announcement titles (9 per page) and the chosen one's detail. */
export default function AnnouncementModalContent({ initialAnnouncementId, onClose }: AnnouncementModalProps) {
  const { t } = useT('shell');
  const state = useAnnouncements();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(initialAnnouncementId ?? null);

  const list = state.status === 'ready' ? state.list : [];
  const totalPages = Math.max(1, Math.ceil(list.length / ANNOUNCEMENT_PAGE_SIZE));
  const pageItems = list.slice((page - 1) * ANNOUNCEMENT_PAGE_SIZE, page * ANNOUNCEMENT_PAGE_SIZE);
  const selected = useMemo<Announcement | undefined>(() => {
    if (state.status !== 'ready' || selectedId === null) return undefined;
    return state.list.find((item) => item.id === selectedId) ?? state.popup.find((item) => item.id === selectedId);
  }, [state, selectedId]);

  return (
    <Modal open title={t('announcements_title')} onClose={onClose}>
      <div className={styles.body} data-testid="announcement-modal">
        {state.status === 'loading' && <Spinner />}
        {state.status === 'failed' && <EmptyState title={t('announcements_failed')} />}
        {state.status === 'ready' && selected && (
          <article className={styles.detail} aria-labelledby="announcement-detail-title">
            <h3 id="announcement-detail-title" className={styles.detailTitle}>
              {selected.title}
            </h3>
            <time className={styles.date} dateTime={new Date(selected.createTime).toISOString()}>
              {formatAnnouncementTime(selected.createTime)}
            </time>
            <AnnouncementContent html={selected.content} />
            <Button variant="secondary" size="sm" onClick={() => setSelectedId(null)}>
              {t('announcements_back')}
            </Button>
          </article>
        )}
        {state.status === 'ready' && !selected && list.length === 0 && <EmptyState title={t('announcements_empty')} />}
        {state.status === 'ready' && !selected && list.length > 0 && (
          <>
            <ul className={styles.list} aria-label={t('announcements_title')}>
              {pageItems.map((item) => (
                <li key={item.id}>
                  <button type="button" className={styles.item} onClick={() => setSelectedId(item.id)}>
                    <span className={styles.itemTitle}>{item.title}</span>
                    <span className={styles.itemDate}>{formatAnnouncementTime(item.createTime)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onChange={setPage} />}
          </>
        )}
      </div>
    </Modal>
  );
}

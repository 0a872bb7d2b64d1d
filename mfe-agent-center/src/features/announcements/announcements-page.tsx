import { EmptyState, formatDateTime, Pagination, Spinner, usePagedList, useT } from '@platform/shared';
import { useSanitizedHtml } from '@platform/shared/sanitize-html';
import { LoadError } from '@platform/ui-blocks';
import { useId, useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import layout from '../agent-page/agent-page.module.css';
import { PageLoading } from '../agent-page/page-loading';
import { loadAgentAnnouncements, type AgentAnnouncement } from './announcements-api';
import styles from './announcements.module.css';
import { NAMESPACE } from './translations';

const PAGE_SIZE = 10;

/**
 * An announcement's time as the shell's announcements show it (formatAnnouncementTime there):
 * 'yyyy-MM-dd HH:mm:ss' in the agent's time zone, on the 24-hour clock.
 */
const announcementTime = formatDateTime;

/**
 * An announcement's HTML, sanitized in the browser as the shell's announcements are (the server
 * sanitized it too); nothing is shown while the sanitizer is still on its way in an older browser.
 */
function AnnouncementContent({ html }: { html: string }) {
  const { t } = useT(NAMESPACE);
  const sanitized = useSanitizedHtml(html);
  if (sanitized.status !== 'ready') return sanitized.status === 'loading' ? <Spinner size="sm" /> : <p className={styles.failed}>{t('content_failed')}</p>;
  return <div className={styles.content} data-testid="agent-announcement-content" dangerouslySetInnerHTML={{ __html: sanitized.html }} />;
}

/** One announcement: its title and date, opened in place to read it. */
function AnnouncementItem({ announcement, open, onToggle }: { announcement: AgentAnnouncement; open: boolean; onToggle: () => void }) {
  const contentId = useId();
  return (
    <li className={styles.item} data-testid={`agent-announcement-${announcement.id}`}>
      <h3 className={styles.itemHeading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={contentId} onClick={onToggle}>
          <span className={styles.title}>{announcement.title}</span>
          <time className={styles.date} dateTime={new Date(announcement.createTime).toISOString()}>
            {announcementTime(announcement.createTime)}
          </time>
          <span className={open ? styles.chevronOpen : styles.chevron} aria-hidden="true" />
        </button>
      </h3>
      <div id={contentId} className={styles.body} hidden={!open}>
        {open && <AnnouncementContent html={announcement.content} />}
      </div>
    </li>
  );
}

/**
 * Announcements: the agents' announcements newest first, paged; a title opens its content in place
 * (the agent centre shows the page's title above it).
 */
export default function AnnouncementsPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const announcements = usePagedList<AgentAnnouncement, Record<string, never>>(
    ({ page, pageSize }, signal) => loadAgentAnnouncements({ page, size: pageSize }, signal),
    { filters: {}, pageSize: PAGE_SIZE, requiresSession: true },
  );
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  const shown = announcements.status === 'success' ? announcements.data : announcements.status === 'loading' ? announcements.staleData : undefined;

  const toggle = (id: number) =>
    setOpenIds((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  let body: ReactNode;
  if (announcements.status === 'error') {
    body = (
      <LoadError title={t('load_failed')} error={announcements.error} onRetry={announcements.refresh} />
    );
  } else if (shown === undefined) {
    body = <PageLoading />;
  } else if (shown.list.length === 0) {
    body = <EmptyState title={t('empty')} description={t('empty_hint')} />;
  } else {
    body = (
      <ul className={announcements.status === 'loading' ? `${styles.list} ${styles.stale}` : styles.list} aria-label={t('title')} data-testid="agent-announcements">
        {shown.list.map((announcement) => (
          <AnnouncementItem key={announcement.id} announcement={announcement} open={openIds.has(announcement.id)} onToggle={() => toggle(announcement.id)} />
        ))}
      </ul>
    );
  }

  return (
    <div className={layout.page} aria-busy={announcements.status === 'loading'} data-testid="announcements">
      {body}
      {shown && shown.totalPages > 1 && <Pagination page={announcements.page} totalPages={shown.totalPages} onChange={announcements.setPage} />}
    </div>
  );
}

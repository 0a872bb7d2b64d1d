import { EmptyState, formatDateTime, Pagination, Spinner, useT, type PagedListResult } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { NAMESPACE } from './translations';
import styles from './messages.module.css';

export interface MailListProps<M extends { subject: string; sendTime: number }> {
  list: PagedListResult<M, null>;
  emptyText: string;
  testId: string;
  keyOf: (mail: M) => number;
  unread: (mail: M) => boolean;
  /** Who it is from (inbox) or to (outbox). */
  party: (mail: M) => string;
  onOpen: (mail: M) => void;
}

/** One page of mails as rows (one column on a phone), with its pages, empty and failed states. */
export function MailList<M extends { subject: string; sendTime: number }>({ list, emptyText, testId, keyOf, unread, party, onOpen }: MailListProps<M>) {
  const { t } = useT(NAMESPACE);
  const data = list.status === 'success' ? list.data : list.status === 'loading' ? list.staleData : undefined;
  if (list.status === 'error') {
    return <LoadError title={t('load_failed')} onRetry={list.refresh} />;
  }
  if (!data) return <Spinner />;
  if (data.list.length === 0) return <EmptyState title={emptyText} />;
  return (
    <div aria-busy={list.status === 'loading' || undefined}>
      <ul className={styles.list} data-testid={testId}>
        {data.list.map((mail) => {
          const isUnread = unread(mail);
          return (
            <li key={keyOf(mail)}>
              <button
                type="button"
                className={isUnread ? `${styles.row} ${styles.unread}` : styles.row}
                onClick={() => onOpen(mail)}
                data-testid={`${testId}-mail`}
                data-unread={isUnread || undefined}
              >
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.subject}>
                  {isUnread && <span className={styles.visuallyHidden}>{t('unread')}: </span>}
                  {mail.subject}
                </span>
                <span className={styles.party}>{party(mail)}</span>
                <time className={styles.time} dateTime={new Date(mail.sendTime).toISOString()}>
                  {formatDateTime(mail.sendTime)}
                </time>
              </button>
            </li>
          );
        })}
      </ul>
      {data.totalPages > 1 && <Pagination page={list.page} totalPages={data.totalPages} onChange={list.setPage} />}
    </div>
  );
}

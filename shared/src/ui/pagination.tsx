import { useT } from '../i18n/use-t';
import { classNames } from './class-names';
import styles from './pagination.module.css';
import { DEFAULT_MARGIN_PAGES, DEFAULT_PAGE_RANGE, paginationItems } from './pagination-range';
import hidden from './visually-hidden.module.css';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  pageRange?: number;
  marginPages?: number;
  className?: string;
}

export function Pagination({
  page,
  totalPages,
  onChange,
  pageRange = DEFAULT_PAGE_RANGE,
  marginPages = DEFAULT_MARGIN_PAGES,
  className,
}: PaginationProps) {
  const { t } = useT();
  if (totalPages < 1) return null;
  const goTo = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onChange(target);
  };

  return (
    <nav aria-label={t('pagination')} className={classNames(styles.pagination, className)}>
      <ul className={styles.list}>
        <li>
          <button type="button" className={styles.item} disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t('previous')}
          </button>
        </li>
        {paginationItems(page, totalPages, pageRange, marginPages).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={classNames(styles.item, item === page && styles.current)}
                aria-label={t('go_to_page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => goTo(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.item} disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
            {t('next')}
          </button>
        </li>
      </ul>
      <span className={hidden.visuallyHidden} aria-live="polite">
        {t('page_of', { page, total: totalPages })}
      </span>
    </nav>
  );
}

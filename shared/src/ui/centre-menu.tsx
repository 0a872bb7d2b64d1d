import { useContext, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { BackArrow, ModalDepth, useModalKeyboard } from './modal';
import { PageScaffold } from './page-scaffold';
import { usePhoneWidth } from './use-phone-width';
import styles from './centre-menu.module.css';

interface CentreMenuProps {
  title: string;
  closeLabel: string;
  /**
   * The menu's entries; `badge`: a count shown beside the label when above 0 (the member centre's
   * open missions), with its text for screen readers. A runtime older than the badge shows none.
   */
  pages: { key: string; label: string; badge?: { count: number; label: string } }[];
  current: string;
  onSelect: (key: string) => void;
  onClose: () => void;
  remote: string;
  version: string;
  /** The chosen page's content, under its title. (Since 5.1.0.) */
  children?: ReactNode;
}

/**
 * The frame shared by the member centre and the agent centre: a full-screen overlay with the
 * menu of page keys on the left, the chosen page on the right and a close button. Below 768 px it
 * is a full-screen sheet: the menu a scrolling row above the page, and a back control in place of
 * the close button. It is a modal dialog like the others (useModalKeyboard): it takes focus, keeps
 * Tab inside, closes on Escape and gives focus back; a dialog opened from one of its pages is
 * deeper and has the keyboard first.
 */
export function CentreMenu({ title, closeLabel, pages, current, onSelect, onClose, remote, version, children }: CentreMenuProps) {
  const { t } = useT();
  const phone = usePhoneWidth();
  const currentPage = pages.find((page) => page.key === current) ?? pages[0];
  const depth = useContext(ModalDepth) + 1;
  const overlayRef = useRef<HTMLDivElement>(null);
  useModalKeyboard(true, depth, overlayRef, onClose);
  return (
    <ModalDepth.Provider value={depth}>
      <div ref={overlayRef} tabIndex={-1} className={styles.overlay} role="dialog" aria-modal="true" aria-label={title} data-testid={`${remote}-overlay`}>
        <div className={styles.frame}>
          <header className={styles.header}>
            {phone && (
              <button type="button" className={styles.back} onClick={onClose} aria-label={t('back')}>
                <BackArrow />
              </button>
            )}
            <h2 className={styles.title}>{title}</h2>
            {!phone && (
              <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
                ×
              </button>
            )}
          </header>
          <div className={styles.body}>
            <nav className={styles.menu} aria-label={title}>
              <ul>
                {pages.map((page) => (
                  <li key={page.key}>
                    <button
                      type="button"
                      className={page.key === currentPage?.key ? `${styles.item} ${styles.active}` : styles.item}
                      aria-current={page.key === currentPage?.key ? 'page' : undefined}
                      onClick={() => onSelect(page.key)}
                    >
                      {page.label}
                      {page.badge && page.badge.count > 0 && (
                        <span className={styles.badge} aria-label={page.badge.label} data-testid={`centre-menu-badge-${page.key}`}>
                          {page.badge.count > 99 ? '99+' : page.badge.count}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.content}>{currentPage && <PageScaffold title={currentPage.label} remote={remote} version={version}>
                  {children}
                </PageScaffold>}</div>
          </div>
        </div>
      </div>
    </ModalDepth.Provider>
  );
}

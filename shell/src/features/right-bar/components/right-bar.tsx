import { useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import styles from './right-bar.module.css';

/** The scroll-to-top button shows once the page has scrolled this far. */
export const SCROLL_TOP_THRESHOLD_PX = 300;

/** Floating bar on the right: scroll to top. */
export function RightBar() {
  const { t } = useT('shell');
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    // Not read at mount: scrollY forces a layout inside the page's first commit (a long task on a
    // phone). A page opened scrolled (a restored position) gets a scroll event of its own.
    const onScroll = () => setScrolled(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const scrollToTop = () => {
    const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  return (
    <div className={styles.rightBar} data-testid="right-bar">
      {scrolled && (
        <button type="button" className={styles.button} aria-label={t('right_bar_scroll_top')} title={t('right_bar_scroll_top')} onClick={scrollToTop}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 19V5M5 12l7-7 7 7" />
          </svg>
        </button>
      )}
    </div>
  );
}

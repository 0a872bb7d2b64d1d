import { cdnImageFallback, Link, useBusState, useT } from '@platform/shared';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';
import { usePromotions } from '../hooks/use-promotions';
import { useReducedMotion } from '../../layout/hooks/use-reduced-motion';
import { closedInLanguage, forgetClosed, rememberClosed } from '../promo-bar-closed';
import { promotionPath } from '../../banner/banner-linkage';
import { PROMO_BAR_CYCLE_MS } from '../promo-bar-settings';
import styles from './promo-bar.module.css';

/**
 * A thin bar under the header with the merchant's current promotions, each a link to its page
 * (/promotions/:id). More than one: they take turns every 5000 ms (paused while pointed at or
 * focused; a link that takes the focus comes forward), or, when the player asked for less motion,
 * they stand in a row that scrolls sideways. Hidden without promotions. Closed, it stays away for
 * the tab session in that language; a language change fetches the promotions in the new language
 * and shows it again. A chunk of its own, drawn after the page's first paint; the page
 * frame keeps its room meanwhile (shell-layout.tsx), and so does the bar while its promotions load.
 */
export function PromoBar() {
  const { t } = useT('shell');
  const language = useBusState('language');
  const promotions = usePromotions(language);
  const imageBaseUrl = useSiteSettings().site?.imageBaseUrl;
  const reducedMotion = useReducedMotion();
  const [closedIn, setClosedIn] = useState(closedInLanguage);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const languageShown = useRef(language);

  useEffect(() => {
    if (languageShown.current === language) return;
    languageShown.current = language;
    // A language change: the promo bar comes back, with the promotions of the new language.
    forgetClosed();
    setClosedIn(null);
    setIndex(0);
  }, [language]);

  const count = promotions?.length ?? 0;
  const cycling = count > 1 && !reducedMotion;
  const paused = hovered || focused;
  useEffect(() => {
    if (!cycling || paused) return undefined;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), PROMO_BAR_CYCLE_MS);
    return () => window.clearInterval(timer);
  }, [cycling, paused, count]);

  if (closedIn === language) return null;
  if (promotions === null) return <div className={styles.placeholder} aria-hidden="true" data-testid="promo-bar-placeholder" />;
  if (count === 0) return null;

  const current = index % count;
  const close = () => {
    rememberClosed(language);
    setClosedIn(language);
    // Gone from under the pointer and the focus: no leave or blur will come to end the pause.
    setHovered(false);
    setFocused(false);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={styles.bar}
      aria-label={t('nav_promotions')}
      data-testid="promo-bar"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7C9 7 7.5 5.5 8.5 4c1.2-1.6 3.5.5 3.5 3Zm0 0c3 0 4.5-1.5 3.5-3-1.2-1.6-3.5.5-3.5 3Z" />
      </svg>
      <ul className={styles.list} data-mode={cycling ? 'cycle' : 'row'}>
        {promotions.map((promotion, position) => (
          <li key={promotion.id} className={styles.item} data-current={!cycling || position === current}>
            <Link
              to={promotionPath(promotion.id)}
              className={styles.link}
              data-testid={`promo-bar-link-${promotion.id}`}
              // Keyboard users reach every promotion: the one focused comes forward.
              onFocus={() => setIndex(position)}
            >
              {promotion.imageUrl && (
                <img className={styles.thumb} src={resolveImageUrl(promotion.imageUrl, imageBaseUrl)} alt="" width={40} height={24} onError={cdnImageFallback} />
              )}
              <span className={styles.title}>{promotion.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.close} aria-label={t('promo_bar_close')} title={t('promo_bar_close')} data-testid="promo-bar-close" onClick={close}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </section>
  );
}

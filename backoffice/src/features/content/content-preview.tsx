import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { previewHtml } from './preview-html';
import styles from './content.module.css';

/** What is being edited, as the form holds it now (not as saved). */
export type PreviewItem =
  | { kind: 'banner'; image: (alt: string) => ReactNode; link: string | null }
  | { kind: 'announcement'; title: string; html: string; popup: boolean }
  | { kind: 'article'; category: string; title: string; html: string };

const FRAMES = [
  { name: 'mobile', width: 390 },
  { name: 'desktop', width: 1280 },
] as const;

function Body({ item, frame }: { item: PreviewItem; frame: string }) {
  const { t } = useTranslation();
  switch (item.kind) {
    case 'banner':
      return (
        <div className={styles.frameBanner}>
          {item.image(t('content.previewFrame.bannerAlt', { frame }))}
          <p className={styles.muted}>{item.link ? t('content.previewFrame.opens', { link: item.link }) : t('content.previewFrame.noLink')}</p>
        </div>
      );
    case 'announcement':
      return (
        <article className={item.popup ? styles.framePopup : undefined}>
          <h3>{item.title.trim() || t('content.previewFrame.noTitle')}</h3>
          {/* Sanitized in the browser first, as the player's browser does (preview-html.ts). */}
          <div className={styles.frameHtml} dangerouslySetInnerHTML={{ __html: previewHtml(item.html) }} />
        </article>
      );
    case 'article':
      return (
        <article>
          <p className={styles.muted}>{item.category.trim() || t('content.previewFrame.noCategory')}</p>
          <h3>{item.title.trim() || t('content.previewFrame.noTitle')}</h3>
          <div className={styles.frameHtml} dangerouslySetInnerHTML={{ __html: previewHtml(item.html) }} />
        </article>
      );
  }
}

/**
 * How a player will see the item being edited, from the form's values, in a 390 px wide frame (a
 * phone) and a desktop-wide one (scrolled sideways here when the screen is narrower). Drawn by the
 * back office itself, not the site in a frame: the site is another origin, and the item is not
 * saved yet. The site's own fonts and colours are not applied: it shows the content and its width.
 */
export function ContentPreview({ item }: { item: PreviewItem }) {
  const { t } = useTranslation();
  return (
    <section className={styles.previews} aria-label={t('content.previewFrame.label')}>
      {FRAMES.map(({ name, width }) => {
        const label = t(`content.previewFrame.${name}`, { width });
        return (
          <figure key={name} className={styles.previewFigure}>
            <figcaption className={styles.muted}>{label}</figcaption>
            <div className={styles.frameScroll}>
              <div className={styles.frame} style={{ width }} data-testid={`preview-${name}`} role="group" aria-label={label}>
                <Body item={item} frame={label} />
              </div>
            </div>
          </figure>
        );
      })}
    </section>
  );
}

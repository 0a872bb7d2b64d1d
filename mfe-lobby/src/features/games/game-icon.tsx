import { useEffect, useState } from 'react';
import styles from './games.module.css';

/** The default icon (no image, or one that fails): drawn in the theme's colours, so it never fails to load itself. */
function DefaultIcon() {
  return (
    <span className={styles.defaultIcon} data-testid="game-icon-default" aria-hidden="true">
      <svg viewBox="0 0 48 48" width="40%" height="40%" fill="none" stroke="currentColor" strokeWidth="3">
        <rect x="8" y="8" width="32" height="32" rx="6" />
        <circle cx="17" cy="17" r="2.5" fill="currentColor" />
        <circle cx="24" cy="24" r="2.5" fill="currentColor" />
        <circle cx="31" cy="31" r="2.5" fill="currentColor" />
      </svg>
    </span>
  );
}

/** A game's or vendor's icon; the default one when it has none or it fails to load. */
export function GameIcon({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (!src || failed) return <DefaultIcon />;
  return <img className={styles.icon} src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

import { useEffect, useState } from 'react';
import styles from './account-menu.module.css';

/** The member's picture; the built-in figure while none is known or when the image fails. */
export function AvatarImage({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [url]);

  if (url && !failed) {
    return <img className={styles.avatarImage} src={url} alt="" width={32} height={32} data-testid="header-avatar-image" onError={() => setFailed(true)} />;
  }
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" data-testid="header-avatar-default">
      <circle cx="16" cy="16" r="16" className={styles.avatarBackground} />
      <circle cx="16" cy="12.5" r="5.5" className={styles.avatarFigure} />
      <path d="M6 27c1.8-5 5.6-7.5 10-7.5s8.2 2.5 10 7.5a15.9 15.9 0 0 1-20 0Z" className={styles.avatarFigure} />
    </svg>
  );
}

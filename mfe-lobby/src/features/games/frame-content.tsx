// The /game frame: the launched game in an iframe. Its address comes from session
// storage (iframeUrl), so a reload keeps the game; a launch while here replaces it.
import { Button, EmptyState, useNavigate, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import { frameUrl, isFrameUrl, onFrameUrl } from './frame-url';
import styles from './games.module.css';
import { LauncherProvider } from './launcher';
import { NAMESPACE } from './translations';

function Frame() {
  const { t } = useT(NAMESPACE);
  const navigate = useNavigate();
  const [url, setUrl] = useState(frameUrl);
  // A new launch of the same address still starts the game again: the key changes.
  const [launchCount, setLaunchCount] = useState(0);
  useEffect(
    () =>
      onFrameUrl((next) => {
        setUrl(isFrameUrl(next) ? next : null);
        setLaunchCount((count) => count + 1);
      }),
    [],
  );

  if (!url) {
    return (
      <EmptyState
        title={t('frame_empty')}
        action={
          <Button onClick={() => navigate('/')} data-testid="frame-back">
            {t('back_to_lobby')}
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.frameBox}>
      <iframe
        key={`${launchCount}:${url}`}
        className={styles.frame}
        src={url}
        title={t('frame_title')}
        allow="autoplay; fullscreen"
        allowFullScreen
        data-testid="game-frame"
      />
    </div>
  );
}

export default function FrameContent() {
  return (
    <LauncherProvider>
      <Frame />
    </LauncherProvider>
  );
}
export { translationsLoaded } from './translations';

import { Modal, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import type { ChatEngine } from './chat-engine';
import { CHAT_NAMESPACE } from './translations';
import styles from './chat-window.module.css';

/** A picture as a thumbnail that opens larger in a dialog of its own. */
export function ChatPicture({ src }: { src: string }) {
  const { t } = useT(CHAT_NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.thumbnail} aria-label={t('image_open')} data-testid="chat-image" onClick={() => setOpen(true)}>
        <img src={src} alt={t('image_alt')} />
      </button>
      {open && (
        <Modal open size="lg" title={t('image_title')} onClose={() => setOpen(false)} testId="chat-image-dialog">
          <img className={styles.fullImage} src={src} alt={t('image_alt')} />
        </Modal>
      )}
    </>
  );
}

/**
 * An image message's picture, fetched through the image call (an <img> cannot send the session
 * token), then shown as a thumbnail; a failure offers to fetch it again.
 */
export function ChatImage({ engine, messageId }: { engine: ChatEngine; messageId: number }) {
  const { t } = useT(CHAT_NAMESPACE);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    engine.imageOf(messageId).then(
      (image) => live && setSrc(image),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [engine, messageId, attempt]);

  if (src) return <ChatPicture src={src} />;
  if (failed) {
    return (
      <span className={styles.imageFailed}>
        {t('image_failed')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => setAttempt((value) => value + 1)}>
          {t('retry')}
        </button>
      </span>
    );
  }
  return <span className={styles.imageLoading} aria-hidden="true" />;
}

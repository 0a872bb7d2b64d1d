import { Suspense, lazy } from 'react';

export interface AnnouncementModalProps {
  /** Opens straight on this announcement's detail (a popup announcement). */
  initialAnnouncementId?: number;
  onClose: () => void;
}

// Fetched when an announcement is first shown, not with the shell (announcement-modal-content.tsx).
const AnnouncementModalContent = lazy(() => import(/* webpackChunkName: "announcement-modal" */ './announcement-modal-content'));

/** Paged list of announcement titles (9 per page) and the chosen one's detail. */
export function AnnouncementModal(props: AnnouncementModalProps) {
  return (
    <Suspense fallback={null}>
      <AnnouncementModalContent {...props} />
    </Suspense>
  );
}

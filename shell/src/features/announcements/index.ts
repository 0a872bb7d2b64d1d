export { AnnouncementModal, type AnnouncementModalProps } from './components/announcement-modal';
export { useAnnouncementPopup } from './hooks/use-announcement-popup';
export { ANNOUNCEMENT_PAGE_SIZE, ANNOUNCEMENT_PARAMS } from './hooks/use-announcements';

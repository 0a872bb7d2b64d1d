export { AppDownloadModal, type AppDownloadModalProps } from './components/app-download-modal';
export { INSTALL_GUIDES, INSTALL_QR_SIZE } from './install-steps';
export { QrCode, type QrCodeProps } from './components/qr-code';

import { Suspense, lazy } from 'react';
import type { InstallPlatform } from '../install-steps';

export interface AppDownloadModalProps {
  onClose: () => void;
  initialPlatform?: InstallPlatform;
}

// Fetched (with the QR code) when the guide is first opened, not with the shell.
const AppDownloadModalContent = lazy(() => import(/* webpackChunkName: "app-download-modal" */ './app-download-modal-content'));

/** How to install the site on a phone: Android and iOS tabs of four steps each. */
export function AppDownloadModal(props: AppDownloadModalProps) {
  return (
    <Suspense fallback={null}>
      <AppDownloadModalContent {...props} />
    </Suspense>
  );
}

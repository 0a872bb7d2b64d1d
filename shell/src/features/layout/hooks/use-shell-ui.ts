import { useSyncExternalStore } from 'react';
import { shellUi, type ShellUiState } from './shell-ui-store';

export interface ShellUi extends ShellUiState {
  toggleSideBar: () => void;
  setSideBarCollapsed: (collapsed: boolean) => void;
  openDrawer: () => void;
  closeDrawer: () => void;
  openAnnouncements: (announcementId?: number) => void;
  openAppDownload: () => void;
  openHelp: () => void;
  closeModal: () => void;
}

function subscribe(onChange: () => void): () => void {
  const subscription = shellUi.state$.subscribe(() => onChange());
  return () => subscription.unsubscribe();
}

/** Side bar collapsed or not, and which of the chrome's modals is open. */
export function useShellUi(): ShellUi {
  const state = useSyncExternalStore(subscribe, shellUi.get, shellUi.get);
  return {
    ...state,
    toggleSideBar: shellUi.toggleSideBar,
    setSideBarCollapsed: shellUi.setSideBarCollapsed,
    openDrawer: shellUi.openDrawer,
    closeDrawer: shellUi.closeDrawer,
    openAnnouncements: shellUi.openAnnouncements,
    openAppDownload: shellUi.openAppDownload,
    openHelp: shellUi.openHelp,
    closeModal: shellUi.closeModal,
  };
}

import { BehaviorSubject } from 'rxjs';

export type ShellModal = { kind: 'announcement'; announcementId?: number } | { kind: 'appDownload' } | { kind: 'help' } | null;

export interface ShellUiState {
  sideBarCollapsed: boolean;
  /** Phones: the side bar open as a drawer over the page (from the header's menu button). */
  drawerOpen: boolean;
  modal: ShellModal;
}

/**
 * Below this width the site takes its phone layout: compact header, bottom tab bar, the side bar
 * as a drawer. (On a wider window the side bar starts collapsed to icons when the page was opened
 * this narrow.)
 */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)';

function startsNarrow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

function initialState(): ShellUiState {
  return { sideBarCollapsed: startsNarrow(), drawerOpen: false, modal: null };
}

/**
 * The chrome's own UI state. It lives outside React because every route renders its own
 * ShellLayout: the side bar stays collapsed and a modal stays open across navigation.
 */
const state$ = new BehaviorSubject<ShellUiState>(initialState());

function update(patch: Partial<ShellUiState>): void {
  state$.next({ ...state$.getValue(), ...patch });
}

export const shellUi = {
  state$,
  get: (): ShellUiState => state$.getValue(),
  toggleSideBar: (): void => update({ sideBarCollapsed: !state$.getValue().sideBarCollapsed }),
  setSideBarCollapsed: (sideBarCollapsed: boolean): void => update({ sideBarCollapsed }),
  openDrawer: (): void => update({ drawerOpen: true }),
  closeDrawer: (): void => update({ drawerOpen: false }),
  // The drawer's entries open these over the page: the drawer gives way to them.
  openAnnouncements: (announcementId?: number): void => update({ drawerOpen: false, modal: { kind: 'announcement', announcementId } }),
  openAppDownload: (): void => update({ drawerOpen: false, modal: { kind: 'appDownload' } }),
  /** The header's help-centre modal. */
  openHelp: (): void => update({ drawerOpen: false, modal: { kind: 'help' } }),
  closeModal: (): void => update({ modal: null }),
  /** Back to the start state (tests). */
  reset: (): void => state$.next(initialState()),
};

/** Whether the side menu is on screen: always beside the page on a wide screen; on a phone only as the open drawer. */
export function isSideMenuShown(narrow: boolean, drawerOpen: boolean): boolean {
  return !narrow || drawerOpen;
}

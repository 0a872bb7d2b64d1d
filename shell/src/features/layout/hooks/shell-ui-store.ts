import { BehaviorSubject } from 'rxjs';

export type ShellModal = { kind: 'announcement'; announcementId?: number } | { kind: 'appDownload' } | null;

export interface ShellUiState {
  sideBarCollapsed: boolean;
  modal: ShellModal;
}

/** Below this width the side bar starts collapsed (icons only). */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)';

function startsNarrow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

function initialState(): ShellUiState {
  return { sideBarCollapsed: startsNarrow(), modal: null };
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
  openAnnouncements: (announcementId?: number): void => update({ modal: { kind: 'announcement', announcementId } }),
  openAppDownload: (): void => update({ modal: { kind: 'appDownload' } }),
  closeModal: (): void => update({ modal: null }),
  /** Back to the start state (tests). */
  reset: (): void => state$.next(initialState()),
};

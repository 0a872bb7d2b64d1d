import { useEffect } from 'react';
import { shellUi } from '../../layout/hooks/shell-ui-store';
import { loadAnnouncements } from './use-announcements';

/**
 * This tab has already offered its popup announcements. Kept in sessionStorage so a reload in
 * the same tab does not show them again, while a new session does.
 */
export const POPUP_SHOWN_KEY = 'announcementPopupShown';

function alreadyShown(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(POPUP_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    globalThis.sessionStorage?.setItem(POPUP_SHOWN_KEY, '1');
  } catch {
    // Storage refused: the popup may show again after a reload, which is harmless.
  }
}

let checkedThisPage = false;

/** Opens the announcement modal on the first popup announcement, once per session. */
export function useAnnouncementPopup(enabled = true): void {
  useEffect(() => {
    if (!enabled || checkedThisPage || alreadyShown()) return;
    checkedThisPage = true;
    loadAnnouncements()
      .then((value) => {
        markShown();
        const first = value?.popup?.[0];
        if (first && shellUi.get().modal === null) shellUi.openAnnouncements(first.id);
      })
      .catch(() => {
        checkedThisPage = false;
      });
  }, [enabled]);
}

/** Lets the check run again (tests). */
export function resetAnnouncementPopupForTests(): void {
  checkedThisPage = false;
}

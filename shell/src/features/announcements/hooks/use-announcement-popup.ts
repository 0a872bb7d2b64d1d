import { bus, useBusState } from '@platform/shared';
import { useEffect } from 'react';
import { shellUi } from '../../layout/hooks/shell-ui-store';
import { loadAnnouncements } from './use-announcements';

/**
 * Which popup announcements this tab has already offered, kept in sessionStorage so a reload in
 * the same tab does not show them again, while a new session does. The value lists the offers
 * made, as `phase:LANGUAGE` entries separated by commas (`out:EN,in:EN`): the before-login and the
 * after-login popups (login: the after-login modal flag) are offered once each, and again
 * in a newly chosen language (a language change toggles the before/after-login modals).
 * The value '1' (what the browser harness sets) means every offer is made already.
 */
export const POPUP_SHOWN_KEY = 'announcementPopupShown';

/** Every offer made: the value tests and the harness set to keep popups away. */
export const ALL_POPUPS_SHOWN = '1';

/** Before login (a visitor) or after (any session, free-play included). */
export type PopupPhase = 'out' | 'in';

export const popupOfferKey = (phase: PopupPhase, language: string): string => `${phase}:${language}`;

function readShown(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(POPUP_SHOWN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Whether this tab has offered the popups of this phase in this language. */
export function popupOffered(offer: string): boolean {
  const shown = readShown();
  if (shown === null) return false;
  return shown === ALL_POPUPS_SHOWN || shown.split(',').includes(offer);
}

/**
 * Runs `clear` (the end of a session in this tab's storage) keeping the record of offers made: a
 * player who logs out and in again in the same tab has seen this tab's popups already.
 */
export function keepingPopupOffers(clear: () => void): void {
  const shown = readShown();
  clear();
  if (shown === null) return;
  try {
    globalThis.sessionStorage?.setItem(POPUP_SHOWN_KEY, shown);
  } catch {
    // Storage refused: the popups may be offered again, which is harmless.
  }
}

function markOffered(offer: string): void {
  try {
    const shown = readShown();
    if (shown === ALL_POPUPS_SHOWN) return;
    const offers = shown ? shown.split(',').filter(Boolean) : [];
    if (!offers.includes(offer)) offers.push(offer);
    globalThis.sessionStorage?.setItem(POPUP_SHOWN_KEY, offers.join(','));
  } catch {
    // Storage refused: the popup may show again after a reload, which is harmless.
  }
}

/** Offers already asked for on this page (a second layout mounting must not ask again). */
const checkedThisPage = new Set<string>();

/** The offer in force now: the session's phase in the language in use. */
const currentOffer = (): string => popupOfferKey(bus.get('session').token ? 'in' : 'out', bus.get('language'));

/**
 * Opens the announcement modal on the first popup announcement: once before login and once after
 * login per tab session, and again in each language the player switches to.
 */
export function useAnnouncementPopup(enabled = true): void {
  const { token } = useBusState('session');
  const language = useBusState('language');
  const offer = popupOfferKey(token ? 'in' : 'out', language);

  useEffect(() => {
    if (!enabled || checkedThisPage.has(offer) || popupOffered(offer)) return;
    checkedThisPage.add(offer);
    loadAnnouncements()
      .then((value) => {
        // The phase or the language changed while loading: the new offer's own check shows them.
        if (currentOffer() !== offer) return;
        markOffered(offer);
        const first = value?.popup?.[0];
        if (first && shellUi.get().modal === null) shellUi.openAnnouncements(first.id);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!popupOffered(offer)) checkedThisPage.delete(offer);
      });
  }, [enabled, offer]);
}

/** Lets the check run again (tests). */
export function resetAnnouncementPopupForTests(): void {
  checkedThisPage.clear();
}

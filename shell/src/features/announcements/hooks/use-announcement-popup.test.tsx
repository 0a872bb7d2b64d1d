import { bus, type Announcement } from '@platform/shared';
import { act } from '@testing-library/react';
import { logIn, renderWithProviders, settle, stubApi } from '@platform/shared/testing';
import { shellUi } from '../../layout/hooks/shell-ui-store';
import { ALL_POPUPS_SHOWN, POPUP_SHOWN_KEY, useAnnouncementPopup } from './use-announcement-popup';

// Login (the after-login modal flag) and a language change (the before/after-login modals
// toggle): the popup announcement is offered once before login, once after login, and again in
// each language the player switches to, once per tab session.

const POPUP: Announcement[] = [{ id: 7, type: 'PU', title: 'Holiday hours', content: '<p>Open all week</p>', popup: true, createTime: 0 }];

function PopupHost() {
  useAnnouncementPopup();
  return null;
}

/** The announcement the modal was opened on, if one is open; closes it. */
function takeOpenedPopup(): number | null {
  const { modal } = shellUi.get();
  if (modal === null) return null;
  act(() => shellUi.closeModal());
  return modal.kind === 'announcement' ? (modal.announcementId ?? -1) : -1;
}

describe('popup announcements', () => {
  it('are offered before login, after login, and again in a newly chosen language', async () => {
    stubApi({ announcements: { list: POPUP, popup: POPUP } });
    renderWithProviders(<PopupHost />);
    await settle();
    expect(takeOpenedPopup()).toBe(7);

    // Logging in is the after-login offer.
    act(() => logIn());
    await settle();
    expect(takeOpenedPopup()).toBe(7);

    // Nothing more while neither changes.
    act(() => bus.set('balance', { ...bus.get('balance'), loading: false }));
    await settle();
    expect(takeOpenedPopup()).toBeNull();

    // A new language: offered again, in that language.
    act(() => bus.set('language', 'CN'));
    await settle();
    expect(takeOpenedPopup()).toBe(7);

    // Back to a language already offered in this phase: not again.
    act(() => bus.set('language', 'EN'));
    await settle();
    expect(takeOpenedPopup()).toBeNull();
    expect(window.sessionStorage.getItem(POPUP_SHOWN_KEY)?.split(',').sort()).toEqual(['in:CN', 'in:EN', 'out:EN']);
  });

  it('are not offered again after a reload of the same tab', async () => {
    window.sessionStorage.setItem(POPUP_SHOWN_KEY, 'out:EN');
    stubApi({ announcements: { list: POPUP, popup: POPUP } });
    renderWithProviders(<PopupHost />);
    await settle();
    expect(takeOpenedPopup()).toBeNull();
  });

  it('stay away everywhere when every offer is marked made (the browser harness)', async () => {
    window.sessionStorage.setItem(POPUP_SHOWN_KEY, ALL_POPUPS_SHOWN);
    stubApi({ announcements: { list: POPUP, popup: POPUP } });
    renderWithProviders(<PopupHost />);
    await settle();
    act(() => logIn());
    act(() => bus.set('language', 'VI'));
    await settle();
    expect(takeOpenedPopup()).toBeNull();
  });

  it('wait for a failed load to be offered again later', async () => {
    stubApi({ announcements: new Error('offline') });
    const view = renderWithProviders(<PopupHost />);
    await settle();
    expect(takeOpenedPopup()).toBeNull();
    expect(window.sessionStorage.getItem(POPUP_SHOWN_KEY)).toBeNull();
    view.unmount();

    // The next page that asks (the layout mounting again) gets the offer.
    stubApi({ announcements: { list: POPUP, popup: POPUP } });
    renderWithProviders(<PopupHost />);
    await settle();
    expect(takeOpenedPopup()).toBe(7);
  });
});

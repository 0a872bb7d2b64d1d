import type { Announcement, Promotion } from '@platform/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeStatus, renderWithProviders, resource, settle, setStatus, stubApi } from '@platform/shared/testing';
import { resetAnnouncementPopupForTests } from '../../announcements/hooks/use-announcement-popup';
import { mockMatchMedia } from '../../../testing/match-media';
import { shellUi } from '../hooks/shell-ui-store';
import { ShellLayout, type ShellChrome } from './shell-layout';

const FULL: ShellChrome = { header: true, sideBar: true, banner: 'w_home', footer: true };

function stubSite({ popup = [] as Announcement[], promotion = [] as Promotion[] } = {}) {
  return stubApi({
    gameVendors: { data: { lanes: [] } },
    indexNotice: { player: [], banners: [{ bannerId: 1, groupName: 'w_home', url: '/b1.jpg', linkageType: 'NONE', linkageValue: null }], popup: [], promotion },
    announcements: { list: [], popup },
    helpCenter: { list: [{ id: 1, category: 'Account', title: 'How do I register?', content: '<p>Click Register.</p>' }] },
  });
}

const PROMOTIONS: Promotion[] = [{ id: 5, category: 'daily', title: 'Daily Reload 10%', imageUrl: '/p5.svg' }];

async function renderLayout(chrome: ShellChrome = FULL) {
  const view = renderWithProviders(
    <ShellLayout chrome={chrome}>
      <p>Page content</p>
    </ShellLayout>,
  );
  await settle();
  return view;
}

describe('ShellLayout', () => {
  beforeEach(() => setStatus(makeStatus({ resources: [resource('Android', 'https://dl.example.test/app.apk')] })));

  it('composes the side bar, header, banner, page, footer and right bar', async () => {
    stubSite();
    await renderLayout();
    // The side menu's code arrives after the rest (fetched when it is first shown).
    expect(await screen.findByTestId('side-bar')).toBeTruthy();
    for (const block of ['side-bar', 'header', 'banner', 'footer', 'right-bar']) expect(screen.getByTestId(block)).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Page content')).toBeTruthy();
  });

  it('on a phone, renders the side menu (and fetches its code) only once the drawer is opened', async () => {
    const media = mockMatchMedia(true);
    try {
      stubSite();
      await renderLayout();
      expect(screen.getByTestId('header')).toBeTruthy();
      expect(screen.queryByTestId('side-bar')).toBeNull();
      act(() => shellUi.openDrawer());
      expect(await screen.findByRole('dialog', { name: /menu/i })).toBeTruthy();
      act(() => shellUi.closeDrawer());
      expect(screen.queryByTestId('side-bar')).toBeNull();
    } finally {
      media.restore();
    }
  });

  it('leaves out what the route’s chrome turns off', async () => {
    stubSite();
    await renderLayout({ header: false, sideBar: false, banner: null, footer: false });
    for (const block of ['side-bar', 'header', 'banner', 'footer']) expect(screen.queryByTestId(block)).toBeNull();
    expect(screen.getByText('Page content')).toBeTruthy();
    expect(screen.getByTestId('right-bar')).toBeTruthy();
  });

  it('opens the announcement and app-download modals the side bar asks for', async () => {
    stubSite();
    await renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Announcements' }));
    await settle();
    expect(screen.getByTestId('announcement-modal')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('announcement-modal')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Download app' }));
    // The modal's content is its own chunk, loaded when first shown.
    expect(await screen.findByTestId('app-download-modal')).toBeTruthy();
  });

  it('shows popup announcements once per session', async () => {
    const popup = [{ id: 7, type: 'PU' as const, title: 'Holiday hours', content: '<p>Open all week</p>', popup: true, createTime: 0 }];
    stubSite({ popup });
    const first = await renderLayout();
    expect(screen.getByRole('article', { name: 'Holiday hours' })).toBeTruthy();
    act(() => shellUi.closeModal());
    first.unmount();

    // A reload in the same tab: the page state is new, the session is not.
    resetAnnouncementPopupForTests();
    await renderLayout();
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
  });

  it('keeps popup announcements off pages without the header (game and lottery frames)', async () => {
    stubSite({ popup: [{ id: 8, type: 'PU', title: 'Later', content: '', popup: true, createTime: 0 }] });
    await renderLayout({ header: false, sideBar: false, banner: null, footer: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the promo bar (its own chunk) right under the header, with the banners’ one index-notice request', async () => {
    const { callsOf } = stubSite({ promotion: PROMOTIONS });
    await renderLayout();
    const bar = await screen.findByTestId('promo-bar');
    expect(screen.getByTestId('header').nextElementSibling).toBe(bar);
    expect(within(bar).getByRole('link', { name: 'Daily Reload 10%' }).getAttribute('href')).toBe('/promotions/5');
    expect(screen.getByTestId('banner')).toBeTruthy();
    expect(callsOf('indexNotice')).toHaveLength(1);
  });

  it.each([
    ['the top bar hidden (game and lottery frames)', { header: false, sideBar: false, banner: null, footer: false }],
    ['the header without the side menu (login, register, the /game frame)', { header: true, sideBar: false, banner: null, footer: false }],
  ] as [string, ShellChrome][])('has no promo bar with %s', async (_, chrome) => {
    stubSite({ promotion: PROMOTIONS });
    const { container } = await renderLayout(chrome);
    await settle();
    expect(screen.queryByTestId('promo-bar')).toBeNull();
    expect(screen.queryByTestId('promo-bar-placeholder')).toBeNull();
    expect(container.querySelector('.promoSlot')).toBeNull();
  });

  it('opens the help modal (its own chunk) from the header; Escape closes it and gives the focus back', async () => {
    const { callsOf } = stubSite();
    await renderLayout();
    expect(callsOf('helpCenter')).toHaveLength(0);
    const help = screen.getByRole('button', { name: 'Help centre' });
    help.focus();
    fireEvent.click(help);
    expect(shellUi.get().modal).toEqual({ kind: 'help' });
    const dialog = await screen.findByRole('dialog', { name: 'Help centre' });
    await settle();
    expect(within(dialog).getByRole('list', { name: 'Account' })).toBeTruthy();
    expect(callsOf('helpCenter')).toHaveLength(1);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('help-modal')).toBeNull();
    expect(shellUi.get().modal).toBeNull();
    expect(document.activeElement).toBe(help);
  });

  it('opens no modal when there is no popup announcement', async () => {
    stubSite();
    await renderLayout();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

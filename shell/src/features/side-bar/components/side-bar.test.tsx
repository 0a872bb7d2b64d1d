import { bus, type GameCategory, type GameLane, type VendorCard } from '@platform/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  logIn,
  makeStatus,
  recordCommands,
  renderWithProviders,
  resource,
  serviceItem,
  settle,
  setStatus,
  stubApi,
} from '@platform/shared/testing';
import { shellUi } from '../../layout/hooks/shell-ui-store';
import { SideBar } from './side-bar';

function lane(gameCategory: GameCategory, vendorCount = 1): GameLane {
  const vendors: VendorCard[] = Array.from({ length: vendorCount }, (_, index) => ({
    vassalage: `${gameCategory}${index}`,
    vendorName: `${gameCategory} vendor ${index}`,
    provider: `${gameCategory}${index}`,
    isHot: false,
    gameCategory,
    gameClassify: null,
    iconUrl: null,
    colorIconUrl: null,
    accountTypeName: null,
  }));
  return { gameCategory, vendors };
}

async function renderSideBar(lanes: GameLane[], route = '/') {
  stubApi({ gameVendors: { data: { lanes } } });
  const view = renderWithProviders(<SideBar />, { route });
  await settle();
  return view;
}

function menuLinks(): [string, string][] {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']);
}

describe('SideBar menu', () => {
  beforeEach(() => setStatus());

  it('lists Home, Hot games, only the game categories that have vendors, and Promotions', async () => {
    await renderSideBar([lane('LIVE'), lane('FISH', 0), lane('RNG', 2), lane('SPORTS'), lane('ESPORTS', 0), lane('INHOUSE')]);
    expect(menuLinks()).toEqual([
      ['Home', '/'],
      ['Hot games', '/hot'],
      ['Live casino', '/live'],
      ['Sports', '/sports'],
      ['Slots', '/rng'],
      ['In-House', '/inhouse'],
      ['Promotions', '/promotions'],
    ]);
  });

  it('leads lottery to the site’s own lottery page when it has lottery vendors, even beside e-lottery ones', async () => {
    await renderSideBar([lane('LOTT'), lane('ELOTT'), lane('PVP'), lane('COCKFIGHT')]);
    expect(menuLinks()).toContainEqual(['Lottery', '/lottery']);
    expect(menuLinks().filter(([label]) => label === 'Lottery')).toHaveLength(1);
    expect(menuLinks()).toContainEqual(['Card games', '/pvp']);
    expect(menuLinks()).toContainEqual(['Cockfighting', '/cockfight']);
  });

  it('leads lottery to the lottery page when only LOTT has vendors', async () => {
    await renderSideBar([lane('LOTT'), lane('ELOTT', 0)]);
    expect(menuLinks()).toContainEqual(['Lottery', '/lottery']);
    expect(menuLinks().filter(([label]) => label === 'Lottery')).toHaveLength(1);
  });

  it('leads lottery to the e-lottery lobby when e-lottery is the only lottery', async () => {
    await renderSideBar([lane('LOTT', 0), lane('ELOTT')]);
    expect(menuLinks()).toContainEqual(['Lottery', '/elott']);
  });

  it('has no game categories while the vendor list is unavailable', async () => {
    stubApi({ gameVendors: new Error('offline') });
    renderWithProviders(<SideBar />);
    await settle();
    expect(menuLinks().map(([label]) => label)).toEqual(['Home', 'Hot games', 'Promotions']);
  });

  it('highlights the current route', async () => {
    await renderSideBar([lane('LIVE')], '/live');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Live casino' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('collapses to icons and expands again, keeping accessible names', async () => {
    await renderSideBar([lane('LIVE')]);
    const sideBar = screen.getByTestId('side-bar');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(sideBar.getAttribute('data-collapsed')).toBe('true');
    expect(shellUi.get().sideBarCollapsed).toBe(true);
    expect(screen.getByRole('link', { name: 'Live casino' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(sideBar.getAttribute('data-collapsed')).toBe('false');
  });
});

describe('SideBar support menu', () => {
  it('opens the announcement modal and leads to the help centre', async () => {
    setStatus();
    const { container } = await renderSideBar([]);
    fireEvent.click(screen.getByRole('button', { name: 'Announcements' }));
    expect(shellUi.get().modal).toEqual({ kind: 'announcement', announcementId: undefined });
    fireEvent.click(screen.getByRole('link', { name: 'Help centre' }));
    expect(container.ownerDocument.querySelector('[data-testid="location"]')?.textContent).toBe('/help');
  });

  it('starts the support-link flow from Customer service', async () => {
    setStatus(makeStatus({ customerService: [serviceItem('https://chat.example.test/')] }));
    const popup = { close: jest.fn(), location: { href: '' }, opener: null } as unknown as Window;
    jest.spyOn(window, 'open').mockReturnValue(popup);
    await renderSideBar([]);
    fireEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    // The popup is sent on once the decryption code has loaded.
    await waitFor(() => expect(popup.location.href).toBe('https://chat.example.test/'));
  });

  it('asks a visitor to log in before platform messages', async () => {
    setStatus();
    const { commands, stop } = recordCommands('openLogin', 'openMemberCenter');
    await renderSideBar([]);
    fireEvent.click(screen.getByRole('button', { name: 'Platform messages' }));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    stop();
  });

  it('tells a guest account to register instead of opening platform messages', async () => {
    setStatus();
    logIn({ isAgent: 4 });
    const { commands, stop } = recordCommands('openLogin', 'openMemberCenter');
    await renderSideBar([]);
    fireEvent.click(screen.getByRole('button', { name: 'Platform messages' }));
    expect(commands).toEqual([]);
    expect(await screen.findByText('Please Register An Account First')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    stop();
  });

  it('opens platform messages in the member centre for a member', async () => {
    setStatus();
    logIn({ isAgent: 0 });
    const { commands, stop } = recordCommands('openMemberCenter');
    await renderSideBar([]);
    fireEvent.click(screen.getByRole('button', { name: 'Platform messages' }));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'messageV2' }]);
    stop();
  });
});

describe('SideBar links, download and language', () => {
  it('lists decrypted customer-service entries, skipping broken ones, and the social resources', async () => {
    setStatus(
      makeStatus({
        customerService: [
          serviceItem('https://t.me/lucky_support', { csType: 'TELEGRAM', title: 'Telegram support', type: 1 }),
          serviceItem(null, { title: 'Broken entry', type: 2 }),
        ],
        resources: [resource('FACEBOOK', 'https://facebook.com/lucky'), resource('WHATSAPP', 'https://wa.me/123'), resource('SpeedTest', 'https://speed.example.test')],
      }),
    );
    await renderSideBar([]);
    const contact = screen.getByRole('list', { name: 'Contact channels' });
    expect(within(contact).getByRole('link', { name: 'Telegram support' }).getAttribute('href')).toBe('https://t.me/lucky_support');
    expect(within(contact).queryByText('Broken entry')).toBeNull();
    const social = screen.getByRole('list', { name: 'Follow us' });
    expect(within(social).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://facebook.com/lucky', 'https://wa.me/123']);
    expect(within(social).getByRole('link', { name: 'FACEBOOK' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows QR codes of the Android and iOS links only when they exist, and opens the download modal', async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'https://dl.example.test/app.apk')] }));
    await renderSideBar([]);
    const block = screen.getByTestId('side-bar-download');
    expect(await within(block).findByTitle('QR code for Android')).toBeTruthy();
    expect(within(block).queryByTitle('QR code for iOS')).toBeNull();
    const sizes = [...block.querySelectorAll('li svg')].map((svg) => svg.getAttribute('height'));
    expect(sizes).toEqual(['100', '125']);
    fireEvent.click(within(block).getByRole('button', { name: 'Download app' }));
    expect(shellUi.get().modal).toEqual({ kind: 'appDownload' });
  });

  it('shows icons only when collapsed: no QR codes, the download button still there', async () => {
    setStatus(makeStatus({ resources: [resource('Android', 'https://dl.example.test/app.apk')] }));
    shellUi.setSideBarCollapsed(true);
    await renderSideBar([]);
    const block = screen.getByTestId('side-bar-download');
    expect(block.querySelector('li svg')).toBeNull();
    expect(within(block).getByRole('button', { name: 'Download app' })).toBeTruthy();
  });

  it('has no QR codes without install links', async () => {
    setStatus(makeStatus({ resources: [] }));
    await renderSideBar([]);
    const block = screen.getByTestId('side-bar-download');
    expect(block.querySelector('svg[height="100"]')).toBeNull();
    expect(within(block).getByRole('button', { name: 'Download app' })).toBeTruthy();
  });

  it('hides the language switcher when the site has one language', async () => {
    setStatus(makeStatus({ site: { languages: ['BN'] } }));
    await renderSideBar([]);
    expect(screen.queryByTestId('language-switcher')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });

  it('offers only the site’s languages and switches the page language', async () => {
    setStatus(makeStatus({ site: { languages: ['BN', 'EN', 'TH'] } }));
    await renderSideBar([lane('LIVE')]);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['বাংলা', 'English', 'ไทย']);
    expect((select as HTMLSelectElement).value).toBe('EN');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'TH' } });
    });
    await waitFor(() => expect(bus.get('language')).toBe('TH'));
    expect(window.localStorage.getItem('hisLang')).toBe('TH');
    expect(screen.getByRole('link', { name: 'คาสิโนสด' })).toBeTruthy();
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeStatus, renderWithProviders, resource, settle, setStatus, stubApi } from '@platform/shared/testing';
import { Header } from '../../header/components/header';
import { shellUi } from '../../layout/hooks/shell-ui-store';
import { mockMatchMedia } from '../../../testing/match-media';
import { SideBar } from './side-bar';

describe('SideBar on a phone: the drawer', () => {
  let media: { restore: () => void };
  beforeEach(() => {
    media = mockMatchMedia(true);
    setStatus(makeStatus({ site: { languages: ['EN', 'TH'] }, resources: [resource('Android', 'https://dl.example.test/app.apk')] }));
    stubApi({ gameVendors: { data: { lanes: [] } } });
  });
  afterEach(() => media.restore());

  async function renderWithHeader() {
    const view = renderWithProviders(
      <>
        <Header menu />
        <SideBar />
      </>,
    );
    await settle();
    return view;
  }

  it('is closed until the header’s menu button opens it, as a modal dialog with the full labels', async () => {
    await renderWithHeader();
    expect(screen.queryByTestId('side-bar')).toBeNull();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.getAttribute('data-collapsed')).toBe('false');
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(within(drawer).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(drawer).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Customer service' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Download app' })).toBeTruthy();
    // Focus moves into it.
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    await renderWithHeader();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    menuButton.focus();
    fireEvent.click(menuButton);
    expect(screen.getByRole('dialog', { name: 'Main menu' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('closes on the backdrop, on its close button and on a choice', async () => {
    await renderWithHeader();
    const open = () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    open();
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(shellUi.get().drawerOpen).toBe(false);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    fireEvent.click(screen.getByRole('link', { name: 'Promotions' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[data-testid="location"]')?.textContent).toBe('/promotions');
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Announcements' }));
    expect(shellUi.get()).toMatchObject({ drawerOpen: false, modal: { kind: 'announcement' } });
  });

  it('keeps Tab inside the drawer', async () => {
    await renderWithHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    act(() => {
      fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    });
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(close);
  });
});

describe('SideBar on a wide screen', () => {
  it('has no drawer and no menu button shows it', async () => {
    setStatus();
    stubApi({ gameVendors: { data: { lanes: [] } } });
    renderWithProviders(<SideBar />);
    await settle();
    expect(screen.getByTestId('side-bar').getAttribute('role')).toBeNull();
    act(() => shellUi.openDrawer());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

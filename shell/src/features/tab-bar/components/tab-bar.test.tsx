import { fireEvent, screen, within } from '@testing-library/react';
import { logIn, recordCommands, renderWithProviders, settle, setStatus, stubApi } from '@platform/shared/testing';
import { TabBar } from './tab-bar';

async function renderTabBar(route = '/') {
  stubApi({ gameVendors: { data: { lanes: [] } } });
  renderWithProviders(<TabBar />, { route });
  await settle();
  return screen.getByRole('navigation', { name: 'Quick navigation' });
}

describe('TabBar', () => {
  beforeEach(() => setStatus());

  it('has Home, Games, Promotions, Deposit and Me, and marks the current page’s tab', async () => {
    const nav = await renderTabBar('/promotions');
    expect(within(nav).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Games', 'Promotions', 'Deposit', 'Me']);
    expect(within(nav).getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Games' }).getAttribute('href')).toBe('/live');
  });

  it('opens the login popup from Deposit and Me when logged out', async () => {
    const nav = await renderTabBar();
    const { commands, stop } = recordCommands('openLogin', 'openMemberCenter');
    fireEvent.click(within(nav).getByRole('button', { name: 'Deposit' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Me' }));
    expect(commands).toEqual([
      { type: 'openLogin', tab: 'login' },
      { type: 'openLogin', tab: 'login' },
    ]);
    stop();
  });

  it('opens the member centre (its deposit page for Deposit) when logged in', async () => {
    logIn();
    const nav = await renderTabBar();
    const { commands, stop } = recordCommands('openLogin', 'openMemberCenter');
    fireEvent.click(within(nav).getByRole('button', { name: 'Deposit' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Me' }));
    expect(commands).toEqual([
      { type: 'openMemberCenter', page: 'depositv2' },
      { type: 'openMemberCenter', page: 'securityCenter' },
    ]);
    stop();
  });
});

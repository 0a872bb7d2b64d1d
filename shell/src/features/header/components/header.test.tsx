import { amountMinorOf, bus, setUnreadCount, startBalanceService } from '@platform/shared';
import { balanceCall, logoutCall } from '@platform/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logIn, makeStatus, recordCommands, renderWithProviders, resource, settle, setStatus, stubApi } from '@platform/shared/testing';
import { shellUi } from '../../layout/hooks/shell-ui-store';
import { Header } from './header';

describe('Header, logged out', () => {
  it('shows the brand logo; Login opens the login popup and Register asks for registration', () => {
    setStatus();
    const { commands, stop } = recordCommands('openLogin', 'openRegister');
    renderWithProviders(<Header />);
    expect(screen.getByRole('img', { name: 'Lucky Star' }).getAttribute('src')).toBe('https://cdn.example.test/logo.png');
    // Its height is set before the image loads, so nothing moves when it does.
    expect(screen.getByRole('img', { name: 'Lucky Star' }).getAttribute('height')).toBe('44');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }, { type: 'openRegister' }]);
    stop();
  });

  it('has no Register button without direct registration', () => {
    setStatus(makeStatus({ site: { directRegister: false } }));
    renderWithProviders(<Header />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.queryByTestId('header-balance')).toBeNull();
  });
});

describe('Header, logged in', () => {
  let stopBalanceService: () => void;
  beforeEach(() => {
    setStatus();
    // The page's balance service, which the shell's start-up runs, follows the login (loads only:
    // the server's balance stream has its own tests, and there is no server here).
    stopBalanceService = startBalanceService({ followPush: null });
  });
  afterEach(() => stopBalanceService());

  it('shows the balance the service loads, with the site currency symbol', async () => {
    const { call } = stubApi({ balance: { sumBalance: 1234.5 }, playerAvatar: new Error('none') });
    logIn();
    renderWithProviders(<Header />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toContain('1,234.50'));
    expect(screen.getByTestId('header-balance').textContent).toContain('৳');
    expect(call).toHaveBeenCalledWith(balanceCall, expect.objectContaining({ headers: { Authorization: 'token-1' } }));
    expect(bus.get('balance')).toEqual({ sumBalanceMinor: 123450, loading: false });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('hides the amount behind asterisks and shows it again', async () => {
    stubApi({ balance: { sumBalance: 88 }, playerAvatar: new Error('none') });
    logIn();
    renderWithProviders(<Header />);
    const amount = screen.getByTestId('header-balance');
    await waitFor(() => expect(amount.textContent).toContain('88.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(amount.textContent).toContain('*');
    expect(amount.textContent).not.toMatch(/\d/);
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(amount.textContent).toContain('88.00');
  });

  it('refreshes the balance from the server through the refreshBalance command', async () => {
    let sumBalance = 10;
    const { call } = stubApi({ balance: () => ({ sumBalance }), playerAvatar: new Error('none') });
    const { commands, stop } = recordCommands('refreshBalance');
    logIn();
    renderWithProviders(<Header />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toContain('10.00'));
    sumBalance = 25.75;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    });
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toContain('25.75'));
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(call.mock.calls.filter(([row]) => row.name === 'balance')).toHaveLength(2);
    expect(bus.get('balance').sumBalanceMinor).toBe(2575);
    stop();
  });

  it('follows a balance another app publishes', async () => {
    stubApi({ balance: { sumBalance: 1 }, playerAvatar: new Error('none') });
    logIn();
    renderWithProviders(<Header />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toContain('1.00'));
    act(() => bus.set('balance', { sumBalanceMinor: amountMinorOf(500000), loading: false }));
    expect(screen.getByTestId('header-balance').textContent).toContain('5,000.00');
  });

  it('opens the member centre on deposit and withdraw', async () => {
    stubApi({ playerAvatar: new Error('none') });
    logIn();
    const { commands, stop } = recordCommands('openMemberCenter');
    renderWithProviders(<Header />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(commands).toEqual([
      { type: 'openMemberCenter', page: 'depositv2' },
      { type: 'openMemberCenter', page: 'withdraw' },
    ]);
    stop();
  });

  it('signs out only after confirmation', async () => {
    const { call } = stubApi({ balance: { sumBalance: 0 }, logout: null, playerAvatar: new Error('none') });
    logIn();
    const { commands, stop } = recordCommands('logout');
    renderWithProviders(<Header />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(commands).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(commands).toEqual([{ type: 'logout' }]));
    expect(call).toHaveBeenCalledWith(logoutCall);
    stop();
  });
});

describe('Header account menu', () => {
  beforeEach(() => setStatus());

  async function openMenu() {
    renderWithProviders(<Header />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    return screen.getByRole('menu', { name: 'Account menu' });
  }

  it('opens the member centre on Members, account record and betting record; no Agent for a member', async () => {
    logIn({ isAgent: 0 });
    stubApi({ playerAvatar: { avatarUrl: '/avatars/7.png', isDefault: false } });
    const { commands, stop } = recordCommands('openMemberCenter', 'openAgentCenter');
    const menu = await openMenu();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Members', 'Platform messages', 'Account record', 'Betting record', 'Become an agent', 'Sign out']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Members' }));
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Account record' }));
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Betting record' }));
    expect(commands).toEqual([
      { type: 'openMemberCenter', page: 'securityCenter' },
      { type: 'openMemberCenter', page: 'transactionHistory' },
      { type: 'openMemberCenter', page: 'personalHistoryCopy' },
    ]);
    stop();
  });

  it("shows the member's VIP rank in the level's colours, with the way to its page; none without a rank", async () => {
    logIn({ isAgent: 0 });
    stubApi({ playerAvatar: new Error('none') });
    const { commands, stop } = recordCommands('openMemberCenter');
    expect((await openMenu()).querySelector('[data-testid="header-rank-badge"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const session = bus.get('session');
    bus.set('session', { ...session, member: { ...session.member!, clubLabel: { labelName: 'Gold', color: '#b8860b', color2: '#fff3c4', rankLevel: 3 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const badge = screen.getByTestId('header-rank-badge');
    expect(badge.textContent).toBe('VIP 3 · Gold');
    expect(badge.style.background).toBe('rgb(184, 134, 11)');
    fireEvent.click(screen.getByRole('menuitem', { name: 'My VIP rank' }));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'playerRank' }]);
    stop();
  });

  it('shows the unread messages on the avatar and on the menu entry that opens them, and no badge at 0', async () => {
    logIn({ isAgent: 0 });
    const { callsOf } = stubApi({ playerAvatar: new Error('none'), unreadCount: { unreadCount: 3 } });
    const { commands, stop } = recordCommands('openMemberCenter');
    renderWithProviders(<Header />);
    await settle();
    expect(callsOf('unreadCount')).toHaveLength(1);
    expect(screen.getByTestId('header-unread').textContent).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu (Platform messages: 3)' }));
    const entry = within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Platform messages 3' });
    fireEvent.click(entry);
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'messageV2' }]);
    // A pushed count (the balance stream) or the page's reading moves the badge.
    act(() => setUnreadCount(120));
    expect(screen.getByTestId('header-unread').textContent).toBe('99+');
    act(() => setUnreadCount(0));
    expect(screen.queryByTestId('header-unread')).toBeNull();
    stop();
  });

  it('offers Agent to agent accounts, and no Become an agent', async () => {
    logIn({ isAgent: 41 });
    stubApi({ playerAvatar: new Error('none') });
    const { commands, stop } = recordCommands('openAgentCenter');
    const menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Become an agent' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Agent' }));
    expect(commands).toEqual([{ type: 'openAgentCenter', page: 'agentAnnouncement' }]);
    stop();
  });

  describe('Become an agent (the get-agent link)', () => {
    it('opens the agent centre, where a player applies, when the operator configured no affiliate link', async () => {
      logIn({ isAgent: 0 });
      stubApi({ playerAvatar: new Error('none') });
      const open = jest.spyOn(window, 'open').mockImplementation(() => null);
      const { commands, stop } = recordCommands('openAgentCenter', 'openMemberCenter');
      const menu = await openMenu();
      expect(within(menu).queryByRole('menuitem', { name: 'Agent' })).toBeNull();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Become an agent' }));
      expect(commands).toEqual([{ type: 'openAgentCenter', page: 'agentAnnouncement' }]);
      expect(open).not.toHaveBeenCalled();
      expect(screen.queryByRole('menu')).toBeNull();
      stop();
    });

    it('opens the configured AFFILIATELINK resource in a new tab instead', async () => {
      setStatus(makeStatus({ resources: [resource('AFFILIATELINK', 'https://partners.example.test/join')] }));
      logIn({ isAgent: 0 });
      stubApi({ playerAvatar: new Error('none') });
      const open = jest.spyOn(window, 'open').mockImplementation(() => null);
      const { commands, stop } = recordCommands('openAgentCenter');
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Become an agent' }));
      expect(open).toHaveBeenCalledWith('https://partners.example.test/join', '_blank', 'noopener,noreferrer');
      expect(commands).toEqual([]);
      stop();
    });

    it('falls back to the agent centre when the configured link is not a web address', async () => {
      setStatus(makeStatus({ resources: [resource('AFFILIATELINK', 'javascript:alert(1)')] }));
      logIn({ isAgent: 0 });
      stubApi({ playerAvatar: new Error('none') });
      const open = jest.spyOn(window, 'open').mockImplementation(() => null);
      const { commands, stop } = recordCommands('openAgentCenter');
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Become an agent' }));
      expect(open).not.toHaveBeenCalled();
      expect(commands).toEqual([{ type: 'openAgentCenter', page: 'agentAnnouncement' }]);
      stop();
    });

    it('is not offered to a guest account', async () => {
      logIn({ isAgent: 4 });
      stubApi({ playerAvatar: new Error('none') });
      const menu = await openMenu();
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Members', 'Platform messages', 'Account record', 'Betting record', 'Sign out']);
    });
  });

  it('shows the avatar from the server under the image base URL, and the default one when it fails to load', async () => {
    logIn();
    stubApi({ playerAvatar: { avatarUrl: '/avatars/7.png', isDefault: false } });
    renderWithProviders(<Header />);
    await settle();
    const image = screen.getByTestId('header-avatar-image');
    expect(image.getAttribute('src')).toBe('https://cdn.example.test/avatars/7.png');
    fireEvent.error(image);
    expect(screen.queryByTestId('header-avatar-image')).toBeNull();
    expect(screen.getByTestId('header-avatar-default')).toBeTruthy();
  });

  it("tells a guest account 'Please Register An Account First' instead of opening deposit or the member centre", async () => {
    logIn({ isAgent: 4 });
    stubApi({ playerAvatar: new Error('none') });
    const { commands, stop } = recordCommands('openMemberCenter');
    renderWithProviders(<Header />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    const notice = await screen.findByRole('dialog');
    expect(notice.textContent).toContain('Please Register An Account First');
    await act(async () => {
      fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members' }));
    expect(commands).toEqual([]);
    const second = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(second).getByRole('button', { name: 'OK' }));
    });
    stop();
  });
});

describe('Header help button', () => {
  it.each([
    ['a visitor', () => undefined],
    ['a player', () => logIn()],
  ])('opens the help-centre modal for %s through the shell’s modal state', async (_, session) => {
    setStatus();
    stubApi({ playerAvatar: new Error('none'), balance: { sumBalance: 0 } });
    session();
    renderWithProviders(<Header menu />);
    await settle();
    const help = screen.getByRole('button', { name: 'Help centre' });
    expect(help.getAttribute('aria-haspopup')).toBe('dialog');
    act(() => shellUi.openDrawer());
    fireEvent.click(help);
    // The drawer gives way to the modal, as for the announcement and download modals.
    expect(shellUi.get()).toMatchObject({ modal: { kind: 'help' }, drawerOpen: false });
  });
});

describe('Theme switch', () => {
  it('sets the light theme on mount and switches to dark and back', () => {
    setStatus();
    bus.set('theme', 'dark');
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('switch', { name: 'Dark theme' });
    expect(bus.get('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(bus.get('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(bus.get('theme')).toBe('light');
  });
});

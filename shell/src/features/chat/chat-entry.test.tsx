import { bus, type CustomerServiceItem } from '@platform/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logIn, makeMember, makeStatus, recordCommands, renderWithProviders, serviceItem, setStatus, settle, stubApi, type StubAnswers } from '@platform/shared/testing';
import { Header } from '../header/components/header';
import { CustomerServiceLinks } from '../side-bar/components/customer-service-links';
import { SupportMenu } from '../side-bar/components/support-menu';
import { MaintenancePage } from '../system-status/components/maintenance-page';
import { chatWindow } from './chat-entry';
import { ChatHostSlot as ChatHost } from './components/chat-slots';
import { resetChatEngineForTests } from './window/chat-engine';
import { conversation } from './window/chat-fixtures.testing';
import { FakeChatStream } from './window/fake-chat-stream.testing';

const LIVE = serviceItem('https://chat.example.test/live');
const VIP = serviceItem('https://chat.example.test/vip', { csType: 'VIP', title: 'VIP host', type: 4 });
const TELEGRAM = serviceItem('https://t.me/lucky', { csType: 'TELEGRAM', title: 'Telegram', type: 1 });

function chatOn(customerService: CustomerServiceItem[] = [LIVE, TELEGRAM], chatEnabled = true) {
  setStatus(makeStatus({ site: { chatEnabled }, customerService }));
}

/** What the header and the chat ask for, answered. */
function server(more: StubAnswers = {}) {
  return stubApi({
    playerAvatar: new Error('none'),
    unreadCount: { unreadCount: 0 },
    chatUnreadCount: { unreadCount: 0 },
    chatResume: { conversation: null },
    chatOpen: conversation(),
    chatMessages: { list: [], hasMore: false },
    getCustomerServiceScript: { list: [] },
    chatTyping: null,
    ...more,
  });
}

function fakePopup() {
  const popup = { close: jest.fn(), location: { href: '' }, opener: null } as unknown as Window;
  return { popup, open: jest.spyOn(window, 'open').mockReturnValue(popup) };
}

beforeEach(() => {
  resetChatEngineForTests({ fetch: new FakeChatStream().fetch });
});

afterEach(() => {
  act(() => chatWindow.close());
  resetChatEngineForTests();
});

describe('who may open the chat', () => {
  it('a visitor gets the login popup, and no chat opens', async () => {
    chatOn();
    const { callsOf } = server();
    const { commands, stop } = recordCommands('openLogin');
    renderWithProviders(
      <>
        <Header />
        <ChatHost />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Customer service' }));
    await settle();
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(screen.queryByTestId('chat-window')).toBeNull();
    expect(callsOf('chatOpen')).toEqual([]);
    expect(callsOf('chatResume')).toEqual([]);
    stop();
  });

  it('a free-play guest is told to register instead, and no chat opens', async () => {
    chatOn();
    const { callsOf } = server();
    logIn({ isAgent: 4 });
    renderWithProviders(
      <>
        <SupportMenu collapsed={false} onNavigate={() => undefined} />
        <ChatHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(await screen.findByText('Please Register An Account First')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await settle();
    expect(screen.queryByTestId('chat-window')).toBeNull();
    expect(callsOf('chatOpen')).toEqual([]);
    expect(callsOf('chatResume')).toEqual([]);
    // A guest has no chat to count.
    expect(callsOf('chatUnreadCount')).toEqual([]);
  });

  it('a real account opens it from the side bar, and a logout closes it', async () => {
    chatOn();
    const { callsOf } = server();
    logIn();
    renderWithProviders(
      <>
        <SupportMenu collapsed={false} onNavigate={() => undefined} />
        <ChatHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(await screen.findByRole('dialog', { name: 'Customer service' })).toBeTruthy();
    await waitFor(() => expect(callsOf('chatOpen')).toHaveLength(1));

    act(() => bus.set('session', { token: null, member: null, isAgent: null }));
    expect(screen.queryByTestId('chat-window')).toBeNull();
    expect(chatWindow.isOpen()).toBe(false);
  });

  it('with the chat off, customer service is the outside link and the header offers no chat', async () => {
    chatOn([LIVE, TELEGRAM], false);
    server();
    logIn();
    const { popup } = fakePopup();
    renderWithProviders(
      <>
        <Header />
        <SupportMenu collapsed={false} onNavigate={() => undefined} />
        <ChatHost />
      </>,
    );
    expect(screen.queryByTestId('header-chat')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    await waitFor(() => expect(popup.location.href).toBe('https://chat.example.test/live'));
    expect(chatWindow.isOpen()).toBe(false);
  });
});

describe('the contact channels in the side bar', () => {
  it('open the chat from the live-chat entry, and keep Telegram a link to its service', async () => {
    chatOn([LIVE, TELEGRAM]);
    server();
    logIn();
    renderWithProviders(<CustomerServiceLinks collapsed={false} />);
    const list = await screen.findByRole('list', { name: 'Contact channels' });
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/lucky'));
    expect(within(list).queryByRole('link', { name: 'Live chat' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Live chat' }));
    expect(chatWindow.isOpen()).toBe(true);
  });

  it('offer the VIP entry as the chat to a member above level 4, once', async () => {
    chatOn([LIVE, VIP, TELEGRAM]);
    server();
    bus.set('session', { token: 'token-1', isAgent: 0, member: makeMember({ clubLabel: { labelName: 'Diamond', color: 'gold', color2: 'white', rankLevel: 5 } }) });
    renderWithProviders(<CustomerServiceLinks collapsed={false} />);
    const list = await screen.findByRole('list', { name: 'Contact channels' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Telegram']));
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['VIP host']);
  });

  it('keep the outside links with the chat off', async () => {
    chatOn([LIVE, TELEGRAM], false);
    server();
    renderWithProviders(<CustomerServiceLinks collapsed={false} />);
    const list = await screen.findByRole('list', { name: 'Contact channels' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://chat.example.test/live', 'https://t.me/lucky']));
    expect(within(list).queryByRole('button')).toBeNull();
  });
});

describe("the status pages' contact button", () => {
  it('opens the chat for a member signed in, and the outside link for a visitor (no login there)', async () => {
    setStatus(makeStatus({ site: { chatEnabled: true }, status: { maintenance: true }, customerService: [LIVE] }));
    server();
    const { popup } = fakePopup();
    const { commands, stop } = recordCommands('openLogin');
    renderWithProviders(<MaintenancePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    await waitFor(() => expect(popup.location.href).toBe('https://chat.example.test/live'));
    expect(commands).toEqual([]);
    stop();

    act(() => logIn());
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    expect(chatWindow.isOpen()).toBe(true);
  });
});

describe('the unread badge', () => {
  it('shows the count the server answers on the header and the side bar, in their names too, and none at 0', async () => {
    chatOn();
    let unreadCount = 3;
    const { callsOf } = server({ chatUnreadCount: () => ({ unreadCount }) });
    logIn();
    renderWithProviders(
      <>
        <Header />
        <SupportMenu collapsed={false} onNavigate={() => undefined} />
        <ChatHost />
      </>,
    );
    const badge = () => within(screen.getByTestId('header-chat')).queryByTestId('chat-unread')?.textContent ?? null;
    await waitFor(() => expect(badge()).toBe('3'));
    expect(callsOf('chatUnreadCount')).toHaveLength(1);
    expect(within(screen.getByTestId('side-bar-chat')).getByTestId('chat-unread').textContent).toBe('3');
    // In the entries' names too (the badge's figure itself is hidden from screen readers).
    expect(screen.getAllByRole('button', { name: 'Customer service (3 unread)' })).toEqual([screen.getByTestId('header-chat'), screen.getByTestId('side-bar-chat')]);

    // Asked again when the page comes back into view.
    unreadCount = 120;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(badge()).toBe('99+'));
    unreadCount = 0;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(screen.queryByTestId('chat-unread')).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Customer service' })).toEqual([screen.getByTestId('header-chat'), screen.getByTestId('side-bar-chat')]);
  });

  it('is asked for again while nothing pushes it', async () => {
    jest.useFakeTimers();
    chatOn();
    const { callsOf } = server();
    logIn();
    renderWithProviders(<ChatHost />);
    await settle();
    expect(callsOf('chatUnreadCount')).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(callsOf('chatUnreadCount')).toHaveLength(2);
  });

  it('takes the count the balance stream pushes, and stops asking for it in that session', async () => {
    jest.useFakeTimers();
    chatOn();
    const { callsOf } = server({ chatUnreadCount: { unreadCount: 1 } });
    logIn();
    renderWithProviders(
      <>
        <Header />
        <ChatHost />
      </>,
    );
    await settle();
    expect(callsOf('chatUnreadCount')).toHaveLength(1);
    const badge = () => within(screen.getByTestId('header-chat')).queryByTestId('chat-unread')?.textContent ?? null;
    expect(badge()).toBe('1');

    // What the shared balance service dispatches for the stream's `chatUnread` event.
    act(() => bus.dispatch({ type: 'chatUnread', unreadCount: 5 }));
    expect(badge()).toBe('5');
    await act(async () => {
      jest.advanceTimersByTime(90_000);
    });
    expect(callsOf('chatUnreadCount')).toHaveLength(1);
    act(() => bus.dispatch({ type: 'chatUnread', unreadCount: 0 }));
    expect(badge()).toBeNull();

    // A new session asks again until its own stream has pushed.
    act(() => logIn({ token: 'another-session' }));
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(callsOf('chatUnreadCount').length).toBeGreaterThan(1);
  });
});

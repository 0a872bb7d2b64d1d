import { CHAT_CLIENT_MESSAGE_ID_PATTERN, CHAT_IMAGE_MAX_BYTES, type ChatMessage } from '@platform/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@platform/shared';
import { logIn, makeStatus, renderWithProviders, serviceItem, setStatus, settle, stubApi, type StubAnswers } from '@platform/shared/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow } from '../chat-entry';
import { ChatHostSlot as ChatHost } from '../components/chat-slots';
import { useChatUnread } from '../chat-unread';
import { resetChatEngineForTests } from './chat-engine';
import { conversation, CONVERSATION_ID, message, ownMessage, pngFile } from './chat-fixtures.testing';
import { FakeChatStream } from './fake-chat-stream.testing';
import ChatWindow from './chat-window';
import { textParts } from './message-text';

let stream: FakeChatStream;

beforeEach(() => {
  setStatus(makeStatus({ site: { chatEnabled: true } }));
  logIn();
  stream = new FakeChatStream();
  resetChatEngineForTests({ fetch: stream.fetch });
});

afterEach(() => {
  act(() => chatWindow.close());
  resetChatEngineForTests();
});

/** The server's answers for an active conversation holding `history`, with no quick questions. */
function chatServer(history: ChatMessage[] = [], more: StubAnswers = {}) {
  return stubApi({
    chatResume: { conversation: null },
    chatOpen: conversation({ lastMessageId: history.at(-1)?.messageId ?? 0 }),
    chatMessages: { list: history, hasMore: false },
    getCustomerServiceScript: { list: [] },
    chatMarkRead: { unreadCount: 0 },
    chatTyping: null,
    chatUnreadCount: { unreadCount: 0 },
    ...more,
  });
}

async function openWindow() {
  renderWithProviders(<ChatWindow onClose={() => chatWindow.close()} />);
  await screen.findByRole('log', { name: 'Messages' });
  await settle();
}

const shownMessages = () => screen.queryAllByTestId('chat-message');

function type(text: string) {
  fireEvent.change(screen.getByLabelText('Your message'), { target: { value: text } });
}

describe('sending a text', () => {
  it('shows it at once under a client message id, then as stored; Enter sends, the box empties', async () => {
    let answer!: (value: ChatMessage) => void;
    const { callsOf } = chatServer([], { chatSendText: () => new Promise<ChatMessage>((resolve) => (answer = resolve)) });
    await openWindow();

    type('Where is my deposit?');
    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Enter' });

    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('');
    const [sent] = callsOf('chatSendText');
    const { clientMessageId, conversationId, text } = sent!.data as { clientMessageId: string; conversationId: number; text: string };
    expect({ conversationId, text }).toEqual({ conversationId: CONVERSATION_ID, text: 'Where is my deposit?' });
    expect(clientMessageId).toMatch(new RegExp(CHAT_CLIENT_MESSAGE_ID_PATTERN));
    expect(shownMessages().map((item) => [item.textContent, item.dataset.state])).toEqual([[expect.stringContaining('Sending…'), 'sending']]);

    await act(async () => answer(ownMessage(7, 'Where is my deposit?', clientMessageId)));
    expect(shownMessages()).toHaveLength(1);
    expect(shownMessages()[0].dataset.state).toBe('sent');
    expect(within(shownMessages()[0]).getByTestId('chat-receipt').textContent).toBe('Sent');
  });

  it('marks a failed send with a retry that sends the same client id again, and never shows it twice', async () => {
    let attempts = 0;
    const { callsOf } = chatServer([], {
      chatSendText: ({ data } = {}) => {
        attempts += 1;
        const { clientMessageId, text } = data as { clientMessageId: string; text: string };
        if (attempts === 1) return new ApiError({ status: 0, errorCode: 'network', message: 'Network link is abnormal, please try again' });
        return ownMessage(9, text, clientMessageId);
      },
    });
    await openWindow();

    type('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const failed = await screen.findByText(/Not sent/);
    expect(failed.textContent).toContain('Network link is abnormal');
    expect(shownMessages()).toHaveLength(1);
    expect(shownMessages()[0].dataset.state).toBe('failed');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownMessages()[0].dataset.state).toBe('sent'));
    const ids = callsOf('chatSendText').map((call) => (call!.data as { clientMessageId: string }).clientMessageId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(shownMessages()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    // The stream brings the same stored message (this tab's own, or a reconnection): still once.
    act(() => stream.latest().send('message', ownMessage(9, 'Hello', ids[0]), 9));
    await settle();
    expect(shownMessages()).toHaveLength(1);
  });

  it('shows the message once when the stream brings it before the send is answered', async () => {
    let answer!: (value: ChatMessage) => void;
    const { callsOf } = chatServer([], { chatSendText: () => new Promise<ChatMessage>((resolve) => (answer = resolve)) });
    await openWindow();
    type('Quick one');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const { clientMessageId } = callsOf('chatSendText')[0]!.data as { clientMessageId: string };

    act(() => stream.latest().send('message', ownMessage(12, 'Quick one', clientMessageId), 12));
    await settle();
    expect(shownMessages().map((item) => item.dataset.state)).toEqual(['sent']);
    await act(async () => answer(ownMessage(12, 'Quick one', clientMessageId)));
    expect(shownMessages()).toHaveLength(1);
  });

  it('sends nothing for a box of spaces', async () => {
    const { callsOf } = chatServer();
    await openWindow();
    type('   ');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Enter' });
    expect(callsOf('chatSendText')).toEqual([]);
  });
});

describe('messages are text, never HTML', () => {
  it('shows markup as written, and links only http and https addresses, safely', async () => {
    chatServer([message(3, { text: '<b>Hi</b> <img src=x onerror=alert(1)> see https://help.example.test/deposit?id=1. or javascript:alert(1) or http://x.test/a)' })]);
    await openWindow();
    const text = screen.getByTestId('chat-text');
    expect(text.textContent).toContain('<b>Hi</b> <img src=x onerror=alert(1)>');
    expect(text.querySelector('b, img')).toBeNull();
    const links = within(text).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://help.example.test/deposit?id=1', 'http://x.test/a']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('cuts a text into text and web addresses only', () => {
    expect(textParts('go to https://a.test/x, then javascript:alert(1) and ftp://b.test')).toEqual([
      { text: 'go to ' },
      { text: 'https://a.test/x', href: 'https://a.test/x' },
      { text: ', then javascript:alert(1) and ftp://b.test' },
    ]);
    expect(textParts('javascript:https://a.test')).toEqual([{ text: 'javascript:' }, { text: 'https://a.test', href: 'https://a.test/' }]);
    expect(textParts('no links')).toEqual([{ text: 'no links' }]);
  });
});

describe('the live conversation', () => {
  it('resumes after a drop from the last message it holds: nothing lost, nothing twice', async () => {
    chatServer([message(1), ownMessage(2, 'Mine', 'client-0000002')]);
    await openWindow();
    const first = stream.latest();
    expect(first.after).toBe(2);
    expect(first.headers.Authorization).toBe('token-1');

    act(() => first.send('message', message(3, { text: 'First reply' }), 3));
    await screen.findByText('First reply');

    act(() => first.drop());
    expect(await screen.findByTestId('chat-reconnecting')).toBeTruthy();
    await waitFor(() => expect(stream.connections).toHaveLength(2));
    const second = stream.latest();
    expect(second.after).toBe(3);

    // The server repeats what the page may have missed (3 again), then what is new.
    act(() => {
      second.send('unread', { unreadCount: 0 });
      second.send('message', message(3, { text: 'First reply' }), 3);
      second.send('message', message(4, { text: 'Second reply' }), 4);
    });
    await screen.findByText('Second reply');
    expect(screen.queryByTestId('chat-reconnecting')).toBeNull();
    expect(shownMessages().map((item) => item.dataset.messageId)).toEqual(['1', '2', '3', '4']);

    // The server ends the stream after a while: reopened after the newest message.
    act(() => second.end());
    await waitFor(() => expect(stream.connections).toHaveLength(3));
    expect(stream.latest().after).toBe(4);
  });

  it('drops the stream when the browser goes offline, and reconnects at once when it is back online', async () => {
    chatServer([message(1)]);
    await openWindow();
    const first = stream.latest();
    // The server asks for a minute between attempts: only coming back online reconnects sooner.
    act(() => {
      first.write('retry: 60000\n\n');
      first.send('unread', { unreadCount: 0 });
    });
    await settle();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByTestId('chat-reconnecting')).toBeTruthy();
    expect(first.closed).toBe(true);
    await settle();
    expect(stream.connections).toHaveLength(1);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(stream.connections).toHaveLength(2));
    expect(stream.latest().after).toBe(1);
    act(() => stream.latest().send('unread', { unreadCount: 0 }));
    await waitFor(() => expect(screen.queryByTestId('chat-reconnecting')).toBeNull());
  });

  it('reads an empty conversation again after a drop, when it reconnected without a message to resume from', async () => {
    let history: ChatMessage[] = [];
    chatServer([], { chatMessages: () => ({ list: history, hasMore: false }) });
    await openWindow();
    // Nothing to resume from: only what is new (not every older conversation's history).
    expect(stream.latest().after).toBeNull();
    act(() => stream.latest().drop());
    history = [message(5, { text: 'Written meanwhile' })];
    await waitFor(() => expect(stream.connections).toHaveLength(2));
    act(() => stream.latest().send('unread', { unreadCount: 1 }));
    expect(await screen.findByText('Written meanwhile')).toBeTruthy();
  });

  it("shows the operator typing, read receipts, the away message and the site's own lines", async () => {
    chatServer([
      message(1, { sender: 'system', senderName: null, kind: 'notice', notice: 'away', text: 'We are back at 9:00.' }),
      ownMessage(2, 'Hello?', 'client-0000002'),
    ]);
    await openWindow();
    expect(screen.getByTestId('chat-notice').textContent).toBe('We are back at 9:00.');
    expect(screen.getByTestId('chat-status').textContent).toBe('Chatting with Mia');

    act(() => stream.latest().send('typing', { conversationId: CONVERSATION_ID, typing: true }));
    expect((await screen.findByTestId('chat-typing')).textContent).toBe('Mia is typing…');
    act(() => stream.latest().send('conversation', conversation({ operatorReadId: 2, lastMessageId: 2 })));
    await waitFor(() => expect(screen.getByTestId('chat-receipt').textContent).toBe('Read'));

    act(() => {
      stream.latest().send('message', message(3, { text: 'Let me check.' }), 3);
      stream.latest().send('message', message(4, { sender: 'system', senderName: null, kind: 'notice', notice: 'closed', text: '' }), 4);
      stream.latest().send('conversation', conversation({ state: 'closed', closedAt: Date.now(), lastMessageId: 4, operatorReadId: 2 }));
    });
    await screen.findByText('Let me check.');
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect(screen.getAllByTestId('chat-notice')[1].textContent).toBe('The chat has ended');
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start a new chat' })).toBeTruthy();
  });

  it('offers the quick questions, and sends one with its script id', async () => {
    const { callsOf } = chatServer([], {
      getCustomerServiceScript: { list: [{ scriptId: 5, question: 'How do I deposit?', answer: 'Open Deposit.' }] },
      chatSendText: ({ data } = {}) => ownMessage(6, 'How do I deposit?', (data as { clientMessageId: string }).clientMessageId),
    });
    await openWindow();
    fireEvent.click(within(await screen.findByTestId('chat-quick-questions')).getByRole('button', { name: 'How do I deposit?' }));
    await settle();
    expect(callsOf('chatSendText')[0]!.data).toEqual(expect.objectContaining({ text: 'How do I deposit?', scriptId: 5, conversationId: CONVERSATION_ID }));
  });

  it('marks what it shows as read, in a page in view', async () => {
    const { callsOf } = chatServer([message(1), message(2)]);
    await openWindow();
    expect(callsOf('chatMarkRead').map((call) => call!.data)).toEqual([{ conversationId: CONVERSATION_ID, messageId: 2 }]);
    act(() => stream.latest().send('message', message(3), 3));
    await waitFor(() => expect(callsOf('chatMarkRead')).toHaveLength(2));
    expect(callsOf('chatMarkRead')[1]!.data).toEqual({ conversationId: CONVERSATION_ID, messageId: 3 });
  });
});

describe('pictures', () => {
  it('are checked before sending: only png or jpg, at most 5 MB', async () => {
    const { callsOf } = chatServer();
    await openWindow();
    const input = screen.getByTestId('chat-image-input');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] } });
    expect((await screen.findByTestId('chat-image-error')).textContent).toBe('Only PNG or JPG pictures can be sent');
    fireEvent.change(input, { target: { files: [pngFile('big.png', CHAT_IMAGE_MAX_BYTES + 1)] } });
    await waitFor(() => expect(screen.getByTestId('chat-image-error').textContent).toBe('The picture is larger than 5 MB'));
    expect(callsOf('chatSendImage')).toEqual([]);
  });

  it('sends a png as a data URL, shows it at once, and opens it larger', async () => {
    const { callsOf } = chatServer([], {
      chatSendImage: ({ data } = {}) => ownMessage(8, '', (data as { clientMessageId: string }).clientMessageId, { kind: 'image' }),
    });
    await openWindow();
    fireEvent.change(screen.getByTestId('chat-image-input'), { target: { files: [pngFile()] } });
    await waitFor(() => expect(callsOf('chatSendImage')).toHaveLength(1));
    const { image, clientMessageId } = callsOf('chatSendImage')[0]!.data as { image: string; clientMessageId: string };
    expect(image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(clientMessageId).toMatch(new RegExp(CHAT_CLIENT_MESSAGE_ID_PATTERN));
    await waitFor(() => expect(shownMessages()[0].dataset.state).toBe('sent'));
    // The stored picture is the one sent: not fetched again.
    expect(callsOf('chatImage')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open the picture' }));
    expect(within(screen.getByTestId('chat-image-dialog')).getByRole('img', { name: 'Picture sent in the chat' }).getAttribute('src')).toBe(image);
  });

  it("fetches an operator's picture through the image call", async () => {
    const picture = 'data:image/jpeg;base64,/9j/4AAQ';
    const { callsOf } = chatServer([message(4, { kind: 'image', text: '' })], { chatImage: { messageId: 4, contentType: 'image/jpeg', image: picture } });
    await openWindow();
    const thumbnail = await screen.findByRole('img', { name: 'Picture sent in the chat' });
    expect(thumbnail.getAttribute('src')).toBe(picture);
    expect(callsOf('chatImage')).toEqual([{ params: { messageId: 4 } }]);
  });
});

describe('the window', () => {
  it('is a labelled dialog; the keyboard goes to the message box, and Escape closes it', async () => {
    chatServer();
    renderWithProviders(<ChatHost />);
    act(() => chatWindow.open());
    const dialog = await screen.findByRole('dialog', { name: 'Customer service' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your message')));
    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Escape' });
    expect(dialog.isConnected).toBe(false);
    expect(chatWindow.isOpen()).toBe(false);
  });

  it('opens on the reply the operator wrote and closed while the member was away, reads it, then starts a new chat on asking', async () => {
    const NEW_ID = CONVERSATION_ID + 1;
    const reply = message(3, { text: 'Your deposit is credited.' });
    const closedNotice = message(4, { sender: 'system', senderName: null, kind: 'notice', notice: 'closed', text: '' });
    const { callsOf } = chatServer([], {
      chatResume: { conversation: conversation({ state: 'closed', closedAt: Date.now(), lastMessageId: 4, unreadCount: 2 }) },
      chatMessages: ({ params } = {}) =>
        (params as { conversationId: number }).conversationId === CONVERSATION_ID ? { list: [ownMessage(2, 'Where is my deposit?', 'client-0000002'), reply, closedNotice], hasMore: false } : { list: [], hasMore: false },
      chatOpen: conversation({ conversationId: NEW_ID, state: 'waiting', operatorName: null }),
    });
    await openWindow();
    expect(screen.getByText('Your deposit is credited.')).toBeTruthy();
    // Looking opened nothing; what it shows is marked read, so the badge clears.
    expect(callsOf('chatOpen')).toHaveLength(0);
    expect(callsOf('chatMarkRead').map((call) => call!.data)).toEqual([{ conversationId: CONVERSATION_ID, messageId: 4 }]);
    expect(screen.queryByLabelText('Your message')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start a new chat' }));
    expect(await screen.findByLabelText('Your message')).toBeTruthy();
    expect(callsOf('chatOpen')).toHaveLength(1);
    expect(callsOf('chatResume')).toHaveLength(1);
    // The ended conversation stays on screen above the new one.
    expect(screen.getByText('Your deposit is credited.')).toBeTruthy();
  });

  it('says when the chat could not be opened, and tries again', async () => {
    let fail = true;
    chatServer([], { chatOpen: () => (fail ? new ApiError({ status: 403, errorCode: 'chat.disabled', message: 'Live chat is switched off' }) : conversation()) });
    renderWithProviders(<ChatWindow onClose={() => undefined} />);
    const error = await screen.findByTestId('chat-load-error');
    expect(error.textContent).toContain('The chat could not be opened');
    expect(error.textContent).toContain('Live chat is switched off');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('log', { name: 'Messages' })).toBeTruthy();
  });

  it('offers the outside service when the site is closed to the member (maintenance)', async () => {
    setStatus(makeStatus({ site: { chatEnabled: true }, status: { maintenance: true }, customerService: [serviceItem('https://chat.example.test/live')] }));
    chatServer([], { chatOpen: new ApiError({ status: 503, errorCode: 'system_under_maintenance', message: 'The system is under maintenance' }) });
    const popup = { close: jest.fn(), location: { href: '' }, opener: null } as unknown as Window;
    jest.spyOn(window, 'open').mockReturnValue(popup);
    renderWithProviders(<ChatWindow onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Contact us another way' }));
    await waitFor(() => expect(popup.location.href).toBe('https://chat.example.test/live'));
  });

  it('passes the unread count the stream pushes to the badges', async () => {
    chatServer();
    function Probe() {
      return <output data-testid="probe">{String(useChatUnread())}</output>;
    }
    renderWithProviders(<Probe />);
    await openWindow();
    act(() => stream.latest().send('unread', { unreadCount: 4 }));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('4'));
  });
});

test('no stylesheet of the chat hard-codes a colour, and every token it uses exists', () => {
  const themes = readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'shared', 'src', 'ui', 'themes.css'), 'utf8');
  const colourLiteral = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|color-mix)\(|:\s*(?:white|black|red|green|blue|gray|grey)\b/i;
  const stylesheets = [join(__dirname, 'chat-window.module.css'), ...readdirSync(join(__dirname, '..')).filter((file) => file.endsWith('.css')).map((file) => join(__dirname, '..', file))];
  for (const file of stylesheets) {
    const css = readFileSync(file, 'utf8');
    expect({ file, colour: css.match(colourLiteral)?.[0] ?? null }).toEqual({ file, colour: null });
    for (const [, name] of css.matchAll(/var\((--[\w-]+)/g)) expect({ file, token: name, defined: themes.includes(`${name}:`) }).toEqual({ file, token: name, defined: true });
  }
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { ChatMessage, DeskConversation } from './chat-model';
import { sse, stubEventStreams } from './chat-stream.testing';
import type { SupportQuestion } from './questions-panel';
import SupportPage from './support-page';

// The Support section against a stubbed operator API and event stream: a conversation pushed on
// the stream shows without a reload, with the member's typing; the operator takes it and answers;
// a refusal shows the server's words and changes nothing; a role that only reads is offered no
// action; the question queue is answered and closed from its tab.

const waiting = (changes: Partial<DeskConversation> = {}): DeskConversation => ({
  conversationId: 41,
  username: 'rahim',
  state: 'waiting',
  queue: 'livechat',
  operatorName: null,
  openedAt: Date.UTC(2026, 10, 29, 10),
  takenAt: null,
  closedAt: null,
  closedBy: null,
  lastMessageId: 900,
  memberReadId: 0,
  operatorReadId: 0,
  unreadCount: 1,
  ...changes,
});
const memberMessage = (messageId: number, text: string): ChatMessage => ({ messageId, conversationId: 41, sender: 'member', senderName: null, kind: 'text', notice: null, text, clientMessageId: 'c-12345678', sentAt: Date.UTC(2026, 10, 29, 10) });

const question: SupportQuestion = {
  id: 7,
  username: 'karim',
  category: 'deposit',
  text: 'My deposit of 500 has not arrived.',
  contact: 'email',
  contactAddress: 'karim@example.test',
  imageCount: 0,
  state: 'open',
  answer: null,
  answeredBy: null,
  answeredAt: null,
  closedBy: null,
  closedAt: null,
  askedAt: Date.UTC(2026, 10, 28),
};

function fakeApi(conversations: DeskConversation[] = []) {
  // The conversation as the server holds it: taken by the operator once taken.
  let current = conversations[0] ?? waiting();
  return {
    get: jest.fn(async (path: string, _query?: Record<string, unknown>): Promise<unknown> => {
      if (path === '/chat/conversations') return { list: conversations };
      if (path === '/chat/conversations/41') return { conversation: current, list: [memberMessage(900, 'Where is my deposit?')], hasMore: false };
      if (path === '/chat/scripts') return { list: [{ scriptId: 3, question: 'Deposit times', answer: 'Deposits arrive within 10 minutes.' }] };
      if (path === '/chat/settings') return { settings: { enabled: true, timeZoneOffsetMinutes: 360, hours: null, awayMessage: { EN: 'We are away.' } }, online: true };
      if (path === '/support/questions') return { list: [question], totalPages: 1 };
      if (path === '/support/questions/7') return { ...question, images: [] };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string, _body?: unknown): Promise<unknown> => {
      if (path === '/chat/conversations/41/take') {
        current = waiting({ state: 'active', operatorName: 'sam' });
        return { conversation: current, taken: true };
      }
      if (path === '/chat/conversations/41/typing') return null;
      if (path === '/chat/conversations/41/reply') {
        return { list: [{ ...memberMessage(902, 'We are checking it.'), sender: 'operator', senderName: 'sam', clientMessageId: null }] };
      }
      if (path === '/support/questions/7/answer') return { ...question, state: 'answered', answer: 'Credited now.', mailId: 3 };
      throw new Error(`unexpected POST ${path}`);
    }),
    put: jest.fn(async (_path: string, body?: unknown): Promise<unknown> => body),
    delete: jest.fn(),
    download: jest.fn(),
  };
}

const CHAT_READ = ['GET /chat/conversations', 'GET /chat/conversations/:id', 'GET /chat/messages/:messageId/image'];
const CHAT_DESK = [
  ...CHAT_READ,
  'POST /chat/conversations/:id/take',
  'POST /chat/conversations/:id/reply',
  'POST /chat/conversations/:id/transfer',
  'POST /chat/conversations/:id/close',
  'POST /chat/conversations/:id/typing',
  'GET /chat/events',
  'GET /chat/scripts',
];
const QUESTIONS = ['GET /support/questions', 'GET /support/questions/:id', 'POST /support/questions/:id/answer', 'POST /support/questions/:id/close'];

function renderPage(permissions: string[], api: ReturnType<typeof fakeApi>, path = '/support') {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter initialEntries={[path]}>
        <BackOfficeContext.Provider
          value={{
            session: { token: 'tok', expiresAt: Date.now() + 60_000, operator: { id: 2, username: 'sam', merchantCode: 'DEFAULT', role: 'support' }, permissions },
            api: api as unknown as OpsClient,
            may: (route) => permissions.includes(route),
            signOut: () => undefined,
          }}
        >
          <SupportPage />
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const realFetch = global.fetch;
let streams: ReturnType<typeof stubEventStreams>;
beforeEach(() => {
  streams = stubEventStreams();
  global.fetch = streams.fetch as unknown as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

it('shows a conversation pushed on the stream without a reload; the operator takes it and answers', async () => {
  const api = fakeApi();
  renderPage(CHAT_DESK, api);
  // Support staff have the chat only: no tabs.
  expect(screen.queryByRole('tab')).toBeNull();
  expect(await screen.findByText('Nobody is waiting.')).toBeTruthy();
  await waitFor(() => expect(streams.streams).toHaveLength(1));
  expect(streams.requests[0].headers.Authorization).toBe('Bearer tok');
  expect((await screen.findByTestId('chat-stream')).dataset.status).toBe('open');

  act(() => {
    streams.streams[0].push(sse('conversation', waiting()));
    streams.streams[0].push(sse('message', memberMessage(900, 'Where is my deposit?'), 900));
  });
  const row = await screen.findByTestId('chat-conversation-row');
  expect(row.dataset.username).toBe('rahim');
  expect(within(row).getByTestId('chat-unread').textContent).toBe('1 unread');

  fireEvent.click(row);
  const open = await screen.findByTestId('chat-open');
  expect(within(open).getByTestId('chat-text').textContent).toBe('Where is my deposit?');
  act(() => streams.streams[0].push(sse('typing', { conversationId: 41, typing: true })));
  expect((await within(open).findByTestId('chat-typing')).textContent).toBe('rahim is typing…');

  fireEvent.click(within(open).getByRole('button', { name: 'Take' }));
  expect((await within(open).findByText('You have the conversation with rahim.')).getAttribute('role')).toBe('status');
  expect(within(open).getByTestId('chat-open-state').textContent).toContain('with sam');
  // Taken: found under "Mine", and read whole (which marks the member's messages read).
  expect(screen.getByTestId('chat-view-mine').getAttribute('aria-pressed')).toBe('true');
  await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/chat/conversations/41', { after: undefined, size: 50 }));

  const form = within(open).getByRole('form', { name: 'Reply' });
  fireEvent.change(within(form).getByLabelText('Your reply (Enter sends, Shift+Enter for a new line)'), { target: { value: '  We are checking it. ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(within(open).getAllByTestId('chat-text').map((node) => node.textContent)).toEqual(['Where is my deposit?', 'We are checking it.']));
  const reply = api.post.mock.calls.find(([path]) => path === '/chat/conversations/41/reply');
  expect(reply?.[1]).toEqual({ text: 'We are checking it.', clientMessageId: expect.stringMatching(/^bo-[0-9a-f-]{36}$/) });
  // The operator's typing went to the member's window.
  expect(api.post).toHaveBeenCalledWith('/chat/conversations/41/typing', { typing: true });

  // A scripted answer is sent by its id (the server words it in the member's language).
  fireEvent.change(within(form).getByLabelText('Scripted answer'), { target: { value: '3' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send this answer' }));
  await waitFor(() => expect(api.post).toHaveBeenLastCalledWith('/chat/conversations/41/reply', { scriptId: 3 }));
});

it("shows a refused take in the server's words and changes nothing", async () => {
  const api = fakeApi([waiting()]);
  api.post.mockImplementation(async () => {
    throw new OpsError('Another operator has taken this conversation.', 409, 'operator.chat.taken');
  });
  renderPage(CHAT_DESK, api);
  fireEvent.click(await screen.findByTestId('chat-conversation-row'));
  const open = await screen.findByTestId('chat-open');
  fireEvent.click(within(open).getByRole('button', { name: 'Take' }));
  expect((await within(open).findByRole('alert')).textContent).toBe('Another operator has taken this conversation.');
  expect(within(open).getByTestId('chat-open-state').textContent).toContain('Waiting');
  expect(within(open).getByRole('button', { name: 'Take' })).toBeTruthy();
});

it('offers a role that only reads no action and no live feed', async () => {
  const api = fakeApi([waiting({ state: 'active', operatorName: 'ann' })]);
  renderPage(CHAT_READ, api);
  fireEvent.click(await screen.findByTestId('chat-view-all'));
  fireEvent.click(await screen.findByTestId('chat-conversation-row'));
  const open = await screen.findByTestId('chat-open');
  expect(within(open).getByTestId('chat-text').textContent).toBe('Where is my deposit?');
  expect(within(open).queryByRole('button')).toBeNull();
  expect(within(open).queryByRole('form')).toBeNull();
  expect(screen.getByText('Read again every 15 seconds (your role has no live feed).')).toBeTruthy();
  expect(streams.fetch).not.toHaveBeenCalled();
});

it('answers a question from the queue, and shows a refused close in the server words', async () => {
  const api = fakeApi();
  renderPage([...CHAT_DESK, ...QUESTIONS], api);
  fireEvent.click(await screen.findByRole('tab', { name: 'Questions' }));
  const row = await screen.findByTestId('support-question-row');
  expect(row.textContent).toContain('karim');
  expect(api.get).toHaveBeenCalledWith('/support/questions', { open: true, page: 1, size: 20 });
  fireEvent.click(within(row).getByRole('button', { name: '#7' }));
  const detail = await screen.findByTestId('support-question');
  expect(within(detail).getByTestId('support-question-text').textContent).toBe('My deposit of 500 has not arrived.');
  expect(detail.textContent).toContain('karim@example.test');

  fireEvent.change(within(detail).getByLabelText("Answer (sent to the member's platform messages)"), { target: { value: ' Credited now. ' } });
  fireEvent.click(within(detail).getByRole('button', { name: 'Send the answer' }));
  expect((await within(detail).findByRole('status')).textContent).toBe('Question 7 answered.');
  expect(api.post).toHaveBeenCalledWith('/support/questions/7/answer', { text: 'Credited now.' });

  api.post.mockImplementationOnce(async () => {
    throw new OpsError('This question is not open any more.', 409, 'support.question.not.open');
  });
  fireEvent.click(within(detail).getByRole('button', { name: 'Close the question' }));
  expect((await within(detail).findByRole('alert')).textContent).toBe('This question is not open any more.');

  // Back to the chat tab, from the address too.
  fireEvent.click(screen.getByRole('tab', { name: 'Live chat' }));
  expect(await screen.findByTestId('chat-conversations')).toBeTruthy();
});

it('saves the chat settings and the scripted answers for a role that may, and shows a refusal in the server words', async () => {
  const api = fakeApi();
  renderPage([...CHAT_DESK, 'GET /chat/settings', 'PUT /chat/settings', 'PUT /chat/scripts'], api, '/support?tab=settings');
  const settings = await screen.findByRole('form', { name: 'Live chat' });
  expect(within(settings).getByText('Working hours: around the clock.')).toBeTruthy();
  fireEvent.click(within(settings).getByLabelText('Live chat is on (members can open it)'));
  fireEvent.change(within(settings).getByLabelText('Language'), { target: { value: 'CN' } });
  fireEvent.change(within(settings).getByLabelText('Away message (CN)'), { target: { value: ' 我们不在。 ' } });
  fireEvent.click(within(settings).getByRole('button', { name: 'Save the settings' }));
  expect((await within(settings).findByRole('status')).textContent).toBe('The chat settings are saved.');
  expect(api.put).toHaveBeenCalledWith('/chat/settings', { enabled: false, awayMessage: { EN: 'We are away.', CN: '我们不在。' } });

  const scripts = screen.getByRole('form', { name: 'Scripted answers' });
  await within(scripts).findByDisplayValue('Deposit times');
  fireEvent.click(within(scripts).getByRole('button', { name: 'Add a script' }));
  const added = within(scripts).getAllByTestId('chat-script')[1];
  fireEvent.change(within(added).getByLabelText('Question'), { target: { value: 'Withdrawal limits' } });
  fireEvent.change(within(added).getByLabelText('Answer'), { target: { value: 'Up to 50,000 a day.' } });
  api.put.mockImplementationOnce(async () => {
    throw new OpsError('A script needs a question and an answer.', 400, 'operator.chat.invalid');
  });
  fireEvent.click(within(scripts).getByRole('button', { name: 'Save the scripts' }));
  expect((await within(scripts).findByRole('alert')).textContent).toBe('A script needs a question and an answer.');
  fireEvent.click(within(scripts).getByRole('button', { name: 'Save the scripts' }));
  expect((await within(scripts).findByRole('status')).textContent).toBe('2 scripts saved.');
  expect(api.put).toHaveBeenLastCalledWith('/chat/scripts', {
    list: [
      { scriptId: 3, question: 'Deposit times', answer: 'Deposits arrive within 10 minutes.' },
      { question: 'Withdrawal limits', answer: 'Up to 50,000 a day.' },
    ],
  });
});

it('shows customer service the settings without a way to change them', async () => {
  renderPage([...CHAT_DESK, 'GET /chat/settings'], fakeApi(), '/support?tab=settings');
  const settings = await screen.findByRole('form', { name: 'Live chat' });
  expect((within(settings).getByLabelText('Live chat is on (members can open it)') as HTMLInputElement).disabled).toBe(true);
  expect(within(settings).queryByRole('button')).toBeNull();
  expect(within(screen.getByRole('form', { name: 'Scripted answers' })).queryByRole('button')).toBeNull();
});

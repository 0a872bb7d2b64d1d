import { blobOfDataUrl, consoleReducer, conversationsOf, INITIAL_STATE, isTyping, lastMessageId, TYPING_HOLD_MS, viewCounts, type ChatMessage, type ConsoleState, type DeskConversation } from './chat-model';

// The console's state after answers and pushed events in any order: each message once and in
// order, conversations changed in place, a member's typing that lapses by itself, the views.

const conversation = (id: number, changes: Partial<DeskConversation> = {}): DeskConversation => ({
  conversationId: id,
  username: `member${id}`,
  state: 'waiting',
  queue: 'livechat',
  operatorName: null,
  openedAt: 1000 + id,
  takenAt: null,
  closedAt: null,
  closedBy: null,
  lastMessageId: 0,
  memberReadId: 0,
  operatorReadId: 0,
  unreadCount: 0,
  ...changes,
});

const message = (messageId: number, conversationId: number, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId,
  conversationId,
  sender: 'member',
  senderName: null,
  kind: 'text',
  notice: null,
  text: `text ${messageId}`,
  clientMessageId: null,
  sentAt: 5000 + messageId,
  ...changes,
});

const run = (...actions: Parameters<typeof consoleReducer>[1][]): ConsoleState => actions.reduce(consoleReducer, INITIAL_STATE);

it('keeps each message of the open conversation once, in id order, whatever order they come in', () => {
  const state = run(
    { type: 'listed', list: [conversation(1), conversation(2)], asked: 0 },
    { type: 'opened', conversation: conversation(1), list: [message(10, 1), message(12, 1)], hasMore: true },
    { type: 'messages', list: [message(14, 1), message(11, 2)] },
    { type: 'messages', list: [message(12, 1), message(13, 1)] },
    { type: 'older', list: [message(8, 1)], hasMore: false },
  );
  expect(state.messages.map((entry) => entry.messageId)).toEqual([8, 10, 12, 13, 14]);
  expect(state.hasMore).toBe(false);
  expect(lastMessageId(state)).toBe(14);
});

it('changes a conversation in place on an event, and keeps the open one across a new list', () => {
  let state = run({ type: 'listed', list: [conversation(1), conversation(2)], asked: 0 }, { type: 'opened', conversation: conversation(2), list: [], hasMore: false });
  state = consoleReducer(state, { type: 'conversation', conversation: conversation(2, { state: 'active', operatorName: 'ann', unreadCount: 2 }) });
  expect(state.conversations[2]).toMatchObject({ state: 'active', operatorName: 'ann', unreadCount: 2 });
  state = consoleReducer(state, { type: 'listed', list: [conversation(1)], asked: 0 });
  expect(Object.keys(state.conversations).map(Number).sort()).toEqual([1, 2]);
  expect(consoleReducer(state, { type: 'closeView' }).openId).toBeNull();
});

it('keeps a conversation changed while a list was on its way, as the event said', () => {
  let state = run({ type: 'listed', list: [conversation(1)], asked: 0 });
  const asked = state.changes;
  state = consoleReducer(state, { type: 'conversation', conversation: conversation(2) });
  state = consoleReducer(state, { type: 'conversation', conversation: conversation(1, { state: 'active', operatorName: 'ann' }) });
  // The list was read before both events.
  state = consoleReducer(state, { type: 'listed', list: [conversation(1)], asked });
  expect(state.conversations[1].state).toBe('active');
  expect(state.conversations[2]).toBeDefined();
  // A list asked for after them is the truth again.
  state = consoleReducer(state, { type: 'listed', list: [conversation(1)], asked: state.changes });
  expect(Object.keys(state.conversations)).toEqual(['1']);
});

it("shows a member's typing until they stop, send, the conversation closes, or it lapses", () => {
  const now = 1_000_000;
  let state = run({ type: 'listed', list: [conversation(1)], asked: 0 }, { type: 'typing', conversationId: 1, typing: true, nowMs: now });
  expect(isTyping(state, 1, now + 1)).toBe(true);
  expect(isTyping(state, 1, now + TYPING_HOLD_MS + 1)).toBe(false);
  expect(isTyping(consoleReducer(state, { type: 'typing', conversationId: 1, typing: false, nowMs: now }), 1, now)).toBe(false);
  expect(isTyping(consoleReducer(state, { type: 'messages', list: [message(3, 1)] }), 1, now)).toBe(false);
  state = consoleReducer(state, { type: 'conversation', conversation: conversation(1, { state: 'closed', closedAt: now }) });
  expect(isTyping(state, 1, now)).toBe(false);
});

it("lists waiting (VIP first, oldest first), the operator's own, and all (closed newest last), found by member", () => {
  const state = run({
    type: 'listed',
    asked: 0,
    list: [
      conversation(1, { state: 'closed', closedAt: 50 }),
      conversation(2, { openedAt: 20 }),
      conversation(3, { openedAt: 30, queue: 'vip' }),
      conversation(4, { state: 'active', operatorName: 'ann', unreadCount: 2 }),
      conversation(5, { state: 'active', operatorName: 'bob', unreadCount: 1 }),
      conversation(6, { state: 'closed', closedAt: 90, unreadCount: 4 }),
      conversation(7, { openedAt: 10, unreadCount: 1 }),
    ],
  });
  const ids = (list: DeskConversation[]) => list.map((entry) => entry.conversationId);
  expect(ids(conversationsOf(state, 'waiting', 'ann', ''))).toEqual([3, 7, 2]);
  expect(ids(conversationsOf(state, 'mine', 'ann', ''))).toEqual([4]);
  expect(ids(conversationsOf(state, 'all', 'ann', ''))).toEqual([3, 7, 2, 4, 5, 6, 1]);
  expect(ids(conversationsOf(state, 'all', 'ann', ' MEMBER5 '))).toEqual([5]);
  // Closed conversations count no unread messages.
  expect(viewCounts(state, 'ann')).toEqual({ waiting: { count: 3, unread: 1 }, mine: { count: 1, unread: 2 }, all: { count: 7, unread: 4 } });
});

it('reads a data URL into a Blob of its type and bytes', async () => {
  const blob = blobOfDataUrl('data:image/png;base64,iVBORw==');
  expect(blob?.type).toBe('image/png');
  expect(blob?.size).toBe(4);
  expect(blobOfDataUrl('not a data url')).toBeNull();
});

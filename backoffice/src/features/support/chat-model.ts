// The chat console's state: the merchant's conversations as the operator API lists them and its
// event stream changes them, and the messages of the one conversation open. A pure reducer, so
// what the console shows after any order of answers and pushed events is tested without a page.
import type { ChatMessage, ChatQueue } from '@platform/contract';

/** A conversation as the operator API answers it (GET /chat/conversations). */
export interface DeskConversation {
  conversationId: number;
  username: string;
  state: 'waiting' | 'active' | 'closed';
  queue: ChatQueue;
  /** The username of the operator who has it. */
  operatorName: string | null;
  openedAt: number;
  takenAt: number | null;
  closedAt: number | null;
  closedBy: 'member' | 'operator' | null;
  lastMessageId: number;
  memberReadId: number;
  operatorReadId: number;
  /** The member's messages the operators have not read. */
  unreadCount: number;
}

export type { ChatMessage };

export interface DeskScript {
  scriptId: number;
  question: string;
  answer: string;
}

/** The console's lists: waiting for somebody, the operator's own open ones, or all. */
export const CHAT_VIEWS = ['waiting', 'mine', 'all'] as const;
export type ChatView = (typeof CHAT_VIEWS)[number];

/** How long a member's "typing" holds without a new one (a lost "stopped" must not stick). */
export const TYPING_HOLD_MS = 8000;

export interface ConsoleState {
  conversations: Record<number, DeskConversation>;
  openId: number | null;
  /** The open conversation's messages, oldest first, each once. */
  messages: ChatMessage[];
  /** Older messages than the first shown exist. */
  hasMore: boolean;
  /** Conversations whose member is typing: until when (epoch ms). */
  typing: Record<number, number>;
  /** Counts the changes of single conversations; `changedAt`: each one's last. */
  changes: number;
  changedAt: Record<number, number>;
}

export const INITIAL_STATE: ConsoleState = { conversations: {}, openId: null, messages: [], hasMore: false, typing: {}, changes: 0, changedAt: {} };

export type ConsoleAction =
  /**
   * A fresh list, asked for when `changes` was `asked`: it replaces every conversation known (the
   * list is the truth after a reconnect), except those changed since it was asked for (an event
   * that came in while the list was on its way is newer than the list).
   */
  | { type: 'listed'; list: DeskConversation[]; asked: number }
  /** One conversation changed (an answer to an action, or a pushed `conversation` event). */
  | { type: 'conversation'; conversation: DeskConversation }
  /** A conversation opened: its newest page. */
  | { type: 'opened'; conversation: DeskConversation; list: ChatMessage[]; hasMore: boolean }
  /** Older messages of the open conversation (before the first shown). */
  | { type: 'older'; list: ChatMessage[]; hasMore: boolean }
  /** Messages of a conversation: pushed, answered to a reply, or read after the last one held. */
  | { type: 'messages'; list: ChatMessage[] }
  | { type: 'typing'; conversationId: number; typing: boolean; nowMs: number }
  | { type: 'closeView' };

/** Merges messages in by id: each once, in id order (ids grow with time across conversations). */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.messageId, message]));
  for (const message of incoming) byId.set(message.messageId, message);
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
}

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'listed': {
      const conversations: Record<number, DeskConversation> = {};
      for (const conversation of action.list) conversations[conversation.conversationId] = conversation;
      const changedAt: Record<number, number> = {};
      for (const [id, at] of Object.entries(state.changedAt)) {
        if (at <= action.asked) continue;
        changedAt[Number(id)] = at;
        if (state.conversations[Number(id)]) conversations[Number(id)] = state.conversations[Number(id)];
      }
      // The open one stays known even when the list no longer has it (an old closed one).
      const open = state.openId === null ? undefined : state.conversations[state.openId];
      if (open && !conversations[open.conversationId]) conversations[open.conversationId] = open;
      return { ...state, conversations, changedAt };
    }
    case 'conversation': {
      const { conversation } = action;
      const typing = conversation.state === 'closed' ? withoutKey(state.typing, conversation.conversationId) : state.typing;
      const changes = state.changes + 1;
      return {
        ...state,
        conversations: { ...state.conversations, [conversation.conversationId]: conversation },
        typing,
        changes,
        changedAt: { ...state.changedAt, [conversation.conversationId]: changes },
      };
    }
    case 'opened':
      return {
        ...consoleReducer(state, { type: 'conversation', conversation: action.conversation }),
        openId: action.conversation.conversationId,
        messages: mergeMessages([], action.list),
        hasMore: action.hasMore,
      };
    case 'older':
      return { ...state, messages: mergeMessages(state.messages, action.list), hasMore: action.hasMore };
    case 'messages': {
      const mine = action.list.filter((message) => message.conversationId === state.openId);
      let { typing } = state;
      // A message from the member ends their typing.
      for (const message of action.list) if (message.sender === 'member') typing = withoutKey(typing, message.conversationId);
      return mine.length === 0 && typing === state.typing ? state : { ...state, messages: mergeMessages(state.messages, mine), typing };
    }
    case 'typing':
      return { ...state, typing: action.typing ? { ...state.typing, [action.conversationId]: action.nowMs + TYPING_HOLD_MS } : withoutKey(state.typing, action.conversationId) };
    case 'closeView':
      return { ...state, openId: null, messages: [], hasMore: false };
    default:
      return state;
  }
}

function withoutKey<T>(record: Record<number, T>, key: number): Record<number, T> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export const isTyping = (state: ConsoleState, conversationId: number, nowMs: number): boolean => (state.typing[conversationId] ?? 0) > nowMs;

/** The newest message id held of the open conversation (0: none). */
export const lastMessageId = (state: ConsoleState): number => state.messages.at(-1)?.messageId ?? 0;

const STATE_RANK = { waiting: 0, active: 1, closed: 2 } as const;

/**
 * The conversations of a view, in the server's order: waiting first (VIP first, oldest first),
 * then active (oldest first), then closed (newest first); `search` finds a member by name.
 */
export function conversationsOf(state: ConsoleState, view: ChatView, me: string, search: string): DeskConversation[] {
  const needle = search.trim().toLowerCase();
  return Object.values(state.conversations)
    .filter((conversation) => {
      if (needle && !conversation.username.toLowerCase().includes(needle)) return false;
      if (view === 'waiting') return conversation.state === 'waiting';
      if (view === 'mine') return conversation.state === 'active' && conversation.operatorName === me;
      return true;
    })
    .sort((a, b) => {
      if (a.state !== b.state) return STATE_RANK[a.state] - STATE_RANK[b.state];
      if (a.state === 'closed') return (b.closedAt ?? 0) - (a.closedAt ?? 0) || b.conversationId - a.conversationId;
      if (a.state === 'waiting' && a.queue !== b.queue) return a.queue === 'vip' ? -1 : 1;
      return a.openedAt - b.openedAt || a.conversationId - b.conversationId;
    });
}

/** How many conversations of each view there are, and their members' unread messages. */
export function viewCounts(state: ConsoleState, me: string): Record<ChatView, { count: number; unread: number }> {
  const counts = Object.fromEntries(CHAT_VIEWS.map((view) => [view, { count: 0, unread: 0 }])) as Record<ChatView, { count: number; unread: number }>;
  for (const view of CHAT_VIEWS) {
    for (const conversation of conversationsOf(state, view, me, '')) {
      counts[view].count += 1;
      if (conversation.state !== 'closed') counts[view].unread += conversation.unreadCount;
    }
  }
  return counts;
}

/** A data URL's bytes as a Blob (an image the API answered, shown through an object URL). */
export function blobOfDataUrl(dataUrl: string): Blob | null {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const [, type, base64, payload] = match;
  if (!base64) return new Blob([decodeURIComponent(payload)], { type });
  const text = atob(payload);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return new Blob([bytes], { type });
}

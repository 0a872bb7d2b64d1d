// The member's side of the chat, outside React: the conversation, its messages, the messages on
// their way, the operator's typing and the pushed stream. One engine per session (chatEngineFor);
// it lives on while the window is closed as long as a conversation is going on, so a reply still
// reaches the badge at once, and it is dropped with the session.
//
// Messages are kept once each, by their id, in id order: a message that arrives twice (from the
// send's answer and from the stream, or again after a reconnection) replaces itself. A message the
// member sends shows at once as pending, under a client message id drawn once; the stored message
// that carries the same client id replaces it. A failed send stays, marked, with a retry that sends
// the same client id again, so the server stores it once however often it is retried.
import { api, bus, isApiError, newIdempotencyKey, type ApiError } from '@platform/shared';
import {
  chatCloseCall,
  chatConversationCall,
  chatImageCall,
  chatMarkReadCall,
  chatMessagesCall,
  chatOpenCall,
  chatResumeCall,
  chatScriptsCall,
  chatSendImageCall,
  chatSendTextCall,
  chatTypingCall,
  type ChatConversation,
  type ChatMessage,
  type ChatScript,
  type ChatTyping,
} from '@platform/contract';
import { chatWindow } from '../chat-entry';
import { setChatUnread, setChatUnreadPushed } from '../chat-unread';
import { followChatStream, type ChatStreamEvent, type ChatStreamFetch, type ChatStreamState } from './chat-stream';

// The window tells the member about every failure itself (an error state, a retry beside a
// message): the API client's toasts would say it twice.
const OPEN = { ...chatOpenCall, quiet: true } as const;
const RESUME = { ...chatResumeCall, quiet: true } as const;
const CONVERSATION = { ...chatConversationCall, quiet: true } as const;
const MESSAGES = { ...chatMessagesCall, quiet: true } as const;
const SEND_TEXT = { ...chatSendTextCall, quiet: true } as const;
const SEND_IMAGE = { ...chatSendImageCall, quiet: true } as const;
const IMAGE = { ...chatImageCall, quiet: true } as const;
const MARK_READ = { ...chatMarkReadCall, quiet: true } as const;
const CLOSE = { ...chatCloseCall, quiet: true } as const;
const SCRIPTS = { ...chatScriptsCall, quiet: true } as const;

/** Messages a page of the history holds (the newest on opening, older ones on asking). */
export const CHAT_PAGE_SIZE = 50;
/** While typing, the operator's view is told again this often (it forgets after a few seconds). */
export const TYPING_RENEW_MS = 3000;
/** No keystroke for this long: the member stopped typing. */
export const TYPING_IDLE_MS = 4000;
/** The operator's typing shows at most this long without being told again (a lost "stopped"). */
export const OPERATOR_TYPING_MAX_MS = 10_000;

/** A message of the member's on its way, or failed: shown until the stored message replaces it. */
export interface PendingMessage {
  clientMessageId: string;
  kind: 'text' | 'image';
  text: string;
  /** The image's data URL (kind image). */
  image: string | null;
  scriptId: number | null;
  state: 'sending' | 'failed';
  /** Why it failed, in the server's words (the page's language), when it said. */
  error: string | null;
}

export type ChatPhase = 'idle' | 'opening' | 'ready' | 'error';
export type ChatConnection = 'off' | 'connecting' | ChatStreamState;

export interface ChatState {
  phase: ChatPhase;
  /** A conversation is being opened (the first, or a new one after an ended one). */
  starting: boolean;
  /** Why opening failed. */
  error: ApiError | null;
  /** The conversation the window shows (the newest). */
  conversation: ChatConversation | null;
  /** Every conversation the page has heard of, by id: read receipts of older messages. */
  conversations: Readonly<Record<number, ChatConversation>>;
  /** Stored messages, once each, in id order. */
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  operatorTyping: boolean;
  scripts: readonly ChatScript[];
  connection: ChatConnection;
}

const INITIAL: ChatState = {
  phase: 'idle',
  starting: false,
  error: null,
  conversation: null,
  conversations: {},
  messages: [],
  pending: [],
  hasEarlier: false,
  loadingEarlier: false,
  operatorTyping: false,
  scripts: [],
  connection: 'off',
};

function asApiError(error: unknown): ApiError | null {
  return isApiError(error) ? error : null;
}

/** A stream event's data as a message, or null when it is not one (a garbled line is skipped). */
function messageOf(data: string): ChatMessage | null {
  try {
    const value = JSON.parse(data) as Partial<ChatMessage>;
    return typeof value.messageId === 'number' && typeof value.conversationId === 'number' && typeof value.sender === 'string' ? (value as ChatMessage) : null;
  } catch {
    return null;
  }
}

function conversationOf(data: string): ChatConversation | null {
  try {
    const value = JSON.parse(data) as Partial<ChatConversation>;
    return typeof value.conversationId === 'number' && typeof value.state === 'string' ? (value as ChatConversation) : null;
  } catch {
    return null;
  }
}

function parsed<T>(data: string): Partial<T> {
  try {
    return JSON.parse(data) as Partial<T>;
  } catch {
    return {};
  }
}

/** `list` with `incoming` added, once each by id, in id order. */
function mergeMessages(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((message) => [message.messageId, message]));
  for (const message of incoming) byId.set(message.messageId, message);
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
}

export interface ChatEngineDependencies {
  /** The stream's network edge (tests); the browser's fetch by default. */
  fetch?: ChatStreamFetch;
}

export class ChatEngine {
  private state: ChatState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private stream: AbortController | null = null;
  private disposed = false;
  /** The window is on screen. */
  private attached = false;
  /** Pictures by message id: the member's own (kept from the send) and fetched ones. */
  private readonly images = new Map<number, Promise<string>>();
  private memberTyping = false;
  private typingSentAt = 0;
  private typingIdle: ReturnType<typeof setTimeout> | undefined;
  private operatorTypingTimer: ReturnType<typeof setTimeout> | undefined;
  private marking = false;
  private markAgain = false;
  /** What this page has marked read, by conversation (the conversation's own mark may lag). */
  private readonly markedUpTo = new Map<number, number>();
  private opening = false;
  private scriptsAsked = false;
  /** The stream dropped since it last opened: on reopening, an empty conversation is read again. */
  private reconnecting = false;

  constructor(
    readonly token: string,
    private readonly dependencies: ChatEngineDependencies = {},
  ) {}

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private set(patch: Partial<ChatState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The window opened: open the conversation (or show the one there is), follow the stream, mark read. */
  attach(): void {
    this.attached = true;
    if (this.state.phase === 'idle' || this.state.phase === 'error') void this.open();
    else if (this.state.phase === 'ready') {
      this.followStream();
      void this.markRead();
    }
  }

  /** The window closed: the stream stays only while a conversation is going on (for the badge). */
  detach(): void {
    this.attached = false;
    this.stopTyping();
    if (this.state.conversation?.state !== 'waiting' && this.state.conversation?.state !== 'active') this.stopStream();
  }

  /**
   * Shows the member's conversation and reads its newest messages. First the one the server says
   * to resume: a closed conversation with replies the member has not read (answered and closed
   * while they were away; the badge counts them until they are read), else the open one. With
   * none, or with `fresh` (the member asked for a new conversation), their open one or a new one.
   */
  async open({ fresh = false }: { fresh?: boolean } = {}): Promise<void> {
    if (this.opening || this.disposed) return;
    this.opening = true;
    // A new conversation after an ended one keeps the history on screen meanwhile.
    this.set(this.state.phase === 'ready' ? { starting: true } : { phase: 'opening', starting: true, error: null });
    try {
      const resumed = fresh ? null : (await api.call(RESUME, {})).conversation;
      const conversation = resumed ?? (await api.call(OPEN, { data: {} }));
      const page = await api.call(MESSAGES, { params: { conversationId: conversation.conversationId, size: CHAT_PAGE_SIZE } });
      if (this.disposed) return;
      this.set({
        phase: 'ready',
        starting: false,
        conversation,
        conversations: { ...this.state.conversations, [conversation.conversationId]: conversation },
        messages: mergeMessages(this.state.messages, page.list),
        hasEarlier: page.hasMore,
        operatorTyping: false,
      });
      this.loadScripts();
      if (this.attached || conversation.state !== 'closed') this.followStream();
      void this.markRead();
    } catch (error) {
      this.set({ phase: 'error', starting: false, error: asApiError(error) });
    } finally {
      this.opening = false;
    }
  }

  /** Older messages of the conversation shown, before the oldest one held. */
  async loadEarlier(): Promise<void> {
    const { conversation, messages, loadingEarlier } = this.state;
    if (!conversation || loadingEarlier) return;
    const oldest = messages.find((message) => message.conversationId === conversation.conversationId);
    if (!oldest) return;
    this.set({ loadingEarlier: true });
    try {
      const page = await api.call(MESSAGES, { params: { conversationId: conversation.conversationId, before: oldest.messageId, size: CHAT_PAGE_SIZE } });
      this.set({ messages: mergeMessages(this.state.messages, page.list), hasEarlier: page.hasMore, loadingEarlier: false });
    } catch {
      // The button stays: the member may ask again.
      this.set({ loadingEarlier: false });
    }
  }

  /** The newest message id the page holds (the stream's `after`); 0: none. */
  lastMessageId(): number {
    const { messages } = this.state;
    return messages.length > 0 ? messages[messages.length - 1].messageId : 0;
  }

  private followStream(): void {
    if (this.stream || this.disposed) return;
    const controller = new AbortController();
    this.stream = controller;
    this.reconnecting = false;
    this.set({ connection: 'connecting' });
    setChatUnreadPushed(true);
    void followChatStream({
      token: this.token,
      // Held nothing yet: no `after`, only what is new (the page read covers what came before);
      // otherwise everything after the newest message held, so a drop loses nothing.
      after: () => this.lastMessageId(),
      onEvent: (event) => {
        if (this.stream === controller) this.onStreamEvent(event);
      },
      onState: (state) => {
        if (this.stream !== controller) return;
        if (state === 'retrying') this.reconnecting = true;
        if (state === 'open' && this.reconnecting) {
          this.reconnecting = false;
          void this.catchUpEmpty();
        }
        this.set({ connection: state });
      },
      signal: controller.signal,
      fetch: this.dependencies.fetch,
    }).then(() => {
      if (this.stream !== controller) return;
      this.stream = null;
      setChatUnreadPushed(false);
    });
  }

  private stopStream(): void {
    if (!this.stream) return;
    this.stream.abort();
    this.stream = null;
    setChatUnreadPushed(false);
    this.set({ connection: 'off' });
  }

  /**
   * After a drop while the page held no message at all (a new, empty conversation), the stream
   * reconnected without `after`: whatever was written meanwhile is read from the history.
   */
  private async catchUpEmpty(): Promise<void> {
    const { conversation, messages } = this.state;
    if (!conversation || messages.length > 0) return;
    try {
      const page = await api.call(MESSAGES, { params: { conversationId: conversation.conversationId, size: CHAT_PAGE_SIZE } });
      for (const message of page.list) this.receive(message);
    } catch {
      // The stream carries what comes next; the history shows the rest when the window reopens.
    }
  }

  private onStreamEvent(event: ChatStreamEvent): void {
    switch (event.event) {
      case 'message': {
        const message = messageOf(event.data);
        if (message) this.receive(message);
        return;
      }
      case 'conversation': {
        const conversation = conversationOf(event.data);
        if (conversation) this.updateConversation(conversation);
        return;
      }
      case 'typing': {
        const { conversationId, typing } = parsed<ChatTyping>(event.data);
        if (conversationId === this.state.conversation?.conversationId && typeof typing === 'boolean') this.setOperatorTyping(typing);
        return;
      }
      case 'unread': {
        const { unreadCount } = parsed<{ unreadCount: number }>(event.data);
        if (typeof unreadCount === 'number') setChatUnread(unreadCount, this.token);
        return;
      }
    }
  }

  private setOperatorTyping(typing: boolean): void {
    clearTimeout(this.operatorTypingTimer);
    if (typing) this.operatorTypingTimer = setTimeout(() => this.set({ operatorTyping: false }), OPERATOR_TYPING_MAX_MS);
    if (this.state.operatorTyping !== typing) this.set({ operatorTyping: typing });
  }

  private updateConversation(conversation: ChatConversation): void {
    const current = this.state.conversation;
    const shown = !current || conversation.conversationId >= current.conversationId ? conversation : current;
    this.set({ conversation: shown, conversations: { ...this.state.conversations, [conversation.conversationId]: conversation } });
    if (shown.state === 'closed') this.setOperatorTyping(false);
    // Nothing more will come to a closed window's ended conversation: the badge falls back to asking.
    if (!this.attached && shown.state === 'closed') this.stopStream();
  }

  /** A stored message, from an answer or the stream: kept once, replacing the member's pending one. */
  private receive(message: ChatMessage): void {
    const pending = message.clientMessageId ? this.state.pending.find((entry) => entry.clientMessageId === message.clientMessageId) : undefined;
    if (pending?.image && !this.images.has(message.messageId)) this.images.set(message.messageId, Promise.resolve(pending.image));
    this.set({
      messages: mergeMessages(this.state.messages, [message]),
      pending: pending ? this.state.pending.filter((entry) => entry !== pending) : this.state.pending,
    });
    if (message.sender === 'operator') this.setOperatorTyping(false);
    if (message.sender !== 'member') void this.markRead();
  }

  /**
   * Tells the server the member has read what is shown, when the window is open in a page in view
   * and an operator's or the site's message is unread; answers the new unread count.
   */
  async markRead(): Promise<void> {
    if (!this.attached || this.disposed || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
    if (this.marking) {
      this.markAgain = true;
      return;
    }
    const { conversations, messages } = this.state;
    // The newest unread message of another's in each conversation the page holds.
    const newest = new Map<number, number>();
    for (const message of messages) {
      const readUpTo = Math.max(conversations[message.conversationId]?.memberReadId ?? 0, this.markedUpTo.get(message.conversationId) ?? 0);
      if (message.sender !== 'member' && message.messageId > readUpTo) newest.set(message.conversationId, message.messageId);
    }
    if (newest.size === 0) return;
    this.marking = true;
    try {
      for (const [conversationId, messageId] of newest) {
        const { unreadCount } = await api.call(MARK_READ, { data: { conversationId, messageId } });
        this.markedUpTo.set(conversationId, messageId);
        setChatUnread(unreadCount, this.token);
      }
    } catch {
      // Quiet: the badge keeps the count until the next message or the next opening.
    } finally {
      this.marking = false;
      if (this.markAgain) {
        this.markAgain = false;
        void this.markRead();
      }
    }
  }

  /** Sends a text (a quick question with its scriptId); false when there is nothing to send. */
  sendText(text: string, scriptId: number | null = null): boolean {
    const trimmed = text.trim();
    if (!trimmed || !this.canSend()) return false;
    this.stopTyping();
    this.queue({ clientMessageId: newIdempotencyKey(), kind: 'text', text: trimmed, image: null, scriptId, state: 'sending', error: null });
    return true;
  }

  /** Sends a picture (a checked png or jpg data URL). */
  sendImage(dataUrl: string): boolean {
    if (!this.canSend()) return false;
    this.queue({ clientMessageId: newIdempotencyKey(), kind: 'image', text: '', image: dataUrl, scriptId: null, state: 'sending', error: null });
    return true;
  }

  /** Sends a failed message again, under its first client id: stored once however often it is tried. */
  retry(clientMessageId: string): void {
    const entry = this.state.pending.find((pending) => pending.clientMessageId === clientMessageId);
    if (!entry || entry.state !== 'failed' || !this.canSend()) return;
    this.updatePending(clientMessageId, { state: 'sending', error: null });
    void this.deliver({ ...entry, state: 'sending', error: null });
  }

  canSend(): boolean {
    const { conversation, phase } = this.state;
    return phase === 'ready' && !!conversation && conversation.state !== 'closed';
  }

  private queue(entry: PendingMessage): void {
    this.set({ pending: [...this.state.pending, entry] });
    void this.deliver(entry);
  }

  private updatePending(clientMessageId: string, patch: Partial<PendingMessage>): void {
    this.set({ pending: this.state.pending.map((entry) => (entry.clientMessageId === clientMessageId ? { ...entry, ...patch } : entry)) });
  }

  private async deliver(entry: PendingMessage): Promise<void> {
    const conversationId = this.state.conversation!.conversationId;
    const { clientMessageId } = entry;
    try {
      const message =
        entry.kind === 'text'
          ? await api.call(SEND_TEXT, { data: { conversationId, clientMessageId, text: entry.text, ...(entry.scriptId ? { scriptId: entry.scriptId } : {}) } })
          : await api.call(SEND_IMAGE, { data: { conversationId, clientMessageId, image: entry.image! } });
      if (!this.disposed) this.receive(message);
    } catch (error) {
      if (this.disposed) return;
      // The stream may have brought the stored message already (the answer was what got lost).
      if (!this.state.pending.some((pending) => pending.clientMessageId === clientMessageId)) return;
      this.updatePending(clientMessageId, { state: 'failed', error: asApiError(error)?.message ?? null });
      // Ended meanwhile (by the operator): show it, with the way to start a new one.
      if (asApiError(error)?.errorCode === 'chat.conversation.closed') void this.refreshConversation();
    }
  }

  private async refreshConversation(): Promise<void> {
    const current = this.state.conversation;
    if (!current) return;
    try {
      this.updateConversation(await api.call(CONVERSATION, { params: { conversationId: current.conversationId } }));
    } catch {
      // The stream's conversation event says the same when it comes.
    }
  }

  /** The member typed (hasText: something is in the box): the operator's view is told, now and then. */
  noteTyping(hasText: boolean): void {
    if (!hasText) return this.stopTyping();
    if (!this.canSend()) return;
    const now = Date.now();
    if (!this.memberTyping || now - this.typingSentAt >= TYPING_RENEW_MS) {
      this.memberTyping = true;
      this.typingSentAt = now;
      this.sendTyping(true);
    }
    clearTimeout(this.typingIdle);
    this.typingIdle = setTimeout(() => this.stopTyping(), TYPING_IDLE_MS);
  }

  stopTyping(): void {
    clearTimeout(this.typingIdle);
    if (!this.memberTyping) return;
    this.memberTyping = false;
    this.sendTyping(false);
  }

  private sendTyping(typing: boolean): void {
    const conversationId = this.state.conversation?.conversationId;
    if (!conversationId) return;
    // Quiet, and nothing to tell the member when it fails.
    api.call(chatTypingCall, { data: { conversationId, typing } }).catch(() => undefined);
  }

  /** The member ends the conversation; a later opening starts a new one. */
  async endConversation(): Promise<boolean> {
    const current = this.state.conversation;
    if (!current || current.state === 'closed') return false;
    this.stopTyping();
    try {
      this.updateConversation(await api.call(CLOSE, { data: { conversationId: current.conversationId } }));
      return true;
    } catch (error) {
      bus.dispatch({ type: 'toast', level: 'error', message: asApiError(error)?.message ?? String(error) });
      return false;
    }
  }

  /** The picture of an image message, as a data URL (fetched once, through the image call). */
  imageOf(messageId: number): Promise<string> {
    let image = this.images.get(messageId);
    if (!image) {
      image = api.call(IMAGE, { params: { messageId } }).then((value) => value.image);
      this.images.set(messageId, image);
      // A failure is asked again the next time the picture is shown.
      image.catch(() => this.images.get(messageId) === image && this.images.delete(messageId));
    }
    return image;
  }

  /** The merchant's quick questions, asked once (none when the call fails). */
  private loadScripts(): void {
    if (this.scriptsAsked) return;
    this.scriptsAsked = true;
    api.call(SCRIPTS).then(
      ({ list }) => this.set({ scripts: list }),
      () => {
        this.scriptsAsked = false;
      },
    );
  }

  dispose(): void {
    this.stopTyping();
    this.stream?.abort();
    this.stream = null;
    setChatUnreadPushed(false);
    clearTimeout(this.operatorTypingTimer);
    this.disposed = true;
    this.listeners.clear();
  }
}

let engine: ChatEngine | null = null;
let dependencies: ChatEngineDependencies = {};

/** The engine of the session `token` (a new one for a new session; the last one is dropped). */
export function chatEngineFor(token: string): ChatEngine {
  if (engine?.token === token) return engine;
  engine?.dispose();
  engine = new ChatEngine(token, dependencies);
  return engine;
}

/** Drops the engine (the session ended). */
export function dropChatEngine(): void {
  engine?.dispose();
  engine = null;
}

/** Tests: the stream's network edge for the engines made from now on, and none of the last test's. */
export function resetChatEngineForTests(next: ChatEngineDependencies = {}): void {
  dropChatEngine();
  dependencies = next;
}

// The chat belongs to a session: another session (or none) drops it, and its stream with it.
bus.session$.subscribe(({ token }) => {
  if (engine && engine.token !== token) dropChatEngine();
});
// A window closed by anything (a logout too) lets the engine know.
chatWindow.open$.subscribe((open) => {
  if (!open) engine?.detach();
});

import { CHAT_UNREAD_EVENT } from '@platform/contract';
import type pg from 'pg';
import { ChannelListener } from '../../db/channel-listener';
import type { MemberStream } from '../../db/listen-channel';
import type { Db } from '../../db/pool';
import { deskConversationValue } from './chat.desk';
import * as queries from './chat.queries';
import { conversationValue, messageValue } from './chat.service';
import { readChatSettings } from './chat.settings';

// The chat pushed to open streams, on every API replica: whatever a request stores commits with a
// notification on the channel chat_event (chat.queries.ts notifyChat), and one listener per
// process tells the streams open here. Payloads (ids are decimal):
//   m:<merchant>:<member>:<conversation>:<first message id>   messages stored
//   c:<merchant>:<member>:<conversation>                      a conversation changed (state, queue, read marks)
//   t:<merchant>:<member>:<conversation>:<m|o>:<0|1>          the member (m) or an operator (o) typing, or not
//
// A member's stream (GET /wps/chat/events) never trusts a notification's content: it reads the
// member's messages after the last one it sent, in id order. A member's message ids are in commit
// order (chat.queries.ts lockConversation), so each read is a prefix of what is still to come and
// nothing is skipped or sent twice; the stream starts from the last id the client holds, so a
// reconnect resumes exactly. A notification missed while the listener was down is made up for
// when it is back: every stream reads again then.
//
// An operator's stream (GET /ops/v1/chat/events) is a live feed of the merchant's chat: each
// conversation's new messages (read after the last one sent, per conversation), changes and
// typing. After a lost listener it gets a `resync` event: the client lists again.
// The unread count also rides on the member's balance stream (unreadSource, wired by app.ts).

/** How the listener's connection shows in pg_stat_activity. */
export const CHAT_LISTENER_APPLICATION_NAME = 'chat_listener';

/** Messages read at once for a stream. */
const BATCH = 100;

export interface MemberChatSubscriber {
  merchantId: number;
  memberId: number;
  /** The last message id the client holds; undefined: start from the newest message now. */
  after?: number;
  /** Writes one event; `id`: the SSE id (a message's). */
  send: (event: string, data: unknown, id?: number) => void;
  /** Ends the stream (the server is shutting down). */
  end: () => void;
}

export interface OperatorChatSubscriber {
  merchantId: number;
  operatorId: number;
  send: (event: string, data: unknown, id?: number) => void;
  end: () => void;
}

interface MemberState {
  subscriber: MemberChatSubscriber;
  lastId: number;
  ready: Promise<void>;
  pumping: boolean;
  again: boolean;
  closed: boolean;
}

interface Serial {
  running: boolean;
  again: boolean;
}

export interface ChatHubOptions {
  db: Db;
  connection: pg.ClientConfig;
  /** The time of `online` in conversation events. */
  clock?: () => number;
  onProblem?: (message: string, error?: unknown) => void;
}

export class ChatHub {
  private readonly listener: ChannelListener;
  private readonly members = new Map<number, Set<MemberState>>();
  /** The balance stream's subscribers (the unread count only). */
  private readonly unreadSubscribers = new Map<number, Set<MemberStream>>();
  private readonly operators = new Map<number, Set<OperatorChatSubscriber>>();
  /** Per conversation: the last message id sent to this process's operator streams. */
  private readonly operatorCursors = new Map<number, { lastId: number } & Serial>();
  private readonly unreadReads = new Map<number, Serial>();
  private readonly clock: () => number;

  constructor(private readonly options: ChatHubOptions) {
    this.clock = options.clock ?? Date.now;
    this.listener = new ChannelListener({
      connection: options.connection,
      channel: queries.CHAT_CHANNEL,
      applicationName: CHAT_LISTENER_APPLICATION_NAME,
      onNotification: (payload) => this.onNotification(payload),
      onListening: () => {
        for (const states of this.members.values()) for (const state of states) this.pump(state);
        for (const memberId of new Set([...this.members.keys(), ...this.unreadSubscribers.keys()])) this.refreshUnread(memberId);
        for (const streams of this.operators.values()) for (const stream of streams) stream.send('resync', {});
      },
      onProblem: options.onProblem,
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /** Ends every open stream (before the server closes: an open stream would keep it waiting). */
  endStreams(): void {
    for (const states of this.members.values()) for (const state of states) state.subscriber.end();
    for (const streams of this.operators.values()) for (const stream of streams) stream.end();
    this.members.clear();
    this.operators.clear();
  }

  async close(): Promise<void> {
    this.endStreams();
    this.unreadSubscribers.clear();
    await this.listener.close();
  }

  /** The listener, for tests of a lost connection. */
  get channelListener(): ChannelListener {
    return this.listener;
  }

  /** A member's chat stream: the messages after `after`, then every new one. Returns the function that removes it. */
  subscribeMember(subscriber: MemberChatSubscriber): () => void {
    const state: MemberState = { subscriber, lastId: subscriber.after ?? 0, ready: Promise.resolve(), pumping: false, again: false, closed: false };
    let states = this.members.get(subscriber.memberId);
    if (!states) this.members.set(subscriber.memberId, (states = new Set()));
    states.add(state);
    // Added before anything is read: a message committed from now on is announced to it.
    state.ready = (async () => {
      if (subscriber.after === undefined) state.lastId = await queries.selectMemberLastMessageId(this.options.db, subscriber.merchantId, subscriber.memberId);
      const open = await queries.selectOpenConversation(this.options.db, subscriber.merchantId, subscriber.memberId);
      if (open && !state.closed) subscriber.send('conversation', conversationValue(open, await readChatSettings(this.options.db, subscriber.merchantId), this.clock()));
    })().catch((error: unknown) => this.options.onProblem?.('opening a chat stream failed', error));
    this.pump(state);
    this.refreshUnread(subscriber.memberId);
    return () => {
      state.closed = true;
      const current = this.members.get(subscriber.memberId);
      current?.delete(state);
      if (current?.size === 0) this.members.delete(subscriber.memberId);
    };
  }

  /** An operator's live feed of the merchant's chat. Returns the function that removes it. */
  subscribeOperator(subscriber: OperatorChatSubscriber): () => void {
    let streams = this.operators.get(subscriber.merchantId);
    if (!streams) this.operators.set(subscriber.merchantId, (streams = new Set()));
    streams.add(subscriber);
    return () => {
      const current = this.operators.get(subscriber.merchantId);
      current?.delete(subscriber);
      if (current?.size === 0) this.operators.delete(subscriber.merchantId);
    };
  }

  /** The chat's unread count on the member's balance stream (`chatUnread`): on subscribe and on every change. */
  readonly unreadSource = {
    subscribe: (subscriber: MemberStream): (() => void) => {
      let subscribers = this.unreadSubscribers.get(subscriber.memberId);
      if (!subscribers) this.unreadSubscribers.set(subscriber.memberId, (subscribers = new Set()));
      subscribers.add(subscriber);
      this.refreshUnread(subscriber.memberId);
      return () => {
        const current = this.unreadSubscribers.get(subscriber.memberId);
        current?.delete(subscriber);
        if (current?.size === 0) this.unreadSubscribers.delete(subscriber.memberId);
      };
    },
  };

  /** Open chat streams (tests, health). */
  get openStreams(): number {
    let count = 0;
    for (const states of this.members.values()) count += states.size;
    for (const streams of this.operators.values()) count += streams.size;
    return count;
  }

  private onNotification(payload: string): void {
    const parts = payload.split(':');
    const [kind, merchantId, memberId, conversationId] = [parts[0], Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (![merchantId, memberId, conversationId].every(Number.isSafeInteger)) return;
    if (kind === 'm') {
      for (const state of this.members.get(memberId) ?? []) this.pump(state);
      this.refreshUnread(memberId);
      const first = Number(parts[4]);
      if (this.operators.has(merchantId) && Number.isSafeInteger(first)) this.pumpOperators(merchantId, conversationId, first);
    } else if (kind === 'c') {
      if (this.members.has(memberId)) void this.sendConversation(merchantId, memberId, conversationId);
      this.refreshUnread(memberId);
      if (this.operators.has(merchantId)) void this.sendOperatorConversation(merchantId, conversationId);
    } else if (kind === 't') {
      const data = { conversationId, typing: parts[5] === '1' };
      if (parts[4] === 'o') for (const state of this.members.get(memberId) ?? []) if (!state.closed) state.subscriber.send('typing', data);
      if (parts[4] === 'm') for (const stream of this.operators.get(merchantId) ?? []) stream.send('typing', data);
    }
  }

  /** Sends a member stream the messages after the last it sent, in order; runs once at a time per stream. */
  private pump(state: MemberState): void {
    if (state.pumping) {
      state.again = true;
      return;
    }
    state.pumping = true;
    void (async () => {
      try {
        await state.ready;
        do {
          state.again = false;
          for (;;) {
            if (state.closed) return;
            const { merchantId, memberId } = state.subscriber;
            const rows = await queries.selectMemberMessagesAfter(this.options.db, merchantId, memberId, state.lastId, BATCH);
            for (const row of rows) {
              if (state.closed) return;
              state.subscriber.send('message', messageValue(row), row.id);
              state.lastId = row.id;
            }
            if (rows.length < BATCH) break;
          }
        } while (state.again);
      } catch (error) {
        this.options.onProblem?.('chat messages read for a stream failed', error);
      } finally {
        state.pumping = false;
      }
    })();
  }

  private async sendConversation(merchantId: number, memberId: number, conversationId: number): Promise<void> {
    try {
      const row = await queries.selectMemberConversation(this.options.db, merchantId, memberId, conversationId);
      if (!row) return;
      const value = conversationValue(row, await readChatSettings(this.options.db, merchantId), this.clock());
      for (const state of this.members.get(memberId) ?? []) if (!state.closed) state.subscriber.send('conversation', value);
    } catch (error) {
      this.options.onProblem?.('a chat conversation read for a stream failed', error);
    }
  }

  /** Reads the member's unread count once for all their streams (chat and balance); changes during a read cause one more. */
  private refreshUnread(memberId: number): void {
    if (!this.members.has(memberId) && !this.unreadSubscribers.has(memberId)) return;
    const current = this.unreadReads.get(memberId);
    if (current) {
      current.again = true;
      return;
    }
    const read: Serial = { running: true, again: false };
    this.unreadReads.set(memberId, read);
    void (async () => {
      try {
        do {
          read.again = false;
          const [state] = this.members.get(memberId) ?? [];
          const [balance] = this.unreadSubscribers.get(memberId) ?? [];
          const merchantId = state?.subscriber.merchantId ?? balance?.merchantId;
          if (merchantId === undefined) break;
          const unreadCount = await queries.selectMemberUnread(this.options.db, merchantId, memberId);
          for (const chat of this.members.get(memberId) ?? []) if (!chat.closed) chat.subscriber.send('unread', { unreadCount });
          for (const subscriber of this.unreadSubscribers.get(memberId) ?? []) subscriber.send(CHAT_UNREAD_EVENT, { unreadCount });
        } while (read.again);
      } catch (error) {
        this.options.onProblem?.('the chat unread count read for the open streams failed', error);
      } finally {
        this.unreadReads.delete(memberId);
      }
    })();
  }

  /** Sends the operators' streams of the merchant a conversation's messages from `first` on (or after the last sent). */
  private pumpOperators(merchantId: number, conversationId: number, first: number): void {
    let cursor = this.operatorCursors.get(conversationId);
    if (!cursor) this.operatorCursors.set(conversationId, (cursor = { lastId: first - 1, running: false, again: false }));
    if (cursor.running) {
      cursor.again = true;
      return;
    }
    cursor.running = true;
    const run = cursor;
    void (async () => {
      try {
        do {
          run.again = false;
          for (;;) {
            const rows = await queries.selectConversationMessagesAfter(this.options.db, conversationId, run.lastId, BATCH);
            for (const row of rows) {
              for (const stream of this.operators.get(merchantId) ?? []) stream.send('message', messageValue(row), row.id);
              run.lastId = row.id;
            }
            if (rows.length < BATCH) break;
          }
        } while (run.again);
      } catch (error) {
        this.options.onProblem?.("chat messages read for the operators' streams failed", error);
      } finally {
        run.running = false;
        // Nobody watches the merchant any more: the cursor would only grow stale.
        if (!this.operators.has(merchantId)) this.operatorCursors.delete(conversationId);
      }
    })();
  }

  private async sendOperatorConversation(merchantId: number, conversationId: number): Promise<void> {
    try {
      const row = await queries.selectConversation(this.options.db, merchantId, conversationId);
      if (!row) return;
      const value = deskConversationValue(row);
      for (const stream of this.operators.get(merchantId) ?? []) stream.send('conversation', value);
      // A closed conversation gets no more messages: its cursor can go.
      if (row.state === 'closed' && !this.operatorCursors.get(conversationId)?.running) this.operatorCursors.delete(conversationId);
    } catch (error) {
      this.options.onProblem?.("a chat conversation read for the operators' streams failed", error);
    }
  }
}

import { UNREAD_EVENT } from '@platform/contract';
import type pg from 'pg';
import { MemberChannel, type MemberStream } from '../../db/listen-channel';
import type { Db } from '../../db/pool';
import { MAIL_CHANNEL, selectUnreadCount } from './message.queries';

// The unread count pushed: an `unread` event on the member's balance stream (GET
// /wps/v2/wallets/balance/events; the ledger route takes this as one of its member event
// sources), so the header follows new mails with no second connection and no polling. A change
// of an inbox is announced on commit (channel member_mail: `<merchant>:<member>`, or
// `<merchant>:*` for a broadcast); one listener per process reads the count of each member
// concerned who has a stream open here and sends it to their streams. A stream gets the count
// when it opens and whenever the listener (re)connects (a notification missed meanwhile is lost).
// The listener and the streams by member are db/listen-channel.ts's, as for the payment status.

/** How the listener's connection shows in pg_stat_activity. */
export const MAIL_LISTENER_APPLICATION_NAME = 'member_mail_listener';

/** One open stream of a member: where its events go. */
export type MemberEventSubscriber = MemberStream;

export interface UnreadStreamsOptions {
  db: Db;
  connection: pg.ClientConfig;
  onProblem?: (message: string, error?: unknown) => void;
}

export class UnreadStreams {
  private readonly channel: MemberChannel;
  /** Members whose count is being read; `again` asks for one more read after it (changes meanwhile). */
  private readonly reading = new Map<number, { again: boolean }>();

  constructor(private readonly options: UnreadStreamsOptions) {
    this.channel = new MemberChannel({
      connection: options.connection,
      channel: MAIL_CHANNEL,
      applicationName: MAIL_LISTENER_APPLICATION_NAME,
      onNotification: (payload) => this.onNotification(payload),
      onListening: () => {
        for (const memberId of this.channel.memberIds()) void this.refresh(memberId);
      },
      onProblem: options.onProblem,
    });
  }

  start(): Promise<void> {
    return this.channel.start();
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  /** Adds a stream and sends it the current count; returns the function that removes it. */
  subscribe(subscriber: MemberEventSubscriber): () => void {
    const unsubscribe = this.channel.subscribe(subscriber);
    void this.refresh(subscriber.memberId);
    return unsubscribe;
  }

  private onNotification(payload: string): void {
    const match = /^(\d+):(\d+|\*)$/.exec(payload);
    if (!match) return;
    const merchantId = Number(match[1]);
    if (match[2] === '*') {
      // A broadcast concerns every open stream of the merchant: read them one after another, not
      // all at once, so the pool stays free for requests.
      const memberIds = this.channel.memberIds(merchantId);
      void (async () => {
        for (const memberId of memberIds) await this.refresh(memberId);
      })();
    } else {
      void this.refresh(Number(match[2]));
    }
  }

  /** Reads the member's count once for all their streams; changes during a read cause one more. Resolves when done. */
  private refresh(memberId: number): Promise<void> {
    const current = this.reading.get(memberId);
    if (current) {
      current.again = true;
      return Promise.resolve();
    }
    if (this.channel.streamsOf(memberId).length === 0) return Promise.resolve();
    const read = { again: false };
    this.reading.set(memberId, read);
    return (async () => {
      try {
        do {
          read.again = false;
          const [first] = this.channel.streamsOf(memberId);
          if (!first) break;
          const unreadCount = await selectUnreadCount(this.options.db, first.merchantId, memberId);
          this.channel.send(memberId, UNREAD_EVENT, { unreadCount });
        } while (read.again);
      } catch (error) {
        this.options.onProblem?.('unread count read for the open streams failed', error);
      } finally {
        this.reading.delete(memberId);
      }
    })();
  }
}

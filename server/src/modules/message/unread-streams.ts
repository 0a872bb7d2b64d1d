import { UNREAD_EVENT } from '@platform/shared/contract';
import type pg from 'pg';
import { ChannelListener } from '../../db/channel-listener';
import type { Db } from '../../db/pool';
import { MAIL_CHANNEL, selectUnreadCount } from './message.queries';

// The unread count pushed (issue 9): an `unread` event on the member's balance stream (GET
// /wps/v2/wallets/balance/events; the ledger route takes this as one of its member event
// sources), so the header follows new mails with no second connection and no polling. A change
// of an inbox is announced on commit (channel member_mail: `<merchant>:<member>`, or
// `<merchant>:*` for a broadcast); one listener per process reads the count of each member
// concerned who has a stream open here and sends it to their streams. A stream gets the count
// when it opens and whenever the listener (re)connects (a notification missed meanwhile is lost).

/** How the listener's connection shows in pg_stat_activity. */
export const MAIL_LISTENER_APPLICATION_NAME = 'member_mail_listener';

/** One open stream of a member: where its events go. */
export interface MemberEventSubscriber {
  merchantId: number;
  memberId: number;
  send: (event: string, data: unknown) => void;
}

interface MemberStreams {
  merchantId: number;
  subscribers: Set<MemberEventSubscriber>;
  reading: boolean;
  again: boolean;
}

export interface UnreadStreamsOptions {
  db: Db;
  connection: pg.ClientConfig;
  onProblem?: (message: string, error?: unknown) => void;
}

export class UnreadStreams {
  private readonly members = new Map<number, MemberStreams>();
  private readonly listener: ChannelListener;

  constructor(private readonly options: UnreadStreamsOptions) {
    this.listener = new ChannelListener({
      connection: options.connection,
      channel: MAIL_CHANNEL,
      applicationName: MAIL_LISTENER_APPLICATION_NAME,
      onNotification: (payload) => this.onNotification(payload),
      onListening: () => {
        for (const memberId of this.members.keys()) void this.refresh(memberId);
      },
      onProblem: options.onProblem,
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  async close(): Promise<void> {
    this.members.clear();
    await this.listener.close();
  }

  /** Adds a stream and sends it the current count; returns the function that removes it. */
  subscribe(subscriber: MemberEventSubscriber): () => void {
    let streams = this.members.get(subscriber.memberId);
    if (!streams) {
      streams = { merchantId: subscriber.merchantId, subscribers: new Set(), reading: false, again: false };
      this.members.set(subscriber.memberId, streams);
    }
    streams.subscribers.add(subscriber);
    void this.refresh(subscriber.memberId);
    return () => {
      const current = this.members.get(subscriber.memberId);
      if (!current) return;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0) this.members.delete(subscriber.memberId);
    };
  }

  private onNotification(payload: string): void {
    const match = /^(\d+):(\d+|\*)$/.exec(payload);
    if (!match) return;
    const merchantId = Number(match[1]);
    if (match[2] === '*') {
      // A broadcast concerns every open stream of the merchant: read them one after another, not
      // all at once, so the pool stays free for requests.
      const memberIds = [...this.members].filter(([, streams]) => streams.merchantId === merchantId).map(([memberId]) => memberId);
      void (async () => {
        for (const memberId of memberIds) await this.refresh(memberId);
      })();
    } else {
      void this.refresh(Number(match[2]));
    }
  }

  /** Reads the member's count once for all their streams; changes during a read cause one more. Resolves when done. */
  private refresh(memberId: number): Promise<void> {
    const streams = this.members.get(memberId);
    if (!streams) return Promise.resolve();
    if (streams.reading) {
      streams.again = true;
      return Promise.resolve();
    }
    streams.reading = true;
    return (async () => {
      try {
        do {
          streams.again = false;
          if (streams.subscribers.size === 0) break;
          const unreadCount = await selectUnreadCount(this.options.db, streams.merchantId, memberId);
          for (const subscriber of [...streams.subscribers]) subscriber.send(UNREAD_EVENT, { unreadCount });
        } while (streams.again);
      } catch (error) {
        this.options.onProblem?.('unread count read for the open streams failed', error);
      } finally {
        streams.reading = false;
      }
    })();
  }
}

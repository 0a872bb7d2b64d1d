import { ChannelListener, type ChannelListenerOptions } from './channel-listener';

// A channel whose notifications are for members' open event streams (the balance stream, GET
// /wps/v2/wallets/balance/events, carries other modules' events too: the unread count of
// modules/message/unread-streams.ts, the payment status of modules/ledger/payment-stream.ts).
// One listener per process (channel-listener.ts: reconnecting) and the streams open here,
// grouped by member; what a notification means, and what is sent, is the owner's.

/** One open stream of a member: where its events go. */
export interface MemberStream {
  merchantId: number;
  memberId: number;
  send: (event: string, data: unknown) => void;
}

export class MemberChannel {
  private readonly members = new Map<number, Set<MemberStream>>();
  private readonly listener: ChannelListener;

  /** The listener's settings: its notifications are the owner's to read (see streamsOf, send). */
  constructor(options: ChannelListenerOptions) {
    this.listener = new ChannelListener(options);
  }

  /** Resolves once listening, or once a first attempt failed and a retry is scheduled. */
  start(): Promise<void> {
    return this.listener.start();
  }

  /** Forgets every stream (they are the balance stream's to end) and stops listening. */
  async close(): Promise<void> {
    this.members.clear();
    await this.listener.close();
  }

  /** Adds a stream; returns the function that removes it. */
  subscribe(stream: MemberStream): () => void {
    let streams = this.members.get(stream.memberId);
    if (!streams) {
      streams = new Set();
      this.members.set(stream.memberId, streams);
    }
    streams.add(stream);
    return () => {
      const current = this.members.get(stream.memberId);
      if (!current) return;
      current.delete(stream);
      if (current.size === 0) this.members.delete(stream.memberId);
    };
  }

  /** The member's open streams (a copy: sending may end one). */
  streamsOf(memberId: number): MemberStream[] {
    return [...(this.members.get(memberId) ?? [])];
  }

  /** The members with a stream open here; with `merchantId`, only that merchant's. */
  memberIds(merchantId?: number): number[] {
    const ids: number[] = [];
    for (const [memberId, streams] of this.members) {
      const [first] = streams;
      // A member belongs to one merchant: their first stream says which.
      if (merchantId === undefined || first?.merchantId === merchantId) ids.push(memberId);
    }
    return ids;
  }

  /** Sends the event to each of the member's open streams. */
  send(memberId: number, event: string, data: unknown): void {
    for (const stream of this.streamsOf(memberId)) stream.send(event, data);
  }
}

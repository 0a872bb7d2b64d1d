import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ChannelListener } from '../../db/channel-listener';
import type { Db } from '../../db/pool';
import { minorToMajor } from './ledger.service';
import { totalBalanceMinor } from './wallet.service';

// Balance push: every open event stream of a member (GET /wps/v2/wallets/balance/events)
// is told the member's balance when it changes. The database announces a change on commit
// (migration 018, channel `member_balance`, on every replica); one listener per process reads the
// member's balance and writes it to that member's streams. A stream gets the balance when it opens
// (a reconnecting browser catches up that way) and again whenever the listener (re)connects, since
// a notification sent while it was down is lost.
//
// Only watched members are announced (migration 028): the hub keeps a balance_watch row for each
// member with an open stream here, written before that member's first balance is read (so a
// change committed after the read is announced) and removed with their last stream. Its rows are
// named by this process's listener (application_name `member_balance_listener:<id>`); at start it
// removes the rows of listeners that are no longer connected (a process that died).

export const BALANCE_CHANNEL = 'member_balance';
/** How the listeners' connections show in pg_stat_activity: this, then `:` and the process's id. */
export const BALANCE_LISTENER_APPLICATION_NAME = 'member_balance_listener';

/** One open stream: where its events go. */
export interface BalanceSubscriber {
  merchantId: number;
  memberId: number;
  /** Writes one `balance` event (major units, as GET /wps/v2/wallets/balance answers). */
  send: (sumBalance: number) => void;
  /** Ends the stream (the server is shutting down). */
  end: () => void;
}

interface MemberStreams {
  subscribers: Set<BalanceSubscriber>;
  /** A read of the balance is under way; `again` asks for one more after it (changes meanwhile). */
  reading: boolean;
  again: boolean;
  /** The balance_watch row is written (reads before that could miss an unannounced change). */
  watched: Promise<void>;
}

export interface BalanceStreamsOptions {
  db: Db;
  /** Where the listener connects (the pool's settings). */
  connection: pg.ClientConfig;
  onProblem?: (message: string, error?: unknown) => void;
}

export class BalanceStreams {
  private readonly members = new Map<number, MemberStreams>();
  private readonly listener: ChannelListener;
  /** This process's name in balance_watch. */
  private readonly watcher = randomBytes(16).toString('hex');

  constructor(private readonly options: BalanceStreamsOptions) {
    this.listener = new ChannelListener({
      connection: options.connection,
      channel: BALANCE_CHANNEL,
      applicationName: `${BALANCE_LISTENER_APPLICATION_NAME}:${this.watcher}`,
      onNotification: (payload) => {
        const memberId = Number(payload);
        if (Number.isSafeInteger(memberId)) this.refresh(memberId);
      },
      // Changes may have gone unannounced while the listener was down: every stream reads again.
      onListening: () => {
        for (const memberId of this.members.keys()) this.refresh(memberId);
      },
      onProblem: options.onProblem,
    });
  }

  async start(): Promise<void> {
    await this.listener.start();
    // Rows of processes whose listener is gone (they died): their members need no announcing.
    await this.options.db
      .query(
        `DELETE FROM balance_watch w WHERE NOT EXISTS (
           SELECT 1 FROM pg_stat_activity a WHERE a.application_name = $1 || ':' || w.listener)`,
        [BALANCE_LISTENER_APPLICATION_NAME],
      )
      .catch((error: unknown) => this.options.onProblem?.('clearing stale balance watches failed', error));
  }

  /** Ends every open stream (before the server closes: an open stream would keep it waiting). */
  endStreams(): void {
    for (const streams of this.members.values()) for (const subscriber of streams.subscribers) subscriber.end();
    this.members.clear();
  }

  async close(): Promise<void> {
    this.endStreams();
    await this.options.db
      .query('DELETE FROM balance_watch WHERE listener = $1', [this.watcher])
      .catch((error: unknown) => this.options.onProblem?.('removing the balance watches failed', error));
    await this.listener.close();
  }

  /** The listener, for tests of a lost connection. */
  get channelListener(): ChannelListener {
    return this.listener;
  }

  /** Open streams (tests, health). */
  get openStreams(): number {
    let count = 0;
    for (const streams of this.members.values()) count += streams.subscribers.size;
    return count;
  }

  /** Adds a stream and sends it the current balance; returns the function that removes it. */
  subscribe(subscriber: BalanceSubscriber): () => void {
    let streams = this.members.get(subscriber.memberId);
    if (!streams) {
      const watched = this.options.db
        .query('INSERT INTO balance_watch (member_id, listener) VALUES ($1, $2) ON CONFLICT DO NOTHING', [subscriber.memberId, this.watcher])
        .then(
          () => undefined,
          (error: unknown) => this.options.onProblem?.('watching a balance failed', error),
        );
      streams = { subscribers: new Set(), reading: false, again: false, watched };
      this.members.set(subscriber.memberId, streams);
    }
    streams.subscribers.add(subscriber);
    // The current balance once the member is watched, through the same serialized reads as the
    // changes: never an older balance after a newer one. (Their other streams get it again.)
    const memberId = subscriber.memberId;
    void streams.watched.then(() => this.refresh(memberId));
    return () => {
      const current = this.members.get(memberId);
      if (!current) return;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0) {
        this.members.delete(memberId);
        void current.watched
          .then(() => (this.members.has(memberId) ? undefined : this.options.db.query('DELETE FROM balance_watch WHERE member_id = $1 AND listener = $2', [memberId, this.watcher])))
          .catch((error: unknown) => this.options.onProblem?.('unwatching a balance failed', error));
      }
    };
  }

  /** Reads the member's balance once for all their streams; changes during a read cause one more. */
  private refresh(memberId: number): void {
    const streams = this.members.get(memberId);
    if (!streams) return;
    if (streams.reading) {
      streams.again = true;
      return;
    }
    streams.reading = true;
    void (async () => {
      try {
        do {
          streams.again = false;
          const [first] = streams.subscribers;
          if (!first) break;
          // A member belongs to one merchant: every stream of theirs shows the same balance.
          const sumBalance = minorToMajor(await totalBalanceMinor(this.options.db, first.merchantId, memberId));
          for (const subscriber of [...streams.subscribers]) subscriber.send(sumBalance);
        } while (streams.again);
      } catch (error) {
        this.options.onProblem?.('balance read for the open streams failed', error);
      } finally {
        streams.reading = false;
      }
    })();
  }
}

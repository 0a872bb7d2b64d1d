import type pg from 'pg';
import { ChannelListener } from './channel-listener';
import type { Db } from './pool';

// The configuration revision (migration 008) kept in memory, so that a request reads its merchant
// and configuration without a query. Every statement on a configuration table bumps the revision
// and, since migration 016, announces the new one on the `config_revision` channel when it
// commits: one client per process LISTENs there and moves the revision at once, on every replica.
//
// The connection is a ChannelListener (channel-listener.ts). While it is not listening (start-up,
// a lost connection, reconnecting) the revision is unknown and readers must ask the database
// themselves, as before: a notification sent while nobody listened is never lost that way. A periodic read of the stored revision is the safety
// net for a notification that did not arrive although the connection looked alive.

export const CONFIG_REVISION_CHANNEL = 'config_revision';
/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'config_revision_listener';

export interface ConfigRevisionWatchOptions {
  /** Where to LISTEN (the requests' pool's connection settings). */
  connection: pg.ClientConfig;
  /** Reads the stored revision (the safety net's one cheap query). */
  db: Db;
  /** Safety-net interval. Default 5 s. */
  checkIntervalMs?: number;
  /** First reconnect delay, doubled up to maxReconnectMs. Default 250 ms. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** Told when the listener loses its connection or a check fails (logged by the app). */
  onProblem?: (message: string, error?: unknown) => void;
}

const larger = (a: string, b: string): string => (BigInt(a) >= BigInt(b) ? a : b);

export class ConfigRevisionWatch {
  private known: string | undefined;
  private closed = false;
  private checkTimer: NodeJS.Timeout | undefined;
  private readonly listener: ChannelListener;
  private readonly listeners = new Set<(revision: string | undefined) => void>();
  /** Notifications received (tests). */
  notifications = 0;

  constructor(private readonly options: ConfigRevisionWatchOptions) {
    this.listener = new ChannelListener({
      connection: options.connection,
      channel: CONFIG_REVISION_CHANNEL,
      applicationName: LISTENER_APPLICATION_NAME,
      reconnectMs: options.reconnectMs,
      maxReconnectMs: options.maxReconnectMs,
      onProblem: options.onProblem,
      onNotification: (payload) => {
        if (this.known === undefined) return;
        this.notifications++;
        // A payload that is not a revision still says "changed": re-read it.
        if (/^\d+$/.test(payload)) this.set(larger(payload, this.known));
        else void this.check();
      },
      // Listening first, then reading: a change committed in between is in the read or notified.
      onListening: async () => {
        const stored = await this.readStored();
        if (this.listener.listening && stored !== undefined) this.set(stored);
      },
      onLost: () => this.set(undefined),
    });
  }

  /**
   * The current revision, or undefined while it is not known (listener down): the caller then
   * reads the revision from the database with its data.
   */
  get revision(): string | undefined {
    return this.known;
  }

  /** Called whenever the revision moves or becomes unknown. */
  onChange(listener: (revision: string | undefined) => void): void {
    this.listeners.add(listener);
  }

  /** Connects and starts the periodic check; resolves once listening (or once a first attempt failed and a retry is scheduled). */
  async start(): Promise<void> {
    await this.listener.start();
    const interval = this.options.checkIntervalMs ?? 5000;
    this.checkTimer = setInterval(() => void this.check(), interval);
    this.checkTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.checkTimer);
    await this.listener.close();
    this.set(undefined);
  }

  /** Reads the stored revision and adopts it if newer (the safety net; also exposed to tests). */
  async check(): Promise<void> {
    if (this.closed || this.known === undefined) return;
    try {
      const stored = await this.readStored();
      if (stored !== undefined && this.known !== undefined && stored !== this.known) this.set(larger(stored, this.known));
    } catch (error) {
      this.options.onProblem?.('config revision check failed', error);
    }
  }

  private async readStored(): Promise<string | undefined> {
    const result = await this.options.db.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision');
    return result.rows[0]?.revision;
  }

  private set(revision: string | undefined): void {
    if (revision === this.known) return;
    this.known = revision;
    for (const listener of this.listeners) listener(revision);
  }
}

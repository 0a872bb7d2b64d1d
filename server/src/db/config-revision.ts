import pg from 'pg';
import type { Db } from './pool';

// The configuration revision (migration 008) kept in memory, so that a request reads its merchant
// and configuration without a query. Every statement on a configuration table bumps the revision
// and, since migration 016, announces the new one on the `config_revision` channel when it
// commits: one client per process LISTENs there and moves the revision at once, on every replica.
//
// While the listener is not connected (start-up, a lost connection, reconnecting) the revision is
// unknown and readers must ask the database themselves, as before: a notification sent while
// nobody listened is never lost that way. A periodic read of the stored revision is the safety
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
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private reconnectDelay: number;
  private readonly listeners = new Set<(revision: string | undefined) => void>();
  /** Notifications received (tests). */
  notifications = 0;

  constructor(private readonly options: ConfigRevisionWatchOptions) {
    this.reconnectDelay = options.reconnectMs ?? 250;
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
    await this.connect();
    const interval = this.options.checkIntervalMs ?? 5000;
    this.checkTimer = setInterval(() => void this.check(), interval);
    this.checkTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.checkTimer);
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.set(undefined);
    if (client) await client.end().catch(() => undefined);
  }

  /** Reads the stored revision and adopts it if newer (the safety net; also exposed to tests). */
  async check(): Promise<void> {
    if (this.closed || this.known === undefined) return;
    try {
      const result = await this.options.db.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision');
      const stored = result.rows[0]?.revision;
      if (stored !== undefined && this.known !== undefined && stored !== this.known) this.set(larger(stored, this.known));
    } catch (error) {
      this.options.onProblem?.('config revision check failed', error);
    }
  }

  private set(revision: string | undefined): void {
    if (revision === this.known) return;
    this.known = revision;
    for (const listener of this.listeners) listener(revision);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.options.connection, application_name: LISTENER_APPLICATION_NAME });
    this.client = client;
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.set(undefined);
      client.removeAllListeners();
      // Keep an error raised while ending from crashing the process.
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.onProblem?.('config revision listener lost its connection', error);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== CONFIG_REVISION_CHANNEL || this.client !== client || this.known === undefined) return;
      this.notifications++;
      const payload = message.payload ?? '';
      // A payload that is not a revision still says "changed": re-read it.
      if (/^\d+$/.test(payload)) this.set(larger(payload, this.known));
      else void this.check();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONFIG_REVISION_CHANNEL}`);
      // Listening first, then reading: a change committed in between is in the read or notified.
      const result = await client.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision');
      if (this.client !== client) return;
      this.reconnectDelay = this.options.reconnectMs ?? 250;
      this.set(result.rows[0].revision);
    } catch (error) {
      lost(error);
    }
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, this.options.maxReconnectMs ?? 10_000);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
    this.reconnectTimer.unref();
  }
}

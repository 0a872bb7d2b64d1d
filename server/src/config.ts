import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { parseSecretsKey, type SecretsKey } from './secrets-key';

/**
 * Milliseconds since the epoch. Every time-dependent rule (session expiry, lockout, captcha
 * expiry) reads time through a Clock passed in from buildApp, so tests can move time.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Everything the server reads from the environment, read in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  /**
   * The operator API's own listener (OPS_PORT, OPS_HOST): 127.0.0.1 unless configured, so the
   * back office is reachable from this machine only (an SSH tunnel, a VPN) until someone decides
   * otherwise. The site's listener never serves it.
   */
  opsPort: number;
  opsHost: string;
  /** PAYMENT_SIMULATOR=1: the payment gateway simulator runs (set by `npm start`; never in production). */
  paymentSimulator: boolean;
  /**
   * An external PostgreSQL, as the role that owns the schema (migrations, seed); when absent an
   * embedded one is started.
   */
  databaseUrl: string | undefined;
  /**
   * The same database as the role every request runs as (no rights on the schema, db/app-role.ts);
   * created by DATABASE_URL's role when missing. Only with databaseUrl: the embedded PostgreSQL
   * makes its own.
   */
  appDatabaseUrl: string | undefined;
  /** The app role through a transaction-mode pooler (APP_POOLER_URL); requests use it, session features appDatabaseUrl. */
  appPoolerUrl: string | undefined;
  /** Data directory of the embedded PostgreSQL. */
  dataDir: string;
  /** Port of the embedded PostgreSQL; undefined picks a free one. */
  pgPort: number | undefined;
  /** The built front end (dist/ with shell/ and remotes/), if there is one. */
  staticRoot: string | undefined;
  /** Fastify's trustProxy: how far to believe X-Forwarded-For. */
  trustProxy: false | string;
  /** Remote name → manifest URL overrides for development (REMOTE_OVERRIDES). */
  remoteOverrides: Record<string, string>;
  logLevel: string;
  /**
   * SHUTDOWN_GRACE_MS: on SIGTERM, how long the instance answers /readyz 503 (draining) before its
   * listeners close, for a gateway to stop sending it requests (main.ts drainAndClose). Default 0,
   * 5000 with NODE_ENV=production.
   */
  shutdownGraceMs: number;
  /** NODE_ENV=production. */
  production: boolean;
  /**
   * SECRETS_KEY (32 bytes, base64 or hex): seals the private keys and message texts the database
   * keeps (secrets-key.ts). Required in production; elsewhere undefined means the development key
   * kept in developmentSecretsKeyFile.
   */
  secretsKey: SecretsKey | undefined;
  /** Where a development start without SECRETS_KEY keeps its generated key. */
  developmentSecretsKeyFile: string;
  /** Whether /docs (OpenAPI UI and JSON) is served: outside production, or with API_DOCS=1. */
  apiDocs: boolean;
  /** Where SMS and e-mail are delivered (SMTP_*, SMS_PROVIDER_BASE_URL): deliveryConfigFromEnv. */
  delivery: DeliveryConfig;
}

/** API_DOCS=1 serves /docs, 0 hides it; unset: served outside production only. */
export function apiDocsEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.API_DOCS === '1' || env.API_DOCS === 'true') return true;
  if (env.API_DOCS === '0' || env.API_DOCS === 'false') return false;
  if (env.API_DOCS) throw new Error(`API_DOCS must be 1 or 0, got "${env.API_DOCS}"`);
  return env.NODE_ENV !== 'production';
}

function parsePort(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return port;
}

/**
 * TRUST_PROXY: "false", or a comma list of the proxies' addresses/CIDRs ("172.30.0.2,10.0.0.0/8")
 * whose X-Forwarded-For is believed. "true" (believe anyone) is refused: with it the leftmost,
 * client-written address wins, and every per-address limit and region rule can be forged.
 * Fastify 5.12 ignores hop counts (it fails closed on them), so a bare number is refused too.
 */
export function parseTrustProxy(raw: string | undefined): false | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') {
    throw new Error("TRUST_PROXY=true would let any client forge its address: list the proxies' addresses or CIDRs instead");
  }
  if (/^\d+$/.test(raw)) {
    throw new Error('TRUST_PROXY must be false or a list of proxy addresses/CIDRs, not a hop count');
  }
  return raw;
}

/** REMOTE_OVERRIDES="mfe_lobby=http://localhost:3102/mf-manifest.json,mfe_auth=..." */
export function parseRemoteOverrides(raw: string | undefined): Record<string, string> {
  const overrides: Record<string, string> = {};
  if (!raw) return overrides;
  for (const pair of raw.split(',')) {
    const trimmed = pair.trim();
    if (!trimmed) continue;
    const separator = trimmed.indexOf('=');
    if (separator <= 0 || separator === trimmed.length - 1) {
      throw new Error(`REMOTE_OVERRIDES entry "${trimmed}" must look like name=url`);
    }
    overrides[trimmed.slice(0, separator).trim()] = trimmed.slice(separator + 1).trim();
  }
  return overrides;
}

/**
 * APP_POOLER_URL: the app role through a transaction-mode pooler (PgBouncer), for the requests and
 * money calls of several instances sharing few server connections. It needs APP_DATABASE_URL, the
 * same role directly, which LISTEN and the jobs' session locks keep using (db/pool.ts).
 */
function parseAppPoolerUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.APP_POOLER_URL || undefined;
  if (raw && !env.APP_DATABASE_URL) {
    throw new Error('APP_POOLER_URL needs APP_DATABASE_URL: LISTEN and the jobs\' session locks need a direct connection of the same role');
  }
  return raw;
}

function parseAppDatabaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.APP_DATABASE_URL || undefined;
  if (raw && !env.DATABASE_URL) {
    throw new Error('APP_DATABASE_URL needs DATABASE_URL (the owner of the schema); the embedded PostgreSQL makes its own app role');
  }
  return raw;
}

/**
 * PAYMENT_SIMULATOR=1 runs the payment gateway simulator (its pages under /dev/gateway and the
 * demo channels through it); unset it does not. Refused with NODE_ENV=production, where a
 * simulated payment would credit real money.
 */
export function paymentSimulatorEnabled(env: NodeJS.ProcessEnv): boolean {
  const raw = env.PAYMENT_SIMULATOR?.trim() ?? '';
  if (raw === '' || raw === '0') return false;
  if (raw !== '1') throw new Error(`PAYMENT_SIMULATOR must be 1 or 0, got "${raw}"`);
  if (env.NODE_ENV === 'production') throw new Error('PAYMENT_SIMULATOR=1 is refused with NODE_ENV=production');
  return true;
}

/** SHUTDOWN_GRACE_MS: whole milliseconds, 0 to 600000. */
export function parseShutdownGraceMs(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 600_000) throw new Error(`SHUTDOWN_GRACE_MS must be whole milliseconds from 0 to 600000, not ${JSON.stringify(value)}`);
  return Number(value);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const defaultStaticRoot = path.join(REPO_ROOT, 'dist');
  const production = env.NODE_ENV === 'production';
  if (production && !env.SECRETS_KEY) {
    throw new Error(
      'SECRETS_KEY is required when NODE_ENV=production: 32 random bytes, base64 or hex (openssl rand -base64 32). ' +
        'It seals the private keys and message texts kept in the database; keep it outside the database and its backups.',
    );
  }
  return {
    port: parsePort(env.PORT, 'PORT') ?? 3000,
    host: env.HOST || '0.0.0.0',
    opsPort: parsePort(env.OPS_PORT, 'OPS_PORT') ?? 3001,
    opsHost: env.OPS_HOST || '127.0.0.1',
    paymentSimulator: paymentSimulatorEnabled(env),
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: parseAppDatabaseUrl(env),
    appPoolerUrl: parseAppPoolerUrl(env),
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(REPO_ROOT, '.data', 'pg'),
    pgPort: parsePort(env.PG_PORT, 'PG_PORT'),
    staticRoot: env.STATIC_ROOT
      ? path.resolve(env.STATIC_ROOT)
      : fs.existsSync(defaultStaticRoot)
        ? defaultStaticRoot
        : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remoteOverrides: parseRemoteOverrides(env.REMOTE_OVERRIDES),
    logLevel: env.LOG_LEVEL || 'info',
    shutdownGraceMs: parseShutdownGraceMs(env.SHUTDOWN_GRACE_MS) ?? (production ? 5000 : 0),
    production,
    secretsKey: env.SECRETS_KEY ? parseSecretsKey(env.SECRETS_KEY) : undefined,
    developmentSecretsKeyFile: path.join(REPO_ROOT, '.data', 'secrets.key'),
    apiDocs: apiDocsEnabled(env),
    delivery: deliveryConfigFromEnv(env),
  };
}

/**
 * How the SMTP connection is protected: `tls` (implicit TLS, port 465), `starttls` (the upgrade is
 * required: a server that does not offer it is refused, port 587) or `none` (plain, only to a
 * relay on this machine: codes and the password would otherwise cross the network in clear).
 */
export type SmtpSecurity = 'tls' | 'starttls' | 'none';

export interface SmtpConfig {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** SMTP_USER and SMTP_PASSWORD, both or neither. */
  auth: { user: string; password: string } | undefined;
  /** SMTP_FROM: the sender's address; the display name is the merchant's brand. */
  from: string;
}

/** Where SMS and e-mail are delivered (modules/notification/delivery.ts). */
export interface DeliveryConfig {
  /** E-mail goes through this SMTP server; undefined (no SMTP_HOST): e-mails are kept in the outbox table. */
  smtp: SmtpConfig | undefined;
  /**
   * SMS_PROVIDER_BASE_URL: the SMS provider's API when a merchant's smsProvider setting names no
   * baseUrl (a regional endpoint, a local fake in tests); undefined: the provider's own.
   */
  smsBaseUrl: string | undefined;
}

/** localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** An http(s) base URL, refused unless https or http on a loopback address; returned without a trailing slash. */
export function parseServiceBaseUrl(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new Error(`${name} must be https (http only on a loopback address), got "${raw}"`);
  }
  if (url.search || url.hash || url.username || url.password) throw new Error(`${name} must be a base URL without query, fragment or credentials, got "${raw}"`);
  return url.toString().replace(/\/+$/, '');
}

const SMTP_VARIABLES = ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM'] as const;
const SMTP_SECURITY: readonly SmtpSecurity[] = ['tls', 'starttls', 'none'];
const DEFAULT_SMTP_PORT: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 };

/** SMTP_HOST and the rest; undefined when SMTP_HOST is unset (e-mail stays in the outbox). */
export function parseSmtpConfig(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const value = (name: string): string => env[name]?.trim() ?? '';
  const host = value('SMTP_HOST');
  if (host === '') {
    const stray = SMTP_VARIABLES.filter((name) => value(name) !== '');
    if (stray.length) throw new Error(`${stray.join(', ')} set without SMTP_HOST: set SMTP_HOST to deliver e-mail, or unset them`);
    return undefined;
  }
  const security = (value('SMTP_SECURE') || 'starttls') as SmtpSecurity;
  if (!SMTP_SECURITY.includes(security)) throw new Error(`SMTP_SECURE must be one of ${SMTP_SECURITY.join(', ')}, got "${value('SMTP_SECURE')}"`);
  if (security === 'none' && !isLoopbackHost(host)) {
    throw new Error(`SMTP_SECURE=none sends codes and the SMTP password in clear: only to a relay on this machine (localhost), not "${host}"`);
  }
  const user = value('SMTP_USER');
  const password = env.SMTP_PASSWORD ?? '';
  if ((user === '') !== (password === '')) throw new Error('SMTP_USER and SMTP_PASSWORD go together: set both, or neither');
  const from = value('SMTP_FROM');
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(from) && !/^[^\s@<>"]+@localhost$/.test(from)) {
    throw new Error(`SMTP_FROM must be the sender's e-mail address (no-reply@example.com), got "${from}"`);
  }
  return {
    host,
    port: parsePort(env.SMTP_PORT, 'SMTP_PORT') ?? DEFAULT_SMTP_PORT[security],
    security,
    auth: user ? { user, password } : undefined,
    from,
  };
}

/** The delivery settings of the environment (SMTP_*, SMS_PROVIDER_BASE_URL); refuses malformed ones at start-up. */
export function deliveryConfigFromEnv(env: NodeJS.ProcessEnv): DeliveryConfig {
  const smsBase = env.SMS_PROVIDER_BASE_URL?.trim();
  return {
    smtp: parseSmtpConfig(env),
    smsBaseUrl: smsBase ? parseServiceBaseUrl(smsBase, 'SMS_PROVIDER_BASE_URL') : undefined,
  };
}

import path from 'node:path';
import { apiDocsEnabled, deliveryConfigFromEnv, parseRemoteOverrides, parseTrustProxy, readConfig } from './config';
import { REPO_ROOT } from './paths';
import { parseSecretsKey } from './secrets-key';

const A_KEY = Buffer.alloc(32, 3).toString('base64');

describe('readConfig', () => {
  it('has working defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      appDatabaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, '.data', 'pg'),
      pgPort: undefined,
      trustProxy: false,
      remoteOverrides: {},
      logLevel: 'info',
      shutdownGraceMs: 0,
      production: false,
      secretsKey: undefined,
      developmentSecretsKeyFile: path.join(REPO_ROOT, '.data', 'secrets.key'),
      apiDocs: true,
    });
  });

  it('reads the environment', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/platform',
      APP_DATABASE_URL: 'postgres://app:q@db:5432/platform',
      DATA_DIR: '/var/lib/site-pg',
      PG_PORT: '5499',
      STATIC_ROOT: '/srv/dist',
      TRUST_PROXY: '10.0.0.0/8',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/platform',
      appDatabaseUrl: 'postgres://app:q@db:5432/platform',
      dataDir: '/var/lib/site-pg',
      pgPort: 5499,
      staticRoot: '/srv/dist',
      trustProxy: '10.0.0.0/8',
      logLevel: 'warn',
    });
  });

  it('refuses to start in production without SECRETS_KEY, and reads it when given', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY is required when NODE_ENV=production/);
    expect(() => readConfig({ NODE_ENV: 'production', SECRETS_KEY: '' })).toThrow(/SECRETS_KEY is required/);
    const config = readConfig({ NODE_ENV: 'production', SECRETS_KEY: A_KEY });
    expect(config.production).toBe(true);
    expect(config.secretsKey).toEqual(parseSecretsKey(A_KEY));
    expect(readConfig({ SECRETS_KEY: A_KEY }).secretsKey?.key).toEqual(Buffer.alloc(32, 3));
  });

  it('refuses a SECRETS_KEY that is not 32 bytes', () => {
    expect(() => readConfig({ SECRETS_KEY: 'password' })).toThrow(/SECRETS_KEY must be 32 random bytes/);
  });

  it('hides /docs in production unless API_DOCS=1', () => {
    expect(readConfig({ NODE_ENV: 'production', SECRETS_KEY: A_KEY }).apiDocs).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SECRETS_KEY: A_KEY, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(apiDocsEnabled({})).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: '0' })).toBe(false);
    expect(() => apiDocsEnabled({ API_DOCS: 'maybe' })).toThrow(/API_DOCS must be 1 or 0/);
  });

  it('refuses a port that is not one', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    expect(() => readConfig({ PG_PORT: '70000' })).toThrow(/PG_PORT/);
  });

  it('refuses an app role without the owner it works beside', () => {
    expect(() => readConfig({ APP_DATABASE_URL: 'postgres://app:q@db:5432/platform' })).toThrow(/APP_DATABASE_URL needs DATABASE_URL/);
    // Behind a pooler the same role still needs its direct connection (LISTEN, the jobs' locks).
    expect(() => readConfig({ DATABASE_URL: 'postgres://owner:p@db:5432/platform', APP_POOLER_URL: 'postgres://app:q@pooler:6432/platform' })).toThrow(
      /APP_POOLER_URL needs APP_DATABASE_URL/,
    );
    expect(
      readConfig({ DATABASE_URL: 'postgres://owner:p@db:5432/platform', APP_DATABASE_URL: 'postgres://app:q@db:5432/platform', APP_POOLER_URL: 'postgres://app:q@pooler:6432/platform' })
        .appPoolerUrl,
    ).toBe('postgres://app:q@pooler:6432/platform');
  });
});

describe('SHUTDOWN_GRACE_MS', () => {
  it('drains 5 s before closing in production, not at all elsewhere, unless set', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(readConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).shutdownGraceMs).toBe(5000);
    expect(readConfig({ NODE_ENV: 'production', SECRETS_KEY: key, SHUTDOWN_GRACE_MS: '15000' }).shutdownGraceMs).toBe(15000);
    expect(readConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
  });

  it('refuses a value that is not whole milliseconds up to ten minutes', () => {
    for (const value of ['-1', '1.5', '5s', '600001']) expect(() => readConfig({ SHUTDOWN_GRACE_MS: value })).toThrow('SHUTDOWN_GRACE_MS');
  });
});

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['127.0.0.1,10.0.0.0/8', '127.0.0.1,10.0.0.0/8'],
  ])('%s → %s', (raw, expected) => {
    expect(parseTrustProxy(raw)).toBe(expected);
  });

  it('refuses true: behind it the client-written leftmost address would win', () => {
    expect(() => parseTrustProxy('true')).toThrow(/forge/);
  });

  it('refuses a hop count, which Fastify would silently ignore', () => {
    expect(() => parseTrustProxy('1')).toThrow(/not a hop count/);
  });
});

describe('parseRemoteOverrides', () => {
  it('reads name=url pairs', () => {
    expect(parseRemoteOverrides('mfe_lobby=http://localhost:3102/mf-manifest.json, mfe_auth=http://localhost:3101/mf-manifest.json')).toEqual({
      mfe_lobby: 'http://localhost:3102/mf-manifest.json',
      mfe_auth: 'http://localhost:3101/mf-manifest.json',
    });
    expect(parseRemoteOverrides(undefined)).toEqual({});
  });

  it('refuses an entry without a URL', () => {
    expect(() => parseRemoteOverrides('mfe_lobby')).toThrow(/name=url/);
    expect(() => parseRemoteOverrides('mfe_lobby=')).toThrow(/name=url/);
  });
});

describe('deliveryConfigFromEnv', () => {
  it('delivers nothing without SMTP_HOST or SMS_PROVIDER_BASE_URL (messages stay in the outbox)', () => {
    expect(deliveryConfigFromEnv({})).toEqual({ smtp: undefined, smsBaseUrl: undefined });
    expect(readConfig({}).delivery).toEqual({ smtp: undefined, smsBaseUrl: undefined });
  });

  it('reads the SMTP server: STARTTLS on 587 unless said, implicit TLS on 465, login and From', () => {
    expect(deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'no-reply@example.com' }).smtp).toEqual({
      host: 'smtp.example.com', port: 587, security: 'starttls', auth: undefined, from: 'no-reply@example.com',
    });
    expect(
      deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'tls', SMTP_USER: 'site', SMTP_PASSWORD: ' p w ', SMTP_FROM: 'no-reply@example.com' }).smtp,
    ).toEqual({ host: 'smtp.example.com', port: 465, security: 'tls', auth: { user: 'site', password: ' p w ' }, from: 'no-reply@example.com' });
    expect(deliveryConfigFromEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525', SMTP_SECURE: 'none', SMTP_FROM: 'dev@localhost' }).smtp).toMatchObject({ port: 2525, security: 'none' });
  });

  it('refuses what would send codes in clear, half a login, no From, stray settings, a bad SMS URL', () => {
    expect(() => deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'none', SMTP_FROM: 'a@example.com' })).toThrow(/only to a relay on this machine/);
    expect(() => deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'ssl', SMTP_FROM: 'a@example.com' })).toThrow(/SMTP_SECURE must be one of tls, starttls, none/);
    expect(() => deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'site', SMTP_FROM: 'a@example.com' })).toThrow(/SMTP_USER and SMTP_PASSWORD go together/);
    expect(() => deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM must be the sender's e-mail address/);
    expect(() => deliveryConfigFromEnv({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@example.com', SMTP_PORT: 'smtp' })).toThrow(/SMTP_PORT must be a port number/);
    expect(() => deliveryConfigFromEnv({ SMTP_USER: 'site', SMTP_PASSWORD: 'x' })).toThrow(/SMTP_USER, SMTP_PASSWORD set without SMTP_HOST/);
    expect(deliveryConfigFromEnv({ SMS_PROVIDER_BASE_URL: 'http://127.0.0.1:4010/' }).smsBaseUrl).toBe('http://127.0.0.1:4010');
    expect(deliveryConfigFromEnv({ SMS_PROVIDER_BASE_URL: 'https://api.twilio.com' }).smsBaseUrl).toBe('https://api.twilio.com');
    expect(() => deliveryConfigFromEnv({ SMS_PROVIDER_BASE_URL: 'http://sms.example.com' })).toThrow(/must be https \(http only on a loopback address\)/);
    expect(() => readConfig({ SMS_PROVIDER_BASE_URL: 'not a url' })).toThrow(/SMS_PROVIDER_BASE_URL must be a URL/);
  });
});

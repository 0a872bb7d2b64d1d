import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { developmentSecretsKey, generateSecretsKeyText, open, openText, parseSecretsKey, seal, sealedKeyId, secretsKeyFromEnv } from './secrets-key';

// The key-encryption key of the secrets the database keeps (SECRETS_KEY).

describe('parseSecretsKey', () => {
  it('reads 32 bytes as base64 (standard or URL-safe) or hex, and names the key without revealing it', () => {
    const bytes = Buffer.alloc(32, 7);
    const fromBase64 = parseSecretsKey(bytes.toString('base64'));
    expect(fromBase64.key).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString('hex')).id).toBe(fromBase64.id);
    expect(parseSecretsKey(bytes.toString('base64url')).id).toBe(fromBase64.id);
    expect(parseSecretsKey(` ${bytes.toString('base64')}\n`).id).toBe(fromBase64.id);
    expect(fromBase64.id).toMatch(/^[0-9a-f]{16}$/);
    expect(bytes.toString('hex')).not.toContain(fromBase64.id);
  });

  it.each(['', 'short', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), 'z'.repeat(64), 'not base64 at all!'])(
    'refuses %j',
    (raw) => {
      expect(() => parseSecretsKey(raw)).toThrow(/SECRETS_KEY must be 32 random bytes/);
    },
  );

  it('secretsKeyFromEnv refuses a missing key', () => {
    expect(() => secretsKeyFromEnv({})).toThrow(/SECRETS_KEY is not set/);
    expect(secretsKeyFromEnv({ SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).key).toEqual(Buffer.alloc(32, 1));
  });
});

describe('seal and open', () => {
  const key = parseSecretsKey(generateSecretsKeyText());

  it('round-trips text and bytes; the sealed form names the key and shows nothing of the text', () => {
    const sealed = seal(key, 'outbox.body', 'your code is 123456');
    expect(sealed).toMatch(new RegExp(`^sealed1:${key.id}:[A-Za-z0-9+/=]+$`));
    expect(sealed).not.toContain('123456');
    expect(sealedKeyId(sealed)).toBe(key.id);
    expect(openText(key, 'outbox.body', sealed)).toBe('your code is 123456');
    const bytes = Buffer.from([0, 1, 2, 255]);
    expect(open(key, 'server_secret.two_factor_key', seal(key, 'server_secret.two_factor_key', bytes))).toEqual(bytes);
    // A fresh IV each time.
    expect(seal(key, 'outbox.body', 'same')).not.toBe(seal(key, 'outbox.body', 'same'));
  });

  it('refuses another key, another purpose, and altered data', () => {
    const sealed = seal(key, 'rsa_key.private_key', 'PRIVATE');
    const other = parseSecretsKey(generateSecretsKeyText());
    expect(() => open(other, 'rsa_key.private_key', sealed)).toThrow(`sealed with secrets key ${key.id}, but SECRETS_KEY is ${other.id}`);
    expect(() => open(key, 'outbox.body', sealed)).toThrow();
    const data = Buffer.from(sealed.split(':')[2], 'base64');
    data[14] ^= 1;
    expect(() => open(key, 'rsa_key.private_key', `sealed1:${key.id}:${data.toString('base64')}`)).toThrow();
    expect(() => open(key, 'rsa_key.private_key', '-----BEGIN PRIVATE KEY-----')).toThrow(/not sealed data/);
  });
});

describe('developmentSecretsKey', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secrets-key-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('generates a key once in a file only its owner reads, then reads the same key back', async () => {
    const file = path.join(dir, 'nested', 'secrets.key');
    const first = await developmentSecretsKey(file);
    expect(first.created).toBe(true);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const second = await developmentSecretsKey(file);
    expect(second).toEqual({ key: first.key, created: false });
  });

  it('two starts at once agree on one key', async () => {
    const file = path.join(dir, 'secrets.key');
    const keys = await Promise.all([developmentSecretsKey(file), developmentSecretsKey(file), developmentSecretsKey(file)]);
    expect(new Set(keys.map(({ key }) => key.id)).size).toBe(1);
  });

  it('refuses a file that holds no key', async () => {
    const file = path.join(dir, 'secrets.key');
    await fs.writeFile(file, 'garbage');
    await expect(developmentSecretsKey(file)).rejects.toThrow(/must be 32 random bytes/);
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { MESSAGE_LANGUAGES } from '../../i18n/messages';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { TestClock } from '../member/member.testing';
import { messageLanguage } from './language';
import { outboxFor } from './outbox.testing';
import { generateSecretsKeyText, parseSecretsKey, secretsKeyFromEnv } from '../../secrets-key';
import {
  brandOf,
  createSenderFactory,
  maskRecipient,
  openOutboxBody,
  parseSenderKind,
  sealClearOutboxBodies,
  senderConfigFromEnv,
} from './sender';
import { codeSms, numberAlreadyRegisteredSms, resetEmail, secondFactorKeptMessage } from './templates';

// The built-in sender: every message lands in the outbox table, sealed; its text reaches the log
// only when a developer asks for it.

const clock = new TestClock();
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

/** Records what the sender logs (a stand-in for pino's interface, not for our server). */
function recordingLog(): { log: FastifyBaseLogger; lines: Array<{ fields: Record<string, unknown>; message: string }> } {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = { info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the outbox sender', () => {
  const key = secretsKeyFromEnv();

  it('writes an SMS to the outbox, and its text to the log only when NOTIFICATION_LOG_SECRETS=1', async () => {
    const senders = createSenderFactory(
      context.pool,
      senderConfigFromEnv({ NODE_ENV: 'development', NOTIFICATION_LOG_SECRETS: '1' }, clock.now, key),
    );
    const { log, lines } = recordingLog();
    await senders({ merchantId: context.merchantId, log }).sendSms('+8801700000001', 'Lucky Star: your login code is 123456.');
    expect(await outboxFor(context.pool, '+8801700000001')).toEqual([
      { channel: 'sms', recipient: '+8801700000001', subject: null, body: 'Lucky Star: your login code is 123456.' },
    ]);
    const row = await context.pool.query<{ sender: string; created_at: Date; merchant_id: number }>(
      "SELECT sender, created_at, merchant_id FROM outbox WHERE recipient = '+8801700000001'",
    );
    expect(row.rows[0]).toEqual({ sender: 'outbox', created_at: new Date(clock.nowMs), merchant_id: context.merchantId });
    expect(lines).toEqual([
      {
        message: 'message written to the outbox',
        fields: expect.objectContaining({ channel: 'sms', to: '+8801700000001', text: 'Lucky Star: your login code is 123456.' }),
      },
    ]);
  });

  it.each([
    ['development without NOTIFICATION_LOG_SECRETS', { NODE_ENV: 'development' }],
    ['no NODE_ENV at all', {}],
    ['NOTIFICATION_LOG_SECRETS=0', { NOTIFICATION_LOG_SECRETS: '0' }],
    ['production', { NODE_ENV: 'production' }],
  ])('%s: the log has neither the text nor the full address', async (_label, env) => {
    const senders = createSenderFactory(context.pool, senderConfigFromEnv(env, clock.now, key));
    const { log, lines } = recordingLog();
    await senders({ merchantId: context.merchantId, log }).sendEmail('player@example.com', 'Reset', 'Open https://x/?resetToken=abc');
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ channel: 'email', to: 'p***@example.com' });
    expect(lines[0].fields).not.toHaveProperty('text');
    expect(JSON.stringify(lines)).not.toContain('resetToken=abc');
  });

  it('refuses NOTIFICATION_LOG_SECRETS in production, and anything but 1 or 0', () => {
    expect(() => senderConfigFromEnv({ NODE_ENV: 'production', NOTIFICATION_LOG_SECRETS: '1' }, clock.now, key)).toThrow(
      /development only/,
    );
    expect(() => senderConfigFromEnv({ NOTIFICATION_LOG_SECRETS: 'yes' }, clock.now, key)).toThrow(/must be 1 or 0/);
  });

  it('keeps the text sealed in the table: the row alone shows no code, only SECRETS_KEY opens it', async () => {
    const senders = createSenderFactory(context.pool, senderConfigFromEnv({}, clock.now, key));
    await senders({ merchantId: context.merchantId, log: recordingLog().log }).sendEmail(
      'sealed@example.com',
      'Reset',
      'Open https://x/?resetToken=live-token-987654',
    );
    const row = await context.pool.query<{ body: string | null; body_sealed: string; subject: string }>(
      "SELECT body, body_sealed, subject FROM outbox WHERE recipient = 'sealed@example.com'",
    );
    expect(row.rows[0].body).toBeNull();
    expect(row.rows[0].subject).toBe('Reset');
    expect(row.rows[0].body_sealed).toMatch(/^sealed1:/);
    expect(row.rows[0].body_sealed).not.toContain('987654');
    expect(openOutboxBody(key, row.rows[0].body_sealed)).toBe('Open https://x/?resetToken=live-token-987654');
    expect(() => openOutboxBody(parseSecretsKey(generateSecretsKeyText()), row.rows[0].body_sealed)).toThrow(/sealed with secrets key/);
  });

  it('seals the clear texts an older version left, at start-up', async () => {
    await context.pool.query(
      `INSERT INTO outbox (merchant_id, channel, recipient, subject, body, sender, created_at)
       VALUES ($1, 'sms', '+8801700000077', NULL, 'Lucky Star: your login code is 445566.', 'outbox', now())`,
      [context.merchantId],
    );
    expect(await sealClearOutboxBodies(context.pool, key)).toBeGreaterThanOrEqual(1);
    const clear = await context.pool.query('SELECT count(*)::int AS count FROM outbox WHERE body IS NOT NULL');
    expect(clear.rows[0].count).toBe(0);
    expect(await outboxFor(context.pool, '+8801700000077')).toEqual([
      { channel: 'sms', recipient: '+8801700000077', subject: null, body: 'Lucky Star: your login code is 445566.' },
    ]);
    expect(await sealClearOutboxBodies(context.pool, key)).toBe(0);
  });

  it('is the only sender: NOTIFICATION_SENDER names nothing else', () => {
    expect(parseSenderKind(undefined)).toBe('outbox');
    expect(parseSenderKind(' outbox ')).toBe('outbox');
    expect(() => parseSenderKind('twilio')).toThrow('NOTIFICATION_SENDER must be one of: outbox (got "twilio")');
  });

  it('masks recipients for logs', () => {
    expect(maskRecipient('+8801712345678')).toBe('**********5678');
    expect(maskRecipient('ab@example.com')).toBe('a***@example.com');
  });
});

describe('message texts', () => {
  it('exist in all seven languages for every message', () => {
    for (const language of MESSAGE_LANGUAGES) {
      for (const purpose of ['login', 'register', 'reset', 'two_factor'] as const) {
        const text = codeSms(purpose, language, { brand: 'B', code: '123456', minutes: 5 });
        expect(text).toContain('123456');
        expect(text).toContain('5');
        expect(text).not.toMatch(/\{\w+\}/);
      }
      expect(numberAlreadyRegisteredSms(language, { brand: 'B' })).not.toMatch(/\{\w+\}/);
      const email = resetEmail(language, { brand: 'B', username: 'u1', link: 'https://l', minutes: 30 });
      expect(email.text).toContain('https://l');
      expect(`${email.subject}${email.text}`).not.toMatch(/\{\w+\}/);
      for (const event of ['reset', 'change'] as const) {
        const kept = secondFactorKeptMessage(event, language, { brand: 'B', username: 'u1' });
        expect(kept.text).toContain('u1');
        expect(`${kept.subject}${kept.text}`).not.toMatch(/\{\w+\}/);
        // Never mistaken for a code by anyone (or any test) reading the newest message.
        expect(kept.text).not.toMatch(/\d{4}/);
      }
    }
  });

  it("are signed with the site's brand and use the caller's, the member's or the site's language", async () => {
    expect(await brandOf(context.pool, context.merchantId)).toBe('Lucky Star');
    expect(await messageLanguage(context.pool, context.merchantId, 'th')).toBe('TH');
    expect(await messageLanguage(context.pool, context.merchantId, undefined, 'VI')).toBe('VI');
    // The seeded site's default language.
    expect(await messageLanguage(context.pool, context.merchantId, undefined, null)).toBe('BN');
  });
});

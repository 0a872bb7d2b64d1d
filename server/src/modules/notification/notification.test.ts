import type { FastifyBaseLogger } from 'fastify';
import { MESSAGE_LANGUAGES } from '../../i18n/messages';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { TestClock } from '../member/member.testing';
import { messageLanguage } from './language';
import { outboxFor } from './outbox.testing';
import { brandOf, createSenderFactory, maskRecipient, parseSenderKind, senderConfigFromEnv } from './sender';
import { codeSms, numberAlreadyRegisteredSms, resetEmail, secondFactorKeptMessage } from './templates';

// The built-in sender: every message lands in the outbox table and the structured log.

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
  it('writes an SMS to the outbox and its text to the log outside production', async () => {
    const senders = createSenderFactory(context.pool, senderConfigFromEnv({ NODE_ENV: 'development' }, clock.now));
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

  it('writes an e-mail with its subject; in production the log has no text and a masked address', async () => {
    const senders = createSenderFactory(context.pool, senderConfigFromEnv({ NODE_ENV: 'production' }, clock.now));
    const { log, lines } = recordingLog();
    await senders({ merchantId: context.merchantId, log }).sendEmail('player@example.com', 'Reset', 'Open https://x/?resetToken=abc');
    expect(await outboxFor(context.pool, 'player@example.com')).toEqual([
      { channel: 'email', recipient: 'player@example.com', subject: 'Reset', body: 'Open https://x/?resetToken=abc' },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ channel: 'email', to: 'p***@example.com' });
    expect(lines[0].fields).not.toHaveProperty('text');
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

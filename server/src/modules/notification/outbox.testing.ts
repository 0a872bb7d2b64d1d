import type pg from 'pg';
import { secretsKeyFromEnv } from '../../secrets-key';
import { openOutboxBody } from './sender';

// Helpers for tests that read what the built-in sender "sent" (not a test file itself). The texts
// are sealed in the table; these open them with the run's SECRETS_KEY (testing/global-setup.ts).

export interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
}

/** Messages to `recipient`, oldest first. */
export async function outboxFor(pool: pg.Pool, recipient: string): Promise<OutboxMessage[]> {
  const result = await pool.query<Omit<OutboxMessage, 'body'> & { body_sealed: string }>(
    'SELECT channel, recipient, subject, body_sealed FROM outbox WHERE recipient = $1 ORDER BY id',
    [recipient],
  );
  const key = secretsKeyFromEnv();
  return result.rows.map(({ body_sealed: sealed, ...row }) => ({ ...row, body: openOutboxBody(key, sealed) }));
}

/** The newest message to `recipient`; fails the test when there is none. */
export async function lastMessageTo(pool: pg.Pool, recipient: string): Promise<OutboxMessage> {
  const messages = await outboxFor(pool, recipient);
  const last = messages[messages.length - 1];
  if (!last) throw new Error(`No message was sent to ${recipient}`);
  return last;
}

/** The 6-digit code in a message text. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No 6-digit code in: ${text}`);
  return match[1];
}

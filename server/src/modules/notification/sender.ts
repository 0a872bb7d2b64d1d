import type { FastifyBaseLogger } from 'fastify';
import { deliveryConfigFromEnv, type DeliveryConfig } from '../../config';
import type { Db } from '../../db/pool';
import { openText, seal, type SecretsKey } from '../../secrets-key';
import { smsProviderOf } from './sms-provider';

// How the server reaches people: one interface for SMS and e-mail. The sender writes every
// message to the `outbox` table, its text sealed with SECRETS_KEY (body_sealed: the texts carry
// live codes and reset links; tests and the e2e harness open them with the key). The outbox is
// also the queue of real deliveries (delivery.ts): a message whose channel has a provider (an SMTP
// server for e-mail, the merchant's SMS provider for SMS) is written 'queued' and the delivery
// worker sends it; without one it is written 'kept' and stays in the table, as on a development
// machine. The log gets the text only when a developer asks for it (NOTIFICATION_LOG_SECRETS=1,
// set by `npm start` and `npm run dev`).

/** Sends messages for one merchant. Callers pass the text already in the recipient's language. */
export interface Sender {
  /** `to` is an E.164 number such as +8801712345678. */
  sendSms(to: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

/** The senders this build knows: the outbox, which is also the delivery queue (providers are delivery.ts's). */
export const SENDER_KINDS = ['outbox'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];

export interface SenderScope {
  merchantId: number;
  log: FastifyBaseLogger;
}

/** Makes the sender of a request (its merchant, its logger). */
export type SenderFactory = (scope: SenderScope) => Sender;

export interface SenderConfig {
  kind: SenderKind;
  /**
   * Whether message texts (which carry codes and reset links) go to the log: only when asked for
   * (NOTIFICATION_LOG_SECRETS=1), for a developer reading codes; never in production.
   */
  logMessageText: boolean;
  /** Time source for the outbox rows. */
  now: () => number;
  /** Seals the texts kept in the outbox (SECRETS_KEY). */
  secretsKey: SecretsKey;
  /** An SMTP server is configured: new e-mails are queued for delivery, else kept in the outbox. */
  deliverEmail: boolean;
}

const OUTBOX_PURPOSE = 'outbox.body';

/** NOTIFICATION_SENDER (default "outbox"); anything else is refused at start-up. */
export function parseSenderKind(raw: string | undefined): SenderKind {
  const value = raw?.trim() || 'outbox';
  if (!(SENDER_KINDS as readonly string[]).includes(value)) {
    throw new Error(`NOTIFICATION_SENDER must be one of: ${SENDER_KINDS.join(', ')} (got "${value}")`);
  }
  return value as SenderKind;
}

/**
 * NOTIFICATION_LOG_SECRETS: "1" writes message texts (codes, reset links) to the log, for local
 * development; unset or "0" never does. Refused in production, where the log leaves the machine.
 */
export function parseLogSecrets(env: NodeJS.ProcessEnv): boolean {
  const raw = env.NOTIFICATION_LOG_SECRETS?.trim() ?? '';
  if (raw === '' || raw === '0') return false;
  if (raw !== '1') throw new Error(`NOTIFICATION_LOG_SECRETS must be 1 or 0 (got "${raw}")`);
  if (env.NODE_ENV === 'production') {
    throw new Error('NOTIFICATION_LOG_SECRETS=1 would write codes and reset links to the log: it is for development only, not NODE_ENV=production');
  }
  return true;
}

/** Sender configuration from the environment (the SMTP server from `delivery` when given). */
export function senderConfigFromEnv(
  env: NodeJS.ProcessEnv,
  now: () => number,
  secretsKey: SecretsKey,
  delivery: Pick<DeliveryConfig, 'smtp'> = deliveryConfigFromEnv(env),
): SenderConfig {
  return {
    kind: parseSenderKind(env.NOTIFICATION_SENDER),
    logMessageText: parseLogSecrets(env),
    now,
    secretsKey,
    deliverEmail: delivery.smtp !== undefined,
  };
}

/** Masks all but the last 4 characters of a number or the domain of an address, for logs. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return recipient.length > 4 ? `${'*'.repeat(recipient.length - 4)}${recipient.slice(-4)}` : '****';
}

class OutboxSender implements Sender {
  constructor(
    private readonly db: Db,
    private readonly scope: SenderScope,
    private readonly config: SenderConfig,
  ) {}

  async sendSms(to: string, text: string): Promise<void> {
    await this.record('sms', to, null, text);
  }

  async sendEmail(to: string, subject: string, text: string): Promise<void> {
    await this.record('email', to, subject, text);
  }

  private async record(channel: 'sms' | 'email', to: string, subject: string | null, text: string): Promise<void> {
    const { merchantId } = this.scope;
    // Where it is meant to go; nowhere (kept) when its channel has no provider now. Decided here,
    // once: configuring a provider later never sends old codes.
    const provider = channel === 'email' ? (this.config.deliverEmail ? 'smtp' : undefined) : await smsProviderOf(this.db, merchantId);
    const status = provider ? 'queued' : 'kept';
    const now = new Date(this.config.now());
    const result = await this.db.query<{ id: string }>(
      `INSERT INTO outbox (merchant_id, channel, recipient, subject, body_sealed, sender, created_at, status, next_attempt_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $7) RETURNING id`,
      [merchantId, channel, to, subject, seal(this.config.secretsKey, OUTBOX_PURPOSE, text), provider ?? 'outbox', now, status, provider ? now : null],
    );
    const entry = { outboxId: result.rows[0].id, channel, merchantId, status };
    if (this.config.logMessageText) {
      this.scope.log.info({ ...entry, to, subject, text }, 'message written to the outbox');
    } else {
      this.scope.log.info({ ...entry, to: maskRecipient(to) }, 'message written to the outbox');
    }
  }
}

/** The text of an outbox row (body_sealed), for whoever holds SECRETS_KEY: tests, harnesses, operators' tools. */
export function openOutboxBody(secretsKey: SecretsKey, bodySealed: string): string {
  return openText(secretsKey, OUTBOX_PURPOSE, bodySealed);
}

/**
 * Seals the texts of outbox rows written in clear before migration 013 (and clears them), in
 * batches. Idempotent; safe when replicas start together.
 */
export async function sealClearOutboxBodies(db: Db, secretsKey: SecretsKey): Promise<number> {
  let sealed = 0;
  for (;;) {
    const batch = await db.query<{ id: string; body: string }>('SELECT id, body FROM outbox WHERE body IS NOT NULL ORDER BY id LIMIT 500');
    if (batch.rows.length === 0) return sealed;
    for (const row of batch.rows) {
      const result = await db.query('UPDATE outbox SET body_sealed = $2, body = NULL WHERE id = $1 AND body IS NOT NULL', [
        row.id,
        seal(secretsKey, OUTBOX_PURPOSE, row.body),
      ]);
      sealed += result.rowCount ?? 0;
    }
  }
}

export function createSenderFactory(db: Db, config: SenderConfig): SenderFactory {
  switch (config.kind) {
    case 'outbox':
      return (scope) => new OutboxSender(db, scope, config);
  }
}

/** The name messages are signed with: the site's brandName setting, else the merchant's name. */
export async function brandOf(db: Db, merchantId: number): Promise<string> {
  const result = await db.query<{ name: string; brand: string | null }>(
    `SELECT m.name, s.value ->> 'brandName' AS brand
       FROM merchant m LEFT JOIN merchant_setting s ON s.merchant_id = m.id AND s.key = 'site'
      WHERE m.id = $1`,
    [merchantId],
  );
  const row = result.rows[0];
  return row?.brand || row?.name || '';
}

import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Clock, DeliveryConfig } from '../../config';
import { ChannelListener } from '../../db/channel-listener';
import { PeriodicJob } from '../../db/periodic-job';
import type { SecretsKey } from '../../secrets-key';
import { DeliveryError, failureText } from './delivery-error';
import { claimDue, failLapsedLastAttempts, markFailed, markRetry, markSent, type ClaimedRow } from './delivery.queries';
import { brandOf, maskRecipient, openOutboxBody } from './sender';
import { merchantsWithSmsProvider, SMS_ADAPTERS, smsAccountOf } from './sms-provider';
import { SmtpSender } from './smtp';

// The delivery worker: the outbox is the queue of SMS and e-mail (migration 070).
//
// Every process runs one (no leader: SKIP LOCKED lets workers side by side take different rows,
// so replicas share the work). A run claims due rows, then sends each, then records the outcome:
//   claim   one statement: queued rows that are due (and rows whose lease lapsed) become
//           'sending', attempts + 1, lease_until = now + lease. Committed before anything is sent.
//   send    to the SMTP server or the merchant's SMS provider, with a timeout well inside the lease.
//   record  'sent' with the provider's message id; or 'queued' again after a growing delay
//           (base × 2^(attempt − 1), capped), with last_error; or 'failed' when the provider
//           refused the message itself, or after the last attempt. Only the holder of the row's
//           latest claim records (attempts fences the update).
//
// Sent once: two workers never hold the same row (the claim is atomic and the lease keeps others
// away while a send is in flight), and a row once 'sent' or 'failed' is never claimed again, across
// replicas and restarts. What no design can close is a worker dying after the provider took the
// message and before 'sent' was written: the row stays 'sending' until its lease lapses, and is
// then sent again. We chose that (at-least-once) over giving such a row up as failed
// (at-most-once): the messages are codes and links a member is waiting for, a lost one costs them a
// new request, a second copy of the same code costs nothing. The window is the milliseconds
// between the provider's answer and one UPDATE. Where the provider can recognise a repeat we let
// it: an e-mail's Message-ID is the same on every attempt of a row. Twilio's Messages API takes no
// idempotency key, so an SMS in that window may arrive twice.
//
// New rows wake the workers through LISTEN outbox_queued (migration 070's trigger, at commit); a
// poll every intervalMs finds retries that fell due, lapsed leases, and anything a lost
// notification left.

export interface RetryPolicy {
  /** Attempts in all, the first included; then the row fails. */
  maxAttempts: number;
  /** The delay after the first failed attempt; each next one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 15_000, maxDelayMs: 15 * 60_000 };

/** The wait after failed attempt number `attempt` (1 = the first). */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/** What the worker logs (the app's logger). */
export interface DeliveryLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface DeliveryWorkerOptions {
  pool: pg.Pool;
  clock: Clock;
  secretsKey: SecretsKey;
  /** The SMTP server (none: e-mails are kept, never queued) and the SMS providers' fallback base URL. */
  delivery: DeliveryConfig;
  /** LISTEN outbox_queued with these connection settings (the pool's); false: poll only. */
  listen: pg.ClientConfig | false;
  /** The poll (retries, lapsed leases, missed wake-ups). Default 5 s. */
  intervalMs?: number;
  /** How long a claim keeps other workers away; longer than any send can take. Default 2 minutes. */
  leaseMs?: number;
  /** Each network step (the SMS provider's answer, each SMTP phase) gives up after this long. Default 15 s. */
  requestTimeoutMs?: number;
  /** Rows claimed (and sent side by side) at once. Default 10. */
  batchSize?: number;
  retry?: Partial<RetryPolicy>;
  log?: DeliveryLog;
  /** Failed runs and lost connections (logged by the app). */
  onProblem?: (message: string, error?: unknown) => void;
}

/** What one pass did. */
export interface DeliveryRunReport {
  sent: number;
  retried: number;
  failed: number;
}

export class DeliveryWorker {
  private readonly job: PeriodicJob<DeliveryRunReport>;
  private readonly listener: ChannelListener | undefined;
  private readonly smtp: SmtpSender | undefined;
  private readonly retry: RetryPolicy;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  /** A wake-up came while a run was going: that run makes another pass. */
  private wakeRequested = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.leaseMs = options.leaseMs ?? 120_000;
    this.timeoutMs = options.requestTimeoutMs ?? 15_000;
    this.batchSize = options.batchSize ?? 10;
    // A lease shorter than a send could take would let a second worker claim a row in flight.
    if (this.leaseMs < 3 * this.timeoutMs) throw new Error('The delivery lease must be at least three request timeouts long');
    this.smtp = options.delivery.smtp && new SmtpSender(options.delivery.smtp, this.timeoutMs);
    this.job = new PeriodicJob({
      name: 'notification delivery',
      intervalMs: options.intervalMs ?? 5000,
      runAtStart: true,
      run: () => this.drain(),
      failureMessage: 'SMS and e-mail delivery failed; retried next run',
      onProblem: options.onProblem,
    });
    if (options.listen) {
      this.listener = new ChannelListener({
        connection: options.listen,
        channel: 'outbox_queued',
        applicationName: 'outbox_listener',
        onNotification: () => this.wake(),
        // Rows queued while not listening: the next pass finds them.
        onListening: () => this.wake(),
        onProblem: options.onProblem,
      });
    }
  }

  async start(): Promise<void> {
    this.job.start();
    await this.listener?.start();
  }

  /** One run now (tests step the worker by hand); joins a run in flight. */
  runOnce(): Promise<DeliveryRunReport | undefined> {
    return this.job.runOnce();
  }

  /** Stops listening and polling, waits for the sends in flight and records them. */
  async close(): Promise<void> {
    await this.listener?.close();
    await this.job.close();
    this.smtp?.close();
  }

  private wake(): void {
    this.wakeRequested = true;
    // A run in flight is joined; if it had already made its last pass, one more follows.
    void this.job.runOnce().then(() => {
      if (this.wakeRequested) void this.job.runOnce();
    });
  }

  /** Claims and sends until nothing is due. */
  private async drain(): Promise<DeliveryRunReport> {
    const report: DeliveryRunReport = { sent: 0, retried: 0, failed: 0 };
    const { pool, clock } = this.options;
    do {
      this.wakeRequested = false;
      report.failed += await failLapsedLastAttempts(pool, { nowMs: clock(), maxAttempts: this.retry.maxAttempts });
      for (;;) {
        const nowMs = clock();
        const rows = await claimDue(pool, { nowMs, leaseUntilMs: nowMs + this.leaseMs, limit: this.batchSize, maxAttempts: this.retry.maxAttempts });
        if (rows.length === 0) break;
        // Every send of the batch settles (and is recorded) before the run can end or fail.
        const outcomes = await Promise.allSettled(rows.map((row) => this.deliver(row)));
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') throw outcome.reason;
          report[outcome.value] += 1;
        }
      }
    } while (this.wakeRequested);
    return report;
  }

  private async deliver(row: ClaimedRow): Promise<keyof DeliveryRunReport> {
    const { pool, clock } = this.options;
    const entry = { outboxId: row.id, merchantId: row.merchant_id, channel: row.channel, to: maskRecipient(row.recipient), attempt: row.attempts };
    let providerMessageId: string | null;
    try {
      providerMessageId = (await this.send(row)).providerMessageId;
    } catch (error) {
      const text = failureText(error);
      const permanent = error instanceof DeliveryError ? error.permanent : false;
      if (permanent || row.attempts >= this.retry.maxAttempts) {
        const recorded = await markFailed(pool, { id: row.id, attempt: row.attempts, error: text, nowMs: clock() });
        this.options.log?.warn({ ...entry, error: text, recorded }, permanent ? 'message refused: not retried' : 'message not delivered after its last attempt');
        return 'failed';
      }
      const nowMs = clock();
      const nextAttemptAtMs = nowMs + retryDelayMs(this.retry, row.attempts);
      const recorded = await markRetry(pool, { id: row.id, attempt: row.attempts, error: text, nextAttemptAtMs, nowMs });
      this.options.log?.warn({ ...entry, error: text, nextAttemptAt: new Date(nextAttemptAtMs).toISOString(), recorded }, 'message not delivered: retried later');
      return 'retried';
    }
    const recorded = await markSent(pool, { id: row.id, attempt: row.attempts, providerMessageId, nowMs: clock() });
    if (recorded) this.options.log?.info({ ...entry, providerMessageId }, 'message delivered');
    // Only when this worker outlived its lease (a send slower than the lease allows).
    else this.options.log?.warn({ ...entry, providerMessageId }, 'message delivered after its claim lapsed: another worker may send it again');
    return 'sent';
  }

  private async send(row: ClaimedRow): Promise<{ providerMessageId: string | null }> {
    const { pool, secretsKey } = this.options;
    let text: string;
    try {
      text = row.body_sealed !== null ? openOutboxBody(secretsKey, row.body_sealed) : (row.body ?? '');
    } catch (error) {
      throw new DeliveryError(`the text cannot be opened: ${failureText(error)}`, true);
    }
    if (row.channel === 'email') {
      if (!this.smtp) throw new DeliveryError('no SMTP server is configured (SMTP_HOST)', true);
      return this.smtp.send({
        fromName: await brandOf(pool, row.merchant_id),
        to: row.recipient,
        subject: row.subject ?? '',
        text,
        messageId: messageIdOf(row, this.smtp.config.from),
      });
    }
    const account = await smsAccountOf(pool, secretsKey, row.merchant_id, this.options.delivery.smsBaseUrl);
    if (!account) throw new DeliveryError('the merchant has no SMS provider (merchant_setting smsProvider and its secret)', true);
    return SMS_ADAPTERS[account.provider].send(account, { to: row.recipient, text }, this.timeoutMs);
  }
}

/**
 * The row's Message-ID: its id and a digest of its sealed text (unique to the row, since every
 * seal draws a new IV), at the sender's domain; the same on every attempt.
 */
function messageIdOf(row: ClaimedRow, from: string): string {
  const digest = createHash('sha256').update(row.body_sealed ?? row.body ?? '').digest('hex').slice(0, 16);
  return `<outbox.${row.id}.${digest}@${from.slice(from.lastIndexOf('@') + 1)}>`;
}

/**
 * The one start-up line about delivery: where e-mail and SMS go, or that nothing is configured and
 * every message stays in the outbox table (a development machine). `configured` is false then.
 */
export async function deliveryStartupLine(db: pg.Pool, delivery: DeliveryConfig): Promise<{ configured: boolean; line: string }> {
  const smsMerchants = await merchantsWithSmsProvider(db);
  const { smtp } = delivery;
  if (!smtp && smsMerchants === 0) {
    return {
      configured: false,
      line: 'SMS and e-mail are not delivered: no SMTP server (SMTP_HOST) and no merchant SMS provider (smsProvider) is configured; messages stay in the outbox table',
    };
  }
  const email = smtp ? `e-mail through SMTP ${smtp.host}:${smtp.port} (${smtp.security})` : 'e-mail kept in the outbox (no SMTP_HOST)';
  const sms = smsMerchants > 0 ? `SMS through the provider of ${smsMerchants} merchant(s), others' kept in the outbox` : 'SMS kept in the outbox (no merchant has an SMS provider)';
  return { configured: true, line: `Delivery: ${email}; ${sms}` };
}

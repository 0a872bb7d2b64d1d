import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config';
import { DeliveryError } from './delivery-error';

// E-mail through the SMTP server of the environment (SMTP_HOST, SMTP_PORT, SMTP_SECURE,
// SMTP_USER, SMTP_PASSWORD, SMTP_FROM: config.ts), with nodemailer. One connection per message:
// the volume is codes and reset links, and a fresh connection makes each attempt's outcome its own.

export interface EmailMessage {
  /** The display name of the From header: the merchant's brand. */
  fromName: string;
  to: string;
  subject: string;
  text: string;
  /**
   * The Message-ID header (`<…@…>`), the same on every attempt of one outbox row: a message sent
   * twice (a worker that died after the server took it) is one message to mail systems that
   * recognise repeated ids.
   */
  messageId: string;
}

export class SmtpSender {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    readonly config: SmtpConfig,
    /** Each phase (connecting, the greeting, every reply) gives up after this long. */
    timeoutMs: number,
  ) {
    this.transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.security === 'tls',
      // starttls: a server that does not offer the upgrade is refused, never used in clear.
      requireTLS: config.security === 'starttls',
      // none (a relay on this machine, config.ts allows nothing else): no upgrade attempted.
      ignoreTLS: config.security === 'none',
      auth: config.auth ? { user: config.auth.user, pass: config.auth.password } : undefined,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  /** The SMTP server's reply and the message id, or a DeliveryError. */
  async send(message: EmailMessage): Promise<{ providerMessageId: string }> {
    try {
      const info = await this.transport.sendMail({
        from: { name: message.fromName, address: this.config.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
      });
      if (info.rejected.length > 0) throw Object.assign(new Error(`the SMTP server refused the recipient: ${info.response}`), { responseCode: 550 });
      return { providerMessageId: info.messageId || message.messageId };
    } catch (error) {
      throw smtpFailure(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * A refusal of this message (5xx: no such mailbox, a policy) is not retried; a temporary one
 * (4xx: greylisting, a full queue), a connection that failed or timed out, is. So is a refused
 * login: it is our account, not the message, and the password may be put right meanwhile.
 */
function smtpFailure(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string };
  // An address nodemailer itself refuses (no reply code) is as final as a server's 5xx.
  const permanent = (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH') || (code === 'EENVELOPE' && responseCode === undefined);
  const reason = [code, responseCode].filter((part) => part !== undefined).join(' ');
  return new DeliveryError(`SMTP ${reason ? `${reason}: ` : ''}${message ?? String(error)}`, permanent);
}

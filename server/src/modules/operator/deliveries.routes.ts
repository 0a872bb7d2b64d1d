import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import type { SecretsKey } from '../../secrets-key';
import {
  DELIVERY_STATUSES,
  InvalidSmsProvider,
  listDeliveries,
  removeSmsProvider,
  setSmsProvider,
  SMS_PROVIDERS,
  smsProviderView,
  type DeliveryStatus,
  type SmsProviderName,
} from '../notification';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import { audited, auditedChange } from './operator.service';

// The operators' view of SMS and e-mail deliveries (modules/notification: the outbox is their
// queue), and the merchant's SMS provider, behind the operator token check (operator-roles.ts
// says who may call each). The list shows where each message went and how its delivery went,
// never its text (codes, reset links); it names members' numbers and addresses, so reading it is
// audited. The provider's secret is written, never read back.

const deliverySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    channel: { type: 'string', enum: ['sms', 'email'] },
    recipient: { type: 'string' },
    subject: { type: ['string', 'null'] },
    sender: { type: 'string', description: 'where it was meant to go when written: outbox (kept), smtp, or the SMS provider' },
    status: { type: 'string', enum: DELIVERY_STATUSES },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
    providerMessageId: { type: ['string', 'null'] },
    createdAt: { type: 'integer', description: 'epoch ms' },
    updatedAt: { type: ['integer', 'null'] },
    nextAttemptAt: { type: ['integer', 'null'], description: 'queued: when its next attempt is due' },
    sentAt: { type: ['integer', 'null'] },
    failedAt: { type: ['integer', 'null'] },
  },
} as const;

const providerViewSchema = {
  type: 'object',
  required: ['configured', 'provider', 'accountId', 'senderId', 'baseUrl', 'secretSet'],
  properties: {
    configured: { type: 'boolean', description: 'SMS are delivered (a well-formed setting and a secret)' },
    provider: { type: ['string', 'null'] },
    accountId: { type: ['string', 'null'] },
    senderId: { type: ['string', 'null'] },
    baseUrl: { type: ['string', 'null'], description: "null: SMS_PROVIDER_BASE_URL's, else the provider's own" },
    secretSet: { type: 'boolean' },
  },
} as const;

export async function deliveriesRoutes(app: FastifyInstance, { db, clock, secretsKey }: { db: pg.Pool; clock: Clock; secretsKey: SecretsKey }): Promise<void> {
  app.get<{ Querystring: { status?: DeliveryStatus; channel?: 'sms' | 'email'; recipient?: string; limit: number } }>('/notifications/deliveries', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Recent SMS and e-mail deliveries, newest first: status, attempts, the last error, the provider id',
      description:
        'status: kept (no provider for its channel: stays in the outbox), queued (waiting for its attempt), sending, sent, failed. Never the text. Audited (names members\' numbers and addresses).',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: DELIVERY_STATUSES },
          channel: { type: 'string', enum: ['sms', 'email'] },
          recipient: { type: 'string', minLength: 1, maxLength: 254, description: 'an E.164 number or an e-mail address' },
          limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: deliverySchema } } },
    }),
  }, async (request) => {
    const { status, channel, recipient, limit } = request.query;
    return audited(
      auditContextOf(request, db, clock),
      { action: 'delivery.read', targetType: 'delivery', targetId: recipient, detail: { status, channel, limit } },
      async () => {
        const rows = await listDeliveries(db, { merchantId: operatorOf(request).merchantId, status, channel, recipient: recipient?.trim(), limit });
        return ok({
          list: rows.map(({ createdAtMs, updatedAtMs, nextAttemptAtMs, sentAtMs, failedAtMs, ...row }) => ({
            ...row,
            createdAt: createdAtMs,
            updatedAt: updatedAtMs,
            nextAttemptAt: nextAttemptAtMs,
            sentAt: sentAtMs,
            failedAt: failedAtMs,
          })),
        });
      },
    );
  });

  app.get('/notifications/sms-provider', {
    schema: apiSchema({ tags: ['operator'], summary: "The merchant's SMS provider (never its secret)", headers: bearerHeader, value: providerViewSchema }),
  }, async (request) => ok(await smsProviderView(db, operatorOf(request).merchantId)));

  app.put<{ Body: { provider: SmsProviderName; accountId: string; senderId: string; baseUrl?: string; secret?: string } }>('/notifications/sms-provider', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Sets the merchant's SMS provider: its SMS are delivered from then on",
      description:
        'secret (Twilio: the auth token) is sealed with SECRETS_KEY and never answered; without one the stored secret stays (400 request.param.err when there is none). ' +
        'baseUrl: https (http on a loopback address only); without one SMS_PROVIDER_BASE_URL, else the provider\'s own. Audited (never the secret).',
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['provider', 'accountId', 'senderId'],
        additionalProperties: false,
        properties: {
          provider: { type: 'string', enum: SMS_PROVIDERS },
          accountId: { type: 'string', minLength: 1, maxLength: 100 },
          senderId: { type: 'string', minLength: 1, maxLength: 100 },
          baseUrl: { type: 'string', minLength: 1, maxLength: 300 },
          secret: { type: 'string', minLength: 8, maxLength: 500 },
        },
      },
      value: providerViewSchema,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { secret, ...settings } = request.body;
    // The provider's view (never its secret) before and after; of the secret, only whether it changed.
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'sms_provider.set', targetType: 'sms_provider', targetId: String(merchantId), asked: { ...settings, secretChanged: secret !== undefined } },
      async () => {
        const before = await smsProviderView(db, merchantId);
        try {
          await setSmsProvider(db, secretsKey, merchantId, settings, secret);
        } catch (error) {
          if (error instanceof InvalidSmsProvider) throw new AppError(400, 'request.param.err', { detail: error.message });
          throw error;
        }
        const after = await smsProviderView(db, merchantId);
        return { before, after: { ...after, secretChanged: secret !== undefined }, value: ok(after) };
      },
    );
  });

  app.delete('/notifications/sms-provider', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Removes the merchant's SMS provider and its secret: its SMS stay in the outbox from then on (audited)",
      headers: bearerHeader,
      value: providerViewSchema,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    return auditedChange(auditContextOf(request, db, clock), { action: 'sms_provider.remove', targetType: 'sms_provider', targetId: String(merchantId) }, async () => {
      const before = await smsProviderView(db, merchantId);
      await removeSmsProvider(db, merchantId);
      const after = await smsProviderView(db, merchantId);
      return { before, after, value: ok(after) };
    });
  });
}

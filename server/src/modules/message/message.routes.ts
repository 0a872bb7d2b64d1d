import {
  deleteInboxMailCall,
  deleteOutboxMailCall,
  inboxMailsCall,
  markMailAsReadCall,
  outboxMailsCall,
  replyMailCall,
  sendMailCall,
  unreadCountCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { authorizationHeader, memberOf } from '../session';
import * as service from './message.service';

export interface MessageRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const tags = ['message'];

const senderOf = (request: FastifyRequest): service.Sender => {
  const member = memberOf(request);
  return { merchantId: member.merchantId, memberId: member.id };
};

// Every route here is closed: a live session of a real account (free-play guests have no inbox).
export async function messageRoutes(app: FastifyInstance, { db, clock = systemClock }: MessageRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof inboxMailsCall>>('/wps/relay/getInboxMails', {
    schema: apiSchema({
      tags,
      summary: "The member's inbox",
      description: 'Mails from the operator: to this member, or broadcast to every member registered when it was sent. Paged (page from 1), by send time.',
      headers: authorizationHeader,
      call: inboxMailsCall,
    }),
  }, async (request) => ok(await service.inboxOf(db, senderOf(request), request.query)));

  app.get<RouteOf<typeof outboxMailsCall>>('/wps/relay/getOutboxMails', {
    schema: apiSchema({
      tags,
      summary: "The member's outbox",
      description: 'What the member sent customer service (new mails and replies), until they delete it. Paged (page from 1), by send time.',
      headers: authorizationHeader,
      call: outboxMailsCall,
    }),
  }, async (request) => ok(await service.outboxOf(db, senderOf(request), request.query)));

  app.get('/wps/relay/CSP_unreadCount', {
    schema: apiSchema({
      tags,
      summary: 'Unread mails in the inbox',
      description: "The header's badge. Also pushed as the `unread` event of GET /wps/v2/wallets/balance/events.",
      headers: authorizationHeader,
      call: unreadCountCall,
    }),
  }, async (request) => ok({ unreadCount: await service.unreadCountOf(db, senderOf(request)) }));

  app.post<RouteOf<typeof markMailAsReadCall>>('/wps/relay/markMailAsRead', {
    schema: apiSchema({
      tags,
      summary: 'Mark inbox mails read',
      description: 'All or nothing: 404 message.not.found (nothing changed) when an id is not in the inbox. Answers the unread count after it.',
      headers: authorizationHeader,
      call: markMailAsReadCall,
    }),
  }, async (request) => ok({ unreadCount: await service.markRead(db, senderOf(request), request.body.inboxIds, clock()) }));

  app.post<RouteOf<typeof deleteInboxMailCall>>('/wps/relay/deleteInboxMail', {
    schema: apiSchema({
      tags,
      summary: 'Delete inbox mails',
      description: 'All or nothing: 404 message.not.found (nothing changed) when an id is not in the inbox. Answers the unread count after it.',
      headers: authorizationHeader,
      call: deleteInboxMailCall,
    }),
  }, async (request) => ok({ unreadCount: await service.deleteInboxMails(db, senderOf(request), request.body.inboxIds, clock()) }));

  app.post<RouteOf<typeof deleteOutboxMailCall>>('/wps/relay/deleteOutboxMail', {
    schema: apiSchema({
      tags,
      summary: 'Delete outbox mails',
      description: 'Gone from the outbox (customer service keeps them). All or nothing: 404 message.not.found when an id is not in the outbox.',
      headers: authorizationHeader,
      call: deleteOutboxMailCall,
    }),
  }, async (request) => {
    await service.deleteOutboxMails(db, senderOf(request), request.body.outboxIds, clock());
    return ok(null);
  });

  app.post<RouteOf<typeof sendMailCall>>('/wps/relay/sendMail', {
    schema: apiSchema({
      tags,
      summary: 'Write to customer service',
      description: 'Plain text. At most 20 mails (new ones and replies) in 24 hours: 429 message.send.limit after that.',
      headers: authorizationHeader,
      call: sendMailCall,
    }),
  }, async (request) => ok({ outboxId: await service.sendMail(db, senderOf(request), request.body.subject, request.body.content, clock()) }));

  app.post<RouteOf<typeof replyMailCall>>('/wps/relay/replyMail', {
    schema: apiSchema({
      tags,
      summary: 'Answer an inbox mail',
      description: 'Only where the mail has canReply (400 message.reply.not.allowed otherwise); goes to customer service. Counts toward the daily limit of sendMail.',
      headers: authorizationHeader,
      call: replyMailCall,
    }),
  }, async (request) => {
    const { inboxId, subject, content } = request.body;
    return ok({ outboxId: await service.replyMail(db, senderOf(request), inboxId, subject, content, clock()) });
  });
}

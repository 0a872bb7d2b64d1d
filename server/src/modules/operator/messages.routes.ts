import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { listMemberMails, markMemberMailsRead, MAX_RECIPIENTS, sendMessage } from '../message';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import { selectRealMember } from './operator.queries';
import { audited } from './operator.service';

// Platform messages from the back office: mails to some members or to all (the message module
// stores a broadcast once), and customer service's box of what members wrote. Audited.

export interface MessagesRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}



export async function operatorMessagesRoutes(app: FastifyInstance, { db, clock = systemClock }: MessagesRoutesOptions): Promise<void> {
  app.post<{ Body: { to: string[]; subject: string; content: string; canReply: boolean; senderName: string } }>('/messages', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Send a platform message to some members (by user name) or to all',
      description: `A broadcast (to: ["*"]) reaches every member registered by now; at most ${MAX_RECIPIENTS} names otherwise. Members' open pages see the unread count change at once.`,
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['to', 'subject', 'content'],
        additionalProperties: false,
        properties: {
          to: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_RECIPIENTS,
            items: { type: 'string', minLength: 1, maxLength: 64 },
            description: 'user names, or ["*"] for every member',
          },
          subject: { type: 'string', minLength: 1, maxLength: 100 },
          content: { type: 'string', minLength: 1, maxLength: 2000 },
          canReply: { type: 'boolean', default: true },
          senderName: { type: 'string', minLength: 1, maxLength: 64, default: 'Customer Service' },
        },
      },
      value: {
        type: 'object',
        required: ['mailId', 'recipients'],
        properties: { mailId: { type: 'integer' }, recipients: { oneOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] } },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { subject, content, canReply, senderName } = request.body;
    const everyone = request.body.to.includes('*');
    if (everyone && request.body.to.length > 1) throw new AppError(400, 'message.recipient.invalid');
    const to = everyone ? 'all' : request.body.to;
    return audited(
      auditContextOf(request, db, clock),
      { action: 'message.send', targetType: 'member', targetId: to === 'all' ? 'all' : to.join(',').slice(0, 100), detail: { subject, canReply } },
      async () => {
        let memberIds: number[] | undefined;
        if (to !== 'all') {
          const members = await Promise.all(to.map((username) => selectRealMember(db, operator.merchantId, username)));
          const unknown = to.filter((_, index) => !members[index]);
          if (unknown.length) throw new AppError(404, 'operator.member.not.found', { detail: unknown.join(', ') });
          memberIds = members.map((member) => member!.id);
        }
        const sent = await sendMessage(db, { merchantId: operator.merchantId, to: memberIds ? { memberIds } : 'all', subject, content, canReply, senderName, nowMs: clock() });
        return ok(sent);
      },
    );
  });

  app.get<{ Querystring: { page: number; size: number; unread: boolean; username?: string } }>('/member-mails', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Customer service's box: what members wrote (new mails and replies), newest first",
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          unread: { type: 'boolean', default: false, description: 'only those not opened yet' },
          username: { type: 'string', minLength: 1, maxLength: 64, description: "one member's only" },
        },
      },
      value: {
        type: 'object',
        required: ['list', 'totalPages'],
        properties: {
          totalPages: { type: 'integer' },
          list: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                username: { type: 'string' },
                subject: { type: 'string' },
                content: { type: 'string' },
                sentAt: { type: 'integer' },
                replyToSubject: { type: ['string', 'null'] },
                readAt: { type: ['integer', 'null'] },
              },
            },
          },
        },
      },
    }),
  }, async (request) =>
    // Members' mail is read under audit (server/README.md "Operators"): who read whose, when.
    audited(auditContextOf(request, db, clock), { action: 'mail.read', targetType: 'member', targetId: request.query.username, detail: { page: request.query.page, unread: request.query.unread } }, async () => {
    const operator = operatorOf(request);
    let memberId: number | undefined;
    if (request.query.username) {
      const member = await selectRealMember(db, operator.merchantId, request.query.username);
      if (!member) throw new AppError(404, 'operator.member.not.found', { detail: request.query.username });
      memberId = member.id;
    }
    const box = await listMemberMails(db, { merchantId: operator.merchantId, memberId, unreadOnly: request.query.unread, page: request.query.page, size: request.query.size });
    return ok({
      totalPages: box.totalPages,
      list: box.list.map((mail) => ({
        id: mail.id,
        username: mail.username,
        subject: mail.subject,
        content: mail.content,
        sentAt: mail.sentAtMs,
        replyToSubject: mail.replyToSubject,
        readAt: mail.readAtMs,
      })),
    });
    }));

  app.post<{ Body: { ids: number[] } }>('/member-mails/read', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Mark members' mails read in customer service's box",
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['ids'],
        additionalProperties: false,
        properties: { ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1 } } },
      },
      value: { type: 'null' },
    }),
  }, async (request) => {
    await markMemberMailsRead(db, operatorOf(request).merchantId, request.body.ids, clock());
    return ok(null);
  });
}

import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_STREAM_RETRY_MS,
  chatCloseCall,
  chatConversationCall,
  chatEventsCall,
  chatImageCall,
  chatMarkReadCall,
  chatMessagesCall,
  chatOpenCall,
  chatResumeCall,
  chatScriptsCall,
  chatSendImageCall,
  chatSendTextCall,
  chatTypingCall,
  chatUnreadCountCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { openEventStream } from '../../http/event-stream';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { authorizationHeader, memberOf } from '../session';
import type { ChatHub } from './chat.hub';
import * as service from './chat.service';

export interface ChatRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** The process's chat streams (app.ts); without them the events route is not served. */
  hub?: ChatHub;
}

/** A chat stream ends after this long: the browser reconnects, and its session is checked again. */
export const CHAT_STREAM_LIFETIME_MS = 5 * 60_000;

/** The largest image body: a CHAT_IMAGE_MAX_BYTES image as base64 (4/3) in JSON, with room for the other fields. */
const IMAGE_BODY_LIMIT = Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

const tags = ['chat'];

const callerOf = (request: FastifyRequest): service.ChatCaller => {
  const member = memberOf(request);
  return { merchantId: member.merchantId, memberId: member.id, language: callerLanguageOf(request) };
};

/** The Last-Event-ID header as a message id (anything else: none). */
function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || !/^[0-9]{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

// Every route here says nothing about access: closed, a live session of a real account. A
// free-play guest is refused (403 guest.not.allowed) before any of them runs.
//
// They all stay available during maintenance and to a member in a restricted region
// (modules/system/site-access.ts): the status pages' "contact us" opens this chat, and a member
// whose deposit is stuck while the site is closed is the one who most needs it. Nothing here
// moves money or plays a game.
const config = { availability: 'always' } as const;

export async function chatRoutes(app: FastifyInstance, { db, clock = systemClock, hub }: ChatRoutesOptions): Promise<void> {
  app.post<RouteOf<typeof chatOpenCall>>('/wps/chat/conversation', {
    config,
    schema: apiSchema({
      tags,
      summary: "The member's open chat conversation, opened now when there is none",
      description:
        'A new conversation waits in the queue the member\'s VIP level selects (vip above level 4, livechat otherwise). Outside the merchant\'s hours the away message is added to it. 403 chat.disabled when the merchant has switched chat off.',
      headers: authorizationHeader,
      call: chatOpenCall,
    }),
  }, async (request) => ok(await service.openConversation(db, callerOf(request), clock())));

  app.get<RouteOf<typeof chatResumeCall>>('/wps/chat/resume', {
    config,
    schema: apiSchema({
      tags,
      summary: 'The conversation the chat window opens on, opening none',
      description:
        'A closed conversation holding replies the member has not read (the newest such) first, so that a reply written and closed while they were away is read; else their open conversation; else null. 403 chat.disabled when the merchant has switched chat off.',
      headers: authorizationHeader,
      call: chatResumeCall,
    }),
  }, async (request) => ok(await service.conversationToResume(db, callerOf(request), clock())));

  app.get<RouteOf<typeof chatConversationCall>>('/wps/chat/conversation', {
    config,
    schema: apiSchema({ tags, summary: 'One of the member\'s chat conversations', headers: authorizationHeader, call: chatConversationCall }),
  }, async (request) => ok(await service.conversationOf(db, callerOf(request), request.query.conversationId, clock())));

  app.get<RouteOf<typeof chatMessagesCall>>('/wps/chat/messages', {
    config,
    schema: apiSchema({
      tags,
      summary: 'A page of a chat conversation, oldest first',
      description: 'With after: the messages after that id. Otherwise the newest before `before` (or of all), to scroll back.',
      headers: authorizationHeader,
      call: chatMessagesCall,
    }),
  }, async (request) => ok(await service.messagesOf(db, callerOf(request), request.query)));

  app.post<RouteOf<typeof chatSendTextCall>>('/wps/chat/message', {
    config,
    schema: apiSchema({
      tags,
      summary: 'Send a text to customer service',
      description: 'Stored once per clientMessageId: the same id again answers the stored message. 429 chat.too.many.messages past the limit a minute.',
      headers: authorizationHeader,
      call: chatSendTextCall,
    }),
  }, async (request) => ok(await service.sendText(db, callerOf(request), request.body, clock())));

  app.post<RouteOf<typeof chatSendImageCall>>('/wps/chat/image', {
    config,
    bodyLimit: IMAGE_BODY_LIMIT,
    schema: apiSchema({
      tags,
      summary: 'Send an image to customer service',
      description: 'A png or jpg of at most 5 MB as a data URL; the type is read from the bytes. Stored once per clientMessageId. 429 past the limits a minute and an hour.',
      headers: authorizationHeader,
      call: chatSendImageCall,
    }),
  }, async (request) => ok(await service.sendImage(db, callerOf(request), request.body, clock())));

  app.get<RouteOf<typeof chatImageCall>>('/wps/chat/image', {
    config,
    schema: apiSchema({ tags, summary: "An image message's picture, as a data URL", description: "Only of the member's own conversations.", headers: authorizationHeader, call: chatImageCall }),
  }, async (request) => ok(await service.imageOf(db, callerOf(request), request.query.messageId)));

  app.post<RouteOf<typeof chatMarkReadCall>>('/wps/chat/read', {
    config,
    schema: apiSchema({ tags, summary: 'The member has read a conversation up to a message', description: 'Answers the unread count after it.', headers: authorizationHeader, call: chatMarkReadCall }),
  }, async (request) => ok(await service.markRead(db, callerOf(request), request.body.conversationId, request.body.messageId)));

  app.post<RouteOf<typeof chatTypingCall>>('/wps/chat/typing', {
    config,
    schema: apiSchema({ tags, summary: 'The member is typing, or stopped', description: 'Nothing is stored: the operators\' views are told.', headers: authorizationHeader, call: chatTypingCall }),
  }, async (request) => {
    await service.typing(db, callerOf(request), request.body.conversationId, request.body.typing);
    return ok(null);
  });

  app.post<RouteOf<typeof chatCloseCall>>('/wps/chat/close', {
    config,
    schema: apiSchema({ tags, summary: 'The member ends a conversation', headers: authorizationHeader, call: chatCloseCall }),
  }, async (request) => ok(await service.closeByMember(db, callerOf(request), request.body.conversationId, clock())));

  app.get('/wps/relay/CBS_unreadCount', {
    config,
    schema: apiSchema({
      tags,
      summary: 'Chat messages the member has not read',
      description: "The header's badge. Also pushed as the `chatUnread` event of GET /wps/v2/wallets/balance/events and the `unread` event of GET /wps/chat/events.",
      headers: authorizationHeader,
      call: chatUnreadCountCall,
    }),
  }, async (request) => ok(await service.unreadCountOf(db, callerOf(request))));

  app.get('/wps/relay/WPSCORE_getCustomerServiceScript', {
    config,
    schema: apiSchema({ tags, summary: "The merchant's quick questions and their answers", headers: authorizationHeader, call: chatScriptsCall }),
  }, async (request) => {
    const caller = callerOf(request);
    return ok(await service.scriptsOf(db, caller.merchantId, caller.language));
  });

  if (hub) {
    app.get<RouteOf<typeof chatEventsCall>>('/wps/chat/events', {
      config,
      schema: apiSchema({
        tags,
        summary: "The member's chat, pushed",
        description:
          'A text/event-stream: `message` (each message after `after` or the Last-Event-ID header, then each new one; its SSE id is its messageId), `conversation`, `typing`, `unread`. ' +
          `It ends after ${CHAT_STREAM_LIFETIME_MS / 60_000} minutes; the client reconnects with the last messageId it holds.`,
        headers: { ...authorizationHeader, 'last-event-id': { type: 'string', maxLength: 64, description: 'the last messageId the client holds (EventSource sends it by itself)' } },
        call: chatEventsCall,
      }),
    }, async (request, reply) => {
      const caller = callerOf(request);
      // The header wins: EventSource sends it by itself, newer than the address it was opened with.
      const after = lastEventIdOf(request) ?? request.query.after;
      const stream = openEventStream(request, reply, { retryMs: CHAT_STREAM_RETRY_MS, lifetimeMs: CHAT_STREAM_LIFETIME_MS, numbered: false });
      const unsubscribe = hub.subscribeMember({
        merchantId: caller.merchantId,
        memberId: caller.memberId,
        after,
        send: (event, data, id) => {
          if (!reply.raw.writableEnded) stream.send(event, data, id);
        },
        end: () => stream.end(),
      });
      stream.onClose(unsubscribe);
    });
  }
}

import { CHAT_CLIENT_MESSAGE_ID_PATTERN, CHAT_IMAGE_MAX_BYTES, CHAT_QUEUES, CHAT_STREAM_RETRY_MS, CHAT_TEXT_MAX_LENGTH, chatMessageSchema, type ChatQueue } from '@platform/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { openEventStream } from '../../http/event-stream';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { auditContextOf, audited, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import * as desk from './chat.desk';
import type { ChatHub } from './chat.hub';
import { CHAT_LANGUAGES } from './chat.settings';
import { CHAT_STREAM_LIFETIME_MS } from './chat.routes';

// The operators' live chat (/ops/v1, registered behind the operator token check by app.ts through
// operatorRoutes' extraRoutes; support and content staff answer, risk reads: operator-roles.ts).
// Every action is audited (chat.take, chat.reply, chat.transfer, chat.close, chat.settings,
// chat.scripts), and so are the reads of a member's conversation and images (chat.read,
// chat.image), as the reads of members' mail are. Typing is not audited: it changes nothing and
// is told only to the member's open window.

const tags = ['operator'];
const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const idParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: ID } } as const;

const conversationSchema: JsonSchema = {
  type: 'object',
  properties: {
    conversationId: { type: 'integer' },
    username: { type: 'string' },
    state: { type: 'string', enum: ['waiting', 'active', 'closed'] },
    queue: { type: 'string', enum: CHAT_QUEUES },
    operatorName: { type: ['string', 'null'] },
    openedAt: { type: 'integer' },
    takenAt: { type: ['integer', 'null'] },
    closedAt: { type: ['integer', 'null'] },
    closedBy: { type: ['string', 'null'] },
    lastMessageId: { type: 'integer' },
    memberReadId: { type: 'integer' },
    operatorReadId: { type: 'integer' },
    unreadCount: { type: 'integer', description: "the member's messages the operators have not read" },
  },
};

const messagesSchema: JsonSchema = { type: 'array', items: chatMessageSchema as unknown as JsonSchema };

const imageValue: JsonSchema = {
  type: 'object',
  properties: { messageId: { type: 'integer' }, contentType: { type: 'string' }, image: { type: 'string', description: 'data URL' } },
};

const TIME = { type: 'string', pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' } as const;

const settingsBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    enabled: { type: 'boolean' },
    timeZoneOffsetMinutes: { type: 'integer', minimum: -840, maximum: 840 },
    hours: {
      type: ['array', 'null'],
      maxItems: 21,
      description: 'null: around the clock; []: never (the away message always)',
      items: {
        type: 'object',
        required: ['days', 'from', 'to'],
        additionalProperties: false,
        properties: {
          days: { type: 'array', minItems: 1, maxItems: 7, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 7 }, description: '1 Monday … 7 Sunday' },
          from: TIME,
          to: { ...TIME, description: 'not after from: past midnight' },
        },
      },
    },
    awayMessage: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(CHAT_LANGUAGES.map((language) => [language, { type: 'string', minLength: 1, maxLength: 1000 }])),
    },
  },
};

const settingsValue: JsonSchema = {
  type: 'object',
  properties: { settings: { type: 'object', additionalProperties: true }, online: { type: 'boolean' } },
};

const scriptTexts = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    CHAT_LANGUAGES.map((language) => [
      language,
      { type: 'object', additionalProperties: false, properties: { question: { type: 'string', maxLength: 200 }, answer: { type: 'string', maxLength: 1000 } } },
    ]),
  ),
};

const scriptsValue: JsonSchema = {
  type: 'object',
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        properties: { scriptId: { type: 'integer' }, question: { type: 'string' }, answer: { type: 'string' }, texts: { type: 'object', additionalProperties: true } },
      },
    },
  },
};

/** The operator API's chat routes; the operators' stream is served with the process's hub. */
export function chatOperatorRoutes(hub?: ChatHub): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return async (app: FastifyInstance, { db, clock }) => {
    const deskOperator = (request: Parameters<typeof operatorOf>[0]): desk.DeskOperator => {
      const operator = operatorOf(request);
      return { merchantId: operator.merchantId, operatorId: operator.id };
    };

    app.get<{ Querystring: { state?: 'open' | 'waiting' | 'active' | 'closed' | 'all'; queue?: ChatQueue; mine?: boolean; limit?: number } }>('/chat/conversations', {
      schema: apiSchema({
        tags,
        summary: "The merchant's chat conversations: waiting first (VIP first, oldest first), then active, then closed (newest first)",
        headers: bearerHeader,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            state: { type: 'string', enum: ['open', 'waiting', 'active', 'closed', 'all'], default: 'open', description: 'open: waiting and active' },
            queue: { type: 'string', enum: CHAT_QUEUES },
            mine: { type: 'boolean', default: false, description: 'only those the caller has' },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          },
        },
        value: { type: 'object', properties: { list: { type: 'array', items: conversationSchema } } },
      }),
    }, async (request) => {
      const operator = deskOperator(request);
      const { state, queue, mine, limit } = request.query;
      return ok(await desk.listConversations(db, operator.merchantId, { state, queue, operatorId: mine ? operator.operatorId : undefined, limit }));
    });

    app.get<{ Params: { id: number }; Querystring: { after?: number; before?: number; size?: number } }>('/chat/conversations/:id', {
      schema: apiSchema({
        tags,
        summary: 'A chat conversation and a page of its messages, oldest first (audited: chat.read)',
        description: "With after: the messages after that id; otherwise the newest before `before` (or of all). Read by the operator who has it, the member's messages are marked read.",
        headers: bearerHeader,
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { after: { type: 'integer', minimum: 0, maximum: 9007199254740991 }, before: ID, size: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
        },
        value: { type: 'object', properties: { conversation: conversationSchema, list: messagesSchema, hasMore: { type: 'boolean' } } },
      }),
    }, async (request) => {
      const operator = deskOperator(request);
      const { id } = request.params;
      return audited(auditContextOf(request, db, clock), { action: 'chat.read', targetType: 'chat_conversation', targetId: String(id) }, async () =>
        ok(await desk.conversationHistory(db, operator, id, request.query)),
      );
    });

    app.post<{ Params: { id: number } }>('/chat/conversations/:id/take', {
      schema: apiSchema({
        tags,
        summary: 'Take a waiting chat conversation (audited: chat.take)',
        description: 'Of two operators taking it at once, one gets it; the other is refused 409 operator.chat.taken. Taking one the caller has already changes nothing (taken: false).',
        headers: bearerHeader,
        params: idParams,
        value: { type: 'object', properties: { conversation: conversationSchema, taken: { type: 'boolean' } } },
      }),
    }, async (request) => {
      const { id } = request.params;
      return audited(auditContextOf(request, db, clock), { action: 'chat.take', targetType: 'chat_conversation', targetId: String(id) }, async () =>
        ok(await desk.takeConversation(db, deskOperator(request), id, clock())),
      );
    });

    app.post<{ Params: { id: number }; Body: desk.Reply }>('/chat/conversations/:id/reply', {
      bodyLimit: Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: apiSchema({
        tags,
        summary: 'Answer a chat conversation: a text, a script or an image (audited: chat.reply)',
        description: 'A waiting conversation is taken first; one another operator has is refused 409 operator.chat.taken. clientMessageId: the same id again stores nothing new.',
        headers: bearerHeader,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            text: { type: 'string', minLength: 1, maxLength: CHAT_TEXT_MAX_LENGTH, description: 'plain text' },
            scriptId: { ...ID, description: "a script's answer (GET /chat/scripts), in the member's language" },
            image: { type: 'string', minLength: 1, description: 'data URL of a png or jpg of at most 5 MB' },
            clientMessageId: { type: 'string', pattern: CHAT_CLIENT_MESSAGE_ID_PATTERN },
          },
        },
        value: { type: 'object', properties: { list: messagesSchema } },
      }),
    }, async (request) => {
      const { id } = request.params;
      const { text, scriptId, image, clientMessageId } = request.body;
      const detail = { textLength: text === undefined ? null : [...text].length, scriptId: scriptId ?? null, image: image !== undefined, clientMessageId: clientMessageId ?? null };
      return audited(auditContextOf(request, db, clock), { action: 'chat.reply', targetType: 'chat_conversation', targetId: String(id), detail }, async () =>
        ok(await desk.reply(db, deskOperator(request), id, request.body, clock())),
      );
    });

    app.post<{ Params: { id: number }; Body: { toOperator?: string; queue?: ChatQueue } }>('/chat/conversations/:id/transfer', {
      schema: apiSchema({
        tags,
        summary: 'Hand a chat conversation to another operator, or back to a queue (audited: chat.transfer)',
        headers: bearerHeader,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          maxProperties: 1,
          properties: {
            toOperator: { type: 'string', pattern: '^[A-Za-z0-9_.-]{3,40}$', description: 'an active operator who answers the chat (support, content or admin)' },
            queue: { type: 'string', enum: CHAT_QUEUES, description: 'waiting again in this queue' },
          },
        },
        value: conversationSchema,
      }),
    }, async (request) => {
      const { id } = request.params;
      const { toOperator, queue } = request.body;
      const target: desk.TransferTarget | undefined = toOperator !== undefined ? { toOperator } : queue !== undefined ? { queue } : undefined;
      return audited(auditContextOf(request, db, clock), { action: 'chat.transfer', targetType: 'chat_conversation', targetId: String(id), detail: { ...request.body } }, async () => {
        if (!target) throw new AppError(400, 'operator.chat.invalid', { detail: 'name toOperator or queue' });
        return ok(await desk.transferConversation(db, deskOperator(request), id, target, clock()));
      });
    });

    app.post<{ Params: { id: number } }>('/chat/conversations/:id/close', {
      schema: apiSchema({ tags, summary: 'Close a chat conversation (audited: chat.close)', description: 'Closing a closed one changes nothing.', headers: bearerHeader, params: idParams, value: conversationSchema }),
    }, async (request) => {
      const { id } = request.params;
      return audited(auditContextOf(request, db, clock), { action: 'chat.close', targetType: 'chat_conversation', targetId: String(id) }, async () =>
        ok(await desk.closeConversation(db, deskOperator(request), id, clock())),
      );
    });

    app.post<{ Params: { id: number }; Body: { typing: boolean } }>('/chat/conversations/:id/typing', {
      schema: apiSchema({
        tags,
        summary: 'The operator is typing in a conversation, or stopped (not stored, not audited)',
        headers: bearerHeader,
        params: idParams,
        body: { type: 'object', required: ['typing'], additionalProperties: false, properties: { typing: { type: 'boolean' } } },
        value: { type: 'null' },
      }),
    }, async (request) => {
      await desk.operatorTyping(db, deskOperator(request), request.params.id, request.body.typing);
      return ok(null);
    });

    app.get<{ Params: { messageId: number } }>('/chat/messages/:messageId/image', {
      schema: apiSchema({
        tags,
        summary: "An image message's picture, as a data URL (audited: chat.image)",
        headers: bearerHeader,
        params: { type: 'object', required: ['messageId'], additionalProperties: false, properties: { messageId: ID } },
        value: imageValue,
      }),
    }, async (request) => {
      const { messageId } = request.params;
      return audited(auditContextOf(request, db, clock), { action: 'chat.image', targetType: 'chat_message', targetId: String(messageId) }, async () =>
        ok(await desk.deskImage(db, operatorOf(request).merchantId, messageId)),
      );
    });

    app.get('/chat/settings', {
      schema: apiSchema({ tags, summary: "The merchant's live chat: on/off, hours, away message", headers: bearerHeader, value: settingsValue }),
    }, async (request) => ok(await desk.settingsView(db, operatorOf(request).merchantId, clock())));

    app.put<{ Body: Record<string, unknown> }>('/chat/settings', {
      schema: apiSchema({
        tags,
        summary: "Change the merchant's live chat settings: only the keys given (audited: chat.settings)",
        headers: bearerHeader,
        body: settingsBody,
        value: settingsValue,
      }),
    }, async (request) => {
      const merchantId = operatorOf(request).merchantId;
      // The trail records the settings the change touched, as they were and are.
      const touched = (view: desk.SettingsView) => Object.fromEntries(Object.entries(view.settings).filter(([key]) => key in request.body));
      return auditedChange(auditContextOf(request, db, clock), { action: 'chat.settings', targetType: 'merchant_setting', targetId: 'chat', asked: { ...request.body } }, async () => {
        const before = await desk.settingsView(db, merchantId, clock());
        const view = await desk.updateSettings(db, merchantId, request.body, clock());
        return { before: touched(before), after: touched(view), value: ok(view) };
      });
    });

    app.get('/chat/scripts', {
      schema: apiSchema({ tags, summary: "The merchant's scripted questions and answers", headers: bearerHeader, value: scriptsValue }),
    }, async (request) => ok(await desk.deskScripts(db, operatorOf(request).merchantId)));

    app.put<{ Body: { list: desk.ScriptInput[] } }>('/chat/scripts', {
      schema: apiSchema({
        tags,
        summary: "Replace the merchant's scripts (audited: chat.scripts)",
        description: 'The whole list, in order: a script with its scriptId keeps it (members\' quick questions keep working), one without is new, one left out is removed.',
        headers: bearerHeader,
        body: {
          type: 'object',
          required: ['list'],
          additionalProperties: false,
          properties: {
            list: {
              type: 'array',
              maxItems: 50,
              items: {
                type: 'object',
                required: ['question', 'answer'],
                additionalProperties: false,
                properties: { scriptId: ID, question: { type: 'string', minLength: 1, maxLength: 200 }, answer: { type: 'string', minLength: 1, maxLength: 1000 }, texts: scriptTexts },
              },
            },
          },
        },
        value: scriptsValue,
      }),
    }, async (request) => {
      const merchantId = operatorOf(request).merchantId;
      // The scripts as they were and are, without their translations.
      const compact = ({ list }: { list: desk.DeskScript[] }) => list.map(({ scriptId, question, answer }) => ({ scriptId, question, answer }));
      return auditedChange(auditContextOf(request, db, clock), { action: 'chat.scripts', targetType: 'merchant_setting', targetId: 'chat', asked: { count: request.body.list.length } }, async () => {
        const before = compact(await desk.deskScripts(db, merchantId));
        const scripts = await desk.replaceScripts(db, merchantId, request.body.list, clock());
        return { before, after: compact(scripts), value: ok(scripts) };
      });
    });

    app.get('/chat/events', {
      schema: apiSchema({
        tags,
        summary: "The merchant's chat, pushed to operators (a text/event-stream)",
        description:
          'Events: `message` (each new message of any conversation; SSE id its messageId), `conversation` (a conversation changed), `typing` (a member typing), `resync` (events may have been missed: list again). ' +
          `A live feed: on (re)connect, read the list first. Only for a client that accepts text/event-stream (400 otherwise). It ends after ${CHAT_STREAM_LIFETIME_MS / 60_000} minutes.`,
        headers: { ...bearerHeader, accept: { type: 'string', maxLength: 256 } },
        value: { type: 'object', description: 'never sent: the answer is a text/event-stream' },
      }),
    }, async (request, reply) => {
      if (!hub) throw new AppError(404, 'not.found');
      if (!/text\/event-stream/i.test(String(request.headers.accept ?? ''))) throw new AppError(400, 'request.param.err', { detail: 'this is an event stream: send Accept: text/event-stream' });
      const operator = deskOperator(request);
      const stream = openEventStream(request, reply, { retryMs: CHAT_STREAM_RETRY_MS, lifetimeMs: CHAT_STREAM_LIFETIME_MS, numbered: false });
      const unsubscribe = hub.subscribeOperator({
        merchantId: operator.merchantId,
        operatorId: operator.operatorId,
        send: (event, data, id) => {
          if (!reply.raw.writableEnded) stream.send(event, data, id);
        },
        end: () => stream.end(),
      });
      stream.onClose(unsubscribe);
    });
  };
}

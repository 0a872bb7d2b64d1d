// Platform messages (member-centre page messageV2; server module message/). A member's
// inbox holds mails from the operator (or the system): to that member, to a list, or to every
// member of the merchant (a broadcast reaches every member registered when it was sent). The
// outbox holds what the member sent to customer service (a new mail, or a reply where the inbox
// mail allows one). Texts are plain text: shown as text, never as HTML. Times are epoch ms.
import { defineCall, type ValueOf } from './define-call';

/** Longest subject and content, in characters. */
export const MAIL_SUBJECT_MAX_LENGTH = 100;
export const MAIL_CONTENT_MAX_LENGTH = 2000;
/** Mails (new or replies) a member may send in 24 hours. */
export const MAIL_SENDS_PER_DAY = 20;
/** Most ids one mark or delete takes (a page of the list at most). */
export const MAIL_IDS_MAX = 100;
/** Most rows a list page has. */
export const MAIL_PAGE_SIZE_MAX = 100;

/**
 * The unread count pushed on the member's balance stream (balanceEventsCall): an `unread` event
 * whose data is unreadCountCall's value, when the stream opens and whenever it changes (a mail
 * arrives, one is read or deleted in another tab).
 */
export const UNREAD_EVENT = 'unread';

const id = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const subject = { type: 'string', minLength: 1, maxLength: MAIL_SUBJECT_MAX_LENGTH, description: 'plain text' } as const;
const content = { type: 'string', minLength: 1, maxLength: MAIL_CONTENT_MAX_LENGTH, description: 'plain text' } as const;
const epochMs = { type: 'integer', minimum: 0, maximum: 8640000000000000 } as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    startTime: { ...epochMs, description: 'sent at or after (epoch ms); none: from the beginning' },
    endTime: { ...epochMs, description: 'sent at or before (epoch ms); none: until now' },
    sort: { type: 'string', enum: ['desc', 'asc'], default: 'desc', description: 'by send time; desc: newest first' },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, description: 'counts from 1' },
    size: { type: 'integer', minimum: 1, maximum: MAIL_PAGE_SIZE_MAX, default: 10 },
  },
} as const;

const unreadValue = {
  type: 'object',
  required: ['unreadCount'],
  properties: { unreadCount: { type: 'integer', description: 'mails in the inbox not yet read' } },
} as const;

export const inboxMailsCall = /*#__PURE__*/ defineCall({
  name: 'getInboxMails',
  method: 'GET',
  path: '/wps/relay/getInboxMails',
  moduleId: 'MEMBER3',
  token: true,
  query: listQuery,
  value: {
    type: 'object',
    required: ['list', 'totalPages'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['inboxId', 'subject', 'content', 'sendTime', 'senderName', 'read', 'canReply'],
          properties: {
            inboxId: id,
            subject: { type: 'string' },
            content: { type: 'string' },
            sendTime: { type: 'integer', description: 'epoch ms' },
            senderName: { type: 'string' },
            read: { type: 'boolean' },
            canReply: { type: 'boolean', description: 'replyMail is allowed' },
          },
        },
      },
      totalPages: { type: 'integer' },
    },
  },
});

export const outboxMailsCall = /*#__PURE__*/ defineCall({
  name: 'getOutboxMails',
  method: 'GET',
  path: '/wps/relay/getOutboxMails',
  moduleId: 'MEMBER3',
  token: true,
  query: listQuery,
  value: {
    type: 'object',
    required: ['list', 'totalPages'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['outboxId', 'subject', 'content', 'sendTime', 'recipients', 'replyToInboxId'],
          properties: {
            outboxId: id,
            subject: { type: 'string' },
            content: { type: 'string' },
            sendTime: { type: 'integer', description: 'epoch ms' },
            recipients: { type: 'string', enum: ['customerService'], description: 'who it went to (agents → downline: a later issue)' },
            replyToInboxId: { type: ['integer', 'null'], description: 'the inbox mail it answers; null: a new mail' },
          },
        },
      },
      totalPages: { type: 'integer' },
    },
  },
});

const inboxIdsBody = {
  type: 'object',
  required: ['inboxIds'],
  additionalProperties: false,
  properties: { inboxIds: { type: 'array', minItems: 1, maxItems: MAIL_IDS_MAX, uniqueItems: true, items: id } },
} as const;

export const markMailAsReadCall = /*#__PURE__*/ defineCall({
  name: 'markMailAsRead',
  method: 'POST',
  path: '/wps/relay/markMailAsRead',
  moduleId: 'MEMBER3',
  token: true,
  body: inboxIdsBody,
  value: unreadValue,
});

export const deleteInboxMailCall = /*#__PURE__*/ defineCall({
  name: 'deleteInboxMail',
  method: 'POST',
  path: '/wps/relay/deleteInboxMail',
  moduleId: 'MEMBER3',
  token: true,
  body: inboxIdsBody,
  value: unreadValue,
});

export const deleteOutboxMailCall = /*#__PURE__*/ defineCall({
  name: 'deleteOutboxMail',
  method: 'POST',
  path: '/wps/relay/deleteOutboxMail',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['outboxIds'],
    additionalProperties: false,
    properties: { outboxIds: { type: 'array', minItems: 1, maxItems: MAIL_IDS_MAX, uniqueItems: true, items: id } },
  },
  value: { type: 'null' },
});

const sentValue = { type: 'object', required: ['outboxId'], properties: { outboxId: id } } as const;

export const sendMailCall = /*#__PURE__*/ defineCall({
  name: 'sendMail',
  method: 'POST',
  path: '/wps/relay/sendMail',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['subject', 'content'],
    additionalProperties: false,
    properties: { subject, content },
  },
  value: sentValue,
});

export const replyMailCall = /*#__PURE__*/ defineCall({
  name: 'replyMail',
  method: 'POST',
  path: '/wps/relay/replyMail',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['inboxId', 'subject', 'content'],
    additionalProperties: false,
    properties: { inboxId: id, subject, content },
  },
  value: sentValue,
});

export const unreadCountCall = /*#__PURE__*/ defineCall({
  name: 'unreadCount',
  method: 'GET',
  path: '/wps/relay/CSP_unreadCount',
  moduleId: 'MEMBER3',
  token: true,
  quiet: true,
  value: unreadValue,
});

export type InboxMails = ValueOf<typeof inboxMailsCall>;
export type InboxMail = InboxMails['list'][number];
export type OutboxMails = ValueOf<typeof outboxMailsCall>;
export type OutboxMail = OutboxMails['list'][number];
export type UnreadCount = ValueOf<typeof unreadCountCall>;

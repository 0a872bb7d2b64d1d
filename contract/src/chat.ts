// Live chat with customer service (server module chat/): a member writes to the merchant's
// operators inside the site (a stuck deposit, a question). Only a logged-in real account may chat
// (a free-play guest is refused with guest.not.allowed); every call names ids the server checks
// against the session's member, so nobody reads or writes another member's conversation (an id
// of someone else's is answered as not found).
//
// A member has at most one open conversation: chatOpenCall answers it, or opens one in the queue
// the server chooses (`vip` above VIP_SERVICE_ABOVE_LEVEL, `livechat` otherwise). Outside the
// merchant's working hours the member may still write; the merchant's away message is added to
// the conversation once per opening. Texts are plain text: shown as text, never as HTML.
// Message ids grow with time across all conversations, so "after id N" is a cursor that loses and
// repeats nothing. Times are epoch ms.
//
// Failures (envelope errorCode):
//   chat.disabled                 403 the merchant has switched live chat off
//   chat.conversation.not.found   404 no such conversation of this member
//   chat.conversation.closed      409 the conversation is closed (open a new one)
//   chat.message.not.found        404 no such message (or image) in the member's conversations
//   chat.text.invalid             400 empty after trimming, or longer than CHAT_TEXT_MAX_LENGTH
//   chat.image.invalid            400 not a png or jpg data URL (the type is read from the bytes)
//   chat.image.too.large          400 more than CHAT_IMAGE_MAX_BYTES once decoded
//   chat.client.id.conflict       409 a clientMessageId already used for another text or image
//   chat.script.not.found         404 no such scripted question
//   chat.too.many.messages        429 more than CHAT_MESSAGES_PER_MINUTE messages a minute
//   chat.too.many.images          429 more than CHAT_IMAGES_PER_HOUR images an hour
import { defineCall, type ValueOf } from './define-call';

/** Longest text message, in characters (after trimming; at least 1). */
export const CHAT_TEXT_MAX_LENGTH = 1000;
/** An image: png or jpg, at most this many bytes once decoded. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Messages (texts and images) a member may send a minute. */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** Images a member may send an hour. */
export const CHAT_IMAGES_PER_HOUR = 10;
/** Most messages one page of chatMessagesCall has. */
export const CHAT_PAGE_SIZE_MAX = 100;
/** A client message id: drawn once per message (a UUID), repeated when the send is retried. */
export const CHAT_CLIENT_MESSAGE_ID_PATTERN = '^[A-Za-z0-9_.:-]{8,100}$';

/** The queues a conversation waits in: VIP members (level above VIP_SERVICE_ABOVE_LEVEL) go to `vip`. */
export const CHAT_QUEUES = ['livechat', 'vip'] as const;
export type ChatQueue = (typeof CHAT_QUEUES)[number];

/** waiting: nobody has taken it yet; active: an operator has; closed: ended (by either side). */
export const CHAT_CONVERSATION_STATES = ['waiting', 'active', 'closed'] as const;
export type ChatConversationState = (typeof CHAT_CONVERSATION_STATES)[number];

/** Who wrote a message: the member, an operator, or the site itself (away message, notices). */
export const CHAT_SENDERS = ['member', 'operator', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/**
 * text: `text` holds it; image: fetch it with chatImageCall (messageId); notice: a line of the
 * site's in the conversation, `notice` says which (`away`: the merchant's away message, in `text`;
 * `script`: the scripted answer to a quick question, in `text`; `taken`, `transferred`, `closed`:
 * the shell writes its own words, `text` is empty).
 */
export const CHAT_MESSAGE_KINDS = ['text', 'image', 'notice'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];
export const CHAT_NOTICES = ['away', 'script', 'taken', 'transferred', 'closed'] as const;
export type ChatNotice = (typeof CHAT_NOTICES)[number];

/**
 * The member's chat stream (chatEventsCall) sends these events; each one's data is JSON:
 *   message       a ChatMessage (the member's own too, from any tab); the SSE `id:` is its
 *                 messageId, so a reconnect with Last-Event-ID (or `after`) resumes after it
 *   conversation  a ChatConversation whenever its state, queue, operator or read marks change
 *   typing        { conversationId, typing }: the operator started or stopped typing
 *   unread        { unreadCount }: as chatUnreadCountCall, on open and whenever it changes
 */
export const CHAT_EVENTS = ['message', 'conversation', 'typing', 'unread'] as const;
export type ChatEventName = (typeof CHAT_EVENTS)[number];
/** How often a dropped chat stream is tried again (ms); the stream's `retry:` says the same. */
export const CHAT_STREAM_RETRY_MS = 3000;
// The chat's unread count is also pushed on the member's balance stream: CHAT_UNREAD_EVENT, with
// the stream's other events in wallet.ts (the page's first load reads that stream, not this file).

const id = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const epochMs = { type: 'integer', minimum: 0 } as const;
const clientMessageId = {
  type: 'string',
  pattern: CHAT_CLIENT_MESSAGE_ID_PATTERN,
  description: 'drawn once per message by the client; the same id again stores nothing new and answers the stored message',
} as const;

export const chatMessageSchema = {
  type: 'object',
  required: ['messageId', 'conversationId', 'sender', 'senderName', 'kind', 'notice', 'text', 'clientMessageId', 'sentAt'],
  properties: {
    messageId: id,
    conversationId: id,
    sender: { type: 'string', enum: CHAT_SENDERS },
    senderName: { type: ['string', 'null'], description: "the operator's display name: of an operator's message, and of the `taken` notice (who joined); null otherwise" },
    kind: { type: 'string', enum: CHAT_MESSAGE_KINDS },
    notice: { type: ['string', 'null'], enum: [...CHAT_NOTICES, null], description: 'kind notice: which one; null otherwise' },
    text: { type: 'string', description: 'plain text (empty for an image and for notices the shell words itself)' },
    clientMessageId: { type: ['string', 'null'], description: "the sender's client id (the member's own messages); null otherwise" },
    sentAt: epochMs,
  },
} as const;

export const chatConversationSchema = {
  type: 'object',
  required: ['conversationId', 'state', 'queue', 'operatorName', 'openedAt', 'closedAt', 'online',
    'lastMessageId', 'memberReadId', 'operatorReadId', 'unreadCount'],
  properties: {
    conversationId: id,
    state: { type: 'string', enum: CHAT_CONVERSATION_STATES },
    queue: { type: 'string', enum: CHAT_QUEUES },
    operatorName: { type: ['string', 'null'], description: 'who has taken it; null while waiting' },
    openedAt: epochMs,
    closedAt: { type: ['integer', 'null'] },
    online: { type: 'boolean', description: "now is within the merchant's working hours" },
    lastMessageId: { type: 'integer', description: 'the newest message of the conversation; 0: none yet' },
    memberReadId: { type: 'integer', description: 'the member has read every message up to this id (0: none)' },
    operatorReadId: {
      type: 'integer',
      description: "read receipt: the operators have read the member's messages up to this id (0: none)",
    },
    unreadCount: { type: 'integer', description: "operator and system messages after memberReadId" },
  },
} as const;

const conversationIdBody = {
  type: 'object',
  required: ['conversationId'],
  additionalProperties: false,
  properties: { conversationId: id },
} as const;

const unreadValue = {
  type: 'object',
  required: ['unreadCount'],
  properties: { unreadCount: { type: 'integer', description: "operator and system messages the member has not read, in all their conversations" } },
} as const;

/** The member's open conversation, opened now in the queue the server chooses when there is none. */
export const chatOpenCall = /*#__PURE__*/ defineCall({
  name: 'chatOpen',
  method: 'POST',
  path: '/wps/chat/conversation',
  moduleId: 'MEMBER3',
  token: true,
  body: { type: 'object', additionalProperties: false, properties: {} },
  value: chatConversationSchema,
});

/**
 * The conversation the chat window opens on, opening none: a closed conversation of the member's
 * that holds replies they have not read (the newest such), so that a reply written and closed
 * while they were away is read, not left on the badge; else their open conversation; else null
 * (the window then calls chatOpenCall).
 */
export const chatResumeCall = /*#__PURE__*/ defineCall({
  name: 'chatResume',
  method: 'GET',
  path: '/wps/chat/resume',
  moduleId: 'MEMBER3',
  token: true,
  value: {
    type: 'object',
    required: ['conversation'],
    properties: { conversation: { anyOf: [chatConversationSchema, { type: 'null' }] } },
  },
});

/** One conversation of the member's (an open one or a closed one), as chatOpenCall answers it. */
export const chatConversationCall = /*#__PURE__*/ defineCall({
  name: 'chatConversation',
  method: 'GET',
  path: '/wps/chat/conversation',
  moduleId: 'MEMBER3',
  token: true,
  query: conversationIdBody,
  value: chatConversationSchema,
});

/**
 * A page of a conversation's messages, oldest first. With `after`: those after that id (hasMore:
 * more follow). Otherwise the newest `size` before `before` (or the newest of all; hasMore: older
 * ones exist), for scrolling back.
 */
export const chatMessagesCall = /*#__PURE__*/ defineCall({
  name: 'chatMessages',
  method: 'GET',
  path: '/wps/chat/messages',
  moduleId: 'MEMBER3',
  token: true,
  query: {
    type: 'object',
    required: ['conversationId'],
    additionalProperties: false,
    properties: {
      conversationId: id,
      after: { type: 'integer', minimum: 0, maximum: 9007199254740991, description: 'messages after this id' },
      before: { ...id, description: 'messages before this id (ignored with after)' },
      size: { type: 'integer', minimum: 1, maximum: CHAT_PAGE_SIZE_MAX, default: 50 },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'hasMore'],
    properties: { list: { type: 'array', items: chatMessageSchema }, hasMore: { type: 'boolean' } },
  },
});

/**
 * Sends a text. The same clientMessageId again (a retry, a second tab) stores nothing new and
 * answers the stored message. `scriptId`: the text is a quick question (chatScriptsCall); its
 * scripted answer follows at once as a `script` notice.
 */
export const chatSendTextCall = /*#__PURE__*/ defineCall({
  name: 'chatSendText',
  method: 'POST',
  path: '/wps/chat/message',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['conversationId', 'clientMessageId', 'text'],
    additionalProperties: false,
    properties: {
      conversationId: id,
      clientMessageId,
      text: { type: 'string', minLength: 1, maxLength: CHAT_TEXT_MAX_LENGTH, description: 'plain text; not only spaces' },
      scriptId: { ...id, description: 'the quick question this text is (chatScriptsCall)' },
    },
  },
  value: chatMessageSchema,
});

/** Sends an image: a data URL (data:image/png;base64,… or image/jpeg); the type is read from its bytes. */
export const chatSendImageCall = /*#__PURE__*/ defineCall({
  name: 'chatSendImage',
  method: 'POST',
  path: '/wps/chat/image',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['conversationId', 'clientMessageId', 'image'],
    additionalProperties: false,
    properties: {
      conversationId: id,
      clientMessageId,
      // No maxLength: the route's body limit (a 5 MB image in base64) bounds it, and the decoded
      // size is checked against CHAT_IMAGE_MAX_BYTES.
      image: { type: 'string', minLength: 1, description: 'data URL of a png or jpg' },
    },
  },
  value: chatMessageSchema,
});

/** An image message's picture, as a data URL (an <img> cannot send the session token). */
export const chatImageCall = /*#__PURE__*/ defineCall({
  name: 'chatImage',
  method: 'GET',
  path: '/wps/chat/image',
  moduleId: 'MEMBER3',
  token: true,
  query: {
    type: 'object',
    required: ['messageId'],
    additionalProperties: false,
    properties: { messageId: id },
  },
  value: {
    type: 'object',
    required: ['messageId', 'contentType', 'image'],
    properties: {
      messageId: id,
      contentType: { type: 'string', enum: ['image/png', 'image/jpeg'] },
      image: { type: 'string', description: 'data:<contentType>;base64,…' },
    },
  },
});

/** The member has read the conversation up to messageId (never moves back); answers the new unread count. */
export const chatMarkReadCall = /*#__PURE__*/ defineCall({
  name: 'chatMarkRead',
  method: 'POST',
  path: '/wps/chat/read',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['conversationId', 'messageId'],
    additionalProperties: false,
    properties: { conversationId: id, messageId: id },
  },
  value: unreadValue,
});

/** The member is typing (true) or stopped (false); the operator's view shows it for a few seconds. */
export const chatTypingCall = /*#__PURE__*/ defineCall({
  name: 'chatTyping',
  method: 'POST',
  path: '/wps/chat/typing',
  moduleId: 'MEMBER3',
  token: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['conversationId', 'typing'],
    additionalProperties: false,
    properties: { conversationId: id, typing: { type: 'boolean' } },
  },
  value: { type: 'null' },
});

/** The member ends the conversation (a later chatOpenCall opens a new one). */
export const chatCloseCall = /*#__PURE__*/ defineCall({
  name: 'chatClose',
  method: 'POST',
  path: '/wps/chat/close',
  moduleId: 'MEMBER3',
  token: true,
  body: conversationIdBody,
  value: chatConversationSchema,
});

/** Messages of operators and the site the member has not read yet: the header polls it quietly. */
export const chatUnreadCountCall = /*#__PURE__*/ defineCall({
  name: 'chatUnreadCount',
  method: 'GET',
  path: '/wps/relay/CBS_unreadCount',
  moduleId: 'MEMBER3',
  token: true,
  quiet: true,
  value: unreadValue,
});

/** The merchant's scripted questions and answers: the chat window offers them as quick questions. */
export const chatScriptsCall = /*#__PURE__*/ defineCall({
  name: 'getCustomerServiceScript',
  method: 'GET',
  path: '/wps/relay/WPSCORE_getCustomerServiceScript',
  moduleId: 'MEMBER3',
  token: true,
  value: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['scriptId', 'question', 'answer'],
          properties: { scriptId: id, question: { type: 'string' }, answer: { type: 'string' } },
        },
      },
    },
  },
});

/**
 * The member's chat pushed: a `text/event-stream`, not an envelope (CHAT_EVENTS; a failure before
 * it opens is an ordinary error envelope, 401 when the session is gone). It carries every
 * message of the member's conversations after `after` (or the Last-Event-ID header, which wins
 * when both are sent; neither: only new ones), then each new one as it is stored, on whichever
 * server replica stored it. The stream ends after a few minutes; the client reconnects with the
 * last messageId it holds and misses nothing.
 */
export const chatEventsCall = /*#__PURE__*/ defineCall({
  name: 'chatEvents',
  method: 'GET',
  path: '/wps/chat/events',
  moduleId: 'MEMBER3',
  token: true,
  quiet: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: { after: { type: 'integer', minimum: 0, maximum: 9007199254740991, description: 'the last messageId the client holds' } },
  },
  value: { type: 'object', description: 'never sent: the answer is a text/event-stream' },
});

export type ChatMessage = ValueOf<typeof chatSendTextCall>;
export type ChatConversation = ValueOf<typeof chatOpenCall>;
export type ChatMessagesPage = ValueOf<typeof chatMessagesCall>;
export type ChatResume = ValueOf<typeof chatResumeCall>;
export type ChatImage = ValueOf<typeof chatImageCall>;
export type ChatUnreadCount = ValueOf<typeof chatUnreadCountCall>;
export type ChatScripts = ValueOf<typeof chatScriptsCall>;
export type ChatScript = ChatScripts['list'][number];
export interface ChatTyping {
  conversationId: number;
  typing: boolean;
}

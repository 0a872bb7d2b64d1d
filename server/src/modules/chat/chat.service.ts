import { createHash } from 'node:crypto';
import {
  CHAT_IMAGES_PER_HOUR,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_TEXT_MAX_LENGTH,
  VIP_SERVICE_ABOVE_LEVEL,
  type ChatConversation,
  type ChatImage,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatResume,
  type ChatQueue,
  type ChatScripts,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { decodeReceiptImage, type ReceiptImage } from '../deposit';
import { reserveAttempts, type ThrottleRule } from '../rate-limit';
import { memberVipLevelSql } from '../vip';
import * as queries from './chat.queries';
import { awayMessageFor, readChatSettings, withinHours, type ChatSettings } from './chat.settings';

// The member's side of the live chat. Decisions, and why:
// - Every id a member sends is looked up together with the member's own id: another member's
//   conversation or message is answered exactly like one that does not exist (404), so the
//   answer tells nothing about whose it is.
// - A message is stored once per client message id (the client draws one per message and repeats
//   it on retry): the same id again answers the stored message; with another text or image it is
//   refused (409 chat.client.id.conflict), as that is a client bug, not a retry. Two sends at once
//   meet on the unique index and the second answers the first's message.
// - Every message of a conversation is inserted while holding the conversation's row lock, so a
//   member's message ids are in commit order and a stream resuming "after id N" misses nothing.
// - Abuse limits count the attempt before it is stored (the rate-limit module): a retry of a
//   stored message is answered before counting, so a flaky network costs the member nothing.
// - Texts are stored as sent (plain text, never HTML: the pages render them as text); blank ones
//   are refused. Images are decoded by the deposit module's decoder (png or jpg by their bytes,
//   at most 5 MB) before anything else, so a refused one leaves nothing behind.

export interface ChatCaller {
  merchantId: number;
  memberId: number;
  /** The caller's language (away message, scripted answers). */
  language: string;
}

export const CHAT_MESSAGE_RULE: ThrottleRule = { maxFailures: CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000, lockMs: 60_000 };
export const CHAT_IMAGE_RULE: ThrottleRule = { maxFailures: CHAT_IMAGES_PER_HOUR, windowMs: 3_600_000, lockMs: 3_600_000 };

const IMAGE_CODES = { invalid: 'chat.image.invalid', tooLarge: 'chat.image.too.large' } as const;

const notFound = () => new AppError(404, 'chat.conversation.not.found');

export function messageValue(row: queries.MessageRow): ChatMessage {
  return {
    messageId: row.id,
    conversationId: row.conversation_id,
    sender: row.sender,
    // The operator who wrote it, or who took the conversation (the "taken" notice names them).
    senderName: row.sender === 'operator' || row.notice === 'taken' ? row.sender_name : null,
    kind: row.kind,
    notice: row.notice,
    text: row.body,
    clientMessageId: row.client_message_id,
    sentAt: row.sent_at.getTime(),
  };
}

export function conversationValue(row: queries.ConversationRow, settings: Pick<ChatSettings, 'hours' | 'timeZoneOffsetMinutes'>, nowMs: number): ChatConversation {
  return {
    conversationId: row.id,
    state: row.state,
    queue: row.queue,
    operatorName: row.state === 'waiting' ? null : row.operator_name,
    openedAt: row.opened_at.getTime(),
    closedAt: row.closed_at?.getTime() ?? null,
    online: withinHours(settings, nowMs),
    lastMessageId: row.last_message_id,
    memberReadId: row.member_read_id,
    operatorReadId: row.operator_read_id,
    unreadCount: row.member_unread,
  };
}

/** The text as it is stored: refused when blank or too long (in characters, as the schema and the database count). */
export function checkText(text: string): string {
  if (text.trim() === '') throw new AppError(400, 'chat.text.invalid', { detail: 'the text is blank' });
  if ([...text].length > CHAT_TEXT_MAX_LENGTH) throw new AppError(400, 'chat.text.invalid', { detail: `longer than ${CHAT_TEXT_MAX_LENGTH} characters` });
  return text;
}

/** The member's queue: VIP customer service above VIP_SERVICE_ABOVE_LEVEL (as the shell's customer-service menu). */
export async function queueOf(db: Db, merchantId: number, memberId: number): Promise<ChatQueue> {
  const result = await db.query<{ level: number }>(`SELECT ${memberVipLevelSql('$1', '$2::bigint')}::integer AS level`, [merchantId, memberId]);
  return result.rows[0].level > VIP_SERVICE_ABOVE_LEVEL ? 'vip' : 'livechat';
}

async function enabledSettings(db: Db, merchantId: number): Promise<ChatSettings> {
  const settings = await readChatSettings(db, merchantId);
  if (!settings.enabled) throw new AppError(403, 'chat.disabled');
  return settings;
}

/** Payloads of the chat channel (chat.hub.ts): a message stored, a conversation changed, somebody typing. */
export const chatEvents = {
  message: (merchantId: number, memberId: number, conversationId: number, firstMessageId: number) => `m:${merchantId}:${memberId}:${conversationId}:${firstMessageId}`,
  conversation: (merchantId: number, memberId: number, conversationId: number) => `c:${merchantId}:${memberId}:${conversationId}`,
  typing: (merchantId: number, memberId: number, conversationId: number, who: 'member' | 'operator', typing: boolean) =>
    `t:${merchantId}:${memberId}:${conversationId}:${who === 'member' ? 'm' : 'o'}:${typing ? 1 : 0}`,
};

/**
 * Adds the away message to a conversation outside the merchant's hours, once per conversation
 * (under its lock). Answers the notice's id, or undefined when none was added.
 */
export async function addAwayNotice(
  client: pg.PoolClient,
  conversation: Pick<queries.LockedConversation, 'id' | 'member_id' | 'away_sent'>,
  merchantId: number,
  settings: ChatSettings,
  language: string,
  nowMs: number,
): Promise<number | undefined> {
  if (conversation.away_sent || withinHours(settings, nowMs)) return undefined;
  const id = await queries.insertMessage(client, {
    conversationId: conversation.id,
    merchantId,
    memberId: conversation.member_id,
    sender: 'system',
    kind: 'notice',
    notice: 'away',
    body: awayMessageFor(settings, language),
    nowMs,
  });
  await queries.setAwaySent(client, conversation.id);
  return id;
}

/** The member's open conversation, or a new one in the queue their VIP level selects. */
export async function openConversation(db: pg.Pool, caller: ChatCaller, nowMs: number): Promise<ChatConversation> {
  const settings = await enabledSettings(db, caller.merchantId);
  const queue = await queueOf(db, caller.merchantId, caller.memberId);
  const conversationId = await withTransaction(db, async (client) => {
    const open = await queries.lockOpenConversation(client, caller.merchantId, caller.memberId);
    if (open) return open.id;
    const inserted = await queries.insertConversation(client, { merchantId: caller.merchantId, memberId: caller.memberId, queue, nowMs });
    // Opened at the same moment by another request (another tab): that one is the conversation.
    if (inserted === undefined) return (await queries.lockOpenConversation(client, caller.merchantId, caller.memberId))?.id;
    const away = await addAwayNotice(client, { id: inserted, member_id: caller.memberId, away_sent: false }, caller.merchantId, settings, caller.language, nowMs);
    await queries.notifyChat(client, chatEvents.conversation(caller.merchantId, caller.memberId, inserted));
    if (away !== undefined) await queries.notifyChat(client, chatEvents.message(caller.merchantId, caller.memberId, inserted, away));
    return inserted;
  });
  if (conversationId === undefined) throw new AppError(409, 'chat.conversation.closed', { detail: 'the conversation closed while it was being opened; open it again' });
  const row = await queries.selectMemberConversation(db, caller.merchantId, caller.memberId, conversationId);
  if (!row) throw notFound();
  return conversationValue(row, settings, nowMs);
}

/**
 * What the member's chat window opens on, opening nothing: a closed conversation with replies
 * they have not read first (an operator may answer and close while the member is away, and the
 * badge counts those replies until they are read), else the open one, else null.
 */
export async function conversationToResume(db: Db, caller: ChatCaller, nowMs: number): Promise<ChatResume> {
  const settings = await enabledSettings(db, caller.merchantId);
  const row = await queries.selectConversationToResume(db, caller.merchantId, caller.memberId);
  return { conversation: row ? conversationValue(row, settings, nowMs) : null };
}

export async function conversationOf(db: Db, caller: ChatCaller, conversationId: number, nowMs: number): Promise<ChatConversation> {
  const row = await queries.selectMemberConversation(db, caller.merchantId, caller.memberId, conversationId);
  if (!row) throw notFound();
  return conversationValue(row, await readChatSettings(db, caller.merchantId), nowMs);
}

export async function messagesOf(db: Db, caller: ChatCaller, query: { conversationId: number; after?: number; before?: number; size?: number }): Promise<ChatMessagesPage> {
  const row = await queries.selectMemberConversation(db, caller.merchantId, caller.memberId, query.conversationId);
  if (!row) throw notFound();
  const page = await queries.selectConversationMessages(db, row.id, { after: query.after, before: query.before, limit: query.size ?? 50 });
  return { list: page.rows.map(messageValue), hasMore: page.hasMore };
}

/** A stored message of this member's under the client id: answered again when it is the same message, refused when it is another. */
function replayOf(stored: queries.MessageRow | undefined, expected: { conversationId: number; kind: 'text' | 'image'; body?: string; sha256?: Buffer }): ChatMessage | undefined {
  if (!stored) return undefined;
  const same =
    stored.conversation_id === expected.conversationId &&
    stored.kind === expected.kind &&
    (expected.kind === 'text' ? stored.body === expected.body : stored.image_sha256 !== null && expected.sha256 !== undefined && stored.image_sha256.equals(expected.sha256));
  if (!same) throw new AppError(409, 'chat.client.id.conflict');
  return messageValue(stored);
}

async function reserve(db: Db, caller: ChatCaller, image: boolean, nowMs: number): Promise<void> {
  const subject = String(caller.memberId);
  const messages = await reserveAttempts(db, caller.merchantId, [{ key: { scope: 'chat.message', subject }, rule: CHAT_MESSAGE_RULE }], nowMs);
  if (!messages.allowed) throw new AppError(429, 'chat.too.many.messages', {}, { lockedUntil: messages.lockedUntilMs });
  if (!image) return;
  const images = await reserveAttempts(db, caller.merchantId, [{ key: { scope: 'chat.image', subject }, rule: CHAT_IMAGE_RULE }], nowMs);
  if (!images.allowed) throw new AppError(429, 'chat.too.many.images', {}, { lockedUntil: images.lockedUntilMs });
}

interface Outgoing {
  conversationId: number;
  clientMessageId: string;
  kind: 'text' | 'image';
  text?: string;
  image?: ReceiptImage & { sha256: Buffer };
  scriptAnswer?: string;
}

/** Stores a member's message (and what follows it at once: a scripted answer, the away message). */
async function store(db: pg.Pool, caller: ChatCaller, settings: ChatSettings, outgoing: Outgoing, nowMs: number): Promise<ChatMessage> {
  const expected = { conversationId: outgoing.conversationId, kind: outgoing.kind, body: outgoing.text, sha256: outgoing.image?.sha256 };
  const earlier = replayOf(await queries.selectMessageByClientId(db, caller.memberId, 'member', outgoing.clientMessageId), expected);
  if (earlier) return earlier;
  const conversation = await queries.selectMemberConversation(db, caller.merchantId, caller.memberId, outgoing.conversationId);
  if (!conversation) throw notFound();
  if (conversation.state === 'closed') throw new AppError(409, 'chat.conversation.closed');
  await reserve(db, caller, outgoing.kind === 'image', nowMs);
  const messageId = await withTransaction(db, async (client) => {
    const locked = await queries.lockConversation(client, caller.merchantId, outgoing.conversationId, caller.memberId);
    if (!locked) throw notFound();
    if (locked.state === 'closed') throw new AppError(409, 'chat.conversation.closed');
    const id = await queries.insertMessage(client, {
      conversationId: locked.id,
      merchantId: caller.merchantId,
      memberId: caller.memberId,
      sender: 'member',
      kind: outgoing.kind,
      body: outgoing.kind === 'text' ? outgoing.text : '',
      clientMessageId: outgoing.clientMessageId,
      image: outgoing.image ? { contentType: outgoing.image.contentType, sha256: outgoing.image.sha256 } : null,
      nowMs,
    });
    // The same client id stored by a request at the same moment: that one's message is the answer.
    if (id === undefined) return undefined;
    if (outgoing.image) await queries.insertImage(client, id, outgoing.image.bytes);
    if (outgoing.scriptAnswer !== undefined) {
      await queries.insertMessage(client, {
        conversationId: locked.id,
        merchantId: caller.merchantId,
        memberId: caller.memberId,
        sender: 'system',
        kind: 'notice',
        notice: 'script',
        body: outgoing.scriptAnswer,
        nowMs,
      });
    }
    await addAwayNotice(client, locked, caller.merchantId, settings, caller.language, nowMs);
    await queries.notifyChat(client, chatEvents.message(caller.merchantId, caller.memberId, locked.id, id));
    await queries.notifyChat(client, chatEvents.conversation(caller.merchantId, caller.memberId, locked.id));
    return id;
  });
  const stored = messageId === undefined
    ? await queries.selectMessageByClientId(db, caller.memberId, 'member', outgoing.clientMessageId)
    : await queries.selectMessage(db, caller.merchantId, messageId);
  const value = replayOf(stored, expected);
  if (!value) throw new Error('a stored chat message is missing');
  return value;
}

export async function sendText(db: pg.Pool, caller: ChatCaller, input: { conversationId: number; clientMessageId: string; text: string; scriptId?: number }, nowMs: number): Promise<ChatMessage> {
  const settings = await enabledSettings(db, caller.merchantId);
  const text = checkText(input.text);
  let scriptAnswer: string | undefined;
  if (input.scriptId !== undefined) {
    const script = await queries.selectScript(db, caller.merchantId, input.scriptId);
    if (!script) throw new AppError(404, 'chat.script.not.found');
    scriptAnswer = scriptTexts(script, caller.language).answer;
  }
  return store(db, caller, settings, { conversationId: input.conversationId, clientMessageId: input.clientMessageId, kind: 'text', text, scriptAnswer }, nowMs);
}

/** Decodes a data URL of a png or jpg (refused: chat.image.invalid, chat.image.too.large) and digests it. */
export function decodeChatImage(dataUrl: string): ReceiptImage & { sha256: Buffer } {
  const image = decodeReceiptImage(dataUrl, IMAGE_CODES);
  return { ...image, sha256: createHash('sha256').update(image.bytes).digest() };
}

export async function sendImage(db: pg.Pool, caller: ChatCaller, input: { conversationId: number; clientMessageId: string; image: string }, nowMs: number): Promise<ChatMessage> {
  const settings = await enabledSettings(db, caller.merchantId);
  const image = decodeChatImage(input.image);
  return store(db, caller, settings, { conversationId: input.conversationId, clientMessageId: input.clientMessageId, kind: 'image', image }, nowMs);
}

export const dataUrlOf = (contentType: string, bytes: Buffer): string => `data:${contentType};base64,${bytes.toString('base64')}`;

/** An image message of one of the member's conversations. */
export async function imageOf(db: Db, caller: ChatCaller, messageId: number): Promise<ChatImage> {
  const message = await queries.selectMessage(db, caller.merchantId, messageId);
  if (!message || message.member_id !== caller.memberId || message.kind !== 'image' || !message.image_type) throw new AppError(404, 'chat.message.not.found');
  const bytes = await queries.selectImage(db, messageId);
  if (!bytes) throw new AppError(404, 'chat.message.not.found');
  return { messageId, contentType: message.image_type, image: dataUrlOf(message.image_type, bytes) };
}

export async function markRead(db: pg.Pool, caller: ChatCaller, conversationId: number, messageId: number): Promise<{ unreadCount: number }> {
  await withTransaction(db, async (client) => {
    const row = await queries.selectMemberConversation(client, caller.merchantId, caller.memberId, conversationId);
    if (!row) throw notFound();
    if (await queries.markRead(client, conversationId, 'member', messageId)) {
      await queries.notifyChat(client, chatEvents.conversation(caller.merchantId, caller.memberId, conversationId));
    }
  });
  return { unreadCount: await queries.selectMemberUnread(db, caller.merchantId, caller.memberId) };
}

/** Tells the operators' views the member is typing (nothing is stored). */
export async function typing(db: Db, caller: ChatCaller, conversationId: number, isTyping: boolean): Promise<void> {
  await enabledSettings(db, caller.merchantId);
  const row = await queries.selectMemberConversation(db, caller.merchantId, caller.memberId, conversationId);
  if (!row) throw notFound();
  if (row.state === 'closed') throw new AppError(409, 'chat.conversation.closed');
  await queries.notifyChat(db, chatEvents.typing(caller.merchantId, caller.memberId, conversationId, 'member', isTyping));
}

/**
 * Closes a conversation (by the member, or an operator: `operatorId`), with a `closed` notice.
 * Closing a closed one changes nothing.
 */
export async function closeIn(
  client: pg.PoolClient,
  merchantId: number,
  locked: queries.LockedConversation,
  by: 'member' | 'operator',
  nowMs: number,
): Promise<void> {
  if (locked.state === 'closed') return;
  const id = await queries.insertMessage(client, { conversationId: locked.id, merchantId, memberId: locked.member_id, sender: 'system', kind: 'notice', notice: 'closed', nowMs });
  await queries.closeConversation(client, locked.id, by, nowMs);
  if (id !== undefined) await queries.notifyChat(client, chatEvents.message(merchantId, locked.member_id, locked.id, id));
  await queries.notifyChat(client, chatEvents.conversation(merchantId, locked.member_id, locked.id));
}

export async function closeByMember(db: pg.Pool, caller: ChatCaller, conversationId: number, nowMs: number): Promise<ChatConversation> {
  await withTransaction(db, async (client) => {
    const locked = await queries.lockConversation(client, caller.merchantId, conversationId, caller.memberId);
    if (!locked) throw notFound();
    await closeIn(client, caller.merchantId, locked, 'member', nowMs);
  });
  return conversationOf(db, caller, conversationId, nowMs);
}

export async function unreadCountOf(db: Db, caller: Pick<ChatCaller, 'merchantId' | 'memberId'>): Promise<{ unreadCount: number }> {
  return { unreadCount: await queries.selectMemberUnread(db, caller.merchantId, caller.memberId) };
}

/** A script's question and answer in `language` (the merchant's own words when it has none for it). */
export function scriptTexts(script: queries.ScriptRow, language: string): { question: string; answer: string } {
  const texts = script.texts[language] ?? {};
  return { question: texts.question || script.question, answer: texts.answer || script.answer };
}

export async function scriptsOf(db: Db, merchantId: number, language: string): Promise<ChatScripts> {
  const rows = await queries.selectScripts(db, merchantId);
  return { list: rows.map((row) => ({ scriptId: row.id, ...scriptTexts(row, language) })) };
}

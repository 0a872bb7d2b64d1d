import type { ChatConversationState, ChatImage, ChatMessage, ChatQueue } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import * as queries from './chat.queries';
import { chatEvents, checkText, closeIn, dataUrlOf, decodeChatImage, messageValue, scriptTexts } from './chat.service';
import { chatSettingsDocument, chatSettingsFrom, readChatSettings, withinHours, writeChatSettings, type ChatSettings } from './chat.settings';

// The operators' side of the live chat (the operator API, chat.operator-routes.ts; every action
// audited there). Decisions, and why:
// - Taking a conversation is a conditional update under the conversation's row lock: of two
//   operators taking it at once one gets it, the other is refused (409 operator.chat.taken). The
//   operator who has it may take it again (a retry) and nothing changes.
// - Replying to a waiting conversation takes it first, in the same transaction: an answer always
//   has its operator. Replying to one another operator has is refused; transfer it first.
// - A transfer goes to a named operator who may answer the chat (support, content or admin), or
//   back to a queue (waiting again, for anybody there to take).
// - Every change adds a notice to the conversation (taken, transferred, closed), so the member's
//   window and the history say what happened, in order with the messages.

/** Roles whose operators answer the chat (a transfer's target must have one). */
export const CHAT_OPERATOR_ROLES = ['support', 'content', 'admin'] as const;

export interface DeskOperator {
  merchantId: number;
  operatorId: number;
}

export interface DeskConversation {
  conversationId: number;
  username: string;
  state: ChatConversationState;
  queue: ChatQueue;
  operatorName: string | null;
  openedAt: number;
  takenAt: number | null;
  closedAt: number | null;
  closedBy: 'member' | 'operator' | null;
  lastMessageId: number;
  memberReadId: number;
  operatorReadId: number;
  /** The member's messages the operators have not read. */
  unreadCount: number;
}

export function deskConversationValue(row: queries.ConversationRow): DeskConversation {
  return {
    conversationId: row.id,
    username: row.username,
    state: row.state,
    queue: row.queue,
    operatorName: row.operator_name,
    openedAt: row.opened_at.getTime(),
    takenAt: row.taken_at?.getTime() ?? null,
    closedAt: row.closed_at?.getTime() ?? null,
    closedBy: row.closed_by,
    lastMessageId: row.last_message_id,
    memberReadId: row.member_read_id,
    operatorReadId: row.operator_read_id,
    unreadCount: row.operator_unread,
  };
}

/** A message as operators read it (the member's own client id included). */
export type DeskMessage = ChatMessage;

const notFound = () => new AppError(404, 'chat.conversation.not.found');

export async function listConversations(
  db: Db,
  merchantId: number,
  filter: { state?: 'open' | ChatConversationState | 'all'; queue?: ChatQueue; operatorId?: number; limit?: number },
): Promise<{ list: DeskConversation[] }> {
  const state = filter.state ?? 'open';
  const states: ChatConversationState[] = state === 'open' ? ['waiting', 'active'] : state === 'all' ? ['waiting', 'active', 'closed'] : [state];
  const rows = await queries.selectConversations(db, merchantId, { states, queue: filter.queue, operatorId: filter.operatorId, limit: filter.limit ?? 100 });
  return { list: rows.map(deskConversationValue) };
}

/**
 * A conversation and a page of its messages. Read by the operator who has it, the member's
 * messages shown are marked read (the member's read receipt).
 */
export async function conversationHistory(
  db: pg.Pool,
  operator: DeskOperator,
  conversationId: number,
  page: { after?: number; before?: number; size?: number },
): Promise<{ conversation: DeskConversation; list: DeskMessage[]; hasMore: boolean }> {
  const row = await queries.selectConversation(db, operator.merchantId, conversationId);
  if (!row) throw notFound();
  const messages = await queries.selectConversationMessages(db, row.id, { after: page.after, before: page.before, limit: page.size ?? 50 });
  const last = messages.rows.at(-1);
  if (row.state === 'active' && row.operator_id === operator.operatorId && last && last.id > row.operator_read_id) {
    await withTransaction(db, async (client) => {
      if (await queries.markRead(client, row.id, 'operator', last.id)) await queries.notifyChat(client, chatEvents.conversation(operator.merchantId, row.member_id, row.id));
    });
  }
  const current = (await queries.selectConversation(db, operator.merchantId, conversationId)) ?? row;
  return { conversation: deskConversationValue(current), list: messages.rows.map(messageValue), hasMore: messages.hasMore };
}

async function lockedOrRefused(client: pg.PoolClient, merchantId: number, conversationId: number): Promise<queries.LockedConversation> {
  const locked = await queries.lockConversation(client, merchantId, conversationId);
  if (!locked) throw notFound();
  if (locked.state === 'closed') throw new AppError(409, 'chat.conversation.closed');
  return locked;
}

/** Takes a waiting conversation under its lock; true when this call took it (false: the operator had it already). */
async function takeIn(client: pg.PoolClient, operator: DeskOperator, locked: queries.LockedConversation, nowMs: number): Promise<boolean> {
  if (locked.state === 'active') {
    if (locked.operator_id === operator.operatorId) return false;
    throw new AppError(409, 'operator.chat.taken');
  }
  if (!(await queries.takeConversation(client, operator.merchantId, locked.id, operator.operatorId, nowMs))) throw new AppError(409, 'operator.chat.taken');
  const id = await queries.insertMessage(client, { conversationId: locked.id, merchantId: operator.merchantId, memberId: locked.member_id, sender: 'system', operatorId: operator.operatorId, kind: 'notice', notice: 'taken', nowMs });
  if (id !== undefined) await queries.notifyChat(client, chatEvents.message(operator.merchantId, locked.member_id, locked.id, id));
  await queries.notifyChat(client, chatEvents.conversation(operator.merchantId, locked.member_id, locked.id));
  locked.state = 'active';
  locked.operator_id = operator.operatorId;
  return true;
}

async function deskConversation(db: Db, merchantId: number, conversationId: number): Promise<DeskConversation> {
  const row = await queries.selectConversation(db, merchantId, conversationId);
  if (!row) throw notFound();
  return deskConversationValue(row);
}

export async function takeConversation(db: pg.Pool, operator: DeskOperator, conversationId: number, nowMs: number): Promise<{ conversation: DeskConversation; taken: boolean }> {
  const taken = await withTransaction(db, async (client) => takeIn(client, operator, await lockedOrRefused(client, operator.merchantId, conversationId), nowMs));
  return { conversation: await deskConversation(db, operator.merchantId, conversationId), taken };
}

export interface Reply {
  text?: string;
  image?: string;
  scriptId?: number;
  clientMessageId?: string;
}

/** An operator's answer: a text (or a scripted answer) and/or an image; a waiting conversation is taken first. */
export async function reply(db: pg.Pool, operator: DeskOperator, conversationId: number, input: Reply, nowMs: number): Promise<{ list: DeskMessage[] }> {
  let text = input.text === undefined ? undefined : checkText(input.text);
  if (input.scriptId !== undefined) {
    if (text !== undefined) throw new AppError(400, 'operator.chat.invalid', { detail: 'a reply is a text or a script, not both' });
    const script = await queries.selectScript(db, operator.merchantId, input.scriptId);
    if (!script) throw new AppError(404, 'chat.script.not.found');
    const conversation = await queries.selectConversation(db, operator.merchantId, conversationId);
    // The script's answer in the member's language, when the merchant wrote one.
    const language = conversation ? await memberLanguage(db, conversation.member_id) : 'EN';
    text = scriptTexts(script, language).answer;
  }
  const image = input.image === undefined ? undefined : decodeChatImage(input.image);
  if (text === undefined && image === undefined) throw new AppError(400, 'operator.chat.invalid', { detail: 'a reply needs a text, a script or an image' });
  const ids = await withTransaction(db, async (client) => {
    const locked = await lockedOrRefused(client, operator.merchantId, conversationId);
    await takeIn(client, operator, locked, nowMs);
    const stored: number[] = [];
    const base = { conversationId: locked.id, merchantId: operator.merchantId, memberId: locked.member_id, sender: 'operator' as const, operatorId: operator.operatorId, nowMs };
    if (text !== undefined) {
      const id = await queries.insertMessage(client, { ...base, kind: 'text', body: text, clientMessageId: input.clientMessageId ?? null });
      // Stored already under that client id (a retry): its image was stored with it, too.
      if (id === undefined) return stored;
      stored.push(id);
    }
    if (image !== undefined) {
      // With a text as well, the client id belongs to the text (the image is its attachment).
      const id = await queries.insertMessage(client, { ...base, kind: 'image', clientMessageId: text === undefined ? (input.clientMessageId ?? null) : null, image: { contentType: image.contentType, sha256: image.sha256 } });
      if (id !== undefined) {
        await queries.insertImage(client, id, image.bytes);
        stored.push(id);
      }
    }
    if (stored.length > 0) {
      // Answering is reading: the member's messages so far are read.
      await queries.markRead(client, locked.id, 'operator', stored.at(-1)!);
      await queries.notifyChat(client, chatEvents.message(operator.merchantId, locked.member_id, locked.id, stored[0]));
      await queries.notifyChat(client, chatEvents.conversation(operator.merchantId, locked.member_id, locked.id));
    }
    return stored;
  });
  if (ids.length === 0 && input.clientMessageId !== undefined) {
    // A retry: the reply stored under that client id earlier.
    const conversation = await queries.selectConversation(db, operator.merchantId, conversationId);
    const earlier = conversation && (await queries.selectMessageByClientId(db, conversation.member_id, 'operator', input.clientMessageId));
    return { list: earlier && earlier.conversation_id === conversationId ? [messageValue(earlier)] : [] };
  }
  const rows = await Promise.all(ids.map((id) => queries.selectMessage(db, operator.merchantId, id)));
  return { list: rows.filter((row): row is queries.MessageRow => row !== undefined).map(messageValue) };
}

async function memberLanguage(db: Db, memberId: number): Promise<string> {
  const result = await db.query<{ language: string | null }>('SELECT language FROM member WHERE id = $1', [memberId]);
  return result.rows[0]?.language ?? 'EN';
}

export type TransferTarget = { toOperator: string } | { queue: ChatQueue };

export async function transferConversation(db: pg.Pool, operator: DeskOperator, conversationId: number, target: TransferTarget, nowMs: number): Promise<DeskConversation> {
  const to = 'toOperator' in target ? await queries.selectChatOperator(db, operator.merchantId, target.toOperator, CHAT_OPERATOR_ROLES) : undefined;
  if ('toOperator' in target && !to) throw new AppError(400, 'operator.chat.invalid', { detail: `${target.toOperator} is no active operator who answers the chat` });
  await withTransaction(db, async (client) => {
    const locked = await lockedOrRefused(client, operator.merchantId, conversationId);
    if (to && locked.state === 'active' && locked.operator_id === to.id) return;
    if ('queue' in target && locked.state === 'waiting' && locked.queue === target.queue) return;
    await queries.assignConversation(client, locked.id, to ? { operatorId: to.id } : { queue: (target as { queue: ChatQueue }).queue }, nowMs);
    const id = await queries.insertMessage(client, { conversationId: locked.id, merchantId: operator.merchantId, memberId: locked.member_id, sender: 'system', kind: 'notice', notice: 'transferred', nowMs });
    if (id !== undefined) await queries.notifyChat(client, chatEvents.message(operator.merchantId, locked.member_id, locked.id, id));
    await queries.notifyChat(client, chatEvents.conversation(operator.merchantId, locked.member_id, locked.id));
  });
  return deskConversation(db, operator.merchantId, conversationId);
}

export async function closeConversation(db: pg.Pool, operator: DeskOperator, conversationId: number, nowMs: number): Promise<DeskConversation> {
  await withTransaction(db, async (client) => {
    const locked = await queries.lockConversation(client, operator.merchantId, conversationId);
    if (!locked) throw notFound();
    await closeIn(client, operator.merchantId, locked, 'operator', nowMs);
  });
  return deskConversation(db, operator.merchantId, conversationId);
}

/** The operator is typing in a conversation (nothing is stored). */
export async function operatorTyping(db: Db, operator: DeskOperator, conversationId: number, typing: boolean): Promise<void> {
  const row = await queries.selectConversation(db, operator.merchantId, conversationId);
  if (!row) throw notFound();
  await queries.notifyChat(db, chatEvents.typing(operator.merchantId, row.member_id, row.id, 'operator', typing));
}

export async function deskImage(db: Db, merchantId: number, messageId: number): Promise<ChatImage> {
  const message = await queries.selectMessage(db, merchantId, messageId);
  const bytes = message?.image_type ? await queries.selectImage(db, messageId) : undefined;
  if (!message?.image_type || !bytes) throw new AppError(404, 'chat.message.not.found');
  return { messageId, contentType: message.image_type, image: dataUrlOf(message.image_type, bytes) };
}

// ── Settings and scripts ────────────────────────────────────────────────────────────────────

export interface SettingsView {
  settings: Record<string, unknown>;
  /** Operators answer now (within the hours). */
  online: boolean;
}

export async function settingsView(db: Db, merchantId: number, nowMs: number): Promise<SettingsView> {
  const settings = await readChatSettings(db, merchantId);
  return { settings: chatSettingsDocument(settings), online: withinHours(settings, nowMs) };
}

/** Changes the keys given (a whole `hours` list, a whole `awayMessage`), keeping the rest. */
export async function updateSettings(db: pg.Pool, merchantId: number, input: Record<string, unknown>, nowMs: number): Promise<SettingsView> {
  for (const window of Array.isArray(input.hours) ? (input.hours as { from: string; to: string }[]) : []) {
    if (window.from === window.to) throw new AppError(400, 'operator.chat.invalid', { detail: `a window from ${window.from} to ${window.to} is empty` });
  }
  await withTransaction(db, async (client) => {
    const current = chatSettingsDocument(await readChatSettings(client, merchantId));
    const next: ChatSettings = chatSettingsFrom({ ...current, ...input });
    await writeChatSettings(client, merchantId, next);
  });
  return settingsView(db, merchantId, nowMs);
}

export interface DeskScript {
  scriptId: number;
  question: string;
  answer: string;
  texts: Record<string, { question?: string; answer?: string }>;
}

export async function deskScripts(db: Db, merchantId: number): Promise<{ list: DeskScript[] }> {
  const rows = await queries.selectScripts(db, merchantId);
  return { list: rows.map((row) => ({ scriptId: row.id, question: row.question, answer: row.answer, texts: row.texts })) };
}

/** Replaces the list: scripts named by scriptId keep their id (members' quick questions keep working), the others are new, the rest removed. */
export interface ScriptInput {
  scriptId?: number;
  question: string;
  answer: string;
  texts?: DeskScript['texts'];
}

export async function replaceScripts(db: pg.Pool, merchantId: number, scripts: ScriptInput[], nowMs: number): Promise<{ list: DeskScript[] }> {
  const current = new Set((await queries.selectScripts(db, merchantId)).map((row) => row.id));
  for (const script of scripts) {
    if (script.scriptId !== undefined && !current.has(script.scriptId)) throw new AppError(400, 'operator.chat.invalid', { detail: `no script ${script.scriptId}` });
    if (script.question.trim() === '' || script.answer.trim() === '') throw new AppError(400, 'operator.chat.invalid', { detail: 'a script needs a question and an answer' });
  }
  await withTransaction(db, (client) => queries.replaceScripts(client, merchantId, scripts.map((script) => ({ ...script, texts: script.texts ?? {} })), nowMs));
  return deskScripts(db, merchantId);
}

import type { ChatConversationState, ChatMessageKind, ChatNotice, ChatQueue, ChatSender } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the live chat (migration 069). Every statement names the merchant, and a member's
// statements the member too: an id of another member's conversation or message matches nothing.

/** Notifications of the chat (modules/chat/chat.hub.ts reads them): see chat.hub.ts for the payloads. */
export const CHAT_CHANNEL = 'chat_event';

export interface ConversationRow {
  id: number;
  merchant_id: number;
  member_id: number;
  username: string;
  queue: ChatQueue;
  state: ChatConversationState;
  operator_id: number | null;
  operator_name: string | null;
  opened_at: Date;
  taken_at: Date | null;
  closed_at: Date | null;
  closed_by: 'member' | 'operator' | null;
  away_sent: boolean;
  member_read_id: number;
  operator_read_id: number;
  last_message_id: number;
  /** Operator and system messages after member_read_id. */
  member_unread: number;
  /** Member messages after operator_read_id. */
  operator_unread: number;
}

const CONVERSATION_COLUMNS = `
  c.id::float8 AS id, c.merchant_id, c.member_id::float8 AS member_id, m.username, c.queue, c.state,
  c.operator_id::float8 AS operator_id, o.username AS operator_name, c.opened_at, c.taken_at, c.closed_at, c.closed_by, c.away_sent,
  c.member_read_id::float8 AS member_read_id, c.operator_read_id::float8 AS operator_read_id, c.last_message_id::float8 AS last_message_id,
  (SELECT count(*)::integer FROM chat_message x WHERE x.conversation_id = c.id AND x.id > c.member_read_id AND x.sender <> 'member') AS member_unread,
  (SELECT count(*)::integer FROM chat_message x WHERE x.conversation_id = c.id AND x.id > c.operator_read_id AND x.sender = 'member') AS operator_unread`;

const CONVERSATION_FROM = `chat_conversation c JOIN member m ON m.id = c.member_id LEFT JOIN operator o ON o.id = c.operator_id`;

export interface MessageRow {
  id: number;
  conversation_id: number;
  member_id: number;
  sender: ChatSender;
  sender_name: string | null;
  kind: ChatMessageKind;
  notice: ChatNotice | null;
  body: string;
  client_message_id: string | null;
  image_type: 'image/png' | 'image/jpeg' | null;
  image_sha256: Buffer | null;
  sent_at: Date;
}

const MESSAGE_COLUMNS = `
  x.id::float8 AS id, x.conversation_id::float8 AS conversation_id, x.member_id::float8 AS member_id, x.sender,
  o.username AS sender_name, x.kind, x.notice, x.body, x.client_message_id, x.image_type, x.image_sha256, x.sent_at`;

const MESSAGE_FROM = 'chat_message x LEFT JOIN operator o ON o.id = x.operator_id';

/** A conversation of the merchant's (any member). */
export async function selectConversation(db: Db, merchantId: number, conversationId: number): Promise<ConversationRow | undefined> {
  const result = await db.query<ConversationRow>(`SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE c.id = $1 AND c.merchant_id = $2`, [conversationId, merchantId]);
  return result.rows[0];
}

/** A conversation of this member's. */
export async function selectMemberConversation(db: Db, merchantId: number, memberId: number, conversationId: number): Promise<ConversationRow | undefined> {
  const result = await db.query<ConversationRow>(`SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE c.id = $1 AND c.merchant_id = $2 AND c.member_id = $3`, [
    conversationId,
    merchantId,
    memberId,
  ]);
  return result.rows[0];
}

/** The member's conversation that is not closed, if any. */
export async function selectOpenConversation(db: Db, merchantId: number, memberId: number): Promise<ConversationRow | undefined> {
  const result = await db.query<ConversationRow>(`SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE c.merchant_id = $1 AND c.member_id = $2 AND c.state <> 'closed'`, [
    merchantId,
    memberId,
  ]);
  return result.rows[0];
}

/**
 * The conversation the member's chat window opens on: the newest closed one still holding
 * operator or system messages the member has not read, else the open one, if any.
 */
export async function selectConversationToResume(db: Db, merchantId: number, memberId: number): Promise<ConversationRow | undefined> {
  const result = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM}
      WHERE c.merchant_id = $1 AND c.member_id = $2
        AND (c.state <> 'closed' OR EXISTS (SELECT 1 FROM chat_message x WHERE x.conversation_id = c.id AND x.id > c.member_read_id AND x.sender <> 'member'))
      ORDER BY c.state = 'closed' DESC, c.id DESC LIMIT 1`,
    [merchantId, memberId],
  );
  return result.rows[0];
}

export interface LockedConversation {
  id: number;
  member_id: number;
  queue: ChatQueue;
  state: ChatConversationState;
  operator_id: number | null;
  away_sent: boolean;
}

/**
 * Locks a conversation's row for the rest of the transaction: every message of it is inserted
 * under this lock, so ids of one member's messages are assigned in commit order. `memberId`
 * limits it to that member's.
 */
export async function lockConversation(db: Db, merchantId: number, conversationId: number, memberId?: number): Promise<LockedConversation | undefined> {
  const result = await db.query<LockedConversation>(
    `SELECT id::float8 AS id, member_id::float8 AS member_id, queue, state, operator_id::float8 AS operator_id, away_sent
       FROM chat_conversation WHERE id = $1 AND merchant_id = $2 AND ($3::bigint IS NULL OR member_id = $3) FOR UPDATE`,
    [conversationId, merchantId, memberId ?? null],
  );
  return result.rows[0];
}

/** Locks the member's open conversation, if any (waits for a transaction closing it, then finds none). */
export async function lockOpenConversation(db: Db, merchantId: number, memberId: number): Promise<LockedConversation | undefined> {
  const result = await db.query<LockedConversation>(
    `SELECT id::float8 AS id, member_id::float8 AS member_id, queue, state, operator_id::float8 AS operator_id, away_sent
       FROM chat_conversation WHERE merchant_id = $1 AND member_id = $2 AND state <> 'closed' FOR UPDATE`,
    [merchantId, memberId],
  );
  return result.rows[0];
}

/** A new waiting conversation; undefined when the member has an open one already (made at the same moment). */
export async function insertConversation(db: Db, input: { merchantId: number; memberId: number; queue: ChatQueue; nowMs: number }): Promise<number | undefined> {
  const result = await db.query<{ id: number }>(
    `INSERT INTO chat_conversation (merchant_id, member_id, queue, state, opened_at) VALUES ($1, $2, $3, 'waiting', $4)
     ON CONFLICT (member_id) WHERE state <> 'closed' DO NOTHING RETURNING id::float8 AS id`,
    [input.merchantId, input.memberId, input.queue, new Date(input.nowMs)],
  );
  return result.rows[0]?.id;
}

export interface NewMessage {
  conversationId: number;
  merchantId: number;
  memberId: number;
  sender: ChatSender;
  operatorId?: number | null;
  kind: ChatMessageKind;
  notice?: ChatNotice | null;
  body?: string;
  clientMessageId?: string | null;
  image?: { contentType: 'image/png' | 'image/jpeg'; sha256: Buffer } | null;
  nowMs: number;
}

/**
 * Inserts a message (under its conversation's lock) and moves the conversation's last id.
 * Undefined: its sender used that client id already (nothing inserted).
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<number | undefined> {
  const result = await db.query<{ id: number }>(
    `INSERT INTO chat_message (conversation_id, merchant_id, member_id, sender, operator_id, kind, notice, body, client_message_id, image_type, image_sha256, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (member_id, sender, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
     RETURNING id::float8 AS id`,
    [
      message.conversationId,
      message.merchantId,
      message.memberId,
      message.sender,
      message.operatorId ?? null,
      message.kind,
      message.notice ?? null,
      message.body ?? '',
      message.clientMessageId ?? null,
      message.image?.contentType ?? null,
      message.image?.sha256 ?? null,
      new Date(message.nowMs),
    ],
  );
  const id = result.rows[0]?.id;
  if (id !== undefined) await db.query('UPDATE chat_conversation SET last_message_id = $2 WHERE id = $1 AND last_message_id < $2', [message.conversationId, id]);
  return id;
}

export async function insertImage(db: Db, messageId: number, bytes: Buffer): Promise<void> {
  await db.query('INSERT INTO chat_image (message_id, bytes) VALUES ($1, $2)', [messageId, bytes]);
}

/** The message a sender stored under a client id, if any. */
export async function selectMessageByClientId(db: Db, memberId: number, sender: ChatSender, clientMessageId: string): Promise<MessageRow | undefined> {
  const result = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE x.member_id = $1 AND x.sender = $2 AND x.client_message_id = $3`, [
    memberId,
    sender,
    clientMessageId,
  ]);
  return result.rows[0];
}

export async function selectMessage(db: Db, merchantId: number, messageId: number): Promise<MessageRow | undefined> {
  const result = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE x.id = $1 AND x.merchant_id = $2`, [messageId, merchantId]);
  return result.rows[0];
}

/** A page of a conversation, oldest first: after `after`, or the newest before `before` (or of all). One more than `limit` tells whether more exist. */
export async function selectConversationMessages(
  db: Db,
  conversationId: number,
  page: { after?: number; before?: number; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  if (page.after !== undefined) {
    const result = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE x.conversation_id = $1 AND x.id > $2 ORDER BY x.id LIMIT $3`, [
      conversationId,
      page.after,
      page.limit + 1,
    ]);
    return { rows: result.rows.slice(0, page.limit), hasMore: result.rows.length > page.limit };
  }
  const result = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE x.conversation_id = $1 AND ($2::bigint IS NULL OR x.id < $2) ORDER BY x.id DESC LIMIT $3`,
    [conversationId, page.before ?? null, page.limit + 1],
  );
  return { rows: result.rows.slice(0, page.limit).reverse(), hasMore: result.rows.length > page.limit };
}

/** The member's messages (all their conversations) after `afterId`, oldest first. */
export async function selectMemberMessagesAfter(db: Db, merchantId: number, memberId: number, afterId: number, limit: number): Promise<MessageRow[]> {
  const result = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE x.member_id = $1 AND x.merchant_id = $2 AND x.id > $3 ORDER BY x.id LIMIT $4`,
    [memberId, merchantId, afterId, limit],
  );
  return result.rows;
}

/** A conversation's messages after `afterId`, oldest first. */
export async function selectConversationMessagesAfter(db: Db, conversationId: number, afterId: number, limit: number): Promise<MessageRow[]> {
  const result = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE x.conversation_id = $1 AND x.id > $2 ORDER BY x.id LIMIT $3`, [
    conversationId,
    afterId,
    limit,
  ]);
  return result.rows;
}

/** The member's newest message id (0: none). */
export async function selectMemberLastMessageId(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ id: number | null }>('SELECT max(id)::float8 AS id FROM chat_message WHERE member_id = $1 AND merchant_id = $2', [memberId, merchantId]);
  return result.rows[0].id ?? 0;
}

/** Operator and system messages the member has not read, in all their conversations. */
export async function selectMemberUnread(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ unread: number }>(
    `SELECT count(*)::integer AS unread FROM chat_conversation c JOIN chat_message x ON x.conversation_id = c.id
      WHERE c.member_id = $1 AND c.merchant_id = $2 AND x.id > c.member_read_id AND x.sender <> 'member'`,
    [memberId, merchantId],
  );
  return result.rows[0].unread;
}

export async function selectImage(db: Db, messageId: number): Promise<Buffer | undefined> {
  const result = await db.query<{ bytes: Buffer }>('SELECT bytes FROM chat_image WHERE message_id = $1', [messageId]);
  return result.rows[0]?.bytes;
}

/** Moves a read mark forward (never back, never past the conversation's last message). */
export async function markRead(db: Db, conversationId: number, reader: 'member' | 'operator', messageId: number): Promise<boolean> {
  const column = reader === 'member' ? 'member_read_id' : 'operator_read_id';
  const result = await db.query(`UPDATE chat_conversation SET ${column} = least($2::bigint, last_message_id) WHERE id = $1 AND ${column} < least($2::bigint, last_message_id)`, [
    conversationId,
    messageId,
  ]);
  return (result.rowCount ?? 0) > 0;
}

export async function setAwaySent(db: Db, conversationId: number): Promise<void> {
  await db.query('UPDATE chat_conversation SET away_sent = true WHERE id = $1', [conversationId]);
}

/** Gives a waiting conversation to an operator; false when it is not waiting (somebody took it first). */
export async function takeConversation(db: Db, merchantId: number, conversationId: number, operatorId: number, nowMs: number): Promise<boolean> {
  const result = await db.query(
    `UPDATE chat_conversation SET state = 'active', operator_id = $3, taken_at = $4 WHERE id = $1 AND merchant_id = $2 AND state = 'waiting'`,
    [conversationId, merchantId, operatorId, new Date(nowMs)],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function assignConversation(db: Db, conversationId: number, target: { operatorId: number } | { queue: ChatQueue }, nowMs: number): Promise<void> {
  if ('operatorId' in target) {
    await db.query(`UPDATE chat_conversation SET state = 'active', operator_id = $2, taken_at = $3 WHERE id = $1`, [conversationId, target.operatorId, new Date(nowMs)]);
  } else {
    await db.query(`UPDATE chat_conversation SET state = 'waiting', operator_id = NULL, taken_at = NULL, queue = $2 WHERE id = $1`, [conversationId, target.queue]);
  }
}

export async function closeConversation(db: Db, conversationId: number, by: 'member' | 'operator', nowMs: number): Promise<void> {
  await db.query(`UPDATE chat_conversation SET state = 'closed', closed_at = $2, closed_by = $3 WHERE id = $1`, [conversationId, new Date(nowMs), by]);
}

export interface ListFilter {
  states: ChatConversationState[];
  queue?: ChatQueue;
  operatorId?: number;
  limit: number;
}

/** The merchant's conversations: waiting first (VIP first, oldest first), then active, then closed (newest first). */
export async function selectConversations(db: Db, merchantId: number, filter: ListFilter): Promise<ConversationRow[]> {
  const result = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM}
      WHERE c.merchant_id = $1 AND c.state = ANY($2::text[]) AND ($3::text IS NULL OR c.queue = $3) AND ($4::bigint IS NULL OR c.operator_id = $4)
      ORDER BY CASE c.state WHEN 'waiting' THEN 0 WHEN 'active' THEN 1 ELSE 2 END, (c.queue = 'vip') DESC,
               CASE WHEN c.state = 'closed' THEN -extract(epoch FROM c.closed_at) ELSE extract(epoch FROM c.opened_at) END, c.id
      LIMIT $5`,
    [merchantId, filter.states, filter.queue ?? null, filter.operatorId ?? null, filter.limit],
  );
  return result.rows;
}

/** An operator of the merchant who may answer the chat (active, with a chat role), by name. */
export async function selectChatOperator(db: Db, merchantId: number, username: string, roles: readonly string[]): Promise<{ id: number; username: string } | undefined> {
  const result = await db.query<{ id: number; username: string }>(
    `SELECT id::float8 AS id, username FROM operator WHERE merchant_id = $1 AND lower(username) = lower($2) AND status = 'active' AND role = ANY($3::text[])`,
    [merchantId, username, roles],
  );
  return result.rows[0];
}

export interface ScriptRow {
  id: number;
  position: number;
  question: string;
  answer: string;
  texts: Record<string, { question?: string; answer?: string }>;
}

export async function selectScripts(db: Db, merchantId: number): Promise<ScriptRow[]> {
  const result = await db.query<ScriptRow>('SELECT id::float8 AS id, position, question, answer, texts FROM chat_script WHERE merchant_id = $1 ORDER BY position, id', [merchantId]);
  return result.rows;
}

export async function selectScript(db: Db, merchantId: number, scriptId: number): Promise<ScriptRow | undefined> {
  const result = await db.query<ScriptRow>('SELECT id::float8 AS id, position, question, answer, texts FROM chat_script WHERE merchant_id = $1 AND id = $2', [merchantId, scriptId]);
  return result.rows[0];
}

/** Replaces the merchant's scripts: rows named by id are updated, others inserted, the rest removed. */
export async function replaceScripts(
  db: Db,
  merchantId: number,
  scripts: { scriptId?: number; question: string; answer: string; texts: Record<string, unknown> }[],
  nowMs: number,
): Promise<void> {
  const kept = scripts.flatMap((script) => (script.scriptId === undefined ? [] : [script.scriptId]));
  await db.query('DELETE FROM chat_script WHERE merchant_id = $1 AND NOT (id = ANY($2::bigint[]))', [merchantId, kept]);
  for (const [position, script] of scripts.entries()) {
    const params = [merchantId, position, script.question, script.answer, JSON.stringify(script.texts), new Date(nowMs)];
    if (script.scriptId === undefined) {
      await db.query('INSERT INTO chat_script (merchant_id, position, question, answer, texts, updated_at) VALUES ($1, $2, $3, $4, $5, $6)', params);
    } else {
      await db.query('UPDATE chat_script SET position = $2, question = $3, answer = $4, texts = $5, updated_at = $6 WHERE merchant_id = $1 AND id = $7', [...params, script.scriptId]);
    }
  }
}

/** Announces a chat event on commit (chat.hub.ts). */
export async function notifyChat(db: Db, payload: string): Promise<void> {
  await db.query(`SELECT pg_notify('${CHAT_CHANNEL}', $1)`, [payload]);
}

import {
  MAIL_CONTENT_MAX_LENGTH,
  MAIL_SENDS_PER_DAY,
  MAIL_SUBJECT_MAX_LENGTH,
  type InboxMails,
  type OutboxMails,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import * as queries from './message.queries';

// Platform messages (legacy page messageV2). Decisions, and why:
// - A broadcast is one `mail` row; each member's read/deleted state is a delivery row written
//   when the member first reads or deletes it. Reading a list never writes.
// - A broadcast reaches the members registered when it was sent (a member who joins later does
//   not find last year's news in a new inbox) and never free-play guests.
// - Every id a member sends is checked against that member's own inbox or outbox in the same
//   statement that changes it; if any id is not theirs (another member's, another merchant's,
//   already deleted, or made up) the whole call is refused with 404 message.not.found and nothing
//   changes, so the answer says nothing about whose the id is.
// - Members send at most MAIL_SENDS_PER_DAY mails (new ones and replies) in any 24 hours, counted
//   under a lock of the member's row, so concurrent sends cannot pass the limit together.
// - Texts are stored as given (plain text; the page renders them as text): a subject or content
//   that is blank after trimming is refused.

export interface Sender {
  merchantId: number;
  memberId: number;
}

const DAY_MS = 24 * 60 * 60_000;

function checkText(subject: string, content: string): { subject: string; content: string } {
  if (subject.includes('\u0000') || content.includes('\u0000')) throw new AppError(400, 'request.param.err', { detail: 'the text holds a NUL character' });
  if (subject.trim() === '') throw new AppError(400, 'message.subject.required');
  if (content.trim() === '') throw new AppError(400, 'message.content.required');
  if ([...subject].length > MAIL_SUBJECT_MAX_LENGTH) throw new AppError(400, 'request.param.err', { detail: `subject is longer than ${MAIL_SUBJECT_MAX_LENGTH} characters` });
  if ([...content].length > MAIL_CONTENT_MAX_LENGTH) throw new AppError(400, 'request.param.err', { detail: `content is longer than ${MAIL_CONTENT_MAX_LENGTH} characters` });
  return { subject: subject.trim(), content };
}

export interface ListQuery {
  startTime?: number;
  endTime?: number;
  sort?: 'asc' | 'desc';
  page?: number;
  size?: number;
}

function filterOf(query: ListQuery): queries.ListFilter {
  const startMs = query.startTime ?? null;
  const endMs = query.endTime ?? null;
  if (startMs !== null && endMs !== null && startMs > endMs) throw new AppError(400, 'request.param.err', { detail: 'startTime is after endTime' });
  const size = query.size ?? 10;
  const page = query.page ?? 1;
  return { startMs, endMs, ascending: query.sort === 'asc', limit: size, offset: (page - 1) * size };
}

const totalPagesOf = (total: number, size: number) => Math.ceil(total / size);

export async function inboxOf(db: Db, member: Sender, query: ListQuery): Promise<InboxMails> {
  const filter = filterOf(query);
  const { rows, total } = await queries.selectInbox(db, member.merchantId, member.memberId, filter);
  return {
    list: rows.map((row) => ({
      inboxId: Number(row.id),
      subject: row.subject,
      content: row.content,
      sendTime: row.sent_at.getTime(),
      senderName: row.sender_name,
      read: row.read_at !== null,
      canReply: row.can_reply,
    })),
    totalPages: totalPagesOf(total, filter.limit),
  };
}

export async function outboxOf(db: Db, member: Sender, query: ListQuery): Promise<OutboxMails> {
  const filter = filterOf(query);
  const { rows, total } = await queries.selectOutbox(db, member.merchantId, member.memberId, filter);
  return {
    list: rows.map((row) => ({
      outboxId: Number(row.id),
      subject: row.subject,
      content: row.content,
      sendTime: row.sent_at.getTime(),
      recipients: 'customerService' as const,
      replyToInboxId: row.reply_to_mail_id === null ? null : Number(row.reply_to_mail_id),
    })),
    totalPages: totalPagesOf(total, filter.limit),
  };
}

export function unreadCountOf(db: Db, member: Sender): Promise<number> {
  return queries.selectUnreadCount(db, member.merchantId, member.memberId);
}

/** Marks inbox mails read or deleted: all of them, or (one is not in the inbox) none. Answers the unread count after it. */
async function changeInbox(pool: pg.Pool, member: Sender, mailIds: number[], column: 'read_at' | 'deleted_at', nowMs: number): Promise<number> {
  const ids = [...new Set(mailIds)];
  await withTransaction(pool, async (client) => {
    const changed = await queries.markInboxMails(client, member.merchantId, member.memberId, ids, column, nowMs);
    if (changed !== ids.length) throw new AppError(404, 'message.not.found');
    await queries.notifyInboxChanged(client, member.merchantId, [member.memberId]);
  });
  return unreadCountOf(pool, member);
}

export const markRead = (pool: pg.Pool, member: Sender, mailIds: number[], nowMs: number) => changeInbox(pool, member, mailIds, 'read_at', nowMs);
export const deleteInboxMails = (pool: pg.Pool, member: Sender, mailIds: number[], nowMs: number) => changeInbox(pool, member, mailIds, 'deleted_at', nowMs);

export async function deleteOutboxMails(pool: pg.Pool, member: Sender, ids: number[], nowMs: number): Promise<void> {
  const unique = [...new Set(ids)];
  await withTransaction(pool, async (client) => {
    const deleted = await queries.deleteOutboxMails(client, member.merchantId, member.memberId, unique, nowMs);
    if (deleted !== unique.length) throw new AppError(404, 'message.not.found');
  });
}

/** A mail from the member to customer service (a reply when replyToMailId is set); returns its outbox id. */
async function sendFromMember(pool: pg.Pool, member: Sender, replyToMailId: number | null, subject: string, content: string, nowMs: number): Promise<number> {
  const text = checkText(subject, content);
  return withTransaction(pool, async (client) => {
    if (replyToMailId !== null) {
      const original = await queries.selectInboxMail(client, member.merchantId, member.memberId, replyToMailId);
      if (!original) throw new AppError(404, 'message.not.found');
      if (!original.can_reply) throw new AppError(400, 'message.reply.not.allowed');
    }
    await queries.lockMemberForSending(client, member.merchantId, member.memberId);
    if ((await queries.countSentSince(client, member.memberId, nowMs - DAY_MS)) >= MAIL_SENDS_PER_DAY) {
      throw new AppError(429, 'message.send.limit', { limit: String(MAIL_SENDS_PER_DAY) }, { limit: MAIL_SENDS_PER_DAY });
    }
    return queries.insertMemberMail(client, { merchantId: member.merchantId, memberId: member.memberId, replyToMailId, ...text, nowMs });
  });
}

export const sendMail = (pool: pg.Pool, member: Sender, subject: string, content: string, nowMs: number) => sendFromMember(pool, member, null, subject, content, nowMs);
export const replyMail = (pool: pg.Pool, member: Sender, inboxId: number, subject: string, content: string, nowMs: number) =>
  sendFromMember(pool, member, inboxId, subject, content, nowMs);

// --- For the operator API (modules/operator) ---

/** Most members one mail may name (more: send to 'all', or in several mails). */
export const MAX_RECIPIENTS = 10_000;

export interface SendMessageInput {
  merchantId: number;
  /** Some members of the merchant (free-play guests have no inbox), or every member registered by now. */
  to: { memberIds: number[] } | 'all';
  subject: string;
  content: string;
  canReply: boolean;
  /** Shown as the sender: 'Customer Service', 'System', ... (1–64 characters). */
  senderName: string;
  nowMs: number;
}

/**
 * Sends a mail from the operator (or the system) to some members or to all of them (stored once).
 * Refused: blank or too long texts, a sender name that is blank or longer than 64 characters,
 * no recipients, more than MAX_RECIPIENTS, or an id that is not a real member of the merchant
 * (message.recipient.invalid, nothing sent). The members' open pages hear of it on commit.
 */
export async function sendMessage(pool: pg.Pool, input: SendMessageInput): Promise<{ mailId: number; recipients: number | 'all' }> {
  checkedMessage(input);
  return withTransaction(pool, (client) => sendMessageIn(client, input));
}

/** The texts, sender name and recipients of a mail to send, checked (see sendMessage). */
function checkedMessage(input: SendMessageInput): { text: ReturnType<typeof checkText>; senderName: string; memberIds: number[] | null } {
  const text = checkText(input.subject, input.content);
  const senderName = input.senderName.trim();
  if (senderName === '' || [...senderName].length > 64) throw new AppError(400, 'request.param.err', { detail: 'senderName must have 1 to 64 characters' });
  const memberIds = input.to === 'all' ? null : [...new Set(input.to.memberIds)];
  if (memberIds && (memberIds.length === 0 || memberIds.length > MAX_RECIPIENTS || !memberIds.every((id) => Number.isSafeInteger(id) && id > 0))) {
    throw new AppError(400, 'message.recipient.invalid');
  }
  return { text, senderName, memberIds };
}

/**
 * sendMessage inside the caller's transaction: the mail exists exactly when what it tells of
 * does (the C2C claim notice, modules/c2c). Same checks and answers as sendMessage.
 */
export async function sendMessageIn(client: pg.PoolClient, input: SendMessageInput): Promise<{ mailId: number; recipients: number | 'all' }> {
  const { text, senderName, memberIds } = checkedMessage(input);
  if (memberIds) {
    const known = await queries.selectRecipients(client, input.merchantId, memberIds);
    if (known.length !== memberIds.length) throw new AppError(400, 'message.recipient.invalid');
  }
  const mailId = await queries.insertMail(client, {
    merchantId: input.merchantId,
    broadcast: memberIds === null,
    ...text,
    senderName,
    canReply: input.canReply,
    nowMs: input.nowMs,
  });
  if (memberIds) await queries.insertDeliveries(client, mailId, memberIds);
  await queries.notifyInboxChanged(client, input.merchantId, memberIds ?? '*');
  return { mailId, recipients: memberIds ? memberIds.length : 'all' };
}

export interface MemberMailListQuery {
  merchantId: number;
  /** One member's mails only. */
  memberId?: number;
  /** Replies to the operator's mails only. */
  repliesOnly?: boolean;
  /** Not yet opened by customer service. */
  unreadOnly?: boolean;
  /** Counts from 1. */
  page?: number;
  /** 1–100, default 20. */
  size?: number;
}

export interface MemberMailRecord {
  id: number;
  memberId: number;
  username: string;
  subject: string;
  content: string;
  sentAtMs: number;
  /** The operator's mail this answers (null: a new mail from the member). */
  replyToMailId: number | null;
  replyToSubject: string | null;
  readAtMs: number | null;
  /** The member removed it from their outbox (customer service keeps it). */
  deletedByMember: boolean;
}

/** The operator's box: what members sent customer service (new mails and replies), newest first. */
export async function listMemberMails(db: Db, query: MemberMailListQuery): Promise<{ list: MemberMailRecord[]; totalPages: number }> {
  const size = Math.min(Math.max(Math.trunc(query.size ?? 20), 1), 100);
  const page = Math.max(Math.trunc(query.page ?? 1), 1);
  const { rows, total } = await queries.selectMemberMails(db, query.merchantId, {
    memberId: query.memberId ?? null,
    repliesOnly: query.repliesOnly ?? false,
    unreadOnly: query.unreadOnly ?? false,
    limit: size,
    offset: (page - 1) * size,
  });
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      memberId: Number(row.member_id),
      username: row.username,
      subject: row.subject,
      content: row.content,
      sentAtMs: row.sent_at.getTime(),
      replyToMailId: row.reply_to_mail_id === null ? null : Number(row.reply_to_mail_id),
      replyToSubject: row.reply_to_subject,
      readAtMs: row.read_at?.getTime() ?? null,
      deletedByMember: row.deleted_at !== null,
    })),
    totalPages: totalPagesOf(total, size),
  };
}

/** Customer service opened these mails of its box; message.not.found (nothing changed) if one is not the merchant's. */
export async function markMemberMailsRead(pool: pg.Pool, merchantId: number, ids: number[], nowMs: number): Promise<void> {
  const unique = [...new Set(ids)];
  await withTransaction(pool, async (client) => {
    if ((await queries.markMemberMailsRead(client, merchantId, unique, nowMs)) !== unique.length) throw new AppError(404, 'message.not.found');
  });
}

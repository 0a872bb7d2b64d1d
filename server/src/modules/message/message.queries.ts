import type { Db } from '../../db/pool';

// SQL of platform messages (migration 022). A member's inbox is their mail_delivery rows plus the
// broadcasts that reach them (sent at or after the member registered; never free-play guests)
// and that they have no delivery row for yet, less what they deleted. Every statement names the
// member AND the merchant: an id of another member's (or merchant's) mail matches nothing.

/** Notifications of a changed inbox: `<merchantId>:<memberId>`, or `<merchantId>:*` for a broadcast. */
export const MAIL_CHANNEL = 'member_mail';

/** Guests (free play) have no inbox. */
const GUEST_MEMBER_TYPE = 4;

/**
 * The member's inbox as a CTE named `inbox` (id, subject, content, sender_name, can_reply,
 * sent_at, read_at, delivered): $1 member, $2 merchant. `delivered`: a delivery row exists.
 */
const INBOX_CTE = `
  me AS (SELECT created_at, member_type FROM member WHERE id = $1 AND merchant_id = $2),
  inbox AS (
    SELECT m.id, m.subject, m.content, m.sender_name, m.can_reply, m.sent_at, d.read_at, true AS delivered
      FROM mail_delivery d JOIN mail m ON m.id = d.mail_id
     WHERE d.member_id = $1 AND m.merchant_id = $2 AND d.deleted_at IS NULL
    UNION ALL
    SELECT m.id, m.subject, m.content, m.sender_name, m.can_reply, m.sent_at, NULL::timestamptz, false
      FROM mail m, me
     WHERE m.merchant_id = $2 AND m.broadcast AND m.sent_at >= me.created_at AND me.member_type <> ${GUEST_MEMBER_TYPE}
       AND NOT EXISTS (SELECT 1 FROM mail_delivery d WHERE d.member_id = $1 AND d.mail_id = m.id)
  )`;

export interface ListFilter {
  startMs: number | null;
  endMs: number | null;
  ascending: boolean;
  limit: number;
  offset: number;
}

export interface InboxRow {
  id: string;
  subject: string;
  content: string;
  sender_name: string;
  can_reply: boolean;
  sent_at: Date;
  read_at: Date | null;
}

const timeRange = (first: number) => `($${first}::timestamptz IS NULL OR sent_at >= $${first}) AND ($${first + 1}::timestamptz IS NULL OR sent_at <= $${first + 1})`;
const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

export async function selectInbox(db: Db, merchantId: number, memberId: number, filter: ListFilter): Promise<{ rows: InboxRow[]; total: number }> {
  const params = [memberId, merchantId, dateOrNull(filter.startMs), dateOrNull(filter.endMs)];
  const order = filter.ascending ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    db.query<InboxRow>(
      `WITH ${INBOX_CTE}
       SELECT id, subject, content, sender_name, can_reply, sent_at, read_at FROM inbox
        WHERE ${timeRange(3)}
        ORDER BY sent_at ${order}, id ${order} LIMIT $5 OFFSET $6`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`WITH ${INBOX_CTE} SELECT count(*)::integer AS total FROM inbox WHERE ${timeRange(3)}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

export async function selectUnreadCount(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ unread: number }>(`WITH ${INBOX_CTE} SELECT count(*)::integer AS unread FROM inbox WHERE read_at IS NULL`, [memberId, merchantId]);
  return result.rows[0].unread;
}

/** One mail of the member's inbox (undefined: not theirs, or deleted). */
export async function selectInboxMail(db: Db, merchantId: number, memberId: number, mailId: number): Promise<InboxRow | undefined> {
  const result = await db.query<InboxRow>(
    `WITH ${INBOX_CTE} SELECT id, subject, content, sender_name, can_reply, sent_at, read_at FROM inbox WHERE id = $3`,
    [memberId, merchantId, mailId],
  );
  return result.rows[0];
}

/**
 * Marks mails of the member's inbox read (`column` read_at) or deleted (deleted_at), writing the
 * delivery row of a broadcast the member had none for. Only mails in the inbox are touched;
 * returns how many (the caller refuses the whole change unless it is every id asked for).
 */
export async function markInboxMails(db: Db, merchantId: number, memberId: number, mailIds: number[], column: 'read_at' | 'deleted_at', nowMs: number): Promise<number> {
  const result = await db.query(
    `WITH ${INBOX_CTE}
     INSERT INTO mail_delivery (mail_id, member_id, ${column})
     SELECT id, $1, $4 FROM inbox WHERE id = ANY($3::bigint[])
     ON CONFLICT (member_id, mail_id) DO UPDATE SET ${column} = COALESCE(mail_delivery.${column}, EXCLUDED.${column})
     RETURNING mail_id`,
    [memberId, merchantId, mailIds, new Date(nowMs)],
  );
  return result.rowCount ?? 0;
}

export interface NewMail {
  merchantId: number;
  broadcast: boolean;
  subject: string;
  content: string;
  senderName: string;
  canReply: boolean;
  nowMs: number;
}

export async function insertMail(db: Db, mail: NewMail): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO mail (merchant_id, broadcast, subject, content, sender_name, can_reply, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [mail.merchantId, mail.broadcast, mail.subject, mail.content, mail.senderName, mail.canReply, new Date(mail.nowMs)],
  );
  return Number(result.rows[0].id);
}

/** Of `memberIds`, the real (not free-play) members of the merchant. */
export async function selectRecipients(db: Db, merchantId: number, memberIds: number[]): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    `SELECT id FROM member WHERE merchant_id = $1 AND id = ANY($2::bigint[]) AND member_type <> ${GUEST_MEMBER_TYPE}`,
    [merchantId, memberIds],
  );
  return result.rows.map((row) => Number(row.id));
}

export async function insertDeliveries(db: Db, mailId: number, memberIds: number[]): Promise<void> {
  await db.query('INSERT INTO mail_delivery (mail_id, member_id) SELECT $1, unnest($2::bigint[])', [mailId, memberIds]);
}

/** Tells every replica's unread streams, on commit: one member's inbox, or '*' every member's of the merchant. */
export async function notifyInboxChanged(db: Db, merchantId: number, memberIds: number[] | '*'): Promise<void> {
  const subjects = memberIds === '*' ? ['*'] : memberIds.map(String);
  await db.query(`SELECT pg_notify('${MAIL_CHANNEL}', $1 || ':' || subject) FROM unnest($2::text[]) AS subject`, [String(merchantId), subjects]);
}

/** Locks the member's row against concurrent sends (the daily limit is counted under it). */
export async function lockMemberForSending(db: Db, merchantId: number, memberId: number): Promise<void> {
  await db.query('SELECT 1 FROM member WHERE id = $1 AND merchant_id = $2 FOR NO KEY UPDATE', [memberId, merchantId]);
}

export async function countSentSince(db: Db, memberId: number, sinceMs: number): Promise<number> {
  const result = await db.query<{ sent: number }>('SELECT count(*)::integer AS sent FROM member_mail WHERE member_id = $1 AND sent_at > $2', [memberId, new Date(sinceMs)]);
  return result.rows[0].sent;
}

export interface NewMemberMail {
  merchantId: number;
  memberId: number;
  replyToMailId: number | null;
  subject: string;
  content: string;
  nowMs: number;
}

export async function insertMemberMail(db: Db, mail: NewMemberMail): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO member_mail (merchant_id, member_id, reply_to_mail_id, subject, content, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [mail.merchantId, mail.memberId, mail.replyToMailId, mail.subject, mail.content, new Date(mail.nowMs)],
  );
  return Number(result.rows[0].id);
}

export interface OutboxRow {
  id: string;
  subject: string;
  content: string;
  sent_at: Date;
  reply_to_mail_id: string | null;
}

export async function selectOutbox(db: Db, merchantId: number, memberId: number, filter: ListFilter): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = `member_id = $1 AND merchant_id = $2 AND deleted_at IS NULL AND ${timeRange(3)}`;
  const params = [memberId, merchantId, dateOrNull(filter.startMs), dateOrNull(filter.endMs)];
  const order = filter.ascending ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    db.query<OutboxRow>(
      `SELECT id, subject, content, sent_at, reply_to_mail_id FROM member_mail WHERE ${where}
        ORDER BY sent_at ${order}, id ${order} LIMIT $5 OFFSET $6`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::integer AS total FROM member_mail WHERE ${where}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

/** Removes mails from the member's outbox; returns how many of `ids` were there. */
export async function deleteOutboxMails(db: Db, merchantId: number, memberId: number, ids: number[], nowMs: number): Promise<number> {
  const result = await db.query(
    'UPDATE member_mail SET deleted_at = $4 WHERE member_id = $1 AND merchant_id = $2 AND id = ANY($3::bigint[]) AND deleted_at IS NULL',
    [memberId, merchantId, ids, new Date(nowMs)],
  );
  return result.rowCount ?? 0;
}

export interface OperatorMailRow {
  id: string;
  member_id: string;
  username: string;
  subject: string;
  content: string;
  sent_at: Date;
  reply_to_mail_id: string | null;
  reply_to_subject: string | null;
  read_at: Date | null;
  deleted_at: Date | null;
}

export interface OperatorMailFilter {
  memberId: number | null;
  repliesOnly: boolean;
  unreadOnly: boolean;
  limit: number;
  offset: number;
}

/** The operator's box: what members of the merchant sent, newest first. */
export async function selectMemberMails(db: Db, merchantId: number, filter: OperatorMailFilter): Promise<{ rows: OperatorMailRow[]; total: number }> {
  const where = `mm.merchant_id = $1 AND ($2::bigint IS NULL OR mm.member_id = $2)
    AND (NOT $3::boolean OR mm.reply_to_mail_id IS NOT NULL) AND (NOT $4::boolean OR mm.read_at IS NULL)`;
  const params = [merchantId, filter.memberId, filter.repliesOnly, filter.unreadOnly];
  const [rows, count] = await Promise.all([
    db.query<OperatorMailRow>(
      `SELECT mm.id, mm.member_id, mb.username, mm.subject, mm.content, mm.sent_at, mm.reply_to_mail_id,
              m.subject AS reply_to_subject, mm.read_at, mm.deleted_at
         FROM member_mail mm JOIN member mb ON mb.id = mm.member_id LEFT JOIN mail m ON m.id = mm.reply_to_mail_id
        WHERE ${where} ORDER BY mm.sent_at DESC, mm.id DESC LIMIT $5 OFFSET $6`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::integer AS total FROM member_mail mm WHERE ${where}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

/** The operator opened mails of their box; returns how many of `ids` belong to the merchant. */
export async function markMemberMailsRead(db: Db, merchantId: number, ids: number[], nowMs: number): Promise<number> {
  const result = await db.query(
    'UPDATE member_mail SET read_at = COALESCE(read_at, $3) WHERE merchant_id = $1 AND id = ANY($2::bigint[])',
    [merchantId, ids, new Date(nowMs)],
  );
  return result.rowCount ?? 0;
}

import type { SupportCategory, SupportContact, SupportState } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of support questions (migration 071_support.sql). Every query names the merchant, and the
// member's own queries the member too: an id of somebody else's question finds nothing.

export interface QuestionRow {
  id: string;
  member_id: string;
  username: string;
  /** The member's language (their messages are written in it). */
  language: string | null;
  category: SupportCategory;
  text: string;
  contact: SupportContact;
  contact_address: string | null;
  state: SupportState;
  answer: string | null;
  answered_by: string | null;
  answered_at: Date | null;
  closed_by: string | null;
  closed_at: Date | null;
  asked_at: Date;
  image_count: number;
  total: string;
}

const QUESTION_COLUMNS = `q.id, q.member_id, m.username, m.language, q.category, q.text, q.contact, q.contact_address, q.state, q.answer,
       q.answered_by, q.answered_at, q.closed_by, q.closed_at, q.asked_at,
       (SELECT count(*)::integer FROM support_question_image i WHERE i.question_id = q.id) AS image_count`;

export interface NewQuestion {
  merchantId: number;
  memberId: number;
  category: SupportCategory;
  text: string;
  contact: SupportContact;
  contactAddress: string | null;
  images: { contentType: string; bytes: Buffer }[];
  nowMs: number;
}

/** The question and its images (call it inside a transaction: all of it or nothing). */
export async function insertQuestion(db: Db, question: NewQuestion): Promise<number> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO support_question (merchant_id, member_id, category, text, contact, contact_address, asked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [question.merchantId, question.memberId, question.category, question.text, question.contact, question.contactAddress, new Date(question.nowMs)],
  );
  const id = Number(inserted.rows[0].id);
  for (const [index, image] of question.images.entries()) {
    await db.query('INSERT INTO support_question_image (question_id, position, content_type, image) VALUES ($1, $2, $3, $4)', [id, index + 1, image.contentType, image.bytes]);
  }
  return id;
}

/** One page of a member's questions, newest first, with the count of all of them. */
export async function selectMemberQuestions(db: Db, merchantId: number, memberId: number, page: { offset: number; limit: number }): Promise<QuestionRow[]> {
  const result = await db.query<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS}, count(*) OVER () AS total
       FROM support_question q JOIN member m ON m.id = q.member_id
      WHERE q.merchant_id = $1 AND q.member_id = $2
      ORDER BY q.asked_at DESC, q.id DESC
      OFFSET $3 LIMIT $4`,
    [merchantId, memberId, page.offset, page.limit],
  );
  return result.rows;
}

/** A question of the merchant (of one member when memberId is given), or undefined. */
export async function selectQuestion(db: Db, merchantId: number, questionId: number, memberId?: number): Promise<QuestionRow | undefined> {
  const result = await db.query<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS}, 1 AS total
       FROM support_question q JOIN member m ON m.id = q.member_id
      WHERE q.merchant_id = $1 AND q.id = $2 AND ($3::bigint IS NULL OR q.member_id = $3)`,
    [merchantId, questionId, memberId ?? null],
  );
  return result.rows[0];
}

/** The question's row, locked until the transaction ends: two operators at once, the second waits and sees the first's outcome. */
export async function lockQuestion(db: Db, merchantId: number, questionId: number): Promise<QuestionRow | undefined> {
  const result = await db.query<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS}, 1 AS total
       FROM support_question q JOIN member m ON m.id = q.member_id
      WHERE q.merchant_id = $1 AND q.id = $2
        FOR UPDATE OF q`,
    [merchantId, questionId],
  );
  return result.rows[0];
}

/** A question's images in order, as data URLs; the member's own only when memberId is given. */
export async function selectImages(db: Db, merchantId: number, questionId: number, memberId?: number): Promise<string[]> {
  const result = await db.query<{ content_type: string; image: Buffer }>(
    `SELECT i.content_type, i.image FROM support_question_image i JOIN support_question q ON q.id = i.question_id
      WHERE q.merchant_id = $1 AND q.id = $2 AND ($3::bigint IS NULL OR q.member_id = $3)
      ORDER BY i.position`,
    [merchantId, questionId, memberId ?? null],
  );
  return result.rows.map((row) => `data:${row.content_type};base64,${row.image.toString('base64')}`);
}

/**
 * One page of the merchant's questions for the operators: the open ones first, oldest first (the
 * queue), then the answered and closed ones, newest first.
 */
export async function selectOperatorQuestions(db: Db, merchantId: number, query: { openOnly: boolean; offset: number; limit: number }): Promise<QuestionRow[]> {
  const result = await db.query<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS}, count(*) OVER () AS total
       FROM support_question q JOIN member m ON m.id = q.member_id
      WHERE q.merchant_id = $1 AND ($2::boolean IS FALSE OR q.state = 'open')
      ORDER BY (q.state = 'open') DESC,
               CASE WHEN q.state = 'open' THEN q.asked_at END ASC,
               q.asked_at DESC, q.id DESC
      OFFSET $3 LIMIT $4`,
    [merchantId, query.openOnly, query.offset, query.limit],
  );
  return result.rows;
}

export async function markAnswered(db: Db, questionId: number, answer: { text: string; by: string; mailId: number; nowMs: number }): Promise<void> {
  await db.query(
    `UPDATE support_question SET state = 'answered', answer = $2, answered_by = $3, answered_at = $4, answer_mail_id = $5 WHERE id = $1`,
    [questionId, answer.text, answer.by, new Date(answer.nowMs), answer.mailId],
  );
}

export async function markClosed(db: Db, questionId: number, closed: { by: string; nowMs: number }): Promise<void> {
  await db.query(`UPDATE support_question SET state = 'closed', closed_by = $2, closed_at = $3 WHERE id = $1`, [questionId, closed.by, new Date(closed.nowMs)]);
}

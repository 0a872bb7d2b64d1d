import { GUEST_MEMBER_TYPE } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of customer service's member actions (member-care.service.ts): the member acted on, and
// staff notes. Every query is kept to the operator's merchant.

export interface CaredMember {
  id: number;
  username: string;
  mobile_e164: string | null;
  password_changed_at: Date | null;
}

/**
 * A real member (or agent) of the merchant by name, any case; free-play guests are not. `lock`:
 * the row is held until the transaction ends, so two resets of one member run one after the other.
 */
export async function selectCaredMember(db: Db, merchantId: number, username: string, lock = false): Promise<CaredMember | undefined> {
  const result = await db.query<CaredMember>(
    `SELECT id::float8 AS id, username, mobile_e164, password_changed_at FROM member
      WHERE merchant_id = $1 AND lower(username) = lower($2) AND member_type <> $3${lock ? ' FOR UPDATE' : ''}`,
    [merchantId, username, GUEST_MEMBER_TYPE],
  );
  return result.rows[0];
}

export interface NoteRow {
  id: number;
  text: string;
  operator: string;
  created_at: Date;
}

export async function insertNote(db: Db, input: { merchantId: number; memberId: number; operatorId: number; text: string; nowMs: number }): Promise<NoteRow> {
  const result = await db.query<NoteRow>(
    `WITH added AS (
       INSERT INTO member_note (merchant_id, member_id, operator_id, text, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, operator_id, text, created_at
     )
     SELECT added.id::float8 AS id, added.text, o.username AS operator, added.created_at FROM added JOIN operator o ON o.id = added.operator_id`,
    [input.merchantId, input.memberId, input.operatorId, input.text, new Date(input.nowMs)],
  );
  return result.rows[0];
}

/** A member's notes, newest first (the later of two written in the same millisecond first). */
export async function selectNotes(db: Db, merchantId: number, memberId: number, limit: number): Promise<NoteRow[]> {
  const result = await db.query<NoteRow>(
    `SELECT n.id::float8 AS id, n.text, o.username AS operator, n.created_at
       FROM member_note n JOIN operator o ON o.id = n.operator_id
      WHERE n.merchant_id = $1 AND n.member_id = $2
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $3`,
    [merchantId, memberId, limit],
  );
  return result.rows;
}

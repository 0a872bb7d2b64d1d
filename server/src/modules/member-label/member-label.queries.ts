import { GUEST_MEMBER_TYPE } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of member labels (migration 066). Every query is scoped by merchant.

export interface MemberLabel {
  id: number;
  name: string;
  shown: boolean;
  textColor: string;
  backgroundColor: string;
  /** How many members carry it. */
  members: number;
}

interface RawLabel { id: number; name: string; shown: boolean; text_color: string; background_color: string; members: number }
const labelOf = (row: RawLabel): MemberLabel => ({
  id: row.id, name: row.name, shown: row.shown, textColor: row.text_color, backgroundColor: row.background_color, members: row.members,
});
const LABEL_SELECT = `SELECT l.id, l.name, l.shown, l.text_color, l.background_color,
        (SELECT count(*)::int FROM member_label_member m WHERE m.label_id = l.id) AS members
   FROM member_label l`;

export async function selectLabels(db: Db, merchantId: number): Promise<MemberLabel[]> {
  const result = await db.query<RawLabel>(`${LABEL_SELECT} WHERE l.merchant_id = $1 ORDER BY l.name`, [merchantId]);
  return result.rows.map(labelOf);
}

export async function selectLabel(db: Db, merchantId: number, labelId: number): Promise<MemberLabel | undefined> {
  const result = await db.query<RawLabel>(`${LABEL_SELECT} WHERE l.merchant_id = $1 AND l.id = $2`, [merchantId, labelId]);
  return result.rows[0] && labelOf(result.rows[0]);
}

/** The labels a member carries, by name. */
export async function selectMemberLabels(db: Db, merchantId: number, memberId: number): Promise<MemberLabel[]> {
  const result = await db.query<RawLabel>(
    `${LABEL_SELECT} JOIN member_label_member lm ON lm.label_id = l.id WHERE l.merchant_id = $1 AND lm.member_id = $2 ORDER BY l.name`,
    [merchantId, memberId],
  );
  return result.rows.map(labelOf);
}

/** The ids of the labels named (names compare as written); those not found are left out. */
export async function selectLabelIds(db: Db, merchantId: number, names: readonly string[]): Promise<Map<string, number>> {
  const result = await db.query<{ id: number; name: string }>('SELECT id, name FROM member_label WHERE merchant_id = $1 AND name = ANY($2::text[])', [merchantId, names]);
  return new Map(result.rows.map((row) => [row.name, row.id]));
}

export async function selectLabelNames(db: Db, merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const result = await db.query<{ id: number; name: string }>('SELECT id, name FROM member_label WHERE merchant_id = $1 AND id = ANY($2::int[])', [merchantId, ids]);
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

export interface LabelWrite { name?: string; shown?: boolean; textColor?: string; backgroundColor?: string }

/** A new label; undefined when the merchant has one of that name. */
export async function insertLabel(db: Db, merchantId: number, label: LabelWrite & { name: string }, nowMs: number): Promise<number | undefined> {
  const result = await db.query<{ id: number }>(
    `INSERT INTO member_label (merchant_id, name, shown, text_color, background_color, created_at)
     VALUES ($1, $2, coalesce($3, false), coalesce($4, '#ffffff'), coalesce($5, '#5b6b7f'), $6)
     ON CONFLICT (merchant_id, name) DO NOTHING RETURNING id`,
    [merchantId, label.name, label.shown ?? null, label.textColor ?? null, label.backgroundColor ?? null, new Date(nowMs)],
  );
  return result.rows[0]?.id;
}

/** Changes the fields given; false when the label is not the merchant's. */
export async function updateLabel(db: Db, merchantId: number, labelId: number, label: LabelWrite): Promise<boolean> {
  const result = await db.query(
    `UPDATE member_label SET name = coalesce($3, name), shown = coalesce($4, shown),
            text_color = coalesce($5, text_color), background_color = coalesce($6, background_color)
      WHERE merchant_id = $1 AND id = $2`,
    [merchantId, labelId, label.name ?? null, label.shown ?? null, label.textColor ?? null, label.backgroundColor ?? null],
  );
  return result.rowCount === 1;
}

/** The merchant's real members (no guests) by username, as written in any case. */
export async function selectMemberIds(db: Db, merchantId: number, usernames: readonly string[]): Promise<Map<string, number>> {
  const result = await db.query<{ id: string; username: string }>(
    'SELECT id, lower(username) AS username FROM member WHERE merchant_id = $1 AND lower(username) = ANY($2::text[]) AND member_type <> $3',
    [merchantId, usernames.map((username) => username.toLowerCase()), GUEST_MEMBER_TYPE],
  );
  return new Map(result.rows.map((row) => [row.username, Number(row.id)]));
}

/** Which of these members carry the label. */
export async function selectCarriers(db: Db, labelId: number, memberIds: readonly number[]): Promise<Set<number>> {
  const result = await db.query<{ member_id: string }>('SELECT member_id FROM member_label_member WHERE label_id = $1 AND member_id = ANY($2::bigint[])', [labelId, memberIds]);
  return new Set(result.rows.map((row) => Number(row.member_id)));
}

/** Puts the label on the member; false when it was there already. */
export async function addMember(db: Db, labelId: number, memberId: number, addedBy: string, nowMs: number): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO member_label_member (label_id, member_id, added_at, added_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [labelId, memberId, new Date(nowMs), addedBy],
  );
  return result.rowCount === 1;
}

/** Takes the label off the member; false when it was not there. */
export async function removeMember(db: Db, labelId: number, memberId: number): Promise<boolean> {
  const result = await db.query('DELETE FROM member_label_member WHERE label_id = $1 AND member_id = $2', [labelId, memberId]);
  return result.rowCount === 1;
}

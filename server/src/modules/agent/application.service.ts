import { isAgentMemberType, type AffiliateApplication, type AgentAnnouncement } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { sanitizeHtml } from '../content';

// The affiliate application and agent announcements (the legacy page agentAnnouncement).
// A player applies (one application awaiting an answer at a time: affiliate_application_pending);
// an operator approves — the player becomes an agent (member_type 1) in the same transaction — or
// rejects it with an answer. Announcements for agents are the merchant's type AG announcements.

interface ApplicationRow {
  id: string;
  contact: string;
  message: string;
  state: AffiliateApplication['state'];
  answer: string;
  createdAt: Date;
  decidedAt: Date | null;
}

const APPLICATION_COLUMNS = `id, contact, message, state, answer, created_at AS "createdAt", decided_at AS "decidedAt"`;

const applicationOf = (row: ApplicationRow): AffiliateApplication => ({
  applicationId: Number(row.id),
  contact: row.contact,
  message: row.message,
  state: row.state,
  answer: row.answer,
  createdTime: row.createdAt.getTime(),
  decidedTime: row.decidedAt?.getTime() ?? null,
});

/** Control characters out, outer spaces off (the texts are shown to operators as plain text). */
const plain = (text: string) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();

export async function applyForAgency(
  db: Db,
  member: { merchantId: number; id: number; memberType: number },
  input: { contact: string; message: string },
  nowMs: number,
): Promise<AffiliateApplication> {
  if (isAgentMemberType(member.memberType)) throw new AppError(400, 'agent.application.invalid');
  const contact = plain(input.contact);
  if (!contact) throw new AppError(400, 'request.param.err', { detail: 'contact' });
  try {
    const inserted = await db.query<ApplicationRow>(
      `INSERT INTO affiliate_application (merchant_id, member_id, contact, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${APPLICATION_COLUMNS}`,
      [member.merchantId, member.id, contact, plain(input.message), new Date(nowMs)],
    );
    return applicationOf(inserted.rows[0]);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError(409, 'agent.application.exists');
    throw error;
  }
}

export async function latestApplication(db: Db, member: { merchantId: number; id: number }): Promise<AffiliateApplication | null> {
  const result = await db.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM affiliate_application WHERE member_id = $1 AND merchant_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [member.id, member.merchantId],
  );
  return result.rows[0] ? applicationOf(result.rows[0]) : null;
}

export interface ApplicationForOperator extends AffiliateApplication {
  username: string;
}

export async function listApplications(db: Db, merchantId: number, state: AffiliateApplication['state'] | undefined, limit: number): Promise<ApplicationForOperator[]> {
  const result = await db.query<ApplicationRow & { username: string }>(
    `SELECT a.id, a.contact, a.message, a.state, a.answer, a.created_at AS "createdAt", a.decided_at AS "decidedAt", m.username
       FROM affiliate_application a JOIN member m ON m.id = a.member_id
      WHERE a.merchant_id = $1 AND ($2::text IS NULL OR a.state = $2) ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
    [merchantId, state ?? null, limit],
  );
  return result.rows.map((row) => ({ ...applicationOf(row), username: row.username }));
}

/** One of the merchant's applications as the operators see it (null: none with this id). */
export async function applicationForOperator(db: Db, merchantId: number, applicationId: number): Promise<ApplicationForOperator | null> {
  const result = await db.query<ApplicationRow & { username: string }>(
    `SELECT a.id, a.contact, a.message, a.state, a.answer, a.created_at AS "createdAt", a.decided_at AS "decidedAt", m.username
       FROM affiliate_application a JOIN member m ON m.id = a.member_id WHERE a.merchant_id = $1 AND a.id = $2`,
    [merchantId, applicationId],
  );
  return result.rows[0] ? { ...applicationOf(result.rows[0]), username: result.rows[0].username } : null;
}

/** An operator's decision on a pending application; approving makes the player an agent. 404 when none pending. */
export async function decideApplication(
  pool: pg.Pool,
  input: { merchantId: number; applicationId: number; approve: boolean; answer: string; operator: string; nowMs: number },
): Promise<AffiliateApplication> {
  return withTransaction(pool, async (client) => {
    const decided = await client.query<ApplicationRow & { memberId: string }>(
      `UPDATE affiliate_application SET state = $3, answer = $4, decided_at = $5, decided_by = $6
        WHERE id = $1 AND merchant_id = $2 AND state = 'pending' RETURNING ${APPLICATION_COLUMNS}, member_id AS "memberId"`,
      [input.applicationId, input.merchantId, input.approve ? 'approved' : 'rejected', plain(input.answer), new Date(input.nowMs), input.operator],
    );
    const row = decided.rows[0];
    if (!row) throw new AppError(404, 'not.found', { detail: 'no pending application with this id' });
    if (input.approve) await client.query('UPDATE member SET member_type = 1 WHERE id = $1 AND member_type = 0', [row.memberId]);
    return applicationOf(row);
  });
}

/** The merchant's announcements for agents (type AG), enabled and not expired, newest first. */
export async function agentAnnouncements(db: Db, merchantId: number, page: number, size: number, nowMs: number): Promise<{ list: AgentAnnouncement[]; totalPages: number }> {
  const where = "merchant_id = $1 AND type = 'AG' AND enabled AND published_at <= $2 AND (expires_at IS NULL OR expires_at > $2)";
  const [rows, count] = await Promise.all([
    db.query<{ id: number; title: string; content: string; publishedAt: Date }>(
      `SELECT id, title, content, published_at AS "publishedAt" FROM announcement WHERE ${where} ORDER BY published_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [merchantId, new Date(nowMs), size, (page - 1) * size],
    ),
    db.query<{ count: string }>(`SELECT count(*) AS count FROM announcement WHERE ${where}`, [merchantId, new Date(nowMs)]),
  ]);
  return {
    list: rows.rows.map((row) => ({ id: row.id, title: row.title, content: sanitizeHtml(row.content), createTime: row.publishedAt.getTime() })),
    totalPages: Math.ceil(Number(count.rows[0].count) / size),
  };
}

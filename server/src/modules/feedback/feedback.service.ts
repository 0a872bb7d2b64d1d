import type { FeedbackRequest } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { verifyCaptcha } from '../captcha';
import { addressSubject, reserveAttempts, tooManyRequests } from '../rate-limit';
import * as queries from './feedback.queries';

// Feedback from visitors and members (PUT /wps/feedback), and the operators' view of it. The
// route is open to anybody, so every sending is paid for: it counts against its client address
// (FEEDBACK_PER_ADDRESS_PER_HOUR, then 429 for an hour) before anything else, and it must answer
// an image captcha (single use) before anything is stored.

export const FEEDBACK_PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export interface FeedbackSender {
  merchantId: number;
  /** The member whose live session sent it; null for a visitor. */
  memberId: number | null;
  clientIp: string;
  nowMs: number;
}

export async function submitFeedback(db: Db, sender: FeedbackSender, request: FeedbackRequest): Promise<{ feedbackId: number }> {
  const { merchantId, nowMs } = sender;
  const reservation = await reserveAttempts(
    db,
    merchantId,
    [{ key: { scope: 'feedback.ip', subject: addressSubject(sender.clientIp) }, rule: { maxFailures: FEEDBACK_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS, lockMs: HOUR_MS } }],
    nowMs,
  );
  if (!reservation.allowed) throw tooManyRequests(HOUR_MS / 60_000, reservation.lockedUntilMs);

  const captcha = request.captcha.trim();
  if (captcha === '') throw new AppError(400, 'captcha.required', {}, { field: 'captcha', captcha: true });
  if (!(await verifyCaptcha(db, merchantId, request.captchaId, captcha, nowMs))) {
    throw new AppError(400, 'captcha.err', {}, { field: 'captcha', captcha: true });
  }

  const content = request.content.trim();
  if (content === '') throw new AppError(400, 'request.param.err', { detail: 'content is empty' }, { field: 'content' });
  const contact = request.sender?.trim() ?? '';
  const feedbackId = await queries.insertFeedback(db, {
    merchantId,
    memberId: sender.memberId,
    type: request.type,
    content,
    sender: contact === '' ? null : contact,
    clientIp: sender.clientIp,
    nowMs,
  });
  return { feedbackId };
}

export interface FeedbackRecord {
  id: number;
  type: string;
  content: string;
  sender: string | null;
  /** The member who sent it; null for a visitor. */
  username: string | null;
  clientIp: string | null;
  createdAtMs: number;
  readAtMs: number | null;
}

export async function listFeedback(
  db: Db,
  query: { merchantId: number; unreadOnly: boolean; page: number; size: number },
): Promise<{ list: FeedbackRecord[]; totalPages: number }> {
  const rows = await queries.selectFeedbackPage(db, { merchantId: query.merchantId, unreadOnly: query.unreadOnly, offset: (query.page - 1) * query.size, limit: query.size });
  const total = rows.length ? Number(rows[0].total) : 0;
  return {
    totalPages: Math.max(1, Math.ceil(total / query.size)),
    list: rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      content: row.content,
      sender: row.sender,
      username: row.username,
      clientIp: row.client_ip,
      createdAtMs: row.created_at.getTime(),
      readAtMs: row.read_at?.getTime() ?? null,
    })),
  };
}

/** Marks feedback read; 404 when one of the ids is not this merchant's (nothing is marked then). */
export async function markRead(db: Db, merchantId: number, ids: number[], nowMs: number): Promise<void> {
  const unique = [...new Set(ids)];
  const found = new Set(await queries.markFeedbackRead(db, merchantId, unique, nowMs));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw new AppError(404, 'not.found', { detail: missing.join(', ') });
}

import {
  SUPPORT_TEXT_MIN_LENGTH,
  type SupportCategory,
  type SupportContact,
  type SupportContacts,
  type SupportQuestion,
  type SupportQuestionRequest,
  type SupportQuestions,
  type SupportState,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { decodeReceiptImage } from '../deposit';
import type { Member } from '../identity';
import { maskEmail, maskMobile } from '../member';
import { sendMessageIn } from '../message';
import { messageLanguage } from '../notification';
import { reserveAttempts, tooManyRequests } from '../rate-limit';
import { ANSWER_SENDER, ANSWER_SUBJECT } from './support.notices';
import * as queries from './support.queries';

// Support questions (server/README.md, "Support questions"). Decisions, and why:
// - Everything a question carries is checked before anything is written (its length, each
//   image's bytes, the way of contact), and only then is it counted against the member's limit
//   and stored, in one transaction with its images: a refused question leaves no row, and a
//   member who fixes a mistake has not used up a question for it.
// - Questions are counted per member (SUPPORT_QUESTIONS_PER_HOUR, then 429 for an hour) with the
//   rate-limit module's race-safe counter: several sent at once cannot pass the limit together.
// - The way of contact names the account's own e-mail address or mobile number, copied from the
//   member's row when the question is asked, never an address from the request, so nobody can
//   have customer service write to a third party through it.
// - An answer is sent into the member's platform messages in the transaction that records it
//   (the message module's sendMessageIn, as operators' mails are sent): the question shows
//   answered exactly when the mail is in the inbox. A question is answered once; closing is final.

export const SUPPORT_QUESTIONS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const IMAGE_CODES = { invalid: 'support.image.invalid', tooLarge: 'support.image.too.large' } as const;

const characters = (text: string): number => [...text].length;

export interface Asker {
  merchantId: number;
  member: Member;
  nowMs: number;
}

/** The account's own address for a way of contact (null for platform messages), or 400 support.contact.missing. */
function contactAddressOf(member: Member, contact: SupportContact): string | null {
  if (contact === 'message') return null;
  const address = contact === 'email' ? member.email?.trim() : member.mobileE164;
  if (!address) throw new AppError(400, 'support.contact.missing', {}, { field: 'contact' });
  return address;
}

/** The account's contact details as the member may see them (masked); null where there are none. */
export function contactsOf(member: Member): SupportContacts {
  return { email: member.email?.trim() ? maskEmail(member.email.trim()) : null, phone: maskMobile(member.countryDialingCode, member.mobile) };
}

/** A member's new question, stored with its images; refused whole, with nothing stored. */
export async function askQuestion(pool: pg.Pool, asker: Asker, request: SupportQuestionRequest): Promise<SupportQuestion> {
  const text = request.text.trim();
  if (characters(text) < SUPPORT_TEXT_MIN_LENGTH) {
    throw new AppError(400, 'support.text.too.short', { min: String(SUPPORT_TEXT_MIN_LENGTH) }, { field: 'text', min: SUPPORT_TEXT_MIN_LENGTH });
  }
  // Decoded (and refused by their bytes, whatever the data URL declares) before anything is written.
  const images = request.images.map((image) => decodeReceiptImage(image, IMAGE_CODES));
  const contactAddress = contactAddressOf(asker.member, request.contact);

  const reservation = await reserveAttempts(
    pool,
    asker.merchantId,
    [{ key: { scope: 'support.member', subject: String(asker.member.id) }, rule: { maxFailures: SUPPORT_QUESTIONS_PER_HOUR, windowMs: HOUR_MS, lockMs: HOUR_MS } }],
    asker.nowMs,
  );
  if (!reservation.allowed) throw tooManyRequests(HOUR_MS / 60_000, reservation.lockedUntilMs);

  const questionId = await withTransaction(pool, (client) =>
    queries.insertQuestion(client, {
      merchantId: asker.merchantId,
      memberId: asker.member.id,
      category: request.category,
      text,
      contact: request.contact,
      contactAddress,
      images,
      nowMs: asker.nowMs,
    }),
  );
  return memberView((await queries.selectQuestion(pool, asker.merchantId, questionId, asker.member.id))!);
}

function memberView(row: queries.QuestionRow): SupportQuestion {
  return {
    questionId: Number(row.id),
    category: row.category,
    text: row.text,
    contact: row.contact,
    imageCount: row.image_count,
    state: row.state,
    answer: row.answer,
    askedAt: row.asked_at.getTime(),
    answeredAt: row.answered_at?.getTime() ?? null,
    closedAt: row.closed_at?.getTime() ?? null,
  };
}

/** A member's questions, newest first, with the contact details the form may offer. */
export async function memberQuestions(db: Db, asker: Omit<Asker, 'nowMs'>, page: { page: number; size: number }): Promise<SupportQuestions> {
  const rows = await queries.selectMemberQuestions(db, asker.merchantId, asker.member.id, { offset: (page.page - 1) * page.size, limit: page.size });
  const total = rows.length ? Number(rows[0].total) : 0;
  return { list: rows.map(memberView), totalPages: Math.ceil(total / page.size), contacts: contactsOf(asker.member) };
}

/** The images of one of the member's own questions; 404 support.question.not.found for anybody else's. */
export async function memberQuestionImages(db: Db, merchantId: number, memberId: number, questionId: number): Promise<string[]> {
  if (!(await queries.selectQuestion(db, merchantId, questionId, memberId))) throw new AppError(404, 'support.question.not.found');
  return queries.selectImages(db, merchantId, questionId, memberId);
}

// --- The operators' side (support.operator-routes.ts) ---

export interface OperatorQuestion {
  id: number;
  username: string;
  category: SupportCategory;
  text: string;
  contact: SupportContact;
  /** The account's own e-mail address or mobile number (E.164) when asked; null for platform messages. */
  contactAddress: string | null;
  imageCount: number;
  state: SupportState;
  answer: string | null;
  answeredBy: string | null;
  answeredAtMs: number | null;
  closedBy: string | null;
  closedAtMs: number | null;
  askedAtMs: number;
}

function operatorView(row: queries.QuestionRow): OperatorQuestion {
  return {
    id: Number(row.id),
    username: row.username,
    category: row.category,
    text: row.text,
    contact: row.contact,
    contactAddress: row.contact_address,
    imageCount: row.image_count,
    state: row.state,
    answer: row.answer,
    answeredBy: row.answered_by,
    answeredAtMs: row.answered_at?.getTime() ?? null,
    closedBy: row.closed_by,
    closedAtMs: row.closed_at?.getTime() ?? null,
    askedAtMs: row.asked_at.getTime(),
  };
}

export async function operatorQuestions(
  db: Db,
  query: { merchantId: number; openOnly: boolean; page: number; size: number },
): Promise<{ list: OperatorQuestion[]; totalPages: number }> {
  const rows = await queries.selectOperatorQuestions(db, query.merchantId, { openOnly: query.openOnly, offset: (query.page - 1) * query.size, limit: query.size });
  const total = rows.length ? Number(rows[0].total) : 0;
  return { list: rows.map(operatorView), totalPages: Math.max(1, Math.ceil(total / query.size)) };
}

/** One question with its images (data URLs); 404 support.question.not.found when it is not the merchant's. */
export async function operatorQuestion(db: Db, merchantId: number, questionId: number): Promise<OperatorQuestion & { images: string[] }> {
  const row = await queries.selectQuestion(db, merchantId, questionId);
  if (!row) throw new AppError(404, 'support.question.not.found');
  return { ...operatorView(row), images: await queries.selectImages(db, merchantId, questionId) };
}

/** A question's state as an operator's answer or close records it (null: none of the merchant's): not its text, contact or images. */
export async function questionState(db: Db, merchantId: number, questionId: number) {
  const row = await queries.selectQuestion(db, merchantId, questionId);
  return row ? stateOf(operatorView(row)) : null;
}

/** The fields of a question an answer or a close changes. */
export const stateOf = (question: OperatorQuestion) => ({
  id: question.id, username: question.username, state: question.state, answer: question.answer, answeredBy: question.answeredBy, closedBy: question.closedBy,
});

export interface OperatorDecision {
  merchantId: number;
  /** The operator, as the question records who answered or closed it. */
  by: string;
  nowMs: number;
}

/**
 * Answers an open question: the answer is recorded and sent to the member's platform messages in
 * one transaction. 409 support.question.not.open once it was answered or closed (no second mail).
 */
export async function answerQuestion(pool: pg.Pool, decision: OperatorDecision, questionId: number, answer: string): Promise<OperatorQuestion & { mailId: number }> {
  const text = answer.trim();
  if (text === '') throw new AppError(400, 'request.param.err', { detail: 'the answer is empty' }, { field: 'text' });
  return withTransaction(pool, async (client) => {
    const question = await queries.lockQuestion(client, decision.merchantId, questionId);
    if (!question) throw new AppError(404, 'support.question.not.found');
    if (question.state !== 'open') throw new AppError(409, 'support.question.not.open', {}, { state: question.state });
    const language = await messageLanguage(client, decision.merchantId, undefined, question.language);
    const { mailId } = await sendMessageIn(client, {
      merchantId: decision.merchantId,
      to: { memberIds: [Number(question.member_id)] },
      subject: ANSWER_SUBJECT[language].replace('{id}', question.id),
      content: text,
      // Follow-ups are new questions, so each is answered and tracked on the page it was asked from.
      canReply: false,
      senderName: ANSWER_SENDER,
      nowMs: decision.nowMs,
    });
    await queries.markAnswered(client, questionId, { text, by: decision.by, mailId, nowMs: decision.nowMs });
    return { ...operatorView((await queries.selectQuestion(client, decision.merchantId, questionId))!), mailId };
  });
}

/** Closes a question (answered or not). Closing a closed one changes nothing and says so. */
export async function closeQuestion(pool: pg.Pool, decision: OperatorDecision, questionId: number): Promise<OperatorQuestion & { changed: boolean }> {
  return withTransaction(pool, async (client) => {
    const question = await queries.lockQuestion(client, decision.merchantId, questionId);
    if (!question) throw new AppError(404, 'support.question.not.found');
    if (question.state === 'closed') return { ...operatorView(question), changed: false };
    await queries.markClosed(client, questionId, { by: decision.by, nowMs: decision.nowMs });
    return { ...operatorView((await queries.selectQuestion(client, decision.merchantId, questionId))!), changed: true };
  });
}

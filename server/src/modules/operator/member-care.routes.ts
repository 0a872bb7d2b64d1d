import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import { addMemberNote, memberNotes, NOTES_SHOWN, resetMemberPassword } from './member-care.service';
import type { NoteRow } from './member-care.queries';
import { audited, auditedChange } from './operator.service';

// Customer service's member actions, beside the player lookup (members.routes.ts): a temporary
// password and staff notes (never shown to the member). Removing a lost second factor is the
// two-factor module's operator route (two-factor.operator-routes.ts). Who may call each:
// operator-roles.ts. Each change is audited once with before and after; the temporary password
// never reaches the trail.

export interface MemberCareRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

export const NOTE_MAX_LENGTH = 1000;

const usernameParams: JsonSchema = { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } };
const reasonBody: JsonSchema = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: { type: 'string', minLength: 1, maxLength: 500, description: 'Why (how the member was identified): kept in the audit trail' } },
};
const noteSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'text', 'operator', 'createdAt'],
  properties: { id: { type: 'integer' }, text: { type: 'string' }, operator: { type: 'string', description: 'who wrote it' }, createdAt: { type: 'integer', description: 'epoch ms' } },
};

const noteOf = (row: NoteRow) => ({ id: row.id, text: row.text, operator: row.operator, createdAt: row.created_at.getTime() });

/** A reason or note with only blanks says nothing: refused like a missing one. */
function requireText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new AppError(400, 'request.param.err', { detail: `${field}: must not be blank` });
  return trimmed;
}

export async function memberCareRoutes(app: FastifyInstance, { db, clock = systemClock }: MemberCareRoutesOptions): Promise<void> {
  app.post<{ Params: { username: string }; Body: { reason: string } }>('/members/:username/password-reset', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Replace a member's password with a temporary one",
      description:
        'Answers the temporary password, this once (it is stored only hashed and never audited). At the next password login the member must choose a new one before anything else. Every session of the member ends and their failed logins are forgotten. Audited (member.password_reset) with when the password changed. 404 operator.member.not.found for no such member of the merchant.',
      headers: bearerHeader,
      params: usernameParams,
      body: reasonBody,
      value: { type: 'object', required: ['temporaryPassword', 'sessionsEnded'], properties: { temporaryPassword: { type: 'string' }, sessionsEnded: { type: 'integer' } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const reason = requireText(request.body.reason, 'reason');
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'member.password_reset', targetType: 'member', targetId: request.params.username, asked: { reason } },
      async () => {
        const reset = await resetMemberPassword(db, { merchantId, username: request.params.username, nowMs: clock() });
        return { before: reset.before, after: reset.after, value: ok({ temporaryPassword: reset.temporaryPassword, sessionsEnded: reset.after.sessionsEnded }) };
      },
    );
  });

  app.get<{ Params: { username: string } }>('/members/:username/notes', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Staff notes on a member, newest first",
      description: `The last ${NOTES_SHOWN}. Back office only: no member route shows them. Audited (member_note.view). 404 operator.member.not.found for no such member of the merchant.`,
      headers: bearerHeader,
      params: usernameParams,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: noteSchema } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return audited(auditContextOf(request, db, clock), { action: 'member_note.view', targetType: 'member', targetId: request.params.username }, async () => {
      const rows = await memberNotes(db, merchantId, request.params.username);
      return ok({ list: rows.map(noteOf) });
    });
  });

  app.post<{ Params: { username: string }; Body: { text: string } }>('/members/:username/notes', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Add a staff note on a member',
      description: `At most ${NOTE_MAX_LENGTH} characters; notes are never edited. Audited (member_note.add): before null, after the note.`,
      headers: bearerHeader,
      params: usernameParams,
      body: { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string', minLength: 1, maxLength: NOTE_MAX_LENGTH } } },
      value: noteSchema,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const text = requireText(request.body.text, 'text');
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'member_note.add', targetType: 'member', targetId: request.params.username },
      async () => {
        const note = noteOf(await addMemberNote(db, { merchantId: operator.merchantId, operatorId: operator.id, username: request.params.username, text, nowMs: clock() }));
        return { before: null, after: note, value: ok(note) };
      },
    );
  });
}

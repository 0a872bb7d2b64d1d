import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { setTemporaryMemberPassword } from '../identity';
import { clearLoginFailures, endOtherSessions } from '../session';
import * as queries from './member-care.queries';

// Customer service's member actions (member-care.routes.ts): a temporary password for a member
// who cannot get in, and staff notes. Removing a lost second factor is the two-factor module's
// (two-factor.operator-routes.ts): it depends on the operator module, not the other way round.
//
// Decisions, and why:
// - The temporary password is made here, answered once to the operator and stored only as the
//   identity module's hash; the audit trail records when the password changed, never the
//   password. The member must choose their own at the next password login (firstTimeLogin), so
//   the one the operator saw stops working as soon as the member has used it once.
// - The reset ends every session of the member (whoever held one no longer does) and forgets the
//   account's failed logins (customer service checked who is asking; a lock from the attempts
//   that led them to call must not keep them out).
// - It is one transaction with the member's row locked: done whole or not at all.

export const NOTES_SHOWN = 100;

/** Characters of a temporary password: none that read alike (0/O, 1/l/I), so it can be read out. */
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const TEMPORARY_PASSWORD_LENGTH = 12;

const pick = (characters: string): string => characters[randomInt(characters.length)];

/**
 * A random temporary password (about 70 bits): a lower-case letter, a capital and a digit at
 * least, so the merchants' usual password patterns accept it.
 */
export function temporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const characters = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (characters.length < TEMPORARY_PASSWORD_LENGTH) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}

async function caredMember(db: Db, merchantId: number, username: string, lock = false): Promise<queries.CaredMember> {
  const member = await queries.selectCaredMember(db, merchantId, username, lock);
  if (!member) throw new AppError(404, 'operator.member.not.found');
  return member;
}

async function forgetFailedLogins(db: Db, merchantId: number, member: queries.CaredMember): Promise<void> {
  await clearLoginFailures(db, merchantId, member.username);
  if (member.mobile_e164) await clearLoginFailures(db, merchantId, member.mobile_e164);
}

export interface PasswordReset {
  before: { passwordChangedAt: number | null };
  after: { passwordChangedAt: number; mustChangePassword: true; sessionsEnded: number };
  temporaryPassword: string;
}

/** Replaces the member's password with a temporary one and ends their sessions. */
export async function resetMemberPassword(pool: pg.Pool, input: { merchantId: number; username: string; nowMs: number }): Promise<PasswordReset> {
  const password = temporaryPassword();
  return withTransaction(pool, async (client) => {
    const member = await caredMember(client, input.merchantId, input.username, true);
    await setTemporaryMemberPassword(client, input.merchantId, member.id, password, input.nowMs);
    const sessionsEnded = await endOtherSessions(client, member.id, null, input.nowMs, 'operator_password_reset');
    await forgetFailedLogins(client, input.merchantId, member);
    return {
      before: { passwordChangedAt: member.password_changed_at?.getTime() ?? null },
      after: { passwordChangedAt: input.nowMs, mustChangePassword: true, sessionsEnded },
      temporaryPassword: password,
    };
  });
}

export async function memberNotes(db: Db, merchantId: number, username: string): Promise<queries.NoteRow[]> {
  const member = await caredMember(db, merchantId, username);
  return queries.selectNotes(db, merchantId, member.id, NOTES_SHOWN);
}

export async function addMemberNote(db: Db, input: { merchantId: number; operatorId: number; username: string; text: string; nowMs: number }): Promise<queries.NoteRow> {
  const member = await caredMember(db, input.merchantId, input.username);
  return queries.insertNote(db, { merchantId: input.merchantId, memberId: member.id, operatorId: input.operatorId, text: input.text, nowMs: input.nowMs });
}

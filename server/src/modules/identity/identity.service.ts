import { GUEST_MEMBER_TYPE, isAgentMemberType } from '@platform/contract';
import type { Db } from '../../db/pool';
import { durationsOf, readAccountSettings } from '../merchant';
import * as queries from './identity.queries';
import type { Member } from './identity.queries';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hash';

// Members as other modules use them: look-ups, password checks and changes. Registration,
// member info and the affiliate check build on these (registration.service.ts, member.routes.ts).

export type { Member, MemberType } from './identity.queries';
export { hashPassword, verifyPassword } from './password-hash';

export async function findMemberById(db: Db, merchantId: number, memberId: number): Promise<Member | undefined> {
  const member = await queries.selectMemberById(db, merchantId, memberId);
  return member && queries.withoutCredentials(member);
}

/** By account name, ignoring case. */
export async function findMemberByUsername(db: Db, merchantId: number, username: string): Promise<Member | undefined> {
  const member = await queries.selectMemberByUsername(db, merchantId, username);
  return member && queries.withoutCredentials(member);
}

/** By E.164 number ('+8801712345678'). */
export async function findMemberByMobile(db: Db, merchantId: number, mobileE164: string): Promise<Member | undefined> {
  const member = await queries.selectMemberByMobileE164(db, merchantId, mobileE164);
  return member && queries.withoutCredentials(member);
}

/** '+880' + '1712345678' → '+8801712345678' (both parts already validated). */
export function toE164(countryDialingCode: string, mobile: string): string {
  return `${countryDialingCode}${mobile}`;
}

/**
 * Whether `password` is the member's login password. Takes as long for an unknown member as
 * for a known one.
 */
export async function verifyMemberPassword(db: Db, merchantId: number, memberId: number, password: string): Promise<boolean> {
  const member = await queries.selectMemberById(db, merchantId, memberId);
  if (!member) return verifyAgainstDecoy(password);
  return verifyPassword(member.passwordHash, password);
}

/**
 * Sets a new login password (already validated by the caller): a fresh argon2id hash, the change
 * time, the next expiry from the merchant's passwordMaxAgeDays, and clears firstTimeLogin.
 * Ending the member's other sessions is the caller's choice (endOtherSessions).
 */
export async function changeMemberPassword(db: Db, merchantId: number, memberId: number, newPassword: string, nowMs: number): Promise<boolean> {
  const settings = await readAccountSettings(db, merchantId);
  const maxAgeMs = durationsOf(settings).passwordMaxAgeMs;
  const passwordHash = await hashPassword(newPassword);
  return queries.updatePassword(db, merchantId, memberId, passwordHash, nowMs, maxAgeMs === null ? null : nowMs + maxAgeMs);
}

/**
 * Replaces the login password with a temporary one customer service hands the member: like a
 * change, but the account is marked firstTimeLogin again, so the next password login may only
 * choose a new password (session module: passwordChangeRequired). The caller ends the sessions.
 */
export async function setTemporaryMemberPassword(db: Db, merchantId: number, memberId: number, temporaryPassword: string, nowMs: number): Promise<boolean> {
  const settings = await readAccountSettings(db, merchantId);
  const maxAgeMs = durationsOf(settings).passwordMaxAgeMs;
  const passwordHash = await hashPassword(temporaryPassword);
  return queries.updatePassword(db, merchantId, memberId, passwordHash, nowMs, maxAgeMs === null ? null : nowMs + maxAgeMs, true);
}

/** Agents are member types 1, 2, 41 and 42. */
export const isAgent = (member: Pick<Member, 'memberType'>): boolean => isAgentMemberType(member.memberType);

/** Free-play guests (type 4) may not use real-money or social features. */
export const isGuest = (member: Pick<Member, 'memberType'>): boolean => member.memberType === GUEST_MEMBER_TYPE;

import type { MemberAvatar, MemberInfo } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { linkByCode } from '../agent';
import { selectAgentByAffiliateCode, selectUplineUsername, updateLanguage, type Member } from '../identity';
import { lockoutRuleOf, readAccountSettings } from '../merchant';
import { addressSubject, forgiveAttempt, reserveAttempts, tooManyRequests, type ThrottleKey, type ThrottleRule } from '../rate-limit';
import { resolveInviteCode } from '../referral';
import { memberBadge } from '../vip';
import { shownLabelsOf } from '../member-label';
import { avatarOf, toMemberInfo } from './member-info';

// The member's own calls besides registration (registration.service.ts): info, avatar, language,
// and the invitation-code check of the registration form.

/** 'bn' → 'BN', 'zh-TW' → 'TW', 'zh-CN' → 'CN' (the platform's two-letter codes). */
export function normaliseLanguage(code: string): string {
  const upper = code.toUpperCase();
  if (/^ZH[-_](TW|HK|HANT)/.test(upper)) return 'TW';
  if (upper.startsWith('ZH')) return 'CN';
  return upper.slice(0, 2);
}

/**
 * An invitation code must belong to an agent of the merchant, else 400 invalid.affiliate.code.
 * Unknown codes are counted per client address like failed logins (affiliateCheckMaxFailures in
 * the login window, then locked for the lockout period), so the check cannot be used to list
 * the agents' codes; a known code takes its count back.
 */
export async function checkAffiliateCode(
  db: Db,
  caller: { merchantId: number; clientIp: string; nowMs: number },
  code: string,
): Promise<{ valid: true }> {
  const { merchantId, nowMs } = caller;
  const settings = await readAccountSettings(db, merchantId);
  const key: ThrottleKey = { scope: 'affiliate.ip', subject: addressSubject(caller.clientIp) };
  const rule: ThrottleRule = lockoutRuleOf(settings, settings.affiliateCheckMaxFailures);
  const reservation = await reserveAttempts(db, merchantId, [{ key, rule }], nowMs);
  if (!reservation.allowed) throw tooManyRequests(settings.lockoutMinutes, reservation.lockedUntilMs);
  // An agent's link or code, or a member's invitation code (modules/referral).
  const agent =
    (await linkByCode(db, merchantId, code.trim(), nowMs)) ??
    (await selectAgentByAffiliateCode(db, merchantId, code.trim())) ??
    (await resolveInviteCode(db, merchantId, code.trim()));
  if (!agent) throw new AppError(400, 'invalid.affiliate.code');
  await forgiveAttempt(db, merchantId, key, rule);
  return { valid: true };
}

export async function getMemberInfo(db: Db, member: Member): Promise<MemberInfo> {
  const [upline, badge, labels] = await Promise.all([
    member.uplineId === null ? undefined : selectUplineUsername(db, member.merchantId, member.uplineId),
    // The VIP rank: the club label (level, name, colours) the header's badge and the choice of customer service read.
    memberBadge(db, member.merchantId, member.id, member.language),
    // The operator's labels meant for the member to see, after the VIP level's.
    shownLabelsOf(db, member.merchantId, member.id),
  ]);
  return { ...toMemberInfo(member, upline ?? null), ...badge, memberLabel: [...badge.memberLabel, ...labels] };
}

/** The member's avatar, or the merchant's default when they never chose one. */
export async function getAvatar(db: Db, member: Member): Promise<MemberAvatar> {
  const settings = await readAccountSettings(db, member.merchantId);
  return avatarOf(member, settings.defaultAvatarUrl);
}

/** Remembers the member's language as the platform's two-letter code, and answers it. */
export async function setLanguage(db: Db, member: Member, code: string): Promise<{ language: string }> {
  const language = normaliseLanguage(code);
  await updateLanguage(db, member.merchantId, member.id, language);
  return { language };
}

import type { MemberAvatar, MemberInfo } from '@platform/shared/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { selectAgentByAffiliateCode, selectUplineUsername, updateLanguage, type Member } from '../identity';
import { readAccountSettings } from '../merchant';
import { avatarOf, toMemberInfo } from './member-info';

// The member's own calls besides registration (registration.service.ts): info, avatar, language,
// and the invitation-code check of the registration form.

/** 'bn' → 'BN', 'zh-TW' → 'TW', 'zh-CN' → 'CN' (the platform's two-letter codes, REFERENCE §4). */
export function normaliseLanguage(code: string): string {
  const upper = code.toUpperCase();
  if (/^ZH[-_](TW|HK|HANT)/.test(upper)) return 'TW';
  if (upper.startsWith('ZH')) return 'CN';
  return upper.slice(0, 2);
}

/** An invitation code must belong to an agent of the merchant, else 400 invalid.affiliate.code. */
export async function checkAffiliateCode(db: Db, merchantId: number, code: string): Promise<{ valid: true }> {
  const agent = await selectAgentByAffiliateCode(db, merchantId, code.trim());
  if (!agent) throw new AppError(400, 'invalid.affiliate.code');
  return { valid: true };
}

export async function getMemberInfo(db: Db, member: Member): Promise<MemberInfo> {
  const upline = member.uplineId === null ? undefined : await selectUplineUsername(db, member.merchantId, member.uplineId);
  return toMemberInfo(member, upline ?? null);
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

import type { MemberAvatar, MemberInfo } from '@platform/contract';
import type { Member } from '../identity';

// What GET /wps/member/info and the avatar calls answer.

/** '+880' + '1712345678' → '+880171*****78': enough to recognise, not enough to use. */
export function maskMobile(countryDialingCode: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const visible = mobile.length > 6 ? `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-2)}` : '*'.repeat(mobile.length);
  return `${countryDialingCode ?? ''}${visible}`;
}

/**
 * MemberInfo of the contract (contract/src/member.ts). `type` and `isAgent` are both the member type (0, 1, 2,
 * 4, 41, 42); customerId is the member id; the labels are left empty here and filled with the
 * member's VIP rank by getMemberInfo (modules/vip).
 * lastLogin is the most recent login (normally the caller's own).
 */
export function toMemberInfo(member: Member, uplineUsername: string | null): MemberInfo {
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.memberType,
    toUpline: uplineUsername ? '1' : '0',
    customerId: member.id,
    isAgent: member.memberType,
    clubLabel: null,
    memberLabel: [],
    lastLogin: member.lastLoginAtMs,
    regDate: member.createdAtMs,
    mobile: maskMobile(member.countryDialingCode, member.mobile),
    language: member.language,
  };
}

export function avatarOf(member: Member, defaultAvatarUrl: string): MemberAvatar {
  return member.avatarUrl ? { avatarUrl: member.avatarUrl, isDefault: false } : { avatarUrl: defaultAvatarUrl, isDefault: true };
}

// Who a member is: the member table, password hashes, look-ups and password changes. The lowest
// of the account modules: session (login), member (registration, profile), oauth, two-factor,
// password and verification build on it, and it depends on none of them.
export {
  changeMemberPassword,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  isAgent,
  isGuest,
  setTemporaryMemberPassword,
  toE164,
  verifyMemberPassword,
  type Member,
  type MemberType,
} from './identity.service';
export { hashPassword, passwordHashGate, verifyAgainstDecoy, verifyPassword } from './password-hash';
export { defaultHashGateLimits, type HashGateLimits, type HashGateStats } from './hash-gate';
export { isCommonPassword, refuseCommonPassword } from './password-policy';
export { identityMessages } from './identity.messages';
// The member table's rows for modules that create members (registration, free play, OAuth) or
// join the table in their own SQL (sessions).
export {
  countryDialingCodeExists,
  insertMember,
  memberColumns,
  memberConflictOf,
  memberFromRow,
  selectAgentByAffiliateCode,
  selectMemberByMobileE164,
  selectMemberByUsername,
  selectMembersByMobile,
  selectUplineUsername,
  updateLanguage,
  updateLastLogin,
  withoutCredentials,
  type MemberRow,
  type MemberWithCredentials,
} from './identity.queries';

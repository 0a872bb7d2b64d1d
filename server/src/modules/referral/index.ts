// Invite a friend: every member's invitation code, the friends who registered with it, and what
// the inviter earns from them (a reward per qualified friend, daily rebates on friends' deposits
// and stakes by level, achievement bonuses), paid through the ledger once.
export { referralRoutes, type ReferralRoutesOptions } from './referral.routes';
export { referralOperatorRoutes } from './referral.operator-routes';
export { referralMessages } from './referral.messages';
export { createReferralJob, type ReferralJobOptions } from './referral.job';
export {
  ACHIEVEMENT_KIND as REFERRAL_ACHIEVEMENT_KIND,
  advanceFriend,
  BET_REBATE_KIND as REFERRAL_BET_REBATE_KIND,
  DEPOSIT_REBATE_KIND as REFERRAL_DEPOSIT_REBATE_KIND,
  INVITATION_KIND,
  recordFriendIn,
  REFERRAL_HOUSE_ACCOUNT,
  resolveInviteCode,
  runReferrals,
  type ReferralRunResult,
} from './referral.service';

// The VIP pages' calls, and the one place their amounts turn from major units (the wire) into
// minor units (what the pages format). A claim is sent quiet: the page says a refusal itself,
// beside the benefit, so no toast comes besides.
import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  claimMemberClubBenefitCall,
  memberClubBenefitCall,
  playerRankProgressCall,
  playerRankRuleCall,
  rankSalaryClaimHistoryCall,
  type MemberClubBenefit,
  type PlayerRankProgress,
  type PlayerRankRule,
  type RankSalaryClaimHistory,
  type VipBenefitClaimed,
  type VipBenefitType,
} from '@platform/contract';

/** An amount of the wire in minor units (0 for anything that is not one). */
export const minorOf = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** Records per page of the claim history. */
export const HISTORY_PAGE_SIZE = 10;

const quietClaim = { ...claimMemberClubBenefitCall, quiet: true };

export const loadProgress = (signal: AbortSignal): Promise<PlayerRankProgress> => api.call(playerRankProgressCall, { signal });

export const loadBenefits = (signal: AbortSignal): Promise<MemberClubBenefit> => api.call(memberClubBenefitCall, { signal });

export const loadRules = (signal: AbortSignal): Promise<PlayerRankRule> => api.call(playerRankRuleCall, { signal });

export const loadHistory = (page: number, signal: AbortSignal): Promise<RankSalaryClaimHistory> =>
  api.call(rankSalaryClaimHistoryCall, { params: { page, size: HISTORY_PAGE_SIZE }, signal });

export const claimBenefit = (benefitType: VipBenefitType, rankLevel: number): Promise<VipBenefitClaimed> =>
  api.call(quietClaim, { data: { benefitType, rankLevel } });

// Invite a friend's calls, and the one place their amounts turn from major units (the wire) into
// minor units (what the page formats). The claim is sent quiet: the rewards tab says a refusal
// beside the achievement, so no toast comes besides.
import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  achievementCall,
  claimAchievementCall,
  depositRebateClaimReportCall,
  earningsEstimateCall,
  invitationClaimReportCall,
  inviteListCall,
  myIncomeOverviewCall,
  rebateRecordCall,
  recentRewardsCall,
  referralDetailsCall,
  referralListCall,
  referralMyIncomeCall,
  referralRankingCall,
  type ReferralAchievementClaimed,
  type ReferralAchievements,
  type ReferralDetails,
  type ReferralEarningsEstimate,
  type ReferralIncome,
  type ReferralIncomeOverview,
  type ReferralRanking,
  type ReferralRecentRewards,
  type ReferralState,
} from '@platform/contract';

/** An amount of the wire in minor units (0 for anything that is not one). */
export const minorOf = (major: number | null | undefined): AmountMinor => (major === null || major === undefined ? amountMinorOf(0) : (amountMinorFromMajor(major) ?? amountMinorOf(0)));

export const FRIEND_STATES = ['registered', 'deposited', 'qualified', 'rewarded', 'refused'] as const satisfies readonly ReferralState[];
export type FriendFilter = ReferralState | 'all';

export const loadDetails = (signal: AbortSignal): Promise<ReferralDetails> => api.call(referralDetailsCall, { signal });
export const loadIncome = (signal: AbortSignal): Promise<ReferralIncome> => api.call(referralMyIncomeCall, { signal });
export const loadEstimate = (signal: AbortSignal): Promise<ReferralEarningsEstimate> => api.call(earningsEstimateCall, { signal });
export const loadRanking = (signal: AbortSignal): Promise<ReferralRanking> => api.call(referralRankingCall, { signal });
export const loadRecentRewards = (signal: AbortSignal): Promise<ReferralRecentRewards> => api.call(recentRewardsCall, { signal });
export const loadAchievements = (signal: AbortSignal): Promise<ReferralAchievements> => api.call(achievementCall, { signal });

const DAY_MS = 86_400_000;

/** Today's and yesterday's bounds in the browser's calendar (epoch ms), as getMyIncomeOverview takes them. */
export function overviewBounds(nowMs: number) {
  const midnight = new Date(nowMs);
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.getTime();
  return { startTodayDate: today, endTodayDate: today + DAY_MS, startYesterdayDate: today - DAY_MS, endYesterdayDate: today };
}

export const loadOverview = (nowMs: number, signal: AbortSignal): Promise<ReferralIncomeOverview> =>
  api.call(myIncomeOverviewCall, { params: overviewBounds(nowMs), signal });

export const claimAchievement = (configId: number): Promise<ReferralAchievementClaimed> => api.call({ ...claimAchievementCall, quiet: true }, { data: { configId } });

export interface FriendRow {
  name: string;
  registerTimeMs: number;
  inviteTimeMs?: number;
  firstDepositTimeMs: number | null;
  status: ReferralState;
  rewardMinor: AmountMinor | null;
}

export async function loadFriends(query: { status: FriendFilter; page: number; size: number }, signal: AbortSignal): Promise<PagedList<FriendRow>> {
  const value = await api.call(referralListCall, { params: { status: query.status, page: query.page, size: query.size }, signal });
  return {
    totalPages: value.totalPages,
    list: value.list.map((row) => ({
      name: row.inviteeName,
      registerTimeMs: row.registerTime,
      firstDepositTimeMs: row.firstDepositTime,
      status: row.status,
      rewardMinor: row.reward === null ? null : minorOf(row.reward),
    })),
  };
}

export async function loadInvites(query: { page: number; size: number }, signal: AbortSignal): Promise<PagedList<FriendRow>> {
  const value = await api.call(inviteListCall, { params: { status: 'all', page: query.page, size: query.size, timeType: 'inviteTime' }, signal });
  return {
    totalPages: value.totalPages,
    list: value.list.map((row) => ({ name: row.username, registerTimeMs: row.registerTime, inviteTimeMs: row.inviteTime, firstDepositTimeMs: null, status: row.status, rewardMinor: null })),
  };
}

export interface InvitationRecord {
  registerTimeMs: number;
  referredName: string;
  bonusMinor: AmountMinor;
}

export async function loadInvitationRecords(query: { page: number; size: number }, signal: AbortSignal): Promise<PagedList<InvitationRecord, { bonusMinor: AmountMinor }>> {
  const value = await api.call(invitationClaimReportCall, { params: query, signal });
  return {
    totalPages: value.totalPages,
    footer: { bonusMinor: minorOf(value.footer.bonus) },
    list: value.list.map((row) => ({ registerTimeMs: row.registerTime, referredName: row.referredName, bonusMinor: minorOf(row.bonus) })),
  };
}

export interface DepositRebateRecord {
  day: string;
  referredName: string;
  level: number;
  depositMinor: AmountMinor;
  rate: number;
  bonusMinor: AmountMinor;
  claimTimeMs: number | null;
}

export async function loadDepositRebates(query: { page: number; size: number }, signal: AbortSignal): Promise<PagedList<DepositRebateRecord, { bonusMinor: AmountMinor }>> {
  const value = await api.call(depositRebateClaimReportCall, { params: query, signal });
  return {
    totalPages: value.totalPages,
    footer: { bonusMinor: minorOf(value.footer.bonus) },
    list: value.list.map((row) => ({
      day: row.requestTime,
      referredName: row.referredName,
      level: row.levelTree,
      depositMinor: minorOf(row.depositAmount),
      rate: row.depositBonusRate,
      bonusMinor: minorOf(row.bonus),
      claimTimeMs: row.claimDate,
    })),
  };
}

export interface BetRebateRecord {
  timeMs: number | null;
  day: string;
  referredName: string;
  gameCategory: string;
  level: number;
  stakeMinor: AmountMinor;
  rate: number;
  amountMinor: AmountMinor;
}

export async function loadBetRebates(query: { page: number; size: number }, signal: AbortSignal): Promise<PagedList<BetRebateRecord, { amountMinor: AmountMinor }>> {
  const value = await api.call(rebateRecordCall, { params: query, signal });
  return {
    totalPages: value.totalPages,
    footer: { amountMinor: minorOf(value.footer.amount) },
    list: value.list.map((row) => ({
      timeMs: row.createTimeTimestamp,
      day: row.balanceDate,
      referredName: row.referredName,
      gameCategory: row.gameCategory,
      level: row.levelTree,
      stakeMinor: minorOf(row.validGameBetting),
      rate: row.rate,
      amountMinor: minorOf(row.amount),
    })),
  };
}

import {
  type ReferralAchievements,
  type ReferralDepositRebateReport,
  type ReferralDetails,
  type ReferralEarningsEstimate,
  type ReferralIncome,
  type ReferralInvitationReport,
  type ReferralInviteList,
  type ReferralList,
  type ReferralRanking,
  type ReferralRebateRecord,
  type ReferralRecentRewards,
  type ReferralRules,
  type ReferralState,
} from '@platform/contract';
import type pg from 'pg';
import { minorToMajor } from '../ledger';
import * as queries from './referral.queries';
import { advanceFriends, inviteCodeOf, rememberDevice } from './referral.service';

// What the member centre's referral page reads (contract referral.ts): the member's code and
// link, friends, income, records and achievements. Reading the page first advances the member's
// own open friends (referral.service.ts advanceFriend), so a friend who just qualified shows as
// rewarded without waiting for the job.

export interface ReferralCaller {
  merchantId: number;
  memberId: number;
  nowMs: number;
  deviceId?: string;
  /**
   * The site's origin as the member reached it (protocol://host[:port]): the share link's address
   * when the merchant names no main domain. The Host header is the member's own: a wrong one only
   * spoils the member's own link.
   */
  origin: string;
}

const percentOf = (bp: number): number => bp / 100;
const pageCount = (total: number, size: number) => Math.ceil(total / size);

/** Someone else's name on a public list: the first two and the last characters. */
export const maskName = (username: string): string => (username.length <= 3 ? `${username[0] ?? ''}***` : `${username.slice(0, 2)}***${username.slice(-1)}`);

async function rulesOf(db: pg.Pool, merchantId: number, settings: queries.ReferralSettingsRow): Promise<ReferralRules> {
  const achievements = await queries.selectAchievements(db, merchantId);
  return {
    minFirstDeposit: minorToMajor(settings.minFirstDepositMinor),
    minValidStake: minorToMajor(settings.minValidStakeMinor),
    invitationReward: minorToMajor(settings.invitationRewardMinor),
    depositRebate: { level1: percentOf(settings.depositRateL1Bp), level2: percentOf(settings.depositRateL2Bp) },
    betRebate: { level1: percentOf(settings.betRateL1Bp), level2: percentOf(settings.betRateL2Bp) },
    achievements: achievements.map((row) => ({ configId: row.id, friends: row.friends, bonus: minorToMajor(row.bonusMinor) })),
  };
}

/** The caller's own open friends, advanced (and paid) now rather than at the job's next run. */
async function refreshFriends(db: pg.Pool, caller: ReferralCaller): Promise<void> {
  await advanceFriends(db, caller.merchantId, caller.nowMs, caller.memberId);
}

export async function referralDetails(db: pg.Pool, caller: ReferralCaller): Promise<ReferralDetails> {
  const settings = await queries.selectSettings(db, caller.merchantId);
  await rememberDevice(db, caller.memberId, caller.deviceId);
  await refreshFriends(db, caller);
  const [code, counts, inviter, rules] = await Promise.all([
    inviteCodeOf(db, caller.merchantId, caller.memberId, caller.nowMs),
    queries.selectFriendCounts(db, caller.merchantId, caller.memberId),
    queries.selectInviterOf(db, caller.memberId),
    rulesOf(db, caller.merchantId, settings),
  ]);
  const origin = settings.mainDomain ? `https://${settings.mainDomain}` : caller.origin;
  return {
    enabled: settings.enabled,
    code,
    mainDomain: settings.mainDomain ?? new URL(caller.origin).host,
    link: `${origin}/register?referralCode=${code}`,
    invitedBy: inviter?.username ?? null,
    invited: counts.invited,
    deposited: counts.deposited,
    qualified: counts.qualified,
    rules,
  };
}

function incomeOf(income: Awaited<ReturnType<typeof queries.selectIncome>>): ReferralIncome {
  const total = income.invitationMinor + income.depositRebateMinor + income.betRebateMinor + income.achievementMinor;
  return {
    total: minorToMajor(total),
    invitation: minorToMajor(income.invitationMinor),
    depositRebate: minorToMajor(income.depositRebateMinor),
    betRebate: minorToMajor(income.betRebateMinor),
    achievement: minorToMajor(income.achievementMinor),
  };
}

export async function myIncome(db: pg.Pool, caller: ReferralCaller, range?: { fromMs: number; toMs: number }): Promise<ReferralIncome> {
  return incomeOf(await queries.selectIncome(db, { merchantId: caller.merchantId, memberId: caller.memberId, ...range }));
}

export async function incomeOverview(db: pg.Pool, caller: ReferralCaller, query: { startTodayDate: number; endTodayDate: number; startYesterdayDate: number; endYesterdayDate: number }) {
  const [today, yesterday, total] = await Promise.all([
    myIncome(db, caller, { fromMs: query.startTodayDate, toMs: query.endTodayDate }),
    myIncome(db, caller, { fromMs: query.startYesterdayDate, toMs: query.endYesterdayDate }),
    myIncome(db, caller),
  ]);
  return { today, yesterday, total };
}

/** What so many qualified friends would pay in invitation rewards and achievements (rebates come on top). */
export async function earningsEstimate(db: pg.Pool, merchantId: number): Promise<ReferralEarningsEstimate> {
  const settings = await queries.selectSettings(db, merchantId);
  const achievements = await queries.selectAchievements(db, merchantId);
  const steps = [...new Set([1, 5, 10, 20, ...achievements.map((row) => row.friends)])].sort((a, b) => a - b).slice(0, 8);
  return {
    list: steps.map((friends) => {
      const invitationMinor = settings.invitationRewardMinor * friends;
      const achievementMinor = achievements.filter((row) => row.friends <= friends).reduce((sum, row) => sum + row.bonusMinor, 0);
      return { friends, invitation: minorToMajor(invitationMinor), achievement: minorToMajor(achievementMinor), total: minorToMajor(invitationMinor + achievementMinor) };
    }),
  };
}

export async function ranking(db: pg.Pool, merchantId: number): Promise<ReferralRanking> {
  const rows = await queries.selectRanking(db, merchantId, 10);
  return { list: rows.map((row, index) => ({ rank: index + 1, username: maskName(row.username), amount: minorToMajor(row.totalMinor), friends: row.friends })) };
}

export async function recentRewards(db: pg.Pool, merchantId: number): Promise<ReferralRecentRewards> {
  const rows = await queries.selectRecentRewards(db, merchantId, 10);
  return { list: rows.map((row) => ({ username: maskName(row.username), source: row.source, amount: minorToMajor(row.amountMinor), time: row.atMs })) };
}

const statesOf = (status: ReferralState | 'all' | undefined): ReferralState[] | null => (status === undefined || status === 'all' ? null : [status]);

export async function referralList(db: pg.Pool, caller: ReferralCaller, query: { status?: ReferralState | 'all'; page?: number; size?: number }): Promise<ReferralList> {
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  await refreshFriends(db, caller);
  const friends = await queries.selectFriends(db, { merchantId: caller.merchantId, inviterId: caller.memberId, states: statesOf(query.status), offset: (page - 1) * size, limit: size });
  return {
    total: friends.total,
    totalPages: pageCount(friends.total, size),
    list: friends.rows.map((row) => ({
      registerTime: row.registerTimeMs,
      inviteeName: row.username,
      firstDepositTime: row.firstDepositAtMs,
      status: row.state,
      reward: row.rewardMinor === null ? null : minorToMajor(row.rewardMinor),
    })),
  };
}

export async function inviteList(
  db: pg.Pool,
  caller: ReferralCaller,
  query: { status?: ReferralState | 'all'; page?: number; size?: number; startDate?: number; endDate?: number },
): Promise<ReferralInviteList> {
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  const friends = await queries.selectFriends(db, {
    merchantId: caller.merchantId,
    inviterId: caller.memberId,
    states: statesOf(query.status),
    fromMs: query.startDate,
    toMs: query.endDate,
    offset: (page - 1) * size,
    limit: size,
  });
  return {
    total: friends.total,
    totalPages: pageCount(friends.total, size),
    list: friends.rows.map((row) => ({ username: row.username, registerTime: row.registerTimeMs, inviteTime: row.invitedAtMs, status: row.state })),
  };
}

export async function invitationReport(db: pg.Pool, caller: ReferralCaller, query: { page?: number; size?: number }): Promise<ReferralInvitationReport> {
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  const report = await queries.selectInvitationRecords(db, { merchantId: caller.merchantId, memberId: caller.memberId, offset: (page - 1) * size, limit: size });
  return {
    total: report.total,
    totalPages: pageCount(report.total, size),
    footer: { bonus: minorToMajor(report.sumMinor) },
    list: report.rows.map((row) => ({ registerTime: row.registerTimeMs, referredName: row.referredName, bonus: minorToMajor(row.bonusMinor) })),
  };
}

export async function depositRebateReport(db: pg.Pool, caller: ReferralCaller, query: { page?: number; size?: number }): Promise<ReferralDepositRebateReport> {
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  const report = await queries.selectRebateRecords(db, { merchantId: caller.merchantId, memberId: caller.memberId, kind: 'deposit', offset: (page - 1) * size, limit: size });
  return {
    total: report.total,
    totalPages: pageCount(report.total, size),
    footer: { bonus: minorToMajor(report.sumMinor) },
    list: report.rows.map((row) => ({
      requestTime: row.balanceDate,
      referredName: row.friendUsername,
      levelTree: row.level as 1 | 2,
      depositAmount: minorToMajor(row.baseMinor),
      depositBonusRate: percentOf(row.rateBp),
      bonus: minorToMajor(row.amountMinor),
      claimDate: row.paidAtMs,
    })),
  };
}

export async function betRebateRecord(db: pg.Pool, caller: ReferralCaller, query: { page?: number; size?: number }): Promise<ReferralRebateRecord> {
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  const report = await queries.selectRebateRecords(db, { merchantId: caller.merchantId, memberId: caller.memberId, kind: 'bet', offset: (page - 1) * size, limit: size });
  return {
    total: report.total,
    totalPages: pageCount(report.total, size),
    footer: { amount: minorToMajor(report.sumMinor) },
    list: report.rows.map((row) => ({
      createTimeTimestamp: row.paidAtMs,
      balanceDate: row.balanceDate,
      referredName: row.friendUsername,
      gameCategory: row.category,
      levelTree: row.level as 1 | 2,
      validGameBetting: minorToMajor(row.baseMinor),
      rate: percentOf(row.rateBp),
      amount: minorToMajor(row.amountMinor),
    })),
  };
}

export async function achievements(db: pg.Pool, caller: ReferralCaller): Promise<ReferralAchievements> {
  await refreshFriends(db, caller);
  const [list, counts, claimed, records] = await Promise.all([
    queries.selectAchievements(db, caller.merchantId),
    queries.selectFriendCounts(db, caller.merchantId, caller.memberId),
    queries.selectClaimedAchievementIds(db, caller.memberId),
    queries.selectAchievementRecords(db, { merchantId: caller.merchantId, memberId: caller.memberId, offset: 0, limit: 50 }),
  ]);
  return {
    qualified: counts.qualified,
    list: list.map((row) => ({
      configId: row.id,
      friends: row.friends,
      bonus: minorToMajor(row.bonusMinor),
      status: claimed.has(row.id) ? 'claimed' : counts.qualified >= row.friends ? 'claimable' : 'locked',
    })),
    records: records.rows.map((row) => ({ requestTime: row.requestTimeMs, bonus: minorToMajor(row.bonusMinor), friends: row.friends })),
  };
}


import {
  VIP_SERVICE_ABOVE_LEVEL,
  type MemberClubBenefit,
  type PlayerRankNearbyLevels,
  type PlayerRankProgress,
  type PlayerRankRule,
  type RankSalaryClaimHistory,
  type VipBenefitClaimed,
  type VipBenefitItem,
  type VipBenefitType,
  type VipFigure,
  type VipLevel,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, minorToMajor, postTransactionIn } from '../ledger';
import type { WithdrawalPerksOf } from '../withdrawal';
import { calendarOf, monthOf, type MerchantMonth } from './vip.calendar';
import * as queries from './vip.queries';
import { claimNames, levelName, textIn } from './vip.texts';

// VIP ranks for the member (server/README.md, "VIP ranks"). A member's level is read from
// vip_member (no row: level 0) and changes only at a month end (vip.month-end.ts) or by an
// operator. Its benefits:
//   - the upgrade bonus of every level up to the highest ever reached, once per member and level
//     (a relegation and a new promotion do not pay it again);
//   - the monthly salary of the level the member is at, once per month (the merchant's calendar)
//     and level: promoted in the middle of a month, it may claim the new level's too;
//   - the level's betting-rebate rates (the rebate module counts each day at the member's level);
//   - VIP customer service above level VIP_SERVICE_ABOVE_LEVEL, and the level's texts;
//   - faster withdrawals: more a day and more free ones a day than the merchant's rules give, and
//     a place at the front of the operators' review queue (vipWithdrawalPerks below, applied by
//     the withdrawal module each time it judges a request: a level changed applies at once).
// A claim runs in one transaction: it locks the member's vip_member row, checks what is owed and
// not yet claimed, posts the money (ledger kind vip_upgrade_bonus or vip_salary, key
// vip:<kind>:<member>:<level>:<period>, from the house's VIP account, with the wagering
// requirement the level sets: bonus × multiplier) and records the claim (unique per member, kind,
// level and period). Two claims at once wait for each other on the row; the second finds the claim
// and pays nothing.

export const VIP_UPGRADE_KIND = 'vip_upgrade_bonus';
export const VIP_SALARY_KIND = 'vip_salary';
export const VIP_HOUSE_ACCOUNT = 'house_vip';

export interface VipCaller {
  merchantId: number;
  memberId: number;
  language?: string;
  nowMs: number;
}

/** The rebate rates of a merchant per VIP level (wired by app.ts from the rebate module). */
export type RebateRatesOf = (merchantId: number) => Promise<{ productType: string; vipLevel: number; rebateValue: number }[]>;

const major = minorToMajor;
const multiplierOf = (x100: number) => x100 / 100;

export function levelOnWire(level: queries.LevelRow, language: string | undefined, rates: Awaited<ReturnType<RebateRatesOf>>): VipLevel {
  return {
    rankLevel: level.level,
    playerRankName: levelName(level, language),
    clubLabel: level.clubLabel,
    color: level.color,
    color2: level.color2,
    requirements: {
      monthlyTurnover: major(level.reachMonthTurnoverMinor),
      monthlyDeposit: major(level.reachMonthDepositMinor),
      totalTurnover: major(level.reachTotalTurnoverMinor),
      totalDeposit: major(level.reachTotalDepositMinor),
    },
    keep: { monthlyTurnover: major(level.keepMonthTurnoverMinor), monthlyDeposit: major(level.keepMonthDepositMinor) },
    benefits: {
      upgradeBonus: major(level.upgradeBonusMinor),
      upgradeWageringMultiplier: multiplierOf(level.upgradeWageringX100),
      monthlySalary: major(level.monthlySalaryMinor),
      salaryWageringMultiplier: multiplierOf(level.salaryWageringX100),
      rebate: rates.filter((rate) => rate.vipLevel === level.level).map((rate) => ({ productType: rate.productType, rebateValue: rate.rebateValue })),
      vipService: level.level > VIP_SERVICE_ABOVE_LEVEL,
      withdrawDailyCountExtra: level.withdrawDailyCountExtra,
      withdrawFreeExtra: level.withdrawFreeExtra,
      withdrawPriority: level.withdrawPriority,
      withdrawalText: textIn(level.withdrawalTexts, language),
      benefitText: textIn(level.benefitTexts, language),
    },
  };
}

/** What the ladder has for a level number: the level itself, or (when the ladder has none) an entry level. */
const ENTRY_LEVEL: queries.LevelRow = {
  level: 0, names: {}, clubLabel: '', color: '#8c8c8c', color2: '#d9d9d9', reachMonthTurnoverMinor: 0, reachMonthDepositMinor: 0,
  reachTotalTurnoverMinor: 0, reachTotalDepositMinor: 0, keepMonthTurnoverMinor: 0, keepMonthDepositMinor: 0, upgradeBonusMinor: 0,
  upgradeWageringX100: 0, monthlySalaryMinor: 0, salaryWageringX100: 0, withdrawDailyCountExtra: 0, withdrawFreeExtra: 0, withdrawPriority: false,
  withdrawalTexts: {}, benefitTexts: {},
};

/** The ladder's level at or below `level` (a ladder shortened since keeps its members at its top). */
export function levelAt(levels: readonly queries.LevelRow[], level: number): queries.LevelRow {
  let found: queries.LevelRow | undefined;
  for (const row of levels) if (row.level <= level) found = row;
  return found ?? levels[0] ?? ENTRY_LEVEL;
}

/** Whether figures meet everything a level asks to be reached (each requirement that is not 0). */
export function meetsReach(level: queries.LevelRow, month: queries.Figures, total: queries.Figures): boolean {
  return (
    month.turnoverMinor >= level.reachMonthTurnoverMinor &&
    month.depositMinor >= level.reachMonthDepositMinor &&
    total.turnoverMinor >= level.reachTotalTurnoverMinor &&
    total.depositMinor >= level.reachTotalDepositMinor
  );
}

/** Whether a month's figures meet what keeping a level asks. */
export const meetsKeep = (level: queries.LevelRow, month: queries.Figures): boolean =>
  month.turnoverMinor >= level.keepMonthTurnoverMinor && month.depositMinor >= level.keepMonthDepositMinor;

const NO_FIGURES: queries.Figures = { turnoverMinor: 0, depositMinor: 0 };

async function figuresOf(db: Db, merchantId: number, memberId: number, fromMs: number, toMs: number): Promise<queries.Figures> {
  return (await queries.selectFigures(db, { merchantId, fromMs, toMs, memberIds: [memberId] })).get(memberId) ?? NO_FIGURES;
}

function figure(actualMinor: number, expectedMinor: number | null): VipFigure {
  const asked = expectedMinor !== null && expectedMinor > 0;
  return {
    actual: major(actualMinor),
    expected: asked ? major(expectedMinor) : null,
    remaining: asked ? major(Math.max(0, expectedMinor - actualMinor)) : 0,
    percent: asked ? Math.floor((Math.min(actualMinor, expectedMinor) * 100) / expectedMinor) : 100,
  };
}

/** Percent of a level's requirements met: the least met of those it asks (100 when it asks none). */
export function progressPercent(level: queries.LevelRow, month: queries.Figures, total: queries.Figures): number {
  const parts: [number, number][] = [
    [month.turnoverMinor, level.reachMonthTurnoverMinor],
    [month.depositMinor, level.reachMonthDepositMinor],
    [total.turnoverMinor, level.reachTotalTurnoverMinor],
    [total.depositMinor, level.reachTotalDepositMinor],
  ];
  let least = 100;
  for (const [actual, expected] of parts) if (expected > 0) least = Math.min(least, Math.floor((Math.min(actual, expected) * 100) / expected));
  return least;
}

/** getPlayerRankProgress: the member's level, this month's figures against the next level and against keeping this one. */
export async function playerRankProgress(pool: pg.Pool, caller: VipCaller, rates: RebateRatesOf): Promise<PlayerRankProgress> {
  const [levels, member, calendar] = await Promise.all([
    queries.selectLevels(pool, caller.merchantId),
    queries.selectMemberLevel(pool, caller.merchantId, caller.memberId),
    calendarOf(pool, caller.merchantId),
  ]);
  const month = calendar.monthAt(caller.nowMs);
  const [monthFigures, totalFigures, rateList] = await Promise.all([
    figuresOf(pool, caller.merchantId, caller.memberId, month.fromMs, caller.nowMs + 1),
    figuresOf(pool, caller.merchantId, caller.memberId, 0, caller.nowMs + 1),
    rates(caller.merchantId),
  ]);
  const current = levelAt(levels, member.level);
  const next = levels.find((level) => level.level > current.level);
  return {
    rankLevel: current.level,
    playerRankName: levelName(current, caller.language),
    clubLabel: current.clubLabel,
    color: current.color,
    color2: current.color2,
    month: month.key,
    monthEndsAt: month.toMs,
    nextLevel: next ? levelOnWire(next, caller.language, rateList) : null,
    monthlyTurnover: figure(monthFigures.turnoverMinor, next?.reachMonthTurnoverMinor ?? null),
    monthlyDeposit: figure(monthFigures.depositMinor, next?.reachMonthDepositMinor ?? null),
    totalTurnover: figure(totalFigures.turnoverMinor, next?.reachTotalTurnoverMinor ?? null),
    totalDeposit: figure(totalFigures.depositMinor, next?.reachTotalDepositMinor ?? null),
    keepTurnover: figure(monthFigures.turnoverMinor, current.keepMonthTurnoverMinor),
    keepDeposit: figure(monthFigures.depositMinor, current.keepMonthDepositMinor),
    currentProgress: next ? progressPercent(next, monthFigures, totalFigures) : 100,
    completeProgress: 100,
  };
}

/**
 * The withdrawal module's perks hook (app.ts passes it to withdrawalRoutes): what the member's
 * level adds to the merchant's withdrawal rules. `db` is the withdrawal's own transaction, so the
 * level is read after the member's lock, in one statement.
 */
export const vipWithdrawalPerks: WithdrawalPerksOf = async (db, merchantId, memberId) => {
  const perks = await queries.selectWithdrawalPerks(db, merchantId, memberId);
  return { extraDailyCount: perks.withdrawDailyCountExtra, extraFreePerDay: perks.withdrawFreeExtra, priority: perks.withdrawPriority };
};

/** getPlayerRankNearbyLevels: the level below, the member's, and the one above. */
export async function playerRankNearbyLevels(pool: pg.Pool, caller: VipCaller, rates: RebateRatesOf): Promise<PlayerRankNearbyLevels> {
  const [levels, member, rateList] = await Promise.all([
    queries.selectLevels(pool, caller.merchantId),
    queries.selectMemberLevel(pool, caller.merchantId, caller.memberId),
    rates(caller.merchantId),
  ]);
  const current = levelAt(levels, member.level);
  const below = [...levels].reverse().find((level) => level.level < current.level);
  const above = levels.find((level) => level.level > current.level);
  const wire = (level: queries.LevelRow | undefined) => (level ? levelOnWire(level, caller.language, rateList) : null);
  return { previous: wire(below), current: wire(current)!, next: wire(above) };
}

/** getPlayerRankRule: the whole ladder, for the rules page. */
export async function playerRankRule(pool: pg.Pool, merchantId: number, language: string | undefined, rates: RebateRatesOf): Promise<PlayerRankRule> {
  const [levels, rateList] = await Promise.all([queries.selectLevels(pool, merchantId), rates(merchantId)]);
  return { list: levels.map((level) => levelOnWire(level, language, rateList)), vipServiceAboveLevel: VIP_SERVICE_ABOVE_LEVEL };
}

interface Owed {
  levels: queries.LevelRow[];
  member: queries.MemberLevel & { exists: boolean };
  month: MerchantMonth;
  claims: queries.ClaimRow[];
}

const claimedIn = (claims: readonly queries.ClaimRow[], kind: queries.ClaimKind, level: number, period: string) =>
  claims.some((claim) => claim.kind === kind && claim.level === level && claim.period === period);

/** The member's benefits as they stand: each reached level's upgrade bonus, then this month's salary of its level. */
function benefitItems(owed: Owed, language: string | undefined): VipBenefitItem[] {
  const items: VipBenefitItem[] = [];
  for (const level of owed.levels) {
    if (level.level < 1 || level.upgradeBonusMinor === 0) continue;
    const reached = level.level <= owed.member.highestLevel;
    items.push({
      benefitType: 'upgrade',
      rankLevel: level.level,
      playerRankName: levelName(level, language),
      amount: major(level.upgradeBonusMinor),
      wageringMultiplier: multiplierOf(level.upgradeWageringX100),
      state: claimedIn(owed.claims, 'upgrade', level.level, '') ? 'claimed' : reached ? 'claim' : 'none',
      month: null,
    });
  }
  items.push(salaryItem(owed, language));
  return items;
}

function salaryItem(owed: Owed, language: string | undefined): VipBenefitItem {
  const level = levelAt(owed.levels, owed.member.level);
  return {
    benefitType: 'salary',
    rankLevel: level.level,
    playerRankName: levelName(level, language),
    amount: major(level.monthlySalaryMinor),
    wageringMultiplier: multiplierOf(level.salaryWageringX100),
    state: claimedIn(owed.claims, 'salary', level.level, owed.month.key) ? 'claimed' : level.level > 0 && level.monthlySalaryMinor > 0 ? 'claim' : 'none',
    month: owed.month.key,
  };
}

async function owedOf(db: Db, caller: VipCaller, lock = false): Promise<Owed> {
  // One query after another: inside a claim's transaction they share its connection.
  const member = await queries.selectMemberLevel(db, caller.merchantId, caller.memberId, lock);
  const levels = await queries.selectLevels(db, caller.merchantId);
  const calendar = await calendarOf(db, caller.merchantId);
  const claims = await queries.selectClaims(db, caller.merchantId, caller.memberId);
  return { levels, member, month: calendar.monthAt(caller.nowMs), claims };
}

/** getMemberClubBenefit: the member's level and its benefits with their claim state. */
export async function memberClubBenefit(pool: pg.Pool, caller: VipCaller, rates: RebateRatesOf): Promise<MemberClubBenefit> {
  const [owed, rateList] = await Promise.all([owedOf(pool, caller), rates(caller.merchantId)]);
  const current = levelAt(owed.levels, owed.member.level);
  return { rankLevel: current.level, level: levelOnWire(current, caller.language, rateList), list: benefitItems(owed, caller.language) };
}

/** getRankSalaryRewardDetail: this month's salary of the member's level. */
export async function rankSalaryRewardDetail(pool: pg.Pool, caller: VipCaller): Promise<VipBenefitItem> {
  return salaryItem(await owedOf(pool, caller), caller.language);
}

/**
 * claimMemberClubBenefit: pays an upgrade bonus (of a level reached) or this month's salary (of
 * the member's level) once; anything not owed, or owed and claimed, is refused and changes nothing.
 */
export async function claimBenefit(pool: pg.Pool, caller: VipCaller, input: { benefitType: VipBenefitType; rankLevel: number }): Promise<VipBenefitClaimed> {
  const paidMinor = await withTransaction(pool, async (client) => {
    const owed = await owedOf(client, caller, true);
    const level = owed.levels.find((row) => row.level === input.rankLevel);
    if (!level) throw new AppError(404, 'vip.level.unknown');
    const upgrade = input.benefitType === 'upgrade';
    const period = upgrade ? '' : owed.month.key;
    const amountMinor = upgrade ? level.upgradeBonusMinor : level.monthlySalaryMinor;
    const owes = owed.member.exists && level.level >= 1 && amountMinor > 0 && (upgrade ? level.level <= owed.member.highestLevel : level.level === levelAt(owed.levels, owed.member.level).level);
    if (!owes) throw new AppError(409, 'vip.benefit.not.owed');
    if (claimedIn(owed.claims, input.benefitType, level.level, period)) throw new AppError(409, 'vip.benefit.claimed');
    const requirementMinor = Math.floor((amountMinor * (upgrade ? level.upgradeWageringX100 : level.salaryWageringX100)) / 100);
    const house = await ensureHouseAccount(client, caller.merchantId, VIP_HOUSE_ACCOUNT, caller.nowMs);
    const wallet = await ensureMemberAccount(client, caller.merchantId, caller.memberId, 'REAL', caller.nowMs);
    const posted = await postTransactionIn(client, {
      merchantId: caller.merchantId,
      idempotencyKey: `vip:${input.benefitType}:${caller.memberId}:${level.level}:${period}`,
      kind: upgrade ? VIP_UPGRADE_KIND : VIP_SALARY_KIND,
      unit: 'REAL',
      postings: [
        { accountId: house, amountMinor: -amountMinor },
        { accountId: wallet, amountMinor },
      ],
      nowMs: caller.nowMs,
      orderNo: `VIP${level.level}${upgrade ? 'U' : `S${period.replace('-', '')}`}`,
      remark: upgrade ? `VIP ${level.level} upgrade bonus` : `VIP ${level.level} salary ${period}`,
      wageringRequirementMinor: requirementMinor,
    });
    await queries.insertClaim(client, {
      merchantId: caller.merchantId, memberId: caller.memberId, kind: input.benefitType, level: level.level, period,
      amountMinor, wageringRequirementMinor: requirementMinor, ledgerTransactionId: posted.transactionId, nowMs: caller.nowMs,
    });
    return posted.replayed ? 0 : amountMinor;
  });
  const [owed, balanceMinor] = await Promise.all([owedOf(pool, caller), memberBalanceMinor(pool, caller.merchantId, caller.memberId)]);
  const benefit = benefitItems(owed, caller.language).find((item) => item.benefitType === input.benefitType && item.rankLevel === input.rankLevel)!;
  return { paid: major(paidMinor), balance: major(balanceMinor), benefit };
}

export interface HistoryQuery {
  claimDateFrom?: string;
  claimDateTo?: string;
  page?: number;
  size?: number;
}

/** getRankSalaryClaimHistory: the member's claims between two days of the merchant's calendar, newest first. */
export async function rankSalaryClaimHistory(pool: pg.Pool, caller: VipCaller, query: HistoryQuery): Promise<RankSalaryClaimHistory> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const [calendar, levels] = await Promise.all([calendarOf(pool, caller.merchantId), queries.selectLevels(pool, caller.merchantId)]);
  const toDayStartMs = query.claimDateTo ? calendar.dayStartMs(query.claimDateTo) : null;
  const result = await queries.selectClaimPage(pool, {
    merchantId: caller.merchantId,
    memberId: caller.memberId,
    fromMs: query.claimDateFrom ? calendar.dayStartMs(query.claimDateFrom) : null,
    toMs: toDayStartMs === null ? null : toDayStartMs + 86_400_000,
    limit: size,
    offset: (page - 1) * size,
  });
  const names = claimNames(caller.language);
  return {
    list: result.rows.map((row) => {
      const name = levelName(levelAt(levels, row.level), caller.language);
      return {
        claimDate: row.claimedAtMs,
        promoName: row.kind === 'upgrade' ? names.upgrade(name) : names.salary(name, row.period),
        bonusAmount: major(row.amountMinor),
        pointAmount: 0,
        ticketType: null,
        ticketUsed: null,
        benefitType: row.kind,
        rankLevel: row.level,
        month: row.kind === 'salary' ? row.period : null,
      };
    }),
    totalPages: Math.max(1, Math.ceil(result.count / size)),
    footer: { bonusAmount: major(result.sumMinor) },
  };
}

/** The member info's club label: the member's level, null where the merchant has no ladder. */
export async function memberBadge(
  db: Db,
  merchantId: number,
  memberId: number,
  language: string | null | undefined,
): Promise<{ clubLabel: { labelName: string; color: string; color2: string; rankLevel: number } | null; memberLabel: { labelName: string; textColor: string; backgroundColor: string }[] }> {
  const [levels, member] = await Promise.all([queries.selectLevels(db, merchantId), queries.selectMemberLevel(db, merchantId, memberId)]);
  if (levels.length === 0) return { clubLabel: null, memberLabel: [] };
  const level = levelAt(levels, member.level);
  const name = levelName(level, language ?? undefined);
  return {
    clubLabel: { labelName: level.clubLabel || name, color: level.color, color2: level.color2, rankLevel: level.level },
    memberLabel: level.level > 0 ? [{ labelName: name, textColor: level.color2, backgroundColor: level.color }] : [],
  };
}

export { monthOf };

import { PROFIT_MAX_DAYS, type GameCategoryCode, type MemberProfit, type MemberProfitTotals } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './profit.queries';

// The member's profit and loss (ODSFE2_MemPNLDet, legacy page personalProfit): one row per
// day with money, computed from the ledger's transactions on the member's own wallets by kind.
//
// The table of kinds: which column a kind adds to, and with which sign of the member's posting.
//
//   kind              column                  amount counted
//   deposit           deposit                 the credit (a reversal, a debit, subtracts)
//   withdraw_paid     withdraw                the amount of the paid withdrawal (its withdraw_request's
//                                             debit): the hold (withdraw_request) and a refund
//                                             (withdraw_refund) count nothing
//   bet               betAmount               the debit, positive
//   bet_refund        betAmount               the credit, subtracted
//   win               winAmount               the credit
//   betting_rebate    rebate                  the credit
//   product_rebate    rebate                  the credit (the daily betting rebate, rebate module)
//   bonus             promotion               the credit
//   promotion         promotion               the credit
//   vip_upgrade_bonus promotion               the credit (vip module: a level's upgrade bonus)
//   vip_salary        promotion               the credit (vip module: a level's monthly salary)
//   invitation_reward totalInvitationAmount   the credit (referral module: a friend qualified)
//   referral_*_rebate totalInvitationAmount   the credit (referral module: friends' deposits and stakes)
//   referral_achievement totalInvitationAmount the credit (referral module: N qualified friends)
//
// Games: the vendors' bets and wins reach the ledger as game_bet / game_win /
// game_rollback through the seamless-wallet API, and each round is a game_round row (migration
// 030) with its category, stake, valid stake and win. The games' columns come from those rounds,
// not from the ledger kinds (which carry no category): per day the rounds started, betAmount +=
// stake, validBetAmount += valid stake, winAmount += win; a rolled-back round counts nothing,
// trial play is not the member's money. The ledger kinds bet / win / bet_refund above are games
// money without a round (no category): they count in betAmount (validBetAmount alike) and
// winAmount when no category is asked for.
//
// profitAndLoss = winAmount + rebate + promotion − betAmount (the player's game result: deposits,
// withdrawals and invitation rewards are not part of it). Rebates, bonuses, promotions and
// invitation rewards come with their issues: each posts the kind named here, or adds its kind to
// this table. Other kinds (transfers between the member's wallets, transfers to upline, operator
// adjustments) are not P&L.
//
// gameCategory: narrows betAmount, validBetAmount and winAmount (and so profitAndLoss) to the
// rounds of that category; deposits, withdrawals, rebates, promotions and invitation rewards stay
// whole (they belong to no category).
//
// A day is the merchant's calendar day: UTC + timeZoneOffsetMinutes of the merchant's 'withdraw'
// setting (the day its daily withdrawal count runs in; default +6 h, Dhaka).

type Column = Exclude<keyof MemberProfitTotals, 'profitAndLoss'>;

/** kind → (column, sign applied to the member's posting). withdraw_paid's amount comes positive from the query. */
export const PROFIT_KINDS: Readonly<Record<string, { column: Exclude<Column, 'validBetAmount'>; sign: 1 | -1 }>> = {
  deposit: { column: 'deposit', sign: 1 },
  withdraw_paid: { column: 'withdraw', sign: 1 },
  bet: { column: 'betAmount', sign: -1 },
  bet_refund: { column: 'betAmount', sign: -1 },
  win: { column: 'winAmount', sign: 1 },
  betting_rebate: { column: 'rebate', sign: 1 },
  product_rebate: { column: 'rebate', sign: 1 },
  bonus: { column: 'promotion', sign: 1 },
  promotion: { column: 'promotion', sign: 1 },
  // A bonus taken back (not wagered in time): the member's debit lowers the promotion figure.
  promotion_takeback: { column: 'promotion', sign: 1 },
  prize_wheel: { column: 'promotion', sign: 1 },
  // The VIP programme's upgrade bonus and monthly salary (modules/vip).
  vip_upgrade_bonus: { column: 'promotion', sign: 1 },
  vip_salary: { column: 'promotion', sign: 1 },
  // A mission's reward (modules/mission) and the point mall's money (modules/points): an item of
  // money, a bonus to wager, points converted.
  mission_reward: { column: 'promotion', sign: 1 },
  point_mall_credit: { column: 'promotion', sign: 1 },
  point_mall_bonus: { column: 'promotion', sign: 1 },
  point_convert: { column: 'promotion', sign: 1 },
  invitation_reward: { column: 'totalInvitationAmount', sign: 1 },
  referral_deposit_rebate: { column: 'totalInvitationAmount', sign: 1 },
  referral_bet_rebate: { column: 'totalInvitationAmount', sign: 1 },
  referral_achievement: { column: 'totalInvitationAmount', sign: 1 },
};

const POSTING_KINDS = Object.keys(PROFIT_KINDS).filter((kind) => kind !== 'withdraw_paid');
/** The games' ledger kinds without a round: left out when a category is asked for. */
const UNCATEGORISED_GAME_KINDS = new Set(['bet', 'bet_refund', 'win']);

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → its UTC midnight (epoch ms); undefined for a date that does not exist (2025-02-30). */
export function dateMs(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : undefined;
}

export interface ProfitQuery {
  merchantId: number;
  memberId: number;
  startDate: string;
  endDate: string;
  gameCategory?: GameCategoryCode;
  page: number;
  size: number;
}

type Minor = Record<Column, number>;

const zero = (): Minor => ({ deposit: 0, withdraw: 0, betAmount: 0, validBetAmount: 0, winAmount: 0, rebate: 0, promotion: 0, totalInvitationAmount: 0 });

function toWire(minor: Minor): MemberProfitTotals {
  return {
    deposit: minorToMajor(minor.deposit),
    withdraw: minorToMajor(minor.withdraw),
    betAmount: minorToMajor(minor.betAmount),
    validBetAmount: minorToMajor(minor.validBetAmount),
    winAmount: minorToMajor(minor.winAmount),
    rebate: minorToMajor(minor.rebate),
    promotion: minorToMajor(minor.promotion),
    totalInvitationAmount: minorToMajor(minor.totalInvitationAmount),
    profitAndLoss: minorToMajor(minor.winAmount + minor.rebate + minor.promotion - minor.betAmount),
  };
}

/**
 * One page of the days (newest first) in [startDate, endDate] on which the member's money moved in
 * a way the table counts, with the totals of the whole period in the footer. Refused
 * (profit.period.invalid): a date that does not exist, an end before the start, more than
 * PROFIT_MAX_DAYS days.
 */
export async function memberProfit(db: Db, query: ProfitQuery): Promise<MemberProfit> {
  const startMs = dateMs(query.startDate);
  const endMs = dateMs(query.endDate);
  if (startMs === undefined || endMs === undefined || endMs < startMs || (endMs - startMs) / DAY_MS + 1 > PROFIT_MAX_DAYS) {
    throw new AppError(400, 'profit.period.invalid', { days: String(PROFIT_MAX_DAYS) });
  }
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, query.merchantId);
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  const period = {
    merchantId: query.merchantId,
    memberId: query.memberId,
    fromMs: startMs - offsetMs,
    toMs: endMs + DAY_MS - offsetMs,
    offsetMinutes: timeZoneOffsetMinutes,
  };
  const category = query.gameCategory ?? null;
  const [sums, rounds] = await Promise.all([
    queries.selectDayKindSums(db, { ...period, kinds: category ? POSTING_KINDS.filter((kind) => !UNCATEGORISED_GAME_KINDS.has(kind)) : POSTING_KINDS }),
    queries.selectDayRoundSums(db, { ...period, category }),
  ]);
  const days = new Map<string, Minor>();
  const totals = zero();
  const add = (day: string, column: Column, amountMinor: number) => {
    if (amountMinor === 0) return;
    let row = days.get(day);
    if (!row) days.set(day, (row = zero()));
    row[column] += amountMinor;
    totals[column] += amountMinor;
  };
  for (const { day, kind, sumMinor } of sums) {
    const entry = PROFIT_KINDS[kind];
    if (!entry || sumMinor === 0) continue;
    add(day, entry.column, entry.sign * sumMinor);
    // A bet without a round: all of it is valid.
    if (entry.column === 'betAmount') add(day, 'validBetAmount', entry.sign * sumMinor);
  }
  for (const { day, betMinor, validBetMinor, winMinor } of rounds) {
    add(day, 'betAmount', betMinor);
    add(day, 'validBetAmount', validBetMinor);
    add(day, 'winAmount', winMinor);
  }
  const ordered = [...days.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
  const first = (query.page - 1) * query.size;
  return {
    list: ordered.slice(first, first + query.size).map(([balanceDate, minor]) => ({ balanceDate, ...toWire(minor) })),
    totalPages: Math.ceil(ordered.length / query.size),
    footer: toWire(totals),
  };
}

import { PROFIT_MAX_DAYS, type GameCategoryCode, type MemberProfit, type MemberProfitTotals } from '@platform/shared/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './profit.queries';

// The member's profit and loss (ODSFE2_MemPNLDet, REFERENCE.md §5.1 personalProfit): one row per
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
//   bonus             promotion               the credit
//   promotion         promotion               the credit
//   invitation_reward totalInvitationAmount   the credit
//
// profitAndLoss = winAmount + rebate + promotion − betAmount (the player's game result: deposits,
// withdrawals and invitation rewards are not part of it). validBetAmount equals betAmount until
// the games post valid-bet amounts. Today only deposit and withdraw_paid are posted; bet, win and
// bet_refund come with the games issue, rebates, bonuses, promotions and invitation rewards with
// theirs: each posts the kind named here, or adds its kind to this table. Other kinds (transfers
// between the member's wallets, transfers to upline, operator adjustments) are not P&L.
//
// gameCategory: accepted (one of the contract's categories) but not applied: no ledger transaction
// carries a game category yet. When bets and wins carry one, it narrows betAmount, validBetAmount
// and winAmount (and so profitAndLoss) to that category; deposits and withdrawals stay whole.
//
// A day is the merchant's calendar day: UTC + timeZoneOffsetMinutes of the merchant's 'withdraw'
// setting (the day its daily withdrawal count runs in; default +6 h, Dhaka).

type Column = Exclude<keyof MemberProfitTotals, 'validBetAmount' | 'profitAndLoss'>;

/** kind → (column, sign applied to the member's posting). withdraw_paid's amount comes positive from the query. */
export const PROFIT_KINDS: Readonly<Record<string, { column: Column; sign: 1 | -1 }>> = {
  deposit: { column: 'deposit', sign: 1 },
  withdraw_paid: { column: 'withdraw', sign: 1 },
  bet: { column: 'betAmount', sign: -1 },
  bet_refund: { column: 'betAmount', sign: -1 },
  win: { column: 'winAmount', sign: 1 },
  betting_rebate: { column: 'rebate', sign: 1 },
  bonus: { column: 'promotion', sign: 1 },
  promotion: { column: 'promotion', sign: 1 },
  invitation_reward: { column: 'totalInvitationAmount', sign: 1 },
};

const POSTING_KINDS = Object.keys(PROFIT_KINDS).filter((kind) => kind !== 'withdraw_paid');

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

const zero = (): Minor => ({ deposit: 0, withdraw: 0, betAmount: 0, winAmount: 0, rebate: 0, promotion: 0, totalInvitationAmount: 0 });

function toWire(minor: Minor): MemberProfitTotals {
  return {
    deposit: minorToMajor(minor.deposit),
    withdraw: minorToMajor(minor.withdraw),
    betAmount: minorToMajor(minor.betAmount),
    validBetAmount: minorToMajor(minor.betAmount),
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
  const sums = await queries.selectDayKindSums(db, {
    merchantId: query.merchantId,
    memberId: query.memberId,
    fromMs: startMs - offsetMs,
    toMs: endMs + DAY_MS - offsetMs,
    offsetMinutes: timeZoneOffsetMinutes,
    kinds: POSTING_KINDS,
  });
  const days = new Map<string, Minor>();
  const totals = zero();
  for (const { day, kind, sumMinor } of sums) {
    const entry = PROFIT_KINDS[kind];
    if (!entry || sumMinor === 0) continue;
    const amountMinor = entry.sign * sumMinor;
    let row = days.get(day);
    if (!row) days.set(day, (row = zero()));
    row[entry.column] += amountMinor;
    totals[entry.column] += amountMinor;
  }
  const ordered = [...days.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
  const first = (query.page - 1) * query.size;
  return {
    list: ordered.slice(first, first + query.size).map(([balanceDate, minor]) => ({ balanceDate, ...toWire(minor) })),
    totalPages: Math.ceil(ordered.length / query.size),
    footer: toWire(totals),
  };
}

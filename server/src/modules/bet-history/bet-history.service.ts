import { BET_HISTORY_MAX_RANGE_MS, type BetHistory, type BetHistoryCategory, type BetHistoryTotals } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import type { MessageLanguage } from '../../i18n/messages';
import { minorToMajor } from '../ledger';
import * as queries from './bet-history.queries';

// The member's bet records (getPersonal<CATEGORY>History, legacy page personalHistoryCopy):
// one row per game round of one category (game_round, written by the game-provider module as the
// vendor's bets and wins arrive through the seamless-wallet API), newest first, with the totals of
// the whole filtered period. Only the member's own real-money rounds: the member and merchant come
// from the session, never from the request; trial play never reaches game_round as a member's
// round; a rolled-back round (its stake went back) is not a record.
//
// The period is [startDate, endDate] in epoch ms: the browser sends the bounds of the member's
// days in their own time zone, as for the transaction records. A round belongs to the period in
// which it started (its first bet), whenever it settled.
//
// profitAndLoss = winAmount − betAmount (the member's result of the round).

export interface BetHistoryQuery {
  merchantId: number;
  memberId: number;
  category: BetHistoryCategory;
  startDate: number;
  endDate: number;
  /** A vendor code; every vendor when absent or empty. */
  vassalage?: string;
  page: number;
  size: number;
  language: MessageLanguage;
}

function totalsOf(betMinor: number, validBetMinor: number, winMinor: number): BetHistoryTotals {
  return {
    betAmount: minorToMajor(betMinor),
    validBetAmount: minorToMajor(validBetMinor),
    winAmount: minorToMajor(winMinor),
    profitAndLoss: minorToMajor(winMinor - betMinor),
  };
}

/**
 * One page of the member's rounds of a category over [startDate, endDate]. A period longer than
 * 31 days, or ending before it starts, is refused (bet.history.period.invalid).
 */
export async function memberBetHistory(db: Db, query: BetHistoryQuery): Promise<BetHistory> {
  if (query.endDate < query.startDate || query.endDate - query.startDate > BET_HISTORY_MAX_RANGE_MS) {
    throw new AppError(400, 'bet.history.period.invalid');
  }
  const page = await queries.selectMemberRounds(db, {
    merchantId: query.merchantId,
    memberId: query.memberId,
    category: query.category,
    fromMs: query.startDate,
    toMs: query.endDate,
    vassalage: query.vassalage ?? '',
    language: query.language,
    limit: query.size,
    offset: (query.page - 1) * query.size,
  });
  return {
    list: page.rows.map((round) => ({
      roundId: round.vendorRoundId,
      betTimeInTimestamp: round.startedAtMs,
      gameName: round.gameName,
      gameCode: round.gameCode,
      vassalage: round.vassalage,
      status: round.status,
      ...totalsOf(round.betMinor, round.validBetMinor, round.winMinor),
    })),
    totalPages: Math.ceil(page.total / query.size),
    footer: totalsOf(page.betMinor, page.validBetMinor, page.winMinor),
  };
}

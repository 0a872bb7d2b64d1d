import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  lotteryCancelBetCall,
  lotteryCancelChaseCall,
  lotteryGamesCall,
  lotteryMemberBetsCall,
  lotteryOrderDetailCall,
  type LotteryBetRecord,
  type LotteryBetState,
  type LotteryMemberBetsQuery,
} from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';
import { lotteryRange } from './lottery-format';

// The lottery's bet records (personalHistoryCopy › lottHistory / chaseHistory / vlottHistory,
// legacy pages): the member's bets, an order's detail, the cancel of one bet and of a chase's
// remaining rounds, and the one place their answers turn from major units (the wire) into minor
// units (what the pages format).

/** Where a bet was placed: the Vietnam lottery, or every other lottery game. */
export type LottoArea = NonNullable<LotteryMemberBetsQuery['lottoArea']>;

/** The lottery tabs of the page, in order (before the other categories). */
export const LOTTERY_TABS = [
  { tab: 'lottHistory', lottoArea: 'LOTT', chaseOnly: false },
  { tab: 'chaseHistory', lottoArea: 'LOTT', chaseOnly: true },
  { tab: 'vlottHistory', lottoArea: 'VN', chaseOnly: false },
] as const satisfies readonly { tab: string; lottoArea: LottoArea; chaseOnly: boolean }[];

export type LotteryTab = (typeof LOTTERY_TABS)[number]['tab'];
export type LotteryTabDefinition = (typeof LOTTERY_TABS)[number];

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export interface LotteryTotals {
  betMinor: AmountMinor;
  winMinor: AmountMinor;
  rebateMinor: AmountMinor;
}

/** One bet: one slip line in one round. */
export interface LotteryBetRow extends LotteryTotals {
  orderDetailId: number;
  orderNo: string;
  gameCode: string;
  /** English; the page shows game_<gameCode> when it has it. */
  gameName: string;
  lottoArea: LottoArea;
  numero: string;
  playCode: string;
  betContent: string;
  /** The multiple the bet was placed at (a chase plan's round: the line's multiple × the round's factor). */
  multiple: number;
  timeMs: number;
  status: LotteryBetState;
  /** The round's numbers once drawn; empty before. */
  winningNumber: readonly string[];
  chase: boolean;
  chaseIndex: number;
  cancellable: boolean;
}

/** The records area of a kind: the Vietnamese lotteries (the northern draw, and the southern and central ones) are VN. */
export const areaOfKind = (kind: LotteryBetRecord['kind']): LottoArea => (kind === 'VN' || kind === 'VN18' ? 'VN' : 'LOTT');

function rowOf(record: LotteryBetRecord): LotteryBetRow {
  return {
    orderDetailId: record.orderDetailId,
    orderNo: record.orderNo,
    gameCode: record.gameCode,
    gameName: record.gameName,
    lottoArea: areaOfKind(record.kind),
    numero: record.numero,
    playCode: record.playCode,
    betContent: record.betContent,
    multiple: record.multiple,
    timeMs: record.betTimeInTimestamp,
    status: record.status,
    winningNumber: record.winningNumber,
    chase: record.chase,
    chaseIndex: record.chaseIndex,
    cancellable: record.cancellable,
    betMinor: minor(record.betAmount),
    winMinor: minor(record.winAmount),
    rebateMinor: minor(record.rebateAmount),
  };
}

export interface LotteryBetsQuery {
  lottoArea: LottoArea;
  /** Only the bets of chase orders. */
  chaseOnly: boolean;
  range: PeriodRange;
  gameCode: string | null;
  status: LotteryBetState | null;
  page: number;
  size: number;
}

/** One page of the member's lottery bets placed in the period, newest first, with the period's totals. */
export async function loadLotteryBets(query: LotteryBetsQuery, signal: AbortSignal): Promise<PagedList<LotteryBetRow, LotteryTotals>> {
  const range = lotteryRange(query.range);
  const value = await api.call(lotteryMemberBetsCall, {
    params: {
      startDate: range.startMs,
      endDate: range.endMs,
      lottoArea: query.lottoArea,
      ...(query.chaseOnly ? { chase: true } : {}),
      ...(query.gameCode ? { gameCode: query.gameCode } : {}),
      ...(query.status ? { status: query.status } : {}),
      subordinateType: 'SELF',
      page: query.page,
      size: query.size,
    },
    signal,
  });
  return {
    list: value.list.map(rowOf),
    totalPages: value.totalPages,
    footer: value.footer && { betMinor: minor(value.footer.betAmount), winMinor: minor(value.footer.winAmount), rebateMinor: minor(value.footer.rebateAmount) },
  };
}

export interface LotteryOrder {
  orderNo: string;
  gameCode: string;
  chase: boolean;
  /** The chase stops once one of its bets wins. */
  winningStop: boolean;
  /** The chase stopped on a win: its later rounds were refunded. */
  stopped: boolean;
  amountMinor: AmountMinor;
  /** Every bet of the order, in round order (then slip line order). */
  bets: LotteryBetRow[];
}

/** An order with every bet of it (every round of a chase). */
export async function loadLotteryOrder(orderNo: string, signal: AbortSignal): Promise<LotteryOrder> {
  const value = await api.call(lotteryOrderDetailCall, { params: { orderNo }, signal });
  return {
    orderNo: value.orderNo,
    gameCode: value.gameCode,
    chase: value.chase,
    winningStop: value.winningStop,
    stopped: value.stopped,
    amountMinor: minor(value.amount),
    // The server lists them in round order; sorted again so that a page never depends on it.
    bets: value.bets.map(rowOf).sort((a, b) => a.chaseIndex - b.chaseIndex || a.orderDetailId - b.orderDetailId),
  };
}

/** Cancels one open bet before its round closes; resolves to what went back to the main wallet. */
export async function cancelLotteryBet(bet: Pick<LotteryBetRow, 'orderDetailId' | 'lottoArea'>): Promise<AmountMinor> {
  const value = await api.call(lotteryCancelBetCall, { data: { orderDetailId: bet.orderDetailId, lottoArea: bet.lottoArea } });
  return minor(value.refunded);
}

/**
 * Cancels every bet of a chase order whose round is still on sale, in one step; resolves to what
 * went back to the main wallet.
 */
export async function cancelLotteryChase(order: { orderNo: string; lottoArea: LottoArea }): Promise<AmountMinor> {
  const value = await api.call(lotteryCancelChaseCall, { data: { orderNo: order.orderNo, lottoArea: order.lottoArea } });
  return minor(value.refunded);
}

export interface LotteryGameOption {
  gameCode: string;
  gameName: string;
}

/** The merchant's games of an area, for the game filter. */
export async function loadLotteryGames(lottoArea: LottoArea, signal: AbortSignal): Promise<LotteryGameOption[]> {
  const games = await api.call(lotteryGamesCall, { params: { prizeMode: lottoArea === 'VN' ? 'SEA' : 'Lott' }, signal });
  return games.filter((game) => areaOfKind(game.kind) === lottoArea).map((game) => ({ gameCode: game.gameCode, gameName: game.gameName }));
}

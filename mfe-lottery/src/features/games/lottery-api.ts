// The lottery's calls (server module lottery/, wire: contract/src/lottery.ts), and the one
// place their answers turn from the wire (major units, epoch ms) into the remote's shapes (minor
// units). Components never see the wire's money.
import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type CallOptions } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  LOTTERY_MAX_CHASE,
  LOTTERY_POPULAR_COUNT,
  LOTTERY_VN_OPENED_COUNT,
  lotteryBetCall,
  lotteryCancelBetCall,
  lotteryCancelChaseCall,
  lotteryDrawsCall,
  lotteryGameMenusCall,
  lotteryGamesCall,
  lotteryNearNumerosCall,
  lotteryOpenedNumeroCall,
  lotteryPopularGamesCall,
  lotteryRecentGamesCall,
  lotteryTodayOrdersCall,
  lotteryVnGameMenuCall,
  lotteryVnOpenedCall,
  type CallDefinition,
  type LotteryBetRecord,
  type LotteryDraw,
  type LotteryGame,
  type LotteryGameGroup,
  type LotteryPrizeMode,
  type LotteryRound,
} from '@platform/contract';

export type { LotteryDraw, LotteryGame, LotteryGameGroup, LotteryPrizeMode, LotteryRound };

/** The device this remote bets from (the contract's `device`, at most 10 characters). */
export const DEVICE = 'WEB';

/**
 * The bet and the cancel are quiet: the page explains each refusal itself, in the player's
 * language and with a way forward (a fresh round, the deposit page), so the API client's toast
 * would only say it twice.
 */
const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });
const quietBetCall = quiet(lotteryBetCall);
/** Countdowns are read again and again (every card of the lobby, every close): a failure shows in place. */
const quietOpenedNumeroCall = quiet(lotteryOpenedNumeroCall);
const quietCancelBetCall = quiet(lotteryCancelBetCall);
const quietCancelChaseCall = quiet(lotteryCancelChaseCall);

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** The games of a prize mode (Lott: the official-play games; SEA: the Vietnam lottery). */
export function loadGames(prizeMode: LotteryPrizeMode, signal?: AbortSignal): Promise<LotteryGame[]> {
  return api.call(lotteryGamesCall, { params: { prizeMode, device: DEVICE }, signal });
}

/** One game by its code, or null when the merchant has no such enabled game in that prize mode. */
export async function loadGame(gameCode: string, prizeMode: LotteryPrizeMode, signal?: AbortSignal): Promise<LotteryGame | null> {
  const games = await loadGames(prizeMode, signal);
  return games.find((game) => game.gameCode === gameCode) ?? null;
}

/** The lobby's game groups (gameMenus, each with its gameGroupCode and labelName). */
export function loadGameMenus(signal?: AbortSignal): Promise<LotteryGameGroup[]> {
  return api.call(lotteryGameMenusCall, { params: { prizeMode: 'Lott', device: DEVICE }, signal });
}

/** The 20 popular games. */
export function loadPopularGames(language: string, signal?: AbortSignal): Promise<LotteryGame[]> {
  return api.call(lotteryPopularGamesCall, { params: { count: LOTTERY_POPULAR_COUNT, prizeMode: 'Lott', device: DEVICE, language }, signal });
}

/** The member's recent games (a session call; quiet in the contract). */
export function loadRecentGames(signal?: AbortSignal): Promise<LotteryGame[]> {
  return api.call(lotteryRecentGamesCall, { params: { prizeMode: 'Lott', device: DEVICE }, signal });
}

/** The Vietnam lottery's menu (prize mode SEA, device WEB). */
export function loadVnGameMenu(signal?: AbortSignal): Promise<LotteryGameGroup[]> {
  return api.call(lotteryVnGameMenuCall, { params: { prizeMode: 'SEA', device: DEVICE }, signal });
}

/** Vietnamese games with a round on sale, soonest close first (at most 100). */
export function loadVnOpened(signal?: AbortSignal): Promise<{ game: LotteryGame; current: LotteryRound }[]> {
  return api.call(lotteryVnOpenedCall, { params: { count: LOTTERY_VN_OPENED_COUNT }, signal });
}

/**
 * The round on sale and the latest past its draw, with the server's clock: `offsetMs` is what to
 * add to this device's clock to read the server's (countdowns follow the server, not the device).
 */
export interface OpenedRound {
  gameCode: string;
  current: LotteryRound | null;
  previous: LotteryDraw | null;
  offsetMs: number;
}

export async function loadOpenedRound(gameCode: string, signal?: AbortSignal): Promise<OpenedRound> {
  const sentAt = Date.now();
  const value = await api.call(quietOpenedNumeroCall, { params: { gameCode }, signal });
  // The server read its clock somewhere during the request: its middle is the best guess.
  const receivedAt = Date.now();
  return { gameCode, current: value.current, previous: value.previous, offsetMs: value.serverTime - Math.round((sentAt + receivedAt) / 2) };
}

/** The round on sale and those after it, in draw order: what a chase can follow (at most 120 more). */
export function loadNearRounds(gameCode: string, signal?: AbortSignal): Promise<LotteryRound[]> {
  return api.call(lotteryNearNumerosCall, { params: { gameCode, count: LOTTERY_MAX_CHASE + 1 }, signal });
}

/** One page of a game's draws, newest first. */
export function loadDraws(gameCode: string, page: number, size: number, signal?: AbortSignal): Promise<{ list: LotteryDraw[]; totalPages: number }> {
  return api.call(lotteryDrawsCall, { params: { gameCode, page, size }, signal });
}

/** One bet of today's orders, in minor units. */
export interface BetRecord {
  orderDetailId: number;
  orderNo: string;
  gameCode: string;
  numero: string;
  playId: number;
  playCode: string;
  /** The slip rows: rows joined by "_", values by ",". */
  betContent: string;
  betTimeMs: number;
  betAmountMinor: AmountMinor;
  winAmountMinor: AmountMinor;
  multiple: number;
  moneyMode: number;
  series: number;
  tickets: number;
  status: LotteryBetRecord['status'];
  winningNumber: string[];
  chase: boolean;
  chaseIndex: number;
  cancellable: boolean;
}

function betRecordOf(row: LotteryBetRecord): BetRecord {
  return {
    orderDetailId: row.orderDetailId,
    orderNo: row.orderNo,
    gameCode: row.gameCode,
    numero: row.numero,
    playId: row.playId,
    playCode: row.playCode,
    betContent: row.betContent,
    betTimeMs: row.betTimeInTimestamp,
    betAmountMinor: minor(row.betAmount),
    winAmountMinor: minor(row.winAmount),
    multiple: row.multiple,
    moneyMode: row.moneyMode,
    series: row.series,
    tickets: row.tickets,
    status: row.status,
    winningNumber: row.winningNumber,
    chase: row.chase,
    chaseIndex: row.chaseIndex,
    cancellable: row.cancellable,
  };
}

/** One page of the member's bets of today on one game, newest first. */
export async function loadTodayOrders(gameCode: string, page: number, size: number, signal?: AbortSignal): Promise<{ list: BetRecord[]; totalPages: number }> {
  const value = await api.call(lotteryTodayOrdersCall, { params: { gameCode, page, size }, signal });
  return { list: value.list.map(betRecordOf), totalPages: value.totalPages };
}

/** What a bet sends, apart from its Idempotency-Key. */
export interface BetOrder {
  gameCode: string;
  currentNumero: string;
  bettingSlipString: string;
  /** Major units with four decimals, every chase round included (betCartAmountText). */
  betCartAmountSum: string;
  chase: number;
  winningStop: boolean;
  /** The chase plan: chase + 1 factors, one per round (chase-plan.ts); absent: every round at the lines' multiples. */
  chaseMultiples?: number[];
}

export interface PlacedBet {
  orderNo: string;
  amountMinor: AmountMinor;
  bets: number;
}

/** Places an order under the caller's Idempotency-Key (the same key when the same order is sent again). */
export async function placeBet(order: BetOrder, idempotencyKey: string): Promise<PlacedBet> {
  const options: CallOptions<typeof lotteryBetCall> = {
    data: { ...order, device: DEVICE },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  };
  const value = await api.call(quietBetCall, options);
  return { orderNo: value.orderNo, amountMinor: minor(value.amount), bets: value.bets.length };
}

/** Cancels one bet whose round is still on sale; resolves to what went back to the main wallet. */
export async function cancelBet(orderDetailId: number, lottoArea: 'LOTT' | 'VN'): Promise<AmountMinor> {
  const value = await api.call(quietCancelBetCall, { data: { orderDetailId, lottoArea } });
  return minor(value.refunded);
}

/** What the cancel of a chase's remaining rounds gave back. */
export interface CancelledChase {
  refundedMinor: AmountMinor;
  /** How many bets were cancelled (every line of every round still on sale). */
  bets: number;
}

/** Cancels every bet of a chase order whose round is still on sale, in one step. */
export async function cancelChase(orderNo: string, lottoArea: 'LOTT' | 'VN'): Promise<CancelledChase> {
  const value = await api.call(quietCancelChaseCall, { data: { orderNo, lottoArea } });
  return { refundedMinor: minor(value.refunded), bets: value.bets.length };
}

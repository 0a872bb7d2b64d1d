// The crash game as the page sees it, folded from the stream's events (contract/src/
// inhouse-games.ts: state, betting, running, tick, bet, cashout, crashed, balance).
import type { CrashEventName, CrashHistoryEntry, CrashPlayerBet, CrashState } from '@platform/contract';

export interface CrashView {
  /** Server time minus local time (ms). */
  clockOffset: number;
  roundId: string | null;
  phase: 'waiting' | 'betting' | 'running' | 'crashed';
  serverSeedHash: string | null;
  bettingEndsAt: number | null;
  startedAt: number | null;
  multiplier: number;
  /** (elapsed ms, multiplier) points of the running round, for the chart. */
  points: [number, number][];
  crashPoint: number | null;
  /** The seed revealed at the crash of the round shown. */
  revealed: CrashHistoryEntry | null;
  bets: CrashPlayerBet[];
  history: CrashHistoryEntry[];
  balance: number | null;
}

export const INITIAL_CRASH_VIEW: CrashView = {
  clockOffset: 0,
  roundId: null,
  phase: 'waiting',
  serverSeedHash: null,
  bettingEndsAt: null,
  startedAt: null,
  multiplier: 1,
  points: [],
  crashPoint: null,
  revealed: null,
  bets: [],
  history: [],
  balance: null,
};

export type CrashEvent =
  | { type: 'state'; data: CrashState }
  | { type: 'betting'; data: { roundId: string; serverSeedHash: string; bettingEndsAt: number; serverTime: number } }
  | { type: 'running'; data: { roundId: string; startedAt: number; serverTime: number } }
  | { type: 'tick'; data: { roundId: string; multiplier: number; elapsedMs: number } }
  | { type: 'bet'; data: CrashPlayerBet }
  | { type: 'cashout'; data: CrashPlayerBet }
  | { type: 'crashed'; data: CrashHistoryEntry }
  | { type: 'balance'; data: { balance: number } };

const HISTORY_KEPT = 20;

/** The stream's event names (the contract's CRASH_EVENTS; a copy, so the page bundles no contract rows). */
export const CRASH_EVENT_NAMES = ['state', 'betting', 'running', 'tick', 'bet', 'cashout', 'crashed', 'balance'] as const satisfies readonly CrashEventName[];

/**
 * Bets carry no id on the wire (one bet per player per round; others' names are masked). The
 * subscriber's own bet is the one marked `mine` (the page adds it from the bet's answer, named '',
 * and the stream names it again: one row); another player's is known by masked name and stake.
 */
function sameBet(a: CrashPlayerBet, b: CrashPlayerBet): boolean {
  if (a.roundId !== b.roundId || a.mine !== b.mine) return false;
  return a.mine || (a.player === b.player && a.bet === b.bet);
}

function upsertBet(bets: CrashPlayerBet[], bet: CrashPlayerBet): CrashPlayerBet[] {
  // A cash-out settles an open bet (of two players with the same mask and stake, the first open one).
  const open = bet.status === 'open' ? -1 : bets.findIndex((candidate) => sameBet(candidate, bet) && candidate.status === 'open');
  const index = open >= 0 ? open : bets.findIndex((candidate) => sameBet(candidate, bet));
  if (index < 0) return [...bets, bet];
  // An event that arrives late never turns a settled bet back into an open one.
  if (bet.status === 'open' && bets[index].status !== 'open') return bets;
  const next = bets.slice();
  next[index] = bet.mine && !bet.player ? { ...bet, player: bets[index].player } : bet;
  return next;
}

export function crashReducer(view: CrashView, event: CrashEvent, now = Date.now()): CrashView {
  switch (event.type) {
    case 'state': {
      const { round, bets, history, serverTime } = event.data;
      return {
        ...view,
        clockOffset: serverTime - now,
        roundId: round?.roundId ?? null,
        phase: round?.phase ?? 'waiting',
        serverSeedHash: round?.serverSeedHash ?? null,
        bettingEndsAt: round?.bettingEndsAt ?? null,
        startedAt: round?.startedAt ?? null,
        multiplier: round?.multiplier ?? 1,
        points: round?.phase === 'running' && round.multiplier ? [[Math.max(0, serverTime - (round.startedAt ?? serverTime)), round.multiplier]] : [],
        crashPoint: round?.phase === 'crashed' ? (history.find((entry) => entry.roundId === round.roundId)?.crashPoint ?? null) : null,
        revealed: round?.phase === 'crashed' ? (history.find((entry) => entry.roundId === round.roundId) ?? null) : null,
        bets: bets.slice(),
        history: history.slice(0, HISTORY_KEPT),
      };
    }
    case 'betting':
      return {
        ...view,
        clockOffset: event.data.serverTime - now,
        roundId: event.data.roundId,
        phase: 'betting',
        serverSeedHash: event.data.serverSeedHash,
        bettingEndsAt: event.data.bettingEndsAt,
        startedAt: null,
        multiplier: 1,
        points: [],
        crashPoint: null,
        revealed: null,
        bets: [],
      };
    case 'running': {
      // Another round than the one shown (its betting was missed): its bets and hash are unknown.
      const other = event.data.roundId !== view.roundId;
      return {
        ...view,
        clockOffset: event.data.serverTime - now,
        roundId: event.data.roundId,
        phase: 'running',
        startedAt: event.data.startedAt,
        multiplier: 1,
        points: [[0, 1]],
        crashPoint: null,
        revealed: null,
        ...(other ? { bets: [], serverSeedHash: null, bettingEndsAt: null } : {}),
      };
    }
    case 'tick':
      if (event.data.roundId !== view.roundId || view.phase === 'crashed') return view;
      return { ...view, phase: 'running', multiplier: event.data.multiplier, points: [...view.points, [event.data.elapsedMs, event.data.multiplier]] };
    case 'bet':
    case 'cashout':
      if (view.roundId && event.data.roundId !== view.roundId) return view;
      return { ...view, bets: upsertBet(view.bets, event.data) };
    case 'crashed': {
      const entry = event.data;
      if (view.roundId && entry.roundId !== view.roundId) return { ...view, history: [entry, ...view.history.filter((old) => old.roundId !== entry.roundId)].slice(0, HISTORY_KEPT) };
      return {
        ...view,
        phase: 'crashed',
        multiplier: entry.crashPoint,
        crashPoint: entry.crashPoint,
        revealed: entry,
        points: view.points.length ? [...view.points, [view.points[view.points.length - 1][0], entry.crashPoint]] : view.points,
        bets: view.bets.map((bet) => (bet.status === 'open' ? { ...bet, status: 'lost' } : bet)),
        history: [entry, ...view.history.filter((old) => old.roundId !== entry.roundId)].slice(0, HISTORY_KEPT),
      };
    }
    case 'balance':
      return { ...view, balance: event.data.balance };
    default:
      return view;
  }
}

/** The subscriber's own bet on the round shown, if any. */
export function myBet(view: CrashView): CrashPlayerBet | undefined {
  return view.bets.find((bet) => bet.mine && bet.roundId === view.roundId);
}

// The wire (contract/src/inhouse-games.ts: the JL game server's values) to the client's
// types.
import type { JlGameConfig, JlRotate, JlRound, JlSession, JlSpin, SlotOutcome } from '@platform/contract';
import type { Cell, CrashConfig, FairnessState, LineWin, RotateResult, RoundDetail, SessionInfo, SlotConfig, SpinResult, SpinStep } from './types';

export function normalizeFairness(value: { serverSeedHash: string; clientSeed: string; nonce: number }): FairnessState {
  return { serverSeedHash: value.serverSeedHash, clientSeed: value.clientSeed, nonce: value.nonce };
}

export function normalizeSlotConfig(game: JlGameConfig): SlotConfig {
  return {
    reels: game.reels ?? 5,
    rows: game.rows ?? 3,
    lines: (game.lines ?? []).map((line) => [...line]),
    betSteps: [...game.betSteps],
    symbols: (game.symbols ?? []).map((symbol) => ({
      id: symbol.id,
      name: symbol.name,
      kind: symbol.kind === 'regular' ? 'normal' : symbol.kind,
      pays: Object.fromEntries(symbol.pays.map((pay) => [pay.count, pay.multiplier])),
    })),
    freeSpins: game.freeSpins
      ? { scatters: game.freeSpins.trigger, spins: game.freeSpins.awarded, retrigger: game.freeSpins.retrigger, multiplier: game.freeSpins.multiplier, expandingWild: game.freeSpins.expandingWild }
      : null,
  };
}

export function normalizeCrashConfig(game: JlGameConfig): CrashConfig {
  return {
    minBet: game.minBet,
    maxBet: game.maxBet,
    betSteps: [...game.betSteps],
    bettingMs: game.bettingMs ?? null,
    growthPerMs: game.growthPerMs ?? null,
    clientSeed: game.crashClientSeed ?? null,
  };
}

export function normalizeSession(value: JlSession): SessionInfo {
  const game = value.game;
  return {
    gameCode: game.gameCode,
    gameName: '',
    balance: value.balance,
    currency: value.currency,
    trial: value.trial,
    fairness: normalizeFairness(value.fairness),
    slot: game.kind === 'slot' ? normalizeSlotConfig(game) : null,
    crash: game.kind === 'crash' ? normalizeCrashConfig(game) : null,
    rtp: game.rtp ?? null,
  };
}

type Screen = SlotOutcome['base'];

const cellsOf = (positions: readonly (readonly number[])[]): Cell[] => positions.map(([reel, row]) => [reel, row] as Cell);

function stepOf(screen: Screen): SpinStep {
  return {
    grid: screen.grid.map((column) => [...column]),
    lineWins: screen.lineWins.map((lineWin): LineWin => ({ line: lineWin.line, symbol: lineWin.symbol, count: lineWin.count, win: lineWin.win, cells: cellsOf(lineWin.positions) })),
    scatter: screen.scatter.count > 0 ? { count: screen.scatter.count, win: screen.scatter.win, freeSpins: screen.freeSpinsAwarded, cells: cellsOf(screen.scatter.positions) } : null,
    expandedReels: [...screen.expandedReels],
    multiplier: screen.multiplier,
    win: screen.win,
  };
}

/** A slot outcome (of a spin or a past round) in the client's terms. */
export function normalizeOutcome(outcome: SlotOutcome): { base: SpinStep; freeSpins: SpinStep[]; totalWin: number } {
  return { base: stepOf(outcome.base), freeSpins: outcome.freeSpins.map(stepOf), totalWin: outcome.totalWin };
}

export function normalizeSpin(value: JlSpin): SpinResult {
  return {
    roundId: value.roundId,
    bet: value.bet,
    ...normalizeOutcome(value.outcome),
    totalWin: value.win,
    balance: value.balance,
    nonce: value.nonce,
    clientSeed: value.clientSeed,
    serverSeedHash: value.serverSeedHash,
    nextNonce: value.nonce + 1,
  };
}

export function normalizeRotate(value: JlRotate): RotateResult {
  return {
    revealedServerSeed: value.revealed.serverSeed,
    revealedServerSeedHash: value.revealed.serverSeedHash,
    revealedClientSeed: value.revealed.clientSeed,
    revealedNonces: value.revealed.nonces,
    fairness: normalizeFairness(value.fairness),
  };
}

export function normalizeRound(value: JlRound): RoundDetail {
  return {
    roundId: value.roundId,
    gameCode: value.gameCode,
    time: value.createdAt,
    bet: value.bet,
    win: value.win,
    state: value.state,
    nonce: value.nonce,
    clientSeed: value.clientSeed,
    serverSeedHash: value.serverSeedHash,
    serverSeed: value.serverSeed ?? null,
    crashPoint: null,
  };
}

// The client's view of the JL game server's answers (normalize.ts maps the wire to these).

export interface FairnessState {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

export interface SlotSymbol {
  id: string;
  /** English name (the page translates by id). */
  name: string;
  kind: 'normal' | 'wild' | 'scatter';
  /** Multiplier of the total bet by count: { 3: 0.25, 4: 1, 5: 5 } (lines from the left; the scatter anywhere). */
  pays: Record<number, number>;
}

export interface SlotConfig {
  reels: number;
  rows: number;
  /** Each payline: the row (0 = top) it crosses on each reel. */
  lines: number[][];
  betSteps: number[];
  symbols: SlotSymbol[];
  /** Scatters that start free spins, and how many. */
  freeSpins: { scatters: number; spins: number; retrigger: number; multiplier: number; expandingWild: boolean } | null;
}

export interface CrashConfig {
  minBet: number;
  maxBet: number | null;
  betSteps: number[];
  bettingMs: number | null;
  /** The multiplier after t ms running is floor(100·e^(growthPerMs·t))/100. */
  growthPerMs: number | null;
  /** The public client seed of every crash round (nonce 0). */
  clientSeed: string | null;
}

export interface SessionInfo {
  gameCode: string;
  gameName: string;
  balance: number;
  currency: string;
  trial: boolean;
  fairness: FairnessState;
  slot: SlotConfig | null;
  crash: CrashConfig | null;
  /** The game's exact theoretical return to player (0.9612), when the server says it. */
  rtp: number | null;
}

/** A cell of the grid: [reel, row]. */
export type Cell = [number, number];

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  win: number;
  cells: Cell[];
}

export interface SpinStep {
  /** grid[reel][row]: symbol ids. */
  grid: string[][];
  lineWins: LineWin[];
  scatter: { count: number; win: number; freeSpins: number; cells: Cell[] } | null;
  /** Reels turned wild (expanding wilds in free spins). */
  expandedReels: number[];
  /** 1, or the free-spin multiplier. */
  multiplier: number;
  win: number;
}

export interface SpinResult {
  roundId: string;
  bet: number;
  base: SpinStep;
  freeSpins: SpinStep[];
  totalWin: number;
  balance: number;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  /** The nonce the next round will use. */
  nextNonce: number;
}

export interface RotateResult {
  revealedServerSeed: string;
  revealedServerSeedHash: string;
  revealedClientSeed: string;
  /** Rounds played with the revealed seed: nonces 0 … revealedNonces − 1. */
  revealedNonces: number;
  fairness: FairnessState;
}

export interface RoundDetail {
  roundId: string;
  gameCode: string;
  time: number | null;
  bet: number;
  win: number;
  state: 'pending' | 'settled' | 'refused';
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  /** Known once the seed was rotated. */
  serverSeed: string | null;
  crashPoint: number | null;
}

export interface CrashBetResult {
  roundId: string;
  bet: number;
  autoCashout: number | null;
  balance: number;
}

export interface CrashCashoutResult {
  roundId: string;
  multiplier: number;
  win: number;
  balance: number;
}

export interface RoundPage {
  list: RoundDetail[];
  hasMore: boolean;
}

// What the lottery's tests answer the stubbed API with: the default games (as the server seeds them,
// server/src/modules/lottery/games.ts), rounds around the test's clock, draws, bet records, and a
// stand-in for the browser's EventSource (the network edge of the draw events). Tests only.
import type { LotteryBetRecord, LotteryDraw, LotteryGame, LotteryGameGroup, LotteryOpened, LotteryRound } from '@platform/contract';

const SERIES = { minSeries: 1800, maxBetSeries: 1960, maxSeries: 1960, defaultSeries: 1900 } as const;

export const SSC1: LotteryGame = { gameId: 1, gameCode: 'SSC1', gameName: '1-minute SSC', kind: 'SSC', gameGroupCode: 'SSC', prizeMode: 'Lott', intervalSeconds: 60, closeSeconds: 5, ...SERIES };
export const SSC5: LotteryGame = { ...SSC1, gameId: 2, gameCode: 'SSC5', gameName: '5-minute SSC', intervalSeconds: 300, closeSeconds: 30 };
export const GD11X5: LotteryGame = { gameId: 3, gameCode: 'GD11X5', gameName: '3-minute 11x5', kind: '11X5', gameGroupCode: '11X5', prizeMode: 'Lott', intervalSeconds: 180, closeSeconds: 20, ...SERIES };
export const PK10: LotteryGame = { gameId: 4, gameCode: 'PK10', gameName: 'Speed Racing (75 s)', kind: 'PK10', gameGroupCode: 'PK10', prizeMode: 'Lott', intervalSeconds: 75, closeSeconds: 8, ...SERIES };
export const LHC5: LotteryGame = { gameId: 5, gameCode: 'LHC5', gameName: 'Speed Mark Six (5 min)', kind: 'LHC', gameGroupCode: 'LHC', prizeMode: 'Lott', intervalSeconds: 300, closeSeconds: 30, ...SERIES };
export const VNMB: LotteryGame = { gameId: 6, gameCode: 'VNMB', gameName: 'Vietnam Daily (house draw)', kind: 'VN', gameGroupCode: 'VN', prizeMode: 'SEA', intervalSeconds: 86_400, closeSeconds: 600, ...SERIES };
export const VN5: LotteryGame = { ...VNMB, gameId: 7, gameCode: 'VN5', gameName: 'Fast Vietnam (5 min)', intervalSeconds: 300, closeSeconds: 30 };

export const LOTT_GAMES = [SSC1, SSC5, GD11X5, PK10, LHC5];
export const VN_GAMES = [VNMB, VN5];

export function menusOf(games: readonly LotteryGame[]): LotteryGameGroup[] {
  const groups = new Map<string, LotteryGame[]>();
  for (const game of games) groups.set(game.gameGroupCode, [...(groups.get(game.gameGroupCode) ?? []), game]);
  return [...groups].map(([gameGroupCode, gameMenus]) => ({ gameGroupCode, labelName: gameGroupCode, gameMenus }));
}

/** A round of `game` numbered `numero`, closing `closesInMs` after now (its draw `closeSeconds` later). */
export function roundOf(game: LotteryGame, numero: string, closesInMs: number, now = Date.now()): LotteryRound {
  const closeTime = now + closesInMs;
  return {
    gameCode: game.gameCode,
    numero,
    openTime: closeTime - game.intervalSeconds * 1000,
    closeTime,
    drawTime: closeTime + game.closeSeconds * 1000,
    serverSeedHash: 'a'.repeat(64),
    state: 'open',
  };
}

/** The next `count` rounds after `round`, as the near-numeros call lists them (the round first). */
export function roundsFrom(game: LotteryGame, round: LotteryRound, count: number): LotteryRound[] {
  const [day, sequence] = round.numero.split('-');
  return Array.from({ length: count }, (_, index) => ({
    ...round,
    numero: `${day}-${String(Number(sequence) + index).padStart(sequence.length, '0')}`,
    openTime: round.openTime + index * game.intervalSeconds * 1000,
    closeTime: round.closeTime + index * game.intervalSeconds * 1000,
    drawTime: round.drawTime + index * game.intervalSeconds * 1000,
  }));
}

export function drawOf(game: LotteryGame, numero: string, numbers: string[], overrides: Partial<LotteryDraw> = {}): LotteryDraw {
  return {
    gameCode: game.gameCode,
    numero,
    drawTime: Date.now() - 1000,
    state: 'settled',
    numbers,
    serverSeedHash: 'b'.repeat(64),
    serverSeed: 'c'.repeat(64),
    salesHash: 'd'.repeat(64),
    ...overrides,
  };
}

export function openedOf(current: LotteryRound | null, previous: LotteryDraw | null = null, serverTime = Date.now()): LotteryOpened {
  return { serverTime, current, previous };
}

export function betRecordOf(game: LotteryGame, overrides: Partial<LotteryBetRecord> = {}): LotteryBetRecord {
  return {
    orderDetailId: 501,
    orderNo: 'L20261127000001',
    gameCode: game.gameCode,
    gameName: game.gameName,
    kind: game.kind,
    numero: '20261127-0421',
    playId: 1001,
    playCode: 'SSC_5STAR_DIRECT',
    betContent: '1_2_3_4_5',
    betTimeInTimestamp: Date.now() - 5000,
    betAmount: 2,
    multiple: 1,
    moneyMode: 1,
    series: 1900,
    tickets: 1,
    status: 'open',
    winAmount: 0,
    rebateAmount: 0,
    winningNumber: [],
    chase: false,
    chaseIndex: 0,
    cancellable: true,
    ...overrides,
  };
}

export const pageOf = <T>(list: T[], totalPages = list.length > 0 ? 1 : 0) => ({ list, totalPages, footer: null });

/** The browser's EventSource, played by the test: it records each connection and sends events on demand. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener(type: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((candidate) => candidate !== listener));
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends an event. */
  emit(type: string, data: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  static install(): void {
    FakeEventSource.instances = [];
    Object.defineProperty(globalThis, 'EventSource', { value: FakeEventSource, configurable: true, writable: true });
  }

  static uninstall(): void {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}

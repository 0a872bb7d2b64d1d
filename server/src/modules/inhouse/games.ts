import type { JlGameConfig, SlotOutcome } from '@platform/contract';
import { compileSlotMachine, DRAGON_PEARL, FORTUNE_GEMS, hmacStream, spinSlot, type CompiledSlotMachine, type SlotMachineDefinition, type SlotRoundResult, type SlotSpinScreen } from './engine';
import { nodeHmacSha256 } from './fairness';

// The in-house games this server runs: their configuration for the pages, and their outcomes from
// the seeds. Amounts: the engine counts minor units; the wire, major units.

export const minorToMajor = (minor: number): number => Math.round(minor) / 100;

const MAJOR = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** A stake in major units with at most two decimals, as minor units; undefined when it is not one. */
export function majorToMinor(amount: number): number | undefined {
  const match = MAJOR.exec(String(amount));
  if (!match) return undefined;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
}

/** The largest crash bet (minor units): 10,000.00 (its smallest is the engine's CRASH_MIN_BET). */
export const CRASH_MAX_BET = 1_000_000;

export interface SlotGame {
  gameCode: string;
  machine: CompiledSlotMachine;
  rtp?: number;
}

const SLOT_DEFINITIONS: readonly SlotMachineDefinition[] = [FORTUNE_GEMS, DRAGON_PEARL];

const slotGames = new Map<string, SlotGame>(SLOT_DEFINITIONS.map((definition) => [definition.gameCode, { gameCode: definition.gameCode, machine: compileSlotMachine(definition) }]));

export const slotGame = (gameCode: string): SlotGame | undefined => slotGames.get(gameCode);

/** The round's result, from its seeds (deterministic: the same seeds and nonce give the same round). */
export function playSlot(game: SlotGame, seeds: { serverSeed: string; clientSeed: string; nonce: number }, betMinor: number): SlotRoundResult {
  return spinSlot(game.machine, hmacStream(nodeHmacSha256, seeds), betMinor);
}

function screenOnWire(screen: SlotSpinScreen): SlotOutcome['base'] {
  return {
    stops: [...screen.stops],
    grid: screen.grid.map((reel) => [...reel]),
    expandedReels: [...screen.expandedReels],
    lineWins: screen.lineWins.map((win) => ({ line: win.line, symbol: win.symbol, count: win.count, positions: win.positions.map((cell) => [...cell]), win: minorToMajor(win.win) })),
    scatter: { count: screen.scatter.count, positions: screen.scatter.positions.map((cell) => [...cell]), win: minorToMajor(screen.scatter.win) },
    multiplier: screen.multiplier,
    freeSpinsAwarded: screen.freeSpinsAwarded,
    win: minorToMajor(screen.win),
  };
}

/** The engine's result (minor units) as the wire shows it (major units). */
export function outcomeOnWire(result: SlotRoundResult): SlotOutcome {
  return {
    base: screenOnWire(result.base),
    freeSpins: result.freeSpins.map(screenOnWire),
    baseWin: minorToMajor(result.baseWin),
    freeSpinsWin: minorToMajor(result.freeSpinsWin),
    totalWin: minorToMajor(result.totalWin),
  };
}

/** A range of stakes, minor units, both ends allowed. */
export interface StakeRange {
  minMinor: number;
  maxMinor: number;
}

/**
 * The game's configuration for its page. `range`: the stakes the merchant allows (stake-range.ts;
 * default the certified ones): only the certified bet steps inside it are offered.
 */
export function slotConfig(game: SlotGame, range?: StakeRange): JlGameConfig {
  const { definition } = game.machine;
  const steps = range ? definition.betSteps.filter((step) => step >= range.minMinor && step <= range.maxMinor) : definition.betSteps;
  const multiplierOf = (units: number) => units / definition.payDenominator;
  const paysOf = (byCount: Readonly<Record<number, number>> | undefined) =>
    Object.entries(byCount ?? {})
      .map(([count, units]) => ({ count: Number(count), multiplier: multiplierOf(units) }))
      .filter((pay) => pay.multiplier > 0)
      .sort((a, b) => a.count - b.count);
  return {
    gameCode: definition.gameCode,
    name: definition.name,
    kind: 'slot',
    minBet: minorToMajor(Math.min(...steps)),
    maxBet: minorToMajor(Math.max(...steps)),
    betSteps: steps.map(minorToMajor),
    reels: definition.reels.length,
    rows: definition.rows,
    lines: definition.lines.map((line) => [...line]),
    symbols: definition.symbols.map((symbol) => ({
      id: symbol.id,
      name: symbol.name,
      kind: symbol.kind,
      pays: symbol.kind === 'scatter' ? paysOf(definition.scatterPays) : paysOf(definition.linePays[symbol.id]),
    })),
    freeSpins: { ...definition.freeSpins },
    ...(game.rtp !== undefined ? { rtp: game.rtp } : {}),
  };
}

// The slot engine: a machine is data (symbols, reel strips, paylines, paytable, free-spin feature,
// SlotMachineDefinition); `spinSlot` plays one round of it from a RandomSource.
//
// Rules (the same for every machine, and what slot-rtp.ts computes exactly):
// - Reels are columns. Each reel stops at a uniform position of its strip: `stop = uniformInt(L)`,
//   drawn for reel 0, 1, … in order. The window of a reel shows strip[(stop + row) mod L] for
//   row 0 (top) … rows−1. `grid[reel][row]` is the landed symbol.
// - Expanding wild (free spins of a machine with `expandingWild`): a reel whose window shows a wild
//   turns wild on every row for the line evaluation (`expandedReels`); scatters are counted on the
//   landed grid.
// - A payline is a row index per reel. Its symbols are read from reel 0 to the right. The wild
//   substitutes every symbol but the scatter. The line pays the better of
//     - its leading wilds as wilds (`linePays.WILD[count]`, when the wild has pays), and
//     - the first non-wild symbol with the run of that symbol or wilds from reel 0
//       (`linePays[symbol][count]`); a scatter there pays nothing on the line.
//   One win per line at most.
// - Scatters pay anywhere: `scatterPays[count]` with count = scatters in the whole window.
// - Free spins: `trigger` or more scatters award `awarded` free spins (base game) or `retrigger`
//   more (during free spins), never more than `maxPerFeature` free spins in all. Free spins are
//   played on `freeSpinReels` (default: the base reels), each win × `multiplier`, right after the
//   base spin, drawing from the same stream (5 draws per spin for 5 reels).
//
// Money: integers of minor units only. A pay is written in units, and a pay of u units on a total
// bet B (minor units) is u × B / payDenominator. The total bet must be a positive multiple of
// payDenominator (the bet steps are), so every win is an exact integer and nothing is ever rounded:
// the engine refuses other bets (RangeError). A free-spin win is that × multiplier.

/** How a symbol behaves. */
export type SlotSymbolKind = 'wild' | 'scatter' | 'regular';

export interface SlotSymbol {
  /** Stable code used in strips, paytables and results (e.g. 'WILD', 'RUBY'). */
  readonly id: string;
  /** English name (the game pages translate by id). */
  readonly name: string;
  readonly kind: SlotSymbolKind;
}

export interface FreeSpinFeature {
  /** Scatters anywhere that award free spins (base game) or more free spins (during them). */
  readonly trigger: number;
  /** Free spins awarded by the base game. */
  readonly awarded: number;
  /** Free spins added by a trigger during free spins. */
  readonly retrigger: number;
  /** Most free spins one round can have in all (retriggers stop adding beyond it). */
  readonly maxPerFeature: number;
  /** Every free-spin win (lines and scatters) is multiplied by this. */
  readonly multiplier: number;
  /** Wilds expand to their whole reel during free spins. */
  readonly expandingWild: boolean;
}

export interface SlotMachineDefinition {
  readonly gameCode: string;
  /** English name (the catalogue has the translated names). */
  readonly name: string;
  /** Rows of the window (3). */
  readonly rows: number;
  readonly symbols: readonly SlotSymbol[];
  /** Base-game strips, one per reel, of symbol ids. */
  readonly reels: readonly (readonly string[])[];
  /** Free-spin strips (default: `reels`). */
  readonly freeSpinReels?: readonly (readonly string[])[];
  /** Paylines: the row of each reel, one array per line (line n of the pages is index n − 1). */
  readonly lines: readonly (readonly number[])[];
  /** A pay of u units on a total bet B pays u × B / payDenominator minor units. */
  readonly payDenominator: number;
  /** Line pays in units by symbol id and count of symbols from the left (count → units). */
  readonly linePays: Readonly<Record<string, Readonly<Record<number, number>>>>;
  /** Scatter pays in units by scatters anywhere (count → units). */
  readonly scatterPays: Readonly<Record<number, number>>;
  readonly freeSpins: FreeSpinFeature;
  /** Total bets offered, in minor units (each a multiple of payDenominator); the first is the minimum. */
  readonly betSteps: readonly number[];
}

/** A machine checked and turned into index tables (what the engine and the RTP work with). */
export interface CompiledSlotMachine {
  readonly definition: SlotMachineDefinition;
  readonly symbolIds: readonly string[];
  readonly wild: number;
  readonly scatter: number;
  readonly reels: readonly Int32Array[];
  readonly freeSpinReels: readonly Int32Array[];
  /** pays[symbol][count] in units (0 when none), count 0 … reel count. */
  readonly pays: readonly Int32Array[];
  readonly scatterPays: Int32Array;
  readonly lines: readonly Int32Array[];
}

export interface SlotLineWin {
  /** Index into the machine's `lines` (line number − 1). */
  readonly line: number;
  /** The paying symbol id (the wild's id for a line of wilds). */
  readonly symbol: string;
  /** Symbols from the left that pay (wilds included). */
  readonly count: number;
  /** [reel, row] of the paying cells. */
  readonly positions: readonly (readonly [number, number])[];
  /** Pay in units before the multiplier. */
  readonly units: number;
  /** Minor units won, multiplier included. */
  readonly win: number;
}

export interface SlotScatterResult {
  readonly count: number;
  /** [reel, row] of every scatter. */
  readonly positions: readonly (readonly [number, number])[];
  /** Minor units won, multiplier included. */
  readonly win: number;
}

/** One screen: the base spin or one free spin. */
export interface SlotSpinScreen {
  readonly stops: readonly number[];
  /** grid[reel][row]: the landed symbol ids. */
  readonly grid: readonly (readonly string[])[];
  /** Reels turned wild (expanding wild during free spins), ascending. */
  readonly expandedReels: readonly number[];
  readonly lineWins: readonly SlotLineWin[];
  readonly scatter: SlotScatterResult;
  readonly multiplier: number;
  /** Free spins this screen awarded (a trigger or a retrigger, capped), else 0. */
  readonly freeSpinsAwarded: number;
  /** Minor units won on this screen (lines + scatter, multiplier included). */
  readonly win: number;
}

export interface SlotRoundResult {
  readonly gameCode: string;
  /** Total bet, minor units. */
  readonly bet: number;
  readonly base: SlotSpinScreen;
  /** The free spins in the order played (empty without a trigger). */
  readonly freeSpins: readonly SlotSpinScreen[];
  readonly baseWin: number;
  readonly freeSpinsWin: number;
  /** Everything the round pays, minor units. */
  readonly totalWin: number;
}

/** Checks a machine definition (throws an Error naming the problem) and compiles it. */
export function compileSlotMachine(definition: SlotMachineDefinition): CompiledSlotMachine {
  const fail = (problem: string): never => {
    throw new Error(`slot machine ${definition.gameCode}: ${problem}`);
  };
  const ids = definition.symbols.map((symbol) => symbol.id);
  if (new Set(ids).size !== ids.length) fail('symbol ids repeat');
  const wilds = definition.symbols.filter((symbol) => symbol.kind === 'wild');
  const scatters = definition.symbols.filter((symbol) => symbol.kind === 'scatter');
  if (wilds.length !== 1 || scatters.length !== 1) fail('needs exactly one wild and one scatter symbol');
  const indexOf = (id: string): number => {
    const index = ids.indexOf(id);
    if (index < 0) fail(`unknown symbol ${id}`);
    return index;
  };
  const reelCount = definition.reels.length;
  if (reelCount < 1) fail('no reels');
  if (!Number.isInteger(definition.rows) || definition.rows < 1) fail('rows must be a positive integer');
  const compileStrips = (strips: readonly (readonly string[])[], label: string) => {
    if (strips.length !== reelCount) fail(`${label} must have ${reelCount} reels`);
    return strips.map((strip, reel) => {
      if (strip.length < definition.rows) fail(`${label} reel ${reel} is shorter than the window`);
      return Int32Array.from(strip.map(indexOf));
    });
  };
  const reels = compileStrips(definition.reels, 'reels');
  const freeSpinReels = definition.freeSpinReels ? compileStrips(definition.freeSpinReels, 'freeSpinReels') : reels;
  const isUnits = (value: number) => Number.isSafeInteger(value) && value >= 0;
  const pays = ids.map(() => new Int32Array(reelCount + 1));
  for (const [id, byCount] of Object.entries(definition.linePays)) {
    const symbol = indexOf(id);
    if (symbol === ids.indexOf(scatters[0].id)) fail('the scatter has scatter pays, not line pays');
    for (const [count, units] of Object.entries(byCount)) {
      const n = Number(count);
      if (!Number.isInteger(n) || n < 1 || n > reelCount || !isUnits(units)) fail(`bad line pay ${id} ${count}: ${units}`);
      pays[symbol][n] = units;
    }
  }
  const maxScatters = reelCount * definition.rows;
  const scatterPays = new Int32Array(maxScatters + 1);
  for (const [count, units] of Object.entries(definition.scatterPays)) {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > maxScatters || !isUnits(units)) fail(`bad scatter pay ${count}: ${units}`);
    scatterPays[n] = units;
  }
  const lineKeys = new Set<string>();
  const lines = definition.lines.map((line, index) => {
    if (line.length !== reelCount || line.some((row) => !Number.isInteger(row) || row < 0 || row >= definition.rows)) fail(`line ${index + 1} is not a row per reel`);
    const key = line.join(',');
    if (lineKeys.has(key)) fail(`line ${index + 1} repeats another line`);
    lineKeys.add(key);
    return Int32Array.from(line);
  });
  if (!lines.length) fail('no paylines');
  const { trigger, awarded, retrigger, maxPerFeature, multiplier } = definition.freeSpins;
  if (![trigger, awarded, multiplier].every((value) => Number.isInteger(value) && value >= 1)) fail('bad free-spin feature');
  if (!Number.isInteger(retrigger) || retrigger < 0 || !Number.isInteger(maxPerFeature) || maxPerFeature < awarded) fail('bad free-spin retrigger or maximum');
  if (!Number.isInteger(definition.payDenominator) || definition.payDenominator < 1) fail('payDenominator must be a positive integer');
  if (!definition.betSteps.length || definition.betSteps.some((bet) => !Number.isSafeInteger(bet) || bet <= 0 || bet % definition.payDenominator !== 0)) {
    fail('every bet step must be a positive multiple of payDenominator');
  }
  return {
    definition,
    symbolIds: ids,
    wild: indexOf(wilds[0].id),
    scatter: indexOf(scatters[0].id),
    reels,
    freeSpinReels,
    pays,
    scatterPays,
    lines,
  };
}

/** The pay of one line, or null: `symbols[reel]` are the symbol indices on the line (after any expansion). */
export function evaluateLine(machine: CompiledSlotMachine, symbols: ArrayLike<number>): { symbol: number; count: number; units: number } | null {
  const { wild, scatter, pays } = machine;
  const reelCount = symbols.length;
  let wilds = 0;
  while (wilds < reelCount && symbols[wilds] === wild) wilds += 1;
  const wildUnits = pays[wild][wilds];
  let best: { symbol: number; count: number; units: number } | null = wildUnits > 0 ? { symbol: wild, count: wilds, units: wildUnits } : null;
  if (wilds < reelCount) {
    const target = symbols[wilds];
    if (target !== scatter) {
      let count = wilds + 1;
      while (count < reelCount && (symbols[count] === target || symbols[count] === wild)) count += 1;
      const units = pays[target][count];
      if (units > 0 && (!best || units > best.units)) best = { symbol: target, count, units };
    }
  }
  return best;
}

function exactWin(units: number, bet: number, denominator: number, multiplier: number): number {
  // bet is a multiple of the denominator: exact in integers (checked safe below).
  const win = units * (bet / denominator) * multiplier;
  if (!Number.isSafeInteger(win)) throw new RangeError('the win exceeds the safe integer range');
  return win;
}

function playScreen(machine: CompiledSlotMachine, strips: readonly Int32Array[], source: { uniformInt(n: number): number }, bet: number, multiplier: number, expanding: boolean): SlotSpinScreen & { scatterCount: number } {
  const { rows, payDenominator } = machine.definition;
  const reelCount = strips.length;
  const stops: number[] = [];
  const cells: Int32Array[] = [];
  for (let reel = 0; reel < reelCount; reel += 1) {
    const strip = strips[reel];
    const stop = source.uniformInt(strip.length);
    stops.push(stop);
    const window = new Int32Array(rows);
    for (let row = 0; row < rows; row += 1) window[row] = strip[(stop + row) % strip.length];
    cells.push(window);
  }
  const expandedReels: number[] = [];
  const expanded = new Uint8Array(reelCount);
  if (expanding) {
    for (let reel = 0; reel < reelCount; reel += 1) {
      if (cells[reel].includes(machine.wild)) {
        expanded[reel] = 1;
        expandedReels.push(reel);
      }
    }
  }
  const lineSymbols = new Int32Array(reelCount);
  const lineWins: SlotLineWin[] = [];
  let win = 0;
  machine.lines.forEach((line, lineIndex) => {
    for (let reel = 0; reel < reelCount; reel += 1) lineSymbols[reel] = expanded[reel] ? machine.wild : cells[reel][line[reel]];
    const pay = evaluateLine(machine, lineSymbols);
    if (!pay) return;
    const lineWin = exactWin(pay.units, bet, payDenominator, multiplier);
    win += lineWin;
    lineWins.push({
      line: lineIndex,
      symbol: machine.symbolIds[pay.symbol],
      count: pay.count,
      positions: Array.from({ length: pay.count }, (_, reel) => [reel, line[reel]] as const),
      units: pay.units,
      win: lineWin,
    });
  });
  const scatterPositions: (readonly [number, number])[] = [];
  cells.forEach((window, reel) => window.forEach((symbol, row) => symbol === machine.scatter && scatterPositions.push([reel, row])));
  const scatterWin = exactWin(machine.scatterPays[scatterPositions.length], bet, payDenominator, multiplier);
  win += scatterWin;
  return {
    stops,
    grid: cells.map((window) => Array.from(window, (symbol) => machine.symbolIds[symbol])),
    expandedReels,
    lineWins,
    scatter: { count: scatterPositions.length, positions: scatterPositions, win: scatterWin },
    multiplier,
    freeSpinsAwarded: 0,
    win,
    scatterCount: scatterPositions.length,
  };
}

/** True when `bet` (minor units) is a total bet the machine can play exactly (a positive multiple of payDenominator). */
export function isPlayableSlotBet(machine: CompiledSlotMachine, bet: number): boolean {
  return Number.isSafeInteger(bet) && bet > 0 && bet % machine.definition.payDenominator === 0;
}

/**
 * Plays one round: the base spin, then any free spins, all from `source` (see the file's rules).
 * `bet` is the total bet in minor units (isPlayableSlotBet; the caller decides which of the
 * machine's betSteps it accepts).
 */
export function spinSlot(machine: CompiledSlotMachine, source: { uniformInt(n: number): number }, bet: number): SlotRoundResult {
  if (!isPlayableSlotBet(machine, bet)) throw new RangeError(`${machine.definition.gameCode}: the total bet must be a positive multiple of ${machine.definition.payDenominator} minor units, not ${bet}`);
  const feature = machine.definition.freeSpins;
  const { scatterCount, ...baseScreen } = playScreen(machine, machine.reels, source, bet, 1, false);
  let awarded = scatterCount >= feature.trigger ? feature.awarded : 0;
  const base: SlotSpinScreen = { ...baseScreen, freeSpinsAwarded: awarded };
  const freeSpins: SlotSpinScreen[] = [];
  let freeSpinsWin = 0;
  while (freeSpins.length < awarded) {
    const { scatterCount: scatters, ...screen } = playScreen(machine, machine.freeSpinReels, source, bet, feature.multiplier, feature.expandingWild);
    let added = 0;
    if (scatters >= feature.trigger) {
      added = Math.min(awarded + feature.retrigger, feature.maxPerFeature) - awarded;
      awarded += added;
    }
    freeSpins.push({ ...screen, freeSpinsAwarded: added });
    freeSpinsWin += screen.win;
  }
  return { gameCode: machine.definition.gameCode, bet, base, freeSpins, baseWin: base.win, freeSpinsWin, totalWin: base.win + freeSpinsWin };
}

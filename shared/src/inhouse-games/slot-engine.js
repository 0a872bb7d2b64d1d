"use strict";
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.compileSlotMachine = compileSlotMachine;
exports.evaluateLine = evaluateLine;
exports.isPlayableSlotBet = isPlayableSlotBet;
exports.spinSlot = spinSlot;
/** Checks a machine definition (throws an Error naming the problem) and compiles it. */
function compileSlotMachine(definition) {
    const fail = (problem) => {
        throw new Error(`slot machine ${definition.gameCode}: ${problem}`);
    };
    const ids = definition.symbols.map((symbol) => symbol.id);
    if (new Set(ids).size !== ids.length)
        fail('symbol ids repeat');
    const wilds = definition.symbols.filter((symbol) => symbol.kind === 'wild');
    const scatters = definition.symbols.filter((symbol) => symbol.kind === 'scatter');
    if (wilds.length !== 1 || scatters.length !== 1)
        fail('needs exactly one wild and one scatter symbol');
    const indexOf = (id) => {
        const index = ids.indexOf(id);
        if (index < 0)
            fail(`unknown symbol ${id}`);
        return index;
    };
    const reelCount = definition.reels.length;
    if (reelCount < 1)
        fail('no reels');
    if (!Number.isInteger(definition.rows) || definition.rows < 1)
        fail('rows must be a positive integer');
    const compileStrips = (strips, label) => {
        if (strips.length !== reelCount)
            fail(`${label} must have ${reelCount} reels`);
        return strips.map((strip, reel) => {
            if (strip.length < definition.rows)
                fail(`${label} reel ${reel} is shorter than the window`);
            return Int32Array.from(strip.map(indexOf));
        });
    };
    const reels = compileStrips(definition.reels, 'reels');
    const freeSpinReels = definition.freeSpinReels ? compileStrips(definition.freeSpinReels, 'freeSpinReels') : reels;
    const isUnits = (value) => Number.isSafeInteger(value) && value >= 0;
    const pays = ids.map(() => new Int32Array(reelCount + 1));
    for (const [id, byCount] of Object.entries(definition.linePays)) {
        const symbol = indexOf(id);
        if (symbol === ids.indexOf(scatters[0].id))
            fail('the scatter has scatter pays, not line pays');
        for (const [count, units] of Object.entries(byCount)) {
            const n = Number(count);
            if (!Number.isInteger(n) || n < 1 || n > reelCount || !isUnits(units))
                fail(`bad line pay ${id} ${count}: ${units}`);
            pays[symbol][n] = units;
        }
    }
    const maxScatters = reelCount * definition.rows;
    const scatterPays = new Int32Array(maxScatters + 1);
    for (const [count, units] of Object.entries(definition.scatterPays)) {
        const n = Number(count);
        if (!Number.isInteger(n) || n < 1 || n > maxScatters || !isUnits(units))
            fail(`bad scatter pay ${count}: ${units}`);
        scatterPays[n] = units;
    }
    const lineKeys = new Set();
    const lines = definition.lines.map((line, index) => {
        if (line.length !== reelCount || line.some((row) => !Number.isInteger(row) || row < 0 || row >= definition.rows))
            fail(`line ${index + 1} is not a row per reel`);
        const key = line.join(',');
        if (lineKeys.has(key))
            fail(`line ${index + 1} repeats another line`);
        lineKeys.add(key);
        return Int32Array.from(line);
    });
    if (!lines.length)
        fail('no paylines');
    const { trigger, awarded, retrigger, maxPerFeature, multiplier } = definition.freeSpins;
    if (![trigger, awarded, multiplier].every((value) => Number.isInteger(value) && value >= 1))
        fail('bad free-spin feature');
    if (!Number.isInteger(retrigger) || retrigger < 0 || !Number.isInteger(maxPerFeature) || maxPerFeature < awarded)
        fail('bad free-spin retrigger or maximum');
    if (!Number.isInteger(definition.payDenominator) || definition.payDenominator < 1)
        fail('payDenominator must be a positive integer');
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
function evaluateLine(machine, symbols) {
    const { wild, scatter, pays } = machine;
    const reelCount = symbols.length;
    let wilds = 0;
    while (wilds < reelCount && symbols[wilds] === wild)
        wilds += 1;
    const wildUnits = pays[wild][wilds];
    let best = wildUnits > 0 ? { symbol: wild, count: wilds, units: wildUnits } : null;
    if (wilds < reelCount) {
        const target = symbols[wilds];
        if (target !== scatter) {
            let count = wilds + 1;
            while (count < reelCount && (symbols[count] === target || symbols[count] === wild))
                count += 1;
            const units = pays[target][count];
            if (units > 0 && (!best || units > best.units))
                best = { symbol: target, count, units };
        }
    }
    return best;
}
function exactWin(units, bet, denominator, multiplier) {
    // bet is a multiple of the denominator: exact in integers (checked safe below).
    const win = units * (bet / denominator) * multiplier;
    if (!Number.isSafeInteger(win))
        throw new RangeError('the win exceeds the safe integer range');
    return win;
}
function playScreen(machine, strips, source, bet, multiplier, expanding) {
    const { rows, payDenominator } = machine.definition;
    const reelCount = strips.length;
    const stops = [];
    const cells = [];
    for (let reel = 0; reel < reelCount; reel += 1) {
        const strip = strips[reel];
        const stop = source.uniformInt(strip.length);
        stops.push(stop);
        const window = new Int32Array(rows);
        for (let row = 0; row < rows; row += 1)
            window[row] = strip[(stop + row) % strip.length];
        cells.push(window);
    }
    const expandedReels = [];
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
    const lineWins = [];
    let win = 0;
    machine.lines.forEach((line, lineIndex) => {
        for (let reel = 0; reel < reelCount; reel += 1)
            lineSymbols[reel] = expanded[reel] ? machine.wild : cells[reel][line[reel]];
        const pay = evaluateLine(machine, lineSymbols);
        if (!pay)
            return;
        const lineWin = exactWin(pay.units, bet, payDenominator, multiplier);
        win += lineWin;
        lineWins.push({
            line: lineIndex,
            symbol: machine.symbolIds[pay.symbol],
            count: pay.count,
            positions: Array.from({ length: pay.count }, (_, reel) => [reel, line[reel]]),
            units: pay.units,
            win: lineWin,
        });
    });
    const scatterPositions = [];
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
function isPlayableSlotBet(machine, bet) {
    return Number.isSafeInteger(bet) && bet > 0 && bet % machine.definition.payDenominator === 0;
}
/**
 * Plays one round: the base spin, then any free spins, all from `source` (see the file's rules).
 * `bet` is the total bet in minor units (isPlayableSlotBet; the caller decides which of the
 * machine's betSteps it accepts).
 */
function spinSlot(machine, source, bet) {
    if (!isPlayableSlotBet(machine, bet))
        throw new RangeError(`${machine.definition.gameCode}: the total bet must be a positive multiple of ${machine.definition.payDenominator} minor units, not ${bet}`);
    const feature = machine.definition.freeSpins;
    const { scatterCount, ...baseScreen } = playScreen(machine, machine.reels, source, bet, 1, false);
    let awarded = scatterCount >= feature.trigger ? feature.awarded : 0;
    const base = { ...baseScreen, freeSpinsAwarded: awarded };
    const freeSpins = [];
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
//# sourceMappingURL=slot-engine.js.map
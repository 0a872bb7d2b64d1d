/** @jest-environment node */
import { createHmac } from 'node:crypto';
import {
  DRAGON_PEARL,
  FORTUNE_GEMS,
  Rational,
  SLOT_MACHINES,
  compileSlotMachine,
  evaluateLine,
  exactSlotRtp,
  expectedFreeSpins,
  hmacStream,
  isPlayableSlotBet,
  slotRtp,
  spinSlot,
  type CompiledSlotMachine,
  type RandomSource,
  type SlotMachineDefinition,
  type SlotRoundResult,
} from '.';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const spin = (code: 'JLS001' | 'JLS002', nonce: number, bet = 20, serverSeed = 'slots-test') =>
  spinSlot(SLOT_MACHINES[code], hmacStream(hmac, { serverSeed, clientSeed: 'player', nonce }), bet);

/** The first nonce whose round satisfies `wanted`. */
function findRound(code: 'JLS001' | 'JLS002', wanted: (round: SlotRoundResult) => boolean, bet = 20): SlotRoundResult {
  for (let nonce = 0; nonce < 200_000; nonce += 1) {
    const round = spin(code, nonce, bet);
    if (wanted(round)) return round;
  }
  throw new Error('no such round in 200,000');
}

/**
 * Every way a round can go, by re-running it over each sequence of draws (an odometer over the
 * draws it asks for): Σ P(path) × totalWin as an exact fraction. A true brute force: it knows
 * nothing of the RTP method, only the engine.
 */
function bruteForceExpectedWin(play: (source: RandomSource) => number): { expected: Rational; paths: number } {
  const path: { choice: number; n: number }[] = [];
  const sums = new Map<bigint, bigint>();
  let paths = 0;
  for (;;) {
    let depth = 0;
    const source: RandomSource = {
      uniformInt(n) {
        if (depth < path.length) {
          if (path[depth].n !== n) throw new Error('the draws of a path changed');
          return path[depth++].choice;
        }
        path.push({ choice: 0, n });
        depth += 1;
        return 0;
      },
      nextUint32() {
        throw new Error('slots draw with uniformInt only');
      },
    };
    const win = play(source);
    paths += 1;
    const weight = path.reduce((product, step) => product * BigInt(step.n), 1n);
    sums.set(weight, (sums.get(weight) ?? 0n) + BigInt(win));
    while (path.length && path[path.length - 1].choice === path[path.length - 1].n - 1) path.pop();
    if (!path.length) break;
    path[path.length - 1].choice += 1;
  }
  let expected = Rational.ZERO;
  for (const [weight, sum] of sums) expected = expected.add(Rational.of(sum, weight));
  return { expected, paths };
}

/** A small machine (3 reels × 2 rows, short strips) whose every round can be enumerated. */
function reducedMachine(overrides: Partial<SlotMachineDefinition> = {}): SlotMachineDefinition {
  return {
    gameCode: 'TEST',
    name: 'Reduced',
    rows: 2,
    symbols: [
      { id: 'W', name: 'Wild', kind: 'wild' },
      { id: 'S', name: 'Scatter', kind: 'scatter' },
      { id: 'A', name: 'A', kind: 'regular' },
      { id: 'B', name: 'B', kind: 'regular' },
    ],
    reels: [
      ['A', 'S', 'B'],
      ['W', 'A'],
      ['B', 'A', 'S'],
    ],
    freeSpinReels: [
      ['A', 'W', 'S'],
      ['B', 'A'],
      ['S', 'B', 'A'],
    ],
    lines: [
      [0, 0, 0],
      [1, 1, 1],
      [0, 1, 0],
    ],
    payDenominator: 3,
    linePays: { W: { 3: 9 }, A: { 2: 1, 3: 5 }, B: { 3: 3 } },
    scatterPays: { 2: 2 },
    freeSpins: { trigger: 2, awarded: 1, retrigger: 1, maxPerFeature: 3, multiplier: 3, expandingWild: false },
    betSteps: [3],
    ...overrides,
  };
}

describe('the machines', () => {
  test('compile, and keep their documented shape', () => {
    for (const machine of [SLOT_MACHINES.JLS001, SLOT_MACHINES.JLS002]) {
      expect(machine.reels).toHaveLength(5);
      expect(machine.definition.rows).toBe(3);
      expect(machine.definition.betSteps[0]).toBe(20);
      expect(machine.definition.betSteps.every((bet) => isPlayableSlotBet(machine, bet))).toBe(true);
    }
    expect(FORTUNE_GEMS.lines).toHaveLength(20);
    expect(DRAGON_PEARL.lines).toHaveLength(25);
    expect(FORTUNE_GEMS.symbols.length).toBeGreaterThanOrEqual(9);
    expect(DRAGON_PEARL.symbols.length).toBeLessThanOrEqual(11);
    // Dragon Pearl: wilds only on reels 2-4, pearls only on reels 1, 3, 5, never two in a window.
    DRAGON_PEARL.reels.forEach((strip, reel) => {
      expect(strip.includes('WILD')).toBe(reel >= 1 && reel <= 3);
      expect(strip.includes('PEARL')).toBe(reel % 2 === 0);
    });
    for (const definition of [FORTUNE_GEMS, DRAGON_PEARL]) {
      for (const strip of definition.reels) {
        for (let stop = 0; stop < strip.length; stop += 1) {
          const window = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
          const specials = window.filter((symbol) => symbol === 'WILD' || symbol === 'SCATTER' || symbol === 'PEARL');
          expect(specials.length).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  test('refuse a definition that is inconsistent', () => {
    const broken = (overrides: Partial<SlotMachineDefinition>) => () => compileSlotMachine({ ...FORTUNE_GEMS, ...overrides });
    expect(broken({ lines: [...FORTUNE_GEMS.lines, [1, 1, 1, 1, 1]] })).toThrow(/repeats/);
    expect(broken({ lines: [[0, 1, 3, 1, 0]] })).toThrow(/row per reel/);
    expect(broken({ betSteps: [30] })).toThrow(/multiple/);
    expect(broken({ reels: [['NOPE', 'A', 'K'], ...FORTUNE_GEMS.reels.slice(1)] })).toThrow(/unknown symbol/);
    expect(broken({ linePays: { SCATTER: { 3: 1 } } })).toThrow(/scatter/);
  });
});

describe('line evaluation', () => {
  const machine = SLOT_MACHINES.JLS001;
  const line = (...ids: string[]) => evaluateLine(machine, Int32Array.from(ids.map((id) => machine.symbolIds.indexOf(id))));
  const pay = (id: string, count: number) => FORTUNE_GEMS.linePays[id][count];

  test('counts the run from reel 1 with wilds substituting', () => {
    expect(line('RUBY', 'RUBY', 'RUBY', 'K', 'RUBY')).toEqual({ symbol: machine.symbolIds.indexOf('RUBY'), count: 3, units: pay('RUBY', 3) });
    expect(line('RUBY', 'WILD', 'RUBY', 'WILD', 'Q')?.count).toBe(4);
    expect(line('WILD', 'WILD', 'J', 'J', 'A')).toMatchObject({ count: 4, units: pay('J', 4) });
    expect(line('K', 'RUBY', 'RUBY', 'RUBY', 'RUBY')).toBeNull();
    expect(line('RUBY', 'RUBY', 'K', 'RUBY', 'RUBY')).toBeNull();
  });

  test('pays the better of the leading wilds and the substituted symbol', () => {
    // 3 wilds then J J: 5 J pays 50, 3 wilds pay 40 → J.
    expect(line('WILD', 'WILD', 'WILD', 'J', 'J')).toMatchObject({ count: 5, units: Math.max(pay('J', 5), pay('WILD', 3)) });
    // 4 wilds then Q: Q×5 pays 60, wild ×4 pays 160 → the wilds.
    expect(line('WILD', 'WILD', 'WILD', 'WILD', 'Q')).toEqual({ symbol: machine.wild, count: 4, units: pay('WILD', 4) });
    expect(line('WILD', 'WILD', 'WILD', 'WILD', 'WILD')).toEqual({ symbol: machine.wild, count: 5, units: pay('WILD', 5) });
  });

  test('the wild does not substitute the scatter, and the scatter pays nothing on a line', () => {
    expect(line('SCATTER', 'SCATTER', 'SCATTER', 'A', 'A')).toBeNull();
    expect(line('WILD', 'WILD', 'SCATTER', 'A', 'A')).toBeNull();
    expect(line('WILD', 'WILD', 'WILD', 'SCATTER', 'A')).toMatchObject({ symbol: machine.wild, count: 3 });
  });
});

describe('a spin', () => {
  test('shows the strips at the drawn stops and adds its wins up, in integers', () => {
    for (const code of ['JLS001', 'JLS002'] as const) {
      const machine = SLOT_MACHINES[code];
      for (let nonce = 0; nonce < 300; nonce += 1) {
        const round = spin(code, nonce, 60);
        round.base.stops.forEach((stop, reel) => {
          const strip = machine.definition.reels[reel];
          expect(round.base.grid[reel]).toEqual([0, 1, 2].map((row) => strip[(stop + row) % strip.length]));
        });
        const screens = [round.base, ...round.freeSpins];
        for (const screen of screens) {
          const lines = screen.lineWins.reduce((sum, win) => sum + win.win, 0);
          expect(screen.win).toBe(lines + screen.scatter.win);
          for (const win of screen.lineWins) expect(win.win).toBe((win.units * 60 * screen.multiplier) / 20);
          expect(Number.isSafeInteger(screen.win)).toBe(true);
        }
        expect(round.totalWin).toBe(round.baseWin + round.freeSpinsWin);
      }
    }
  });

  test('is the same for the same seeds, and its wins scale with the bet', () => {
    expect(spin('JLS001', 5)).toEqual(spin('JLS001', 5));
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const small = spin('JLS002', nonce, 20);
      const large = spin('JLS002', nonce, 2000);
      expect(large.base.grid).toEqual(small.base.grid);
      expect(large.totalWin).toBe(small.totalWin * 100);
    }
  });

  test('refuses a bet that is not a positive multiple of 20 minor units (nothing is ever rounded)', () => {
    for (const bet of [0, -20, 10, 30, 20.5, Number.NaN]) expect(() => spin('JLS001', 0, bet)).toThrow(RangeError);
  });

  test('Fortune Gems: 3+ scatters give 10 free spins at ×2, retriggers add 10', () => {
    const round = findRound('JLS001', (candidate) => candidate.freeSpins.length > 0);
    expect(round.base.scatter.count).toBeGreaterThanOrEqual(3);
    expect(round.base.freeSpinsAwarded).toBe(10);
    const retriggers = round.freeSpins.filter((screen) => screen.freeSpinsAwarded > 0).length;
    expect(round.freeSpins).toHaveLength(10 + 10 * retriggers);
    for (const screen of round.freeSpins) {
      expect(screen.multiplier).toBe(2);
      expect(screen.expandedReels).toEqual([]);
      expect(screen.freeSpinsAwarded > 0).toBe(screen.scatter.count >= 3);
    }
    const retriggered = findRound('JLS001', (candidate) => candidate.freeSpins.length > 10);
    expect(retriggered.freeSpins.length % 10).toBe(0);
  });

  test('Dragon Pearl: 3 pearls give 8 free spins where a dragon turns its reel wild', () => {
    // A line paid only because a reel expanded: one of its cells shows neither the wild nor its symbol.
    const paysThroughExpansion = (screen: SlotRoundResult['base']) =>
      screen.lineWins.some((win) => win.positions.some(([reel, row]) => screen.expandedReels.includes(reel) && screen.grid[reel][row] !== 'WILD' && screen.grid[reel][row] !== win.symbol));
    const round = findRound('JLS002', (candidate) => candidate.freeSpins.some(paysThroughExpansion));
    expect(round.base.scatter.count).toBe(3);
    expect(round.base.freeSpinsAwarded).toBe(8);
    expect(round.base.expandedReels).toEqual([]);
    expect(round.freeSpins.length % 8).toBe(0);
    for (const screen of round.freeSpins) {
      expect(screen.multiplier).toBe(1);
      for (let reel = 0; reel < 5; reel += 1) expect(screen.expandedReels.includes(reel)).toBe(screen.grid[reel].includes('WILD'));
      // Every paying cell is the symbol, a wild, or on an expanded reel.
      for (const win of screen.lineWins) {
        for (const [reel, row] of win.positions) expect(screen.expandedReels.includes(reel) || [win.symbol, 'WILD'].includes(screen.grid[reel][row])).toBe(true);
      }
    }
    // The base game never expands.
    for (let nonce = 0; nonce < 2000; nonce += 1) expect(spin('JLS002', nonce).base.expandedReels).toEqual([]);
  });
});

describe('the exact RTP', () => {
  test('of each slot is around 96 % (pinned: a change to reels or pays must be deliberate)', () => {
    const fortune = slotRtp('JLS001');
    const dragon = slotRtp('JLS002');
    expect(fortune.rtp.toNumber()).toBeCloseTo(0.959643, 6);
    expect(dragon.rtp.toNumber()).toBeCloseTo(0.964526, 6);
    for (const report of [fortune, dragon]) {
      expect(report.rtp.equals(report.baseLines.add(report.baseScatter).add(report.freeSpins))).toBe(true);
      expect(report.rtp.toNumber()).toBeGreaterThan(0.95);
      expect(report.rtp.toNumber()).toBeLessThan(0.97);
    }
  });

  test('equals a brute-force enumeration of every round of a reduced machine (free spins, retriggers and the cap included)', () => {
    for (const variant of [
      reducedMachine(),
      reducedMachine({ freeSpins: { trigger: 2, awarded: 2, retrigger: 1, maxPerFeature: 3, multiplier: 2, expandingWild: true } }),
      reducedMachine({ freeSpinReels: undefined, freeSpins: { trigger: 2, awarded: 1, retrigger: 2, maxPerFeature: 3, multiplier: 1, expandingWild: false } }),
    ]) {
      const machine: CompiledSlotMachine = compileSlotMachine(variant);
      const bet = 3;
      const { expected, paths } = bruteForceExpectedWin((source) => spinSlot(machine, source, bet).totalWin);
      const exact = exactSlotRtp(machine).rtp;
      expect(paths).toBeGreaterThan(1000);
      expect(paths).toBeLessThan(200_000);
      expect(expected.div(Rational.of(bet)).toString()).toBe(exact.toString());
    }
  });

  test('expected free spins: the capped recurrence meets its closed forms', () => {
    const p = Rational.of(1, 50);
    expect(expectedFreeSpins(10, 10, 10, p).equals(Rational.of(10))).toBe(true);
    expect(expectedFreeSpins(10, 10, 100, Rational.ZERO).equals(Rational.of(10))).toBe(true);
    // One possible retrigger (cap 20): 10 + 10 × P(at least one of 10 spins retriggers).
    const none = Rational.of(49, 50);
    let noneOfTen = Rational.ONE;
    for (let spin = 0; spin < 10; spin += 1) noneOfTen = noneOfTen.mul(none);
    expect(expectedFreeSpins(10, 10, 20, p).equals(Rational.of(10).add(Rational.of(10).mul(Rational.ONE.sub(noneOfTen))))).toBe(true);
    // Without a cap it would be 10 / (1 − 10p) = 12.5; a higher cap comes closer from below.
    const capped = [20, 40, 60].map((cap) => expectedFreeSpins(10, 10, cap, p));
    expect(capped[0].compare(capped[1])).toBe(-1);
    expect(capped[1].compare(capped[2])).toBe(-1);
    expect(capped[2].compare(Rational.of(25, 2))).toBe(-1);
    expect(capped[2].toNumber()).toBeGreaterThan(12.45);
  });
});

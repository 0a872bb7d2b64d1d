// The two in-house slot machines (vendor JL) as data. The engine (slot-engine.ts) plays them;
// slot-rtp.ts computes their exact RTP (printed by `npm run bench -- --games`):
//   JLS001 Fortune Gems ≈ 95.9643 %   JLS002 Dragon Pearl ≈ 96.4526 %   (slots.test.ts pins them: a
// change to strips, lines or pays must be deliberate)
//
// Money: both have payDenominator 20, so a pay of u units is u/20 of the total bet, and the total
// bet is a multiple of 20 minor units (0.20, the catalogue's minimum bet for slots). For Fortune
// Gems (20 lines) a unit is the line bet: "RUBY ×3 pays 30" = 30 line bets = 1.5 × the total bet.
import type { SlotMachineDefinition } from './slot-engine';

/** Total bets (minor units) offered by both slots: 0.20 … 100.00, each a multiple of 20. */
export const SLOT_BET_STEPS: readonly number[] = [20, 40, 60, 80, 100, 200, 400, 600, 800, 1000, 2000, 4000, 6000, 8000, 10000];

/** The 20 paylines of a 5×3 window (row 0 = top), in the order the pages number them 1…20. */
export const LINES_20: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 0, 2, 0],
];

/** The 25 paylines: the 20 above and five more. */
export const LINES_25: readonly (readonly number[])[] = [...LINES_20, [2, 0, 2, 0, 2], [1, 0, 2, 0, 1], [1, 2, 0, 2, 1], [0, 2, 2, 2, 0], [2, 0, 0, 0, 2]];

/**
 * JLS001 Fortune Gems: 5×3, 20 fixed lines, 10 symbols on 32-stop strips (the wild on every reel,
 * it substitutes all but the scatter and pays by itself too; one scatter per reel). 3+ scatters
 * anywhere pay 2× / 10× / 50× the total bet and award 10 free spins at ×2, retriggered by 3+
 * scatters (+10, at most 100 free spins in a round).
 */
export const FORTUNE_GEMS: SlotMachineDefinition = {
  gameCode: 'JLS001',
  name: 'Fortune Gems',
  rows: 3,
  symbols: [
    { id: 'WILD', name: 'Wild', kind: 'wild' },
    { id: 'SCATTER', name: 'Golden Chest', kind: 'scatter' },
    { id: 'RUBY', name: 'Ruby', kind: 'regular' },
    { id: 'SAPPHIRE', name: 'Sapphire', kind: 'regular' },
    { id: 'EMERALD', name: 'Emerald', kind: 'regular' },
    { id: 'AMETHYST', name: 'Amethyst', kind: 'regular' },
    { id: 'A', name: 'A', kind: 'regular' },
    { id: 'K', name: 'K', kind: 'regular' },
    { id: 'Q', name: 'Q', kind: 'regular' },
    { id: 'J', name: 'J', kind: 'regular' },
  ],
  reels: [
    ['RUBY', 'AMETHYST', 'SAPPHIRE', 'WILD', 'K', 'J', 'RUBY', 'J', 'A', 'K', 'A', 'EMERALD', 'AMETHYST', 'EMERALD', 'AMETHYST', 'EMERALD', 'A', 'K', 'Q', 'SCATTER', 'J', 'Q', 'SAPPHIRE', 'Q', 'WILD', 'Q', 'AMETHYST', 'J', 'SAPPHIRE', 'K', 'Q', 'A'],
    ['K', 'A', 'J', 'WILD', 'AMETHYST', 'EMERALD', 'SCATTER', 'SAPPHIRE', 'A', 'K', 'EMERALD', 'AMETHYST', 'Q', 'RUBY', 'J', 'SAPPHIRE', 'Q', 'K', 'RUBY', 'Q', 'AMETHYST', 'A', 'Q', 'AMETHYST', 'SAPPHIRE', 'A', 'WILD', 'EMERALD', 'K', 'J', 'Q', 'J'],
    ['K', 'A', 'Q', 'K', 'A', 'J', 'K', 'J', 'SAPPHIRE', 'SCATTER', 'SAPPHIRE', 'EMERALD', 'RUBY', 'Q', 'WILD', 'AMETHYST', 'K', 'AMETHYST', 'EMERALD', 'Q', 'AMETHYST', 'J', 'EMERALD', 'RUBY', 'Q', 'WILD', 'J', 'Q', 'A', 'AMETHYST', 'A', 'SAPPHIRE'],
    ['AMETHYST', 'SCATTER', 'A', 'SAPPHIRE', 'EMERALD', 'K', 'J', 'A', 'Q', 'RUBY', 'Q', 'WILD', 'K', 'AMETHYST', 'J', 'EMERALD', 'Q', 'SAPPHIRE', 'AMETHYST', 'K', 'A', 'SAPPHIRE', 'Q', 'A', 'J', 'WILD', 'AMETHYST', 'J', 'RUBY', 'K', 'EMERALD', 'Q'],
    ['AMETHYST', 'SCATTER', 'K', 'Q', 'WILD', 'J', 'A', 'EMERALD', 'AMETHYST', 'SAPPHIRE', 'J', 'K', 'Q', 'SAPPHIRE', 'RUBY', 'Q', 'AMETHYST', 'WILD', 'A', 'EMERALD', 'Q', 'RUBY', 'AMETHYST', 'A', 'J', 'Q', 'EMERALD', 'J', 'A', 'K', 'SAPPHIRE', 'K'],
  ],
  lines: LINES_20,
  payDenominator: 20,
  linePays: {
    WILD: { 3: 40, 4: 160, 5: 800 },
    RUBY: { 3: 30, 4: 125, 5: 600 },
    SAPPHIRE: { 3: 25, 4: 80, 5: 400 },
    EMERALD: { 3: 16, 4: 60, 5: 240 },
    AMETHYST: { 3: 12, 4: 50, 5: 160 },
    A: { 3: 8, 4: 24, 5: 100 },
    K: { 3: 8, 4: 20, 5: 80 },
    Q: { 3: 6, 4: 16, 5: 60 },
    J: { 3: 5, 4: 12, 5: 50 },
  },
  scatterPays: { 3: 40, 4: 200, 5: 1000 },
  freeSpins: { trigger: 3, awarded: 10, retrigger: 10, maxPerFeature: 100, multiplier: 2, expandingWild: false },
  betSteps: SLOT_BET_STEPS,
};

/**
 * JLS002 Dragon Pearl: 5×3, 25 fixed lines, 11 symbols. The dragon wild is on reels 2–4 only (it
 * never starts a line, so it has no pays of its own); pearls (scatter) on reels 1, 3 and 5 only,
 * so 3 pearls is the most: they pay 5× the total bet and award 8 free spins with expanding wilds
 * (a dragon anywhere on a reel turns the whole reel wild), retriggered by 3 pearls (+8, at most
 * 80 free spins). Pays in units of 1/20 of the total bet (not of a line bet).
 */
export const DRAGON_PEARL: SlotMachineDefinition = {
  gameCode: 'JLS002',
  name: 'Dragon Pearl',
  rows: 3,
  symbols: [
    { id: 'WILD', name: 'Dragon', kind: 'wild' },
    { id: 'PEARL', name: 'Pearl', kind: 'scatter' },
    { id: 'PHOENIX', name: 'Phoenix', kind: 'regular' },
    { id: 'TIGER', name: 'Tiger', kind: 'regular' },
    { id: 'KOI', name: 'Koi', kind: 'regular' },
    { id: 'LANTERN', name: 'Lantern', kind: 'regular' },
    { id: 'A', name: 'A', kind: 'regular' },
    { id: 'K', name: 'K', kind: 'regular' },
    { id: 'Q', name: 'Q', kind: 'regular' },
    { id: 'J', name: 'J', kind: 'regular' },
    { id: 'TEN', name: '10', kind: 'regular' },
  ],
  reels: [
    ['J', 'PHOENIX', 'LANTERN', 'Q', 'PEARL', 'Q', 'TIGER', 'K', 'KOI', 'J', 'TEN', 'Q', 'LANTERN', 'TIGER', 'TEN', 'TIGER', 'KOI', 'PEARL', 'A', 'K', 'A', 'LANTERN', 'PHOENIX', 'J', 'A', 'KOI', 'K', 'LANTERN', 'TEN', 'K', 'TEN', 'J', 'Q', 'TEN', 'A'],
    ['KOI', 'J', 'KOI', 'Q', 'J', 'KOI', 'TEN', 'A', 'WILD', 'PHOENIX', 'K', 'J', 'Q', 'TIGER', 'TEN', 'J', 'TEN', 'LANTERN', 'TIGER', 'K', 'WILD', 'TIGER', 'A', 'PHOENIX', 'LANTERN', 'TEN', 'WILD', 'LANTERN', 'Q', 'TEN', 'A', 'LANTERN', 'K', 'Q', 'A', 'K'],
    ['WILD', 'A', 'TEN', 'PEARL', 'J', 'TEN', 'TIGER', 'PHOENIX', 'TIGER', 'K', 'TEN', 'LANTERN', 'KOI', 'TEN', 'K', 'A', 'WILD', 'Q', 'TIGER', 'WILD', 'KOI', 'Q', 'PHOENIX', 'Q', 'LANTERN', 'Q', 'J', 'A', 'KOI', 'K', 'PEARL', 'A', 'J', 'LANTERN', 'J', 'K', 'LANTERN', 'TEN'],
    ['WILD', 'Q', 'LANTERN', 'PHOENIX', 'J', 'K', 'KOI', 'WILD', 'TEN', 'A', 'LANTERN', 'A', 'Q', 'TEN', 'KOI', 'TEN', 'TIGER', 'LANTERN', 'KOI', 'PHOENIX', 'TIGER', 'A', 'J', 'K', 'A', 'TIGER', 'K', 'TEN', 'J', 'K', 'LANTERN', 'TEN', 'Q', 'WILD', 'Q', 'J'],
    ['PEARL', 'K', 'TIGER', 'Q', 'J', 'Q', 'A', 'KOI', 'Q', 'TEN', 'LANTERN', 'TEN', 'TIGER', 'K', 'TEN', 'A', 'Q', 'K', 'A', 'KOI', 'LANTERN', 'PHOENIX', 'J', 'LANTERN', 'J', 'LANTERN', 'TEN', 'PHOENIX', 'J', 'TEN', 'TIGER', 'K', 'PEARL', 'A', 'KOI'],
  ],
  lines: LINES_25,
  payDenominator: 20,
  linePays: {
    PHOENIX: { 3: 35, 4: 140, 5: 700 },
    TIGER: { 3: 30, 4: 100, 5: 450 },
    KOI: { 3: 24, 4: 70, 5: 300 },
    LANTERN: { 3: 18, 4: 50, 5: 200 },
    A: { 3: 12, 4: 30, 5: 120 },
    K: { 3: 12, 4: 30, 5: 100 },
    Q: { 3: 10, 4: 24, 5: 80 },
    J: { 3: 7, 4: 18, 5: 60 },
    TEN: { 3: 5, 4: 14, 5: 45 },
  },
  scatterPays: { 3: 100 },
  freeSpins: { trigger: 3, awarded: 8, retrigger: 8, maxPerFeature: 80, multiplier: 1, expandingWild: true },
  betSteps: SLOT_BET_STEPS,
};

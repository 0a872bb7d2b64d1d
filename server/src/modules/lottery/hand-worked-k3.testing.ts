// The hand-worked K3 (快三) settlement table: one chosen throw and a bet of every K3 play on it,
// worked out BY HAND from the play definitions (lottery-rules/src/plays-k3.ts). The conventions
// are hand-worked.test.ts's: series 1900 (a ticket pays 1900/2000 of its fair prize 2/P units,
// rounded down to a minor unit), money mode 1 (元), multiple 1, 2.00 a ticket.
//
// Fair prizes × 0.95 (P over the 216 ordered throws of three dice):
//   和值 1/216, 三同号单选 1/216 → 2 × 216 × 0.95 = 410.40
//   三同号通选 1/36, 三不同号 1/36 → 2 × 36 × 0.95 = 68.40
//   二同号单选 1/72 → 2 × 72 × 0.95 = 136.80
//   二同号复选 16/216 → 2 × 216/16 × 0.95 = 2 × 13.5 × 0.95 = 25.65
//   二不同号 30/216 → 2 × 216/30 × 0.95 = 2 × 7.2 × 0.95 = 13.68
//   三连号通选 24/216 → 2 × 9 × 0.95 = 17.10
//   和值大小单双 105/216 = 35/72 → 2 × 72/35 × 0.95 = 136.8/35 = 3.9085… → 3.90
//   单挑一骰 91/216 → 2 × 216/91 × 0.95 = 410.40/91 = 4.5098… → 4.50
//
// Values are the rows' values: dice 1-6, sums 3-18; 大小单双 0 大 big, 1 小 small, 2 单 odd, 3 双 even;
// the one-value rows of 三同号通选 and 三连号通选 hold 0.
import type { HandWorked, HandWorkedKind } from './hand-worked.testing';

// ── K3 ── throw 3 5 3: the pair 3 with the single 5 (no triple, not three different dice, no
// straight), the dice {3, 5}, sum 3 + 5 + 3 = 11: the smallest 大, and 单.
const K3_DRAW = [3, 5, 3];
const K3_CASES: readonly HandWorked[] = [
  // Sums 11 and 12: 27 + 25 ordered throws = 52 tickets × 2.00 = 104.00; sum 11 → exactly one ticket (3,5,3) wins 410.40.
  { code: 'K3_SUM', rows: [[11, 12]], amountMinor: 10_400, unitPrizeMinor: 41_040, wins: 1, prizeMinor: 41_040, note: 'sum 11: one of its 27 throws is drawn' },
  // Sums 3, 4, 18: 1 + 3 + 1 = 5 tickets = 10.00; sum 11 not picked → 0.
  { code: 'K3_SUM', rows: [[3, 4, 18]], amountMinor: 1_000, unitPrizeMinor: 41_040, wins: 0, prizeMinor: 0, note: 'loses: sum 11 not picked' },
  // {大, 小, 单, 双} = 4 tickets = 8.00; 11 is 大 (11-18) and 单, no triple → 2 × 3.90 = 7.80.
  { code: 'K3_SUM_BSOE', rows: [[0, 1, 2, 3]], amountMinor: 800, unitPrizeMinor: 390, wins: 2, prizeMinor: 780, note: 'sum 11 is the smallest 大, and 单' },
  // 333 and 555 = 2 tickets = 4.00; no triple → 0.
  { code: 'K3_TRIPLE_SINGLE', rows: [[3, 5]], amountMinor: 400, unitPrizeMinor: 41_040, wins: 0, prizeMinor: 0, note: 'loses: two 3s are no triple' },
  // 1 ticket = 2.00; no triple → 0.
  { code: 'K3_TRIPLE_ANY', rows: [[0]], amountMinor: 200, unitPrizeMinor: 6_840, wins: 0, prizeMinor: 0, note: 'loses: no triple' },
  // 同号 {3, 5} × 不同号 {3, 5} without (3,3) and (5,5): (3,5) and (5,3) = 2 tickets = 4.00; 3 3 5 → (3,5) wins 136.80.
  { code: 'K3_PAIR_SINGLE', rows: [[3, 5], [3, 5]], amountMinor: 400, unitPrizeMinor: 13_680, wins: 1, prizeMinor: 13_680, note: 'pair 3 with single 5' },
  // (5,3) and (5,6) = 2 tickets = 4.00; the pair is 3, not 5 → 0.
  { code: 'K3_PAIR_SINGLE', rows: [[5], [3, 6]], amountMinor: 400, unitPrizeMinor: 13_680, wins: 0, prizeMinor: 0, note: 'loses: 5 is the single, not the pair' },
  // 2 tickets = 4.00; 3 on two dice ✓, 5 on one ✗ → 1 × 25.65.
  { code: 'K3_PAIR_MULTI', rows: [[3, 5]], amountMinor: 400, unitPrizeMinor: 2_565, wins: 1, prizeMinor: 2_565, note: '3 shows twice' },
  // C(4,3) = 4 tickets = 8.00; two dice show 3: not three different dice → 0.
  { code: 'K3_THREE_DIFF', rows: [[3, 4, 5, 6]], amountMinor: 800, unitPrizeMinor: 6_840, wins: 0, prizeMinor: 0, note: 'loses: a pair never wins 三不同号' },
  // C(3,2) = 3 tickets = 6.00; {3, 5} both show, 6 not → only the ticket {3,5}: 1 × 13.68.
  { code: 'K3_TWO_DIFF', rows: [[3, 5, 6]], amountMinor: 600, unitPrizeMinor: 1_368, wins: 1, prizeMinor: 1_368, note: '{3, 5} both show' },
  // 1 ticket = 2.00; 3 3 5 is no straight → 0.
  { code: 'K3_STRAIGHT_ANY', rows: [[0]], amountMinor: 200, unitPrizeMinor: 1_710, wins: 0, prizeMinor: 0, note: 'loses: no straight' },
  // 3 tickets = 6.00; 3 ✓ (on two dice, pays once) 5 ✓ 1 ✗ → 2 × 4.50 = 9.00.
  { code: 'K3_ANY1', rows: [[1, 3, 5]], amountMinor: 600, unitPrizeMinor: 450, wins: 2, prizeMinor: 900, note: 'a number on two dice pays once' },
];

export const K3_HAND_WORKED: HandWorkedKind = { numbers: K3_DRAW, cases: K3_CASES };

import type { HandWorked, HandWorkedKind } from './hand-worked.testing';

// ── PC28 ── draw 1 9 0: sum 10 (小 0-13, 双; so 小双; not 极小 0-5, nor 极大 22-27; 10 is 绿波),
// three different digits (no 豹子, no 对子) that are consecutive once 9 wraps to 0 (9 0 1: a 顺子).
// The conventions of hand-worked.test.ts: series 1900, money mode 1 (元), multiple 1; one winning
// ticket pays floor(2.00 × (1/P) × 1900/2000) = floor(190 / P) minor units; a ticket costs 2.00.
// Ordered triples with sum s, c(s): c(0) = 1, c(10) = 63, c(11) = 69, c(27) = 1.
// Rows: 大小单双 0 大 1 小 2 单 3 双; 大单/小双 0 大单 1 小双; 大双/小单 0 大双 1 小单; 极大/极小
// 0 极大 1 极小; 绿/蓝 0 绿波 1 蓝波; 红波, 豹子, 对子 and 顺子 are the single value 0.
const PC28_DRAW = [1, 9, 0];
const PC28_CASES: readonly HandWorked[] = [
  // Sums 10 and 11: c(10) + c(11) = 63 + 69 = 132 tickets × 2.00 = 264.00; 1+9+0 = 10 → exactly one ticket
  // (the triple 1 9 0) wins: 190 × 1000 = 190,000 = 1,900.00.
  { code: 'PC28_SUM', rows: [[10, 11]], amountMinor: 26_400, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'sum 10: one of its 63 triples is drawn' },
  // Sums 0 and 27: c(0) + c(27) = 2 tickets = 4.00; the sum is 10 → 0.
  { code: 'PC28_SUM', rows: [[0, 27]], amountMinor: 400, unitPrizeMinor: 190_000, wins: 0, prizeMinor: 0, note: 'loses: 000 and 999 not drawn' },
  // {大, 小, 单, 双} = 4 tickets = 8.00; 10 is 小 and 双 → 2 × (190 × 2 = 380 = 3.80) = 7.60.
  { code: 'PC28_BSOE', rows: [[0, 1, 2, 3]], amountMinor: 800, unitPrizeMinor: 380, wins: 2, prizeMinor: 760, note: 'sum 10 is 小 and 双' },
  // {大单, 小双} = 2 tickets = 4.00; 10 is 小双 → 1 × (190 × 1000 / 231 = 190,000 / 231 = 822.51 → 822 = 8.22).
  { code: 'PC28_COMBO_BIG_ODD', rows: [[0, 1]], amountMinor: 400, unitPrizeMinor: 822, wins: 1, prizeMinor: 822, note: '小双: 10 is small and even' },
  // {大双, 小单} = 2 tickets = 4.00; 10 is neither big nor odd → 0. 190,000 / 269 = 706.32 → 706 = 7.06.
  { code: 'PC28_COMBO_BIG_EVEN', rows: [[0, 1]], amountMinor: 400, unitPrizeMinor: 706, wins: 0, prizeMinor: 0, note: 'loses: 10 is neither 大双 nor 小单' },
  // {极大, 极小} = 2 tickets = 4.00; 10 is above 5 and below 22 → 0. 190 × 125 / 7 = 23,750 / 7 = 3392.86 → 3392 = 33.92.
  { code: 'PC28_EXTREME', rows: [[0, 1]], amountMinor: 400, unitPrizeMinor: 3_392, wins: 0, prizeMinor: 0, note: 'loses: 10 is no extreme' },
  // 1 ticket = 2.00; 10 is 绿波, not 红波 → 0. 190 × 250 / 83 = 47,500 / 83 = 572.29 → 572 = 5.72.
  { code: 'PC28_RED', rows: [[0]], amountMinor: 200, unitPrizeMinor: 572, wins: 0, prizeMinor: 0, note: 'loses: 10 is green' },
  // {绿波, 蓝波} = 2 tickets = 4.00; 10 is 绿波 → 1 × (190 × 500 / 129 = 95,000 / 129 = 736.43 → 736 = 7.36).
  { code: 'PC28_GREEN_BLUE', rows: [[0, 1]], amountMinor: 400, unitPrizeMinor: 736, wins: 1, prizeMinor: 736, note: '绿波: 1 4 7 10 16 19 22 25' },
  // 1 ticket = 2.00; 1 9 0 are three different digits → 0. 190 × 100 = 19,000 = 190.00.
  { code: 'PC28_TRIPLE', rows: [[0]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 0, prizeMinor: 0, note: 'loses: no 豹子' },
  // 1 ticket = 2.00; no two digits equal → 0. 190 × 100 / 27 = 19,000 / 27 = 703.70 → 703 = 7.03.
  { code: 'PC28_PAIR', rows: [[0]], amountMinor: 200, unitPrizeMinor: 703, wins: 0, prizeMinor: 0, note: 'loses: no 对子' },
  // 1 ticket = 2.00; {9, 0, 1} is consecutive with 9 → 0 wrapping → 1 × (190 × 50 / 3 = 9,500 / 3 = 3166.67 → 3166 = 31.66).
  { code: 'PC28_STRAIGHT', rows: [[0]], amountMinor: 200, unitPrizeMinor: 3_166, wins: 1, prizeMinor: 3_166, note: '顺子 9 0 1 in the order 1 9 0' },
];

export const PC28_HAND_WORKED: HandWorkedKind = { numbers: PC28_DRAW, cases: PC28_CASES };

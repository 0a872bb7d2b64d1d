// Hand-worked 11X5 胆拖 (banker/drag) bets of 任选三, 任选四, 任选六, 任选七 and 任选八: one play
// each with 1 … N − 1 bankers, settled by the banker rules (banker_choose for 任选三/四,
// banker_superset for 任选六/七/八, migration 091), on the draw hand-worked.test.ts already settles
// for 11X5, worked out BY HAND from the play definitions (lottery-rules/src/plays-11x5.ts). They
// join that file's 11X5 table. The conventions are hand-worked.test.ts's: series 1900 (a ticket
// pays 1900/2000 of its fair prize 2/P units, rounded down to a minor unit), money mode 1 (元),
// multiple 1, 2.00 a ticket.
//
// Rows are [bankers], [drags], numbers 1-11. A ticket is every banker plus N − #bankers drags:
// C(#drags, N − #bankers) tickets, and each wins as the plain 任选N ticket of its numbers.
import type { HandWorked } from './hand-worked.testing';

// ── 11X5 ── draw 03 08 01 10 06: the drawn set {1, 3, 6, 8, 10}.
//
// 任选三/四 tickets win when all their numbers are drawn: every banker drawn, and the ticket's drags
// among the drawn drags. 任选六/七/八 tickets win when they hold all five drawn numbers: every drawn
// number a banker or a drag, the drawn drags in the ticket, a banker need not be drawn.
//
// Fair prizes × 0.95 (P of the plain 任选N ticket over the 462 sets of five numbers):
//   任选三胆拖 = 任选三 C(8,2) = 28/462 = 2/33 → 2 × 33/2 × 0.95 = 31.35
//   任选四胆拖 = 任选四 C(7,1) = 7/462 = 1/66 → 2 × 66 × 0.95 = 125.40
//   任选六胆拖 = 任选六 C(6,5) = 6/462 = 1/77 → 2 × 77 × 0.95 = 146.30
//   任选七胆拖 = 任选七 C(7,5) = 21/462 = 1/22 → 2 × 22 × 0.95 = 41.80
//   任选八胆拖 = 任选八 C(8,5) = 56/462 = 4/33 → 2 × 33/4 × 0.95 = 15.675 → 15.67
export const X5_BANKER_CASES: readonly HandWorked[] = [
  // Banker 3, drags 1 2 6 8: C(4,2) = 6 tickets = 12.00; 3 drawn, drags drawn 1 6 8 → C(3,2) = 3
  // tickets ({3,1,6} {3,1,8} {3,6,8}) × 31.35 = 94.05.
  { code: '11X5_ANY3_BANKER', rows: [[3], [1, 2, 6, 8]], amountMinor: 1_200, unitPrizeMinor: 3_135, wins: 3, prizeMinor: 9_405, note: '任三胆拖 1 banker: three drawn drags, two a ticket' },
  // Bankers 3 8, drags 1 5: C(2,1) = 2 tickets = 4.00; 3 and 8 drawn, drag 1 drawn (5 not) → {3,8,1}: 1 × 31.35.
  { code: '11X5_ANY3_BANKER', rows: [[3, 8], [1, 5]], amountMinor: 400, unitPrizeMinor: 3_135, wins: 1, prizeMinor: 3_135, note: '任三胆拖 2 bankers' },
  // Bankers 2 3, drags 1 6 8: C(3,1) = 3 tickets = 6.00; 2 not drawn, and every ticket holds it → 0.
  { code: '11X5_ANY3_BANKER', rows: [[2, 3], [1, 6, 8]], amountMinor: 600, unitPrizeMinor: 3_135, wins: 0, prizeMinor: 0, note: 'loses: the banker 02 is not drawn' },
  // Banker 10, drags 1 3 5 6: C(4,3) = 4 tickets = 8.00; 10 drawn, drags drawn 1 3 6 → C(3,3) = 1
  // ({10,1,3,6}) × 125.40.
  { code: '11X5_ANY4_BANKER', rows: [[10], [1, 3, 5, 6]], amountMinor: 800, unitPrizeMinor: 12_540, wins: 1, prizeMinor: 12_540, note: '任四胆拖 1 banker' },
  // Bankers 1 3 8, drags 2 6 10 11: C(4,1) = 4 tickets = 8.00; the three bankers drawn, drags drawn
  // 6 10 → C(2,1) = 2 tickets × 125.40 = 250.80.
  { code: '11X5_ANY4_BANKER', rows: [[1, 3, 8], [2, 6, 10, 11]], amountMinor: 800, unitPrizeMinor: 12_540, wins: 2, prizeMinor: 25_080, note: '任四胆拖 3 bankers, two tickets win' },
  // Bankers 1 3, drags 2 6 8 10 11: C(5,4) = 5 tickets = 10.00; the drawn 6 8 10 are drags (r = 3),
  // so a winning ticket takes them and 4 − 3 = 1 of the other two drags 2 11 → C(2,1) = 2 × 146.30 = 292.60.
  { code: '11X5_ANY6_BANKER', rows: [[1, 3], [2, 6, 8, 10, 11]], amountMinor: 1_000, unitPrizeMinor: 14_630, wins: 2, prizeMinor: 29_260, note: '任六胆拖 2 bankers: {1,3,6,8,10} + 02 or 11' },
  // Banker 11, drags 1 3 6 8 10: C(5,5) = 1 ticket = 2.00; {11,1,3,6,8,10} holds the five drawn → 146.30,
  // though the banker 11 is not drawn.
  { code: '11X5_ANY6_BANKER', rows: [[11], [1, 3, 6, 8, 10]], amountMinor: 200, unitPrizeMinor: 14_630, wins: 1, prizeMinor: 14_630, note: '任六胆拖: a banker not drawn still wins' },
  // Banker 2, drags 1 3 4 5 6 8: C(6,5) = 6 tickets = 12.00; 10 is drawn, neither banker nor drag → 0.
  { code: '11X5_ANY6_BANKER', rows: [[2], [1, 3, 4, 5, 6, 8]], amountMinor: 1_200, unitPrizeMinor: 14_630, wins: 0, prizeMinor: 0, note: 'loses: 10 drawn but not picked' },
  // Banker 6, drags 1 2 3 4 5 8 10: C(7,6) = 7 tickets = 14.00; the drawn 1 3 8 10 are drags (r = 4),
  // plus 6 − 4 = 2 of the other three drags 2 4 5 → C(3,2) = 3 × 41.80 = 125.40.
  { code: '11X5_ANY7_BANKER', rows: [[6], [1, 2, 3, 4, 5, 8, 10]], amountMinor: 1_400, unitPrizeMinor: 4_180, wins: 3, prizeMinor: 12_540, note: '任七胆拖 1 banker' },
  // Bankers 1 3 6, drags 2 4 5 7 8 9 10 11: C(8,5) = 56 tickets = 112.00; the drawn 8 10 are drags
  // (r = 2), plus 5 − 2 = 3 of the other six drags → C(6,3) = 20 × 15.67 = 313.40.
  { code: '11X5_ANY8_BANKER', rows: [[1, 3, 6], [2, 4, 5, 7, 8, 9, 10, 11]], amountMinor: 11_200, unitPrizeMinor: 1_567, wins: 20, prizeMinor: 31_340, note: '任八胆拖 3 bankers, twenty tickets win' },
  // Bankers 1 3, drags 2 4 5 6 7 8 9 11: C(8,6) = 28 tickets = 56.00; 10 is drawn, not picked → 0.
  { code: '11X5_ANY8_BANKER', rows: [[1, 3], [2, 4, 5, 6, 7, 8, 9, 11]], amountMinor: 5_600, unitPrizeMinor: 1_567, wins: 0, prizeMinor: 0, note: 'loses: 10 drawn but not picked' },
];

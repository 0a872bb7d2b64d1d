// More hand-worked 11X5 and PK10 bets: one or more of every play added after the first catalogue
// (11X5 胆拖, 定单双, 猜中位; PK10 冠亚组选, 前四/前五直选, 冠亚和, 冠亚和大小单双, the other 龙虎
// pairs, 大小单双 of every rank), on the draws hand-worked.test.ts already settles for these kinds,
// worked out BY HAND from the play definitions (lottery-rules/src/plays-11x5.ts, plays-pk10.ts).
// They join that file's 11X5 and PK10 tables. The conventions are hand-worked.test.ts's: series
// 1900 (a ticket pays 1900/2000 of its fair prize 2/P units, rounded down to a minor unit), money
// mode 1 (元), multiple 1, 2.00 a ticket.
//
// Values are the rows' values: numbers 1-11 and cars 1-10, sums 3-19; 胆拖 rows are [bankers],
// [drags]; a 定单双 play's one value is 0; 大小单双 values 0 大 big, 1 小 small, 2 单 odd, 3 双 even
// (冠亚和 大/双 holds 0 and 3, 小/单 holds 1 and 2); 龙虎 rows 0 龙, 1 虎.
import type { HandWorked } from './hand-worked.testing';

// ── 11X5 ── draw 03 08 01 10 06: the drawn set {1, 3, 6, 8, 10}; odd numbers drawn 1 and 3 →
// 2单3双; sorted 01 03 06 08 10 → median 06.
//
// Fair prizes × 0.95 (P over the 462 sets of five numbers):
//   任选二胆拖 = 任选二 10/55 = 2/11 → 2 × 11/2 × 0.95 = 10.45
//   任选五胆拖 = 任选五 1/462 → 2 × 462 × 0.95 = 877.80
//   定单双 (j odd: C(6, j) × C(5, 5 − j) sets):
//     5单0双 6/462 → 2 × 77 × 0.95 = 146.30
//     4单1双 75/462 → 2 × 462/75 × 0.95 = 877.80/75 = 11.704 → 11.70
//     3单2双 200/462 → 877.80/200 = 4.389 → 4.38
//     2单3双 150/462 → 877.80/150 = 5.852 → 5.85
//     1单4双 30/462 → 877.80/30 = 29.26
//     0单5双 1/462 → 877.80
//   猜中位 (median m: C(m − 1, 2) × C(11 − m, 2) sets):
//     3/9 28/462 → 877.80/28 = 31.35
//     4/8 63/462 → 877.80/63 = 13.933 → 13.93
//     5/7 90/462 → 877.80/90 = 9.753 → 9.75
//     6 100/462 → 877.80/100 = 8.778 → 8.77
export const X5_MORE_CASES: readonly HandWorked[] = [
  // Banker 3, drags 1 2 6: 3 tickets = 6.00; 3 drawn, drags 1 and 6 drawn → {3,1} {3,6}: 2 × 10.45 = 20.90.
  { code: '11X5_ANY2_BANKER', rows: [[3], [1, 2, 6]], amountMinor: 600, unitPrizeMinor: 1_045, wins: 2, prizeMinor: 2_090, note: '任二胆拖: banker 03 drawn, two drags drawn' },
  // Banker 2, drags 1 3 6: 3 tickets = 6.00; 2 not drawn → every ticket holds it → 0.
  { code: '11X5_ANY2_BANKER', rows: [[2], [1, 3, 6]], amountMinor: 600, unitPrizeMinor: 1_045, wins: 0, prizeMinor: 0, note: 'loses: the banker 02 is not drawn' },
  // Banker 1, drags 3 6 8 10 11: C(5,4) = 5 tickets = 10.00; {1} + {3,6,8,10} is the drawn set → 1 × 877.80.
  { code: '11X5_ANY5_BANKER1', rows: [[1], [3, 6, 8, 10, 11]], amountMinor: 1_000, unitPrizeMinor: 87_780, wins: 1, prizeMinor: 87_780, note: '任五胆拖 1 banker' },
  // Bankers 3 8, drags 1 6 10 11: C(4,3) = 4 tickets = 8.00; {3,8} + {1,6,10} → 1 × 877.80.
  { code: '11X5_ANY5_BANKER2', rows: [[3, 8], [1, 6, 10, 11]], amountMinor: 800, unitPrizeMinor: 87_780, wins: 1, prizeMinor: 87_780, note: '任五胆拖 2 bankers' },
  // Bankers 1 3 6, drags 2 8 10: C(3,2) = 3 tickets = 6.00; {1,3,6} + {8,10} → 1 × 877.80.
  { code: '11X5_ANY5_BANKER3', rows: [[1, 3, 6], [2, 8, 10]], amountMinor: 600, unitPrizeMinor: 87_780, wins: 1, prizeMinor: 87_780, note: '任五胆拖 3 bankers' },
  // Bankers 1 3 11, drags 6 8 10: 3 tickets = 6.00; 11 not drawn, and every ticket holds it → 0
  // (the drags hold three drawn numbers, but a ticket takes only two of them).
  { code: '11X5_ANY5_BANKER3', rows: [[1, 3, 11], [6, 8, 10]], amountMinor: 600, unitPrizeMinor: 87_780, wins: 0, prizeMinor: 0, note: 'loses: the banker 11 is not drawn' },
  // Bankers 1 3 6 8, drags 9 10 11: 3 tickets = 6.00; {1,3,6,8} + {10} → 1 × 877.80.
  { code: '11X5_ANY5_BANKER4', rows: [[1, 3, 6, 8], [9, 10, 11]], amountMinor: 600, unitPrizeMinor: 87_780, wins: 1, prizeMinor: 87_780, note: '任五胆拖 4 bankers' },
  // 定单双: one ticket each = 2.00; two odd numbers (01 03) are drawn: only 2单3双 wins.
  { code: '11X5_ODD5_EVEN0', rows: [[0]], amountMinor: 200, unitPrizeMinor: 14_630, wins: 0, prizeMinor: 0, note: 'loses: 2 odd drawn, not 5' },
  { code: '11X5_ODD4_EVEN1', rows: [[0]], amountMinor: 200, unitPrizeMinor: 1_170, wins: 0, prizeMinor: 0, note: 'loses: 2 odd drawn, not 4' },
  { code: '11X5_ODD3_EVEN2', rows: [[0]], amountMinor: 200, unitPrizeMinor: 438, wins: 0, prizeMinor: 0, note: 'loses: 2 odd drawn, not 3' },
  { code: '11X5_ODD2_EVEN3', rows: [[0]], amountMinor: 200, unitPrizeMinor: 585, wins: 1, prizeMinor: 585, note: '2单3双: 01 03 odd, 06 08 10 even' },
  { code: '11X5_ODD1_EVEN4', rows: [[0]], amountMinor: 200, unitPrizeMinor: 2_926, wins: 0, prizeMinor: 0, note: 'loses: 2 odd drawn, not 1' },
  { code: '11X5_ODD0_EVEN5', rows: [[0]], amountMinor: 200, unitPrizeMinor: 87_780, wins: 0, prizeMinor: 0, note: 'loses: 2 odd drawn, not 0' },
  // 猜中位: the median is 06. 3/9, 4/8, 5/7 with both values = 2 tickets = 4.00 each, none wins.
  { code: '11X5_MEDIAN_3_9', rows: [[3, 9]], amountMinor: 400, unitPrizeMinor: 3_135, wins: 0, prizeMinor: 0, note: 'loses: median 06' },
  { code: '11X5_MEDIAN_4_8', rows: [[4, 8]], amountMinor: 400, unitPrizeMinor: 1_393, wins: 0, prizeMinor: 0, note: 'loses: median 06' },
  { code: '11X5_MEDIAN_5_7', rows: [[5, 7]], amountMinor: 400, unitPrizeMinor: 975, wins: 0, prizeMinor: 0, note: 'loses: median 06, between 05 and 07' },
  // 1 ticket = 2.00; median 06 → 8.77.
  { code: '11X5_MEDIAN_6', rows: [[6]], amountMinor: 200, unitPrizeMinor: 877, wins: 1, prizeMinor: 877, note: 'median 06 of 01 03 06 08 10' },
];

// ── PK10 ── draw 07 02 09 01 10 04 06 03 08 05 (cars by rank): first two 07 02, their sum 9 (小:
// 3-11, 单); rank 2 vs 9: 02 < 08 (虎), 3 vs 8: 09 > 03 (龙), 4 vs 7: 01 < 06 (虎), 5 vs 6: 10 > 04 (龙).
//
// Fair prizes × 0.95 (P over the 90 ordered first-two pairs, or the ordered cars on the ranks read):
//   冠亚组选 2/90 → 2 × 45 × 0.95 = 85.50
//   前四直选 1/(10 · 9 · 8 · 7) = 1/5040 → 2 × 5040 × 0.95 = 9,576.00
//   前五直选 1/(10 · 9 · 8 · 7 · 6) = 1/30240 → 2 × 30240 × 0.95 = 57,456.00
//   冠亚和 (ordered pairs per sum: 2 for 3 4 18 19, 4 for 5 6 16 17, 6 for 7 8 14 15, 8 for 9 10 12 13, 10 for 11):
//     3/4/18/19 2/90 → 85.50; 5/6/16/17 4/90 → 42.75; 7/8/14/15 6/90 → 28.50;
//     9/10/12/13 8/90 → 2 × 90/8 × 0.95 = 21.375 → 21.37; 11 10/90 → 17.10
//   冠亚和 大/双 40/90 → 2 × 90/40 × 0.95 = 4.275 → 4.27; 小/单 50/90 → 2 × 1.8 × 0.95 = 3.42
//   龙虎, 大小单双 of a rank 1/2 → 2 × 2 × 0.95 = 3.80
export const PK10_MORE_CASES: readonly HandWorked[] = [
  // C(3,2) = 3 tickets = 6.00; the first two {7, 2} → 1 × 85.50.
  { code: 'PK10_TOP2_GROUP', rows: [[2, 7, 9]], amountMinor: 600, unitPrizeMinor: 8_550, wins: 1, prizeMinor: 8_550, note: '冠亚组选 {02, 07} in either order' },
  // 1 ticket = 2.00; {1, 9} are 4th and 3rd → 0.
  { code: 'PK10_TOP2_GROUP', rows: [[1, 9]], amountMinor: 200, unitPrizeMinor: 8_550, wins: 0, prizeMinor: 0, note: 'loses: 09 and 01 are not the first two' },
  // 1 × 1 × 1 × 2 = 2 tickets = 4.00; 7 2 9 1 → 1 × 9,576.00.
  { code: 'PK10_TOP4_DIRECT', rows: [[7], [2], [9], [1, 3]], amountMinor: 400, unitPrizeMinor: 957_600, wins: 1, prizeMinor: 957_600, note: '07 02 09 01 in order' },
  // 1 ticket = 2.00; 7 2 9 1 10 → 57,456.00.
  { code: 'PK10_TOP5_DIRECT', rows: [[7], [2], [9], [1], [10]], amountMinor: 200, unitPrizeMinor: 5_745_600, wins: 1, prizeMinor: 5_745_600, note: '07 02 09 01 10 in order' },
  // 1 ticket; ranks 4 and 5 swapped → 0.
  { code: 'PK10_TOP5_DIRECT', rows: [[7], [2], [9], [10], [1]], amountMinor: 200, unitPrizeMinor: 5_745_600, wins: 0, prizeMinor: 0, note: 'loses: 4th and 5th swapped' },
  // 冠亚和 7 + 2 = 9.
  // 4 tickets = 8.00 → 0.
  { code: 'PK10_TOP2_SUM_3_4_18_19', rows: [[3, 4, 18, 19]], amountMinor: 800, unitPrizeMinor: 8_550, wins: 0, prizeMinor: 0, note: 'loses: sum 9' },
  // 2 tickets = 4.00 → 0.
  { code: 'PK10_TOP2_SUM_5_6_16_17', rows: [[5, 16]], amountMinor: 400, unitPrizeMinor: 4_275, wins: 0, prizeMinor: 0, note: 'loses: sum 9' },
  // 2 tickets = 4.00 → 0.
  { code: 'PK10_TOP2_SUM_7_8_14_15', rows: [[7, 8]], amountMinor: 400, unitPrizeMinor: 2_850, wins: 0, prizeMinor: 0, note: 'loses: sum 9, not 7 or 8' },
  // 2 tickets = 4.00; sum 9 picked → 1 × 21.37.
  { code: 'PK10_TOP2_SUM_9_10_12_13', rows: [[9, 13]], amountMinor: 400, unitPrizeMinor: 2_137, wins: 1, prizeMinor: 2_137, note: '冠亚和 9, rounded down' },
  // 1 ticket = 2.00 → 0.
  { code: 'PK10_TOP2_SUM_11', rows: [[11]], amountMinor: 200, unitPrizeMinor: 1_710, wins: 0, prizeMinor: 0, note: 'loses: sum 9' },
  // {大, 双} = 2 tickets = 4.00; 9 is 小 and 单 → 0.
  { code: 'PK10_TOP2_SUM_BIG_EVEN', rows: [[0, 3]], amountMinor: 400, unitPrizeMinor: 427, wins: 0, prizeMinor: 0, note: 'loses: sum 9 is 小 and 单' },
  // {小, 单} = 2 tickets = 4.00; both → 2 × 3.42 = 6.84.
  { code: 'PK10_TOP2_SUM_SMALL_ODD', rows: [[1, 2]], amountMinor: 400, unitPrizeMinor: 342, wins: 2, prizeMinor: 684, note: 'sum 9: 小 (≤ 11) and 单' },
  // 1 ticket each = 2.00.
  { code: 'PK10_DRAGON_TIGER_2V9', rows: [[1]], amountMinor: 200, unitPrizeMinor: 380, wins: 1, prizeMinor: 380, note: '虎: 02 under 08' },
  { code: 'PK10_DRAGON_TIGER_3V8', rows: [[0]], amountMinor: 200, unitPrizeMinor: 380, wins: 1, prizeMinor: 380, note: '龙: 09 over 03' },
  { code: 'PK10_DRAGON_TIGER_4V7', rows: [[0]], amountMinor: 200, unitPrizeMinor: 380, wins: 0, prizeMinor: 0, note: 'loses: 01 under 06 is 虎' },
  // {龙, 虎} = 2 tickets = 4.00; 10 > 4 → 龙 only: 1 × 3.80.
  { code: 'PK10_DRAGON_TIGER_5V6', rows: [[0, 1]], amountMinor: 400, unitPrizeMinor: 380, wins: 1, prizeMinor: 380, note: '龙: 10 over 04' },
  // Rank 2 {大, 双} + rank 10 {小, 单, 双} = 5 tickets = 10.00; rank 2 car 02 is 小 双 → 双 ✓ 大 ✗;
  // rank 10 car 05 is 小 单 → 小 ✓ 单 ✓ 双 ✗ → 3 × 3.80 = 11.40.
  {
    code: 'PK10_RANK_BSOE',
    rows: [[], [0, 3], [], [], [], [], [], [], [], [1, 2, 3]],
    amountMinor: 1_000,
    unitPrizeMinor: 380,
    wins: 3,
    prizeMinor: 1_140,
    note: 'rank 2: 02 双; rank 10: 05 小 单',
  },
];

// More hand-worked SSC (时时彩) bets: one or more of each of the SSC plays added after the first
// seventeen (五星 and 四星组选, 任选直选, 跨度, 和值尾数, 特殊号, 趣味), on hand-worked.test.ts's SSC draw
// and worked out BY HAND from the play definitions (lottery-rules/src/plays-ssc.ts and
// digit-plays.ts). The conventions are hand-worked.test.ts's: series 1900 (a ticket pays
// 1900/2000 of its fair prize 2/P units, rounded down to a minor unit), money mode 1 (元),
// multiple 1, 2.00 a ticket, unless an entry says otherwise. One winning ticket at multiple 1 in
// 元 pays floor(200 × 1/P × 1900/2000) = floor(190 / P) minor units.
//
// The draw 5 6 5 2 5 (万 千 百 十 个):
//   · the five digits are 5 5 5 2 6: a triple and two singles, the shape of 组选20 (555|26) and of
//     no other five-star 组选;
//   · 千百十个 6 5 2 5 are 5 5 2 6: a pair and two singles, the shape of 组选12 (55|26) only;
//   · front three 5 6 5 span 1, middle three 6 5 2 span 4, back three 5 2 5 span 3;
//   · back three 5 2 5: sum 12 (tail 2), a 对子 (not a 豹子, not a 顺子);
//   · 5 is drawn three times, 2 and 6 once each.
//
// Fair prizes × 0.95 (P of one ticket):
//   组选120 120/10^5 → 19,000,000 / 120 = 158,333.3 → 158,333      组选24 24/10^4 → 1,900,000 / 24 = 79,166.6 → 79,166
//   组选60   60/10^5 → 19,000,000 / 60 = 316,666.6 → 316,666       组选12 12/10^4 → 1,900,000 / 12 = 158,333.3 → 158,333
//   组选30   30/10^5 → 19,000,000 / 30 = 633,333.3 → 633,333       组选6   6/10^4 → 1,900,000 / 6 = 316,666.6 → 316,666
//   组选20   20/10^5 → 19,000,000 / 20 = 950,000                   组选4   4/10^4 → 1,900,000 / 4 = 475,000
//   组选10   10/10^5 → 1,900,000;  组选5 5/10^5 → 3,800,000
//   任二 1/100 → 19,000;  任三 1/1000 → 190,000;  任四 1/10^4 → 1,900,000
//   跨度 1/1000 → 190,000;  和值尾数 1/10 → 1,900
//   豹子 10/1000 → 19,000;  顺子 60/1000 → 190,000 / 60 = 3,166.6 → 3,166;  对子 270/1000 → 190,000 / 270 = 703.7 → 703
//   好事成双 (≥ 2 of 5): 10^5 − 9^5 − 5 × 9^4 = 100,000 − 59,049 − 32,805 = 8,146 draws → 19,000,000 / 8,146 = 2,332.4 → 2,332
//   三星报喜 (≥ 3 of 5): C(5,3) 9² + C(5,4) 9 + 1 = 810 + 45 + 1 = 856 → 19,000,000 / 856 = 22,196.2 → 22,196
//   四季发财 (≥ 4 of 5): 5 × 9 + 1 = 46 → 19,000,000 / 46 = 413,043.4 → 413,043
// Ordered triples of span s: 10 for s = 0, 6s(10 − s) otherwise (span 1: 54, span 3: 126, span 9: 54).
//
// Rows: 组选 rows in the play's order (组选120/24: the digits; 组选60/30/12/6: 二重号 first, then
// 单号; 组选20/10/4: 三重号, then 单号 or 二重号; 组选5: 四重号, 单号); 任选 rows 万 千 百 十 个, any
// of them empty; 特殊号 rows hold the one value 0.
import type { HandWorked } from './hand-worked.testing';

export const SSC_MORE_CASES: readonly HandWorked[] = [
  // 5 digits → C(5,5) = 1 ticket = 2.00; the draw holds 5 three times, not five different digits → 0.
  { code: 'SSC_5STAR_GROUP120', rows: [[2, 5, 6, 7, 8]], amountMinor: 200, unitPrizeMinor: 158_333, wins: 0, prizeMinor: 0, note: 'loses: 55526 is no 组选120 shape' },
  // 二重号 5 × 单号 2 6 7: C(3,3) = 1 ticket 55|267 = 2.00; 5 is drawn three times, not twice → 0.
  { code: 'SSC_5STAR_GROUP60', rows: [[5], [2, 6, 7]], amountMinor: 200, unitPrizeMinor: 316_666, wins: 0, prizeMinor: 0, note: 'loses: a triple is not a pair' },
  // 二重号 2 5 × 单号 6: C(2,2) × 1 = 1 ticket 22 55|6 = 2.00; 2 is drawn once → 0.
  { code: 'SSC_5STAR_GROUP30', rows: [[2, 5], [6]], amountMinor: 200, unitPrizeMinor: 633_333, wins: 0, prizeMinor: 0, note: 'loses: no two pairs' },
  // 三重号 5 6 × 单号 2 5 6: 555|26 (singles from {2, 6}) and 666|25 (from {2, 5}) = 2 tickets = 4.00;
  // the draw is 555|26 → 1 × 9,500.00.
  { code: 'SSC_5STAR_GROUP20', rows: [[5, 6], [2, 5, 6]], amountMinor: 400, unitPrizeMinor: 950_000, wins: 1, prizeMinor: 950_000, note: '555|26 in the order 5 6 5 2 5' },
  // 三重号 2 × 单号 5 6: 1 ticket 222|56 = 2.00; the right digits with the wrong multiplicities → 0.
  { code: 'SSC_5STAR_GROUP20', rows: [[2], [5, 6]], amountMinor: 200, unitPrizeMinor: 950_000, wins: 0, prizeMinor: 0, note: 'loses: 2 is drawn once, not three times' },
  // 三重号 5 × 二重号 2 6: 555|22 and 555|66 = 2 tickets = 4.00; 2 and 6 are drawn once each → 0.
  { code: 'SSC_5STAR_GROUP10', rows: [[5], [2, 6]], amountMinor: 400, unitPrizeMinor: 1_900_000, wins: 0, prizeMinor: 0, note: 'loses: no pair beside the triple' },
  // 四重号 5 × 单号 2: 1 ticket 5555|2 = 2.00; 5 is drawn three times → 0.
  { code: 'SSC_5STAR_GROUP5', rows: [[5], [2]], amountMinor: 200, unitPrizeMinor: 3_800_000, wins: 0, prizeMinor: 0, note: 'loses: three 5s, not four' },
  // C(4,4) = 1 ticket {2, 5, 6, 7} = 2.00; 千百十个 6 5 2 5 holds 5 twice → 0.
  { code: 'SSC_4STAR_GROUP24', rows: [[2, 5, 6, 7]], amountMinor: 200, unitPrizeMinor: 79_166, wins: 0, prizeMinor: 0, note: 'loses: 6525 has a pair' },
  // 二重号 5 6 × 单号 2 5 6: 55|26 and 66|25 = 2 tickets = 4.00; 6 5 2 5 is 55|26 → 1 × 1,583.33.
  { code: 'SSC_4STAR_GROUP12', rows: [[5, 6], [2, 5, 6]], amountMinor: 400, unitPrizeMinor: 158_333, wins: 1, prizeMinor: 158_333, note: '千百十个 55|26, rounded down' },
  // 二重号 6 × 单号 2 5: 1 ticket 66|25 = 2.00; 6 is drawn once among 千百十个 → 0.
  { code: 'SSC_4STAR_GROUP12', rows: [[6], [2, 5]], amountMinor: 200, unitPrizeMinor: 158_333, wins: 0, prizeMinor: 0, note: 'loses: the pair is 5, not 6' },
  // 二重号 2 5 6: C(3,2) = 3 tickets = 6.00; 6 5 2 5 is one pair and two singles, not two pairs → 0.
  { code: 'SSC_4STAR_GROUP6', rows: [[2, 5, 6]], amountMinor: 600, unitPrizeMinor: 316_666, wins: 0, prizeMinor: 0, note: 'loses: one pair only' },
  // 三重号 5 × 单号 2 6: 555|2 and 555|6 = 2 tickets = 4.00; 5 is drawn twice among 千百十个 → 0.
  { code: 'SSC_4STAR_GROUP4', rows: [[5], [2, 6]], amountMinor: 400, unitPrizeMinor: 475_000, wins: 0, prizeMinor: 0, note: 'loses: no triple among 千百十个' },
  // Rows 万 5, 千 6, 十 2 3 (sizes 1 1 0 2 0): 万千 1 + 万十 2 + 千十 2 = 5 tickets = 10.00; 万 5 ✓ 千 6 ✓ 十 2 ✓ →
  // the 2-sets of {万, 千, 十} = C(3,2) = 3 tickets win (5 6 · ·, 5 · · 2, · 6 · 2) × 190.00 = 570.00.
  { code: 'SSC_ANY2_DIRECT', rows: [[5], [6], [], [2, 3], []], amountMinor: 1_000, unitPrizeMinor: 19_000, wins: 3, prizeMinor: 57_000, note: 'three positions hit: C(3,2) tickets' },
  // Rows 百 6, 个 2: 1 ticket = 2.00; 百 5 ≠ 6, 个 5 ≠ 2 → 0.
  { code: 'SSC_ANY2_DIRECT', rows: [[], [], [6], [], [2]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 0, prizeMinor: 0, note: 'loses: right digits, wrong positions' },
  // Rows 万 5, 千 1, 百 5, 十 2 (four rows of one): C(4,3) = 4 tickets = 8.00; 千 1 ≠ 6, the other three hit →
  // C(3,3) = 1 ticket (5 · 5 2 ·) × 1,900.00.
  { code: 'SSC_ANY3_DIRECT', rows: [[5], [1], [5], [2], []], amountMinor: 800, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: '万百十 5 5 2' },
  // Every row the drawn digit: C(5,4) = 5 tickets = 10.00; all five hit → C(5,4) = 5 × 19,000.00 = 95,000.00.
  { code: 'SSC_ANY4_DIRECT', rows: [[5], [6], [5], [2], [5]], amountMinor: 1_000, unitPrizeMinor: 1_900_000, wins: 5, prizeMinor: 9_500_000, note: 'every 4-set of positions wins' },
  // Spans 0 and 1: 10 + 54 = 64 tickets = 128.00; 5 6 5 has span 1 → the one triple (5,6,5) wins 1,900.00.
  { code: 'SSC_FRONT3_SPAN', rows: [[0, 1]], amountMinor: 12_800, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'front 5 6 5, span 1' },
  // Span 9: 6 × 9 × 1 = 54 tickets = 108.00; 6 5 2 has span 6 − 2 = 4 → 0.
  { code: 'SSC_MID3_SPAN', rows: [[9]], amountMinor: 10_800, unitPrizeMinor: 190_000, wins: 0, prizeMinor: 0, note: 'loses: middle 6 5 2 has span 4' },
  // Span 3: 6 × 3 × 7 = 126 tickets = 252.00; 5 2 5 has span 3 → 1,900.00.
  { code: 'SSC_BACK3_SPAN', rows: [[3]], amountMinor: 25_200, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'back 5 2 5, span 3' },
  // Tails 2 and 7 = 2 tickets = 4.00; 5 + 2 + 5 = 12 → tail 2 → 1 × 2 × 10 × 0.95 = 19.00.
  { code: 'SSC_BACK3_SUM_TAIL', rows: [[2, 7]], amountMinor: 400, unitPrizeMinor: 1_900, wins: 1, prizeMinor: 1_900, note: 'sum 12, tail 2' },
  // 1 ticket = 2.00; 5 2 5 is not three equal digits → 0.
  { code: 'SSC_BACK3_TRIPLE', rows: [[0]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 0, prizeMinor: 0, note: 'loses: no 豹子' },
  // 1 ticket = 2.00; {2, 5} are not three consecutive digits → 0.
  { code: 'SSC_BACK3_STRAIGHT', rows: [[0]], amountMinor: 200, unitPrizeMinor: 3_166, wins: 0, prizeMinor: 0, note: 'loses: no 顺子' },
  // Multiple 2: 1 ticket × 2.00 × 2 = 4.00; 5 2 5 is a 对子. The ticket's prize is rounded once at its multiple:
  // floor(190,000 × 2 / 270) = floor(1,407.4) = 1,407 (14.07), one cent more than 2 × 7.03.
  { code: 'SSC_BACK3_PAIR', rows: [[0]], multiple: 2, amountMinor: 400, unitPrizeMinor: 703, wins: 1, prizeMinor: 1_407, note: '对子 5 2 5 at multiple 2, rounded once' },
  // Digits 2 5 6 = 3 tickets = 6.00; 5 is drawn three times (≥ 2), 2 and 6 once → 1 × 23.32.
  { code: 'SSC_FUN_REPEAT2', rows: [[2, 5, 6]], amountMinor: 600, unitPrizeMinor: 2_332, wins: 1, prizeMinor: 2_332, note: '好事成双: 5 drawn three times pays once' },
  // 分 mode: 3 tickets × 0.02 = 0.06; one ticket pays floor(190 / 100 × 100,000 / 8,146) = floor(23.32) = 23 (0.23).
  { code: 'SSC_FUN_REPEAT2', rows: [[2, 5, 6]], mode: 3, amountMinor: 6, unitPrizeMinor: 23, wins: 1, prizeMinor: 23, note: '分 mode' },
  // Digits 5 6 = 2 tickets = 4.00; 5 is drawn three times → 1 × 221.96; 6 once → no.
  { code: 'SSC_FUN_REPEAT3', rows: [[5, 6]], amountMinor: 400, unitPrizeMinor: 22_196, wins: 1, prizeMinor: 22_196, note: '三星报喜: 5 three times' },
  // Digit 5 = 1 ticket = 2.00; three times, not four → 0.
  { code: 'SSC_FUN_REPEAT4', rows: [[5]], amountMinor: 200, unitPrizeMinor: 413_043, wins: 0, prizeMinor: 0, note: 'loses: 四季发财 needs four 5s' },
];

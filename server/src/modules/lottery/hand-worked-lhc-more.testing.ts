import type { HandWorked } from './hand-worked.testing';

// ── LHC, the further plays ── on hand-worked.test.ts's LHC draw: 05 12 18 27 33 40 + special 49,
// lunar year 2026 (马 6 holds 01 13 25 37 49: the year's 5-number zodiac).
//   Colour of 49: 绿 (green). 半波 reads 大小单双 of the special, so 49 is a push there (as in 两面).
//   Zodiacs: 05 虎 2, 12 羊 7, 18 牛 1, 27 龙 4, 33 狗 10, 40 兔 3, 49 马 6 → drawn {1 2 3 4 6 7 10};
//   not drawn 鼠 0, 蛇 5, 猴 8, 鸡 9, 猪 11.
//   Tails: 5 2 8 7 3 0 9 → drawn {0 2 3 5 7 8 9}; not drawn 1, 4, 6. Special tail 9.
//   Sum: 5 + 12 + 18 + 27 + 33 + 40 + 49 = 184 → 大 (≥ 175) and 双.
// The conventions of hand-worked.test.ts: series 1900, money mode 1 (元), multiple 1; a ticket costs
// 2.00 and one winning ticket pays floor(2.00 × (1 − Ppush)/P × 1900/2000) = floor(190 × (1 − Ppush)/P)
// minor units. C(n, 7): C(49) = 85,900,584, C(45) = 45,379,620, C(44) = 38,320,568, C(43) = 32,224,114,
// C(42) = 26,978,328, C(41) = 22,481,940, C(40) = 18,643,560, C(39) = 15,380,937, C(38) = 12,620,256,
// C(37) = 10,295,472, C(36) = 8,347,680, C(35) = 6,724,520, C(34) = 5,379,616.
// 连肖 / 连尾 P by inclusion–exclusion over the ticket's zodiacs or tails (4 or 5 numbers each):
// P(all appear) = Σ_J (−1)^|J| C(49 − numbers of J, 7) / C(49, 7).
// Rows: colours 0 红 1 蓝 2 绿; 半波 value = colour × 4 + (0 大 1 小 2 单 3 双); zodiacs 0 鼠 … 11 猪;
// tails 0-9; 总和 0 大 1 小 2 单 3 双 (one value per play).
export const LHC_MORE_CASES: readonly HandWorked[] = [
  // 1 ticket = 2.00; 49 is green → 0. 190 × 49/17 = 547.64 → 5.47.
  { code: 'LHC_SPECIAL_RED', rows: [[0]], amountMinor: 200, unitPrizeMinor: 547, wins: 0, prizeMinor: 0, note: 'loses: 49 is green' },
  // {蓝, 绿} = 2 tickets = 4.00; 绿 → 1 × (190 × 49/16 = 581.87 → 5.81).
  { code: 'LHC_SPECIAL_BLUE_GREEN', rows: [[1, 2]], amountMinor: 400, unitPrizeMinor: 581, wins: 1, prizeMinor: 581, note: '49 is green, no push' },
  // {红大, 蓝小, 绿小, 绿双} = 4 tickets = 8.00; special 49 → push, refunded. Price 190 × (48/49)/(7/49) = 190 × 48/7 = 1302.85 → 13.02.
  { code: 'LHC_HALF_WAVE_7', rows: [[0, 5, 9, 11]], amountMinor: 800, unitPrizeMinor: 1_302, wins: 0, prizeMinor: 0, push: true, note: '半波 push on 49' },
  // {绿单} = 1 ticket = 2.00; 49 would be 绿单 but it pushes. 190 × 48/8 = 1140 → 11.40.
  { code: 'LHC_HALF_WAVE_8', rows: [[10]], amountMinor: 200, unitPrizeMinor: 1_140, wins: 0, prizeMinor: 0, push: true, note: '绿单 on 49: push, not a win' },
  // {红双, 蓝大} = 2 tickets = 4.00; push. 190 × 48/9 = 1013.33 → 10.13.
  { code: 'LHC_HALF_WAVE_9', rows: [[3, 4]], amountMinor: 400, unitPrizeMinor: 1_013, wins: 0, prizeMinor: 0, push: true, note: '半波 push on 49' },
  // {红小} = 1 ticket = 2.00; push. 190 × 48/10 = 912 → 9.12.
  { code: 'LHC_HALF_WAVE_10', rows: [[1]], amountMinor: 200, unitPrizeMinor: 912, wins: 0, prizeMinor: 0, push: true, note: '半波 push on 49' },
  // {马} = 1 ticket = 2.00; special 49 is 马 → 190 × 49/5 = 1862 → 18.62.
  { code: 'LHC_SPECIAL_ZODIAC_5', rows: [[6]], amountMinor: 200, unitPrizeMinor: 1_862, wins: 1, prizeMinor: 1_862, note: '特肖 马: the special 49' },
  // {牛, 虎, 羊} = 3 tickets = 6.00; drawn as regular numbers (18, 05, 12), but the special is 马 → 0. 190 × 49/4 = 2327.5 → 23.27.
  { code: 'LHC_SPECIAL_ZODIAC_4', rows: [[1, 2, 7]], amountMinor: 600, unitPrizeMinor: 2_327, wins: 0, prizeMinor: 0, note: 'loses: only the special counts' },
  // {尾 0} = 1 ticket = 2.00; special tail 9 → 0. 190 × 49/4 = 2327.5 → 23.27.
  { code: 'LHC_SPECIAL_TAIL_0', rows: [[0]], amountMinor: 200, unitPrizeMinor: 2_327, wins: 0, prizeMinor: 0, note: 'loses: 40 is regular, the special ends in 9' },
  // {8, 9} = 2 tickets = 4.00; 49 ends in 9 → 1 × (190 × 49/5 = 18.62).
  { code: 'LHC_SPECIAL_TAIL', rows: [[8, 9]], amountMinor: 400, unitPrizeMinor: 1_862, wins: 1, prizeMinor: 1_862, note: '特码尾数 9' },
  // {尾 0} = 1 ticket = 2.00; 40 drawn → 190 × C(49)/(C(49) − C(45)) = 190 × 85,900,584/40,520,964 = 402.78 → 4.02.
  { code: 'LHC_TAIL_0', rows: [[0]], amountMinor: 200, unitPrizeMinor: 402, wins: 1, prizeMinor: 402, note: '一尾 0: 40' },
  // {1, 2, 9} = 3 tickets = 6.00; 2 (12) ✓ 9 (49) ✓ 1 ✗ → 2 × (190 × 85,900,584/(85,900,584 − 38,320,568) = 190 × 85,900,584/47,580,016 = 343.02 → 3.43) = 6.86.
  { code: 'LHC_TAIL', rows: [[1, 2, 9]], amountMinor: 600, unitPrizeMinor: 343, wins: 2, prizeMinor: 686, note: '一尾 counts the special too' },
  // C(4,2) = 6 tickets = 12.00; drawn of {鼠, 牛, 虎, 羊}: 牛 虎 羊 → C(3,2) = 3 wins.
  // P = C(49) − 2 C(45) + C(41) = 85,900,584 − 90,759,240 + 22,481,940 = 17,623,284 of C(49) → 190 × 85,900,584/17,623,284 = 926.11 → 9.26; 3 × 9.26 = 27.78.
  { code: 'LHC_LINKED_ZODIAC2', rows: [[0, 1, 2, 7]], amountMinor: 1_200, unitPrizeMinor: 926, wins: 3, prizeMinor: 2_778, note: '二连肖 {牛虎} {牛羊} {虎羊}' },
  // 1 ticket {鼠, 蛇} = 2.00; neither drawn → 0.
  { code: 'LHC_LINKED_ZODIAC2', rows: [[0, 5]], amountMinor: 200, unitPrizeMinor: 926, wins: 0, prizeMinor: 0, note: 'loses: 鼠 and 蛇 missing' },
  // 马 + one of {蛇, 羊, 狗}: 3 tickets = 6.00; 马 drawn (49), 羊 ✓ 狗 ✓ 蛇 ✗ → 2 wins.
  // P = C(49) − C(44) − C(45) + C(40) = 85,900,584 − 38,320,568 − 45,379,620 + 18,643,560 = 20,843,956 → 190 × 85,900,584/20,843,956 = 783.01 → 7.83; 2 × 7.83 = 15.66.
  { code: 'LHC_LINKED_ZODIAC2_YEAR', rows: [[5, 7, 10]], amountMinor: 600, unitPrizeMinor: 783, wins: 2, prizeMinor: 1_566, note: '含本命肖: 马羊, 马狗' },
  // C(4,3) = 4 tickets = 8.00; {牛, 虎, 兔} drawn, 猴 not → 1 win.
  // P = C(49) − 3 C(45) + 3 C(41) − C(37) = 85,900,584 − 136,138,860 + 67,445,820 − 10,295,472 = 6,912,072 → 190 × 85,900,584/6,912,072 = 2361.24 → 23.61.
  { code: 'LHC_LINKED_ZODIAC3', rows: [[1, 2, 3, 8]], amountMinor: 800, unitPrizeMinor: 2_361, wins: 1, prizeMinor: 2_361, note: '三连肖 牛虎兔' },
  // 马 + two of {牛, 龙, 蛇}: C(3,2) = 3 tickets = 6.00; 马 drawn; {牛, 龙} ✓, the two with 蛇 ✗ → 1 win.
  // P = C(49) − C(44) − 2 C(45) + 2 C(40) + C(41) − C(36) = 85,900,584 − 38,320,568 − 90,759,240 + 37,287,120 + 22,481,940 − 8,347,680
  //   = 8,242,156 → 190 × 85,900,584/8,242,156 = 1980.19 → 19.80.
  { code: 'LHC_LINKED_ZODIAC3_YEAR', rows: [[1, 4, 5]], amountMinor: 600, unitPrizeMinor: 1_980, wins: 1, prizeMinor: 1_980, note: '含本命肖: 马牛龙' },
  // C(3,2) = 3 tickets = 6.00; tails 2 ✓ 3 ✓ 1 ✗ → {2, 3} wins.
  // P = C(49) − 2 C(44) + C(39) = 85,900,584 − 76,641,136 + 15,380,937 = 24,640,385 → 190 × 85,900,584/24,640,385 = 662.37 → 6.62.
  { code: 'LHC_LINKED_TAIL2', rows: [[1, 2, 3]], amountMinor: 600, unitPrizeMinor: 662, wins: 1, prizeMinor: 662, note: '二连尾 2 3' },
  // 尾 0 + one of {4, 5, 7}: 3 tickets = 6.00; 0 drawn (40), 5 ✓ 7 ✓ 4 ✗ → 2 wins.
  // P = C(49) − C(45) − C(44) + C(40) = 20,843,956 (as 含本命肖 above: sets of 4 and 5 numbers) → 7.83; 2 × 7.83 = 15.66.
  { code: 'LHC_LINKED_TAIL2_ZERO', rows: [[4, 5, 7]], amountMinor: 600, unitPrizeMinor: 783, wins: 2, prizeMinor: 1_566, note: '含0尾: 0 5, 0 7' },
  // C(4,3) = 4 tickets = 8.00; drawn {2, 3, 5}, 6 not → 1 win.
  // P = C(49) − 3 C(44) + 3 C(39) − C(34) = 85,900,584 − 114,961,704 + 46,142,811 − 5,379,616 = 11,702,075 → 190 × 85,900,584/11,702,075 = 1394.71 → 13.94.
  { code: 'LHC_LINKED_TAIL3', rows: [[2, 3, 5, 6]], amountMinor: 800, unitPrizeMinor: 1_394, wins: 1, prizeMinor: 1_394, note: '三连尾 2 3 5' },
  // 尾 0 + two of {1, 4, 6}: 3 tickets = 6.00; none of 1 4 6 drawn → 0.
  // P = C(49) − C(45) − 2 C(44) + 2 C(40) + C(39) − C(35) = 85,900,584 − 45,379,620 − 76,641,136 + 37,287,120 + 15,380,937 − 6,724,520
  //   = 9,823,365 → 190 × 85,900,584/9,823,365 = 1661.45 → 16.61.
  { code: 'LHC_LINKED_TAIL3_ZERO', rows: [[1, 4, 6]], amountMinor: 600, unitPrizeMinor: 1_661, wins: 0, prizeMinor: 0, note: 'loses: tails 1 4 6 missing' },
  // C(4,2) = 6 tickets = 12.00; drawn {05, 12, 49}: {05,12} 中二, {05,49} {12,49} 中特 → 3 wins × (190 × 1176/21 = 190 × 56 = 106.40) = 319.20.
  { code: 'LHC_TWO_SPECIAL', rows: [[1, 5, 12, 49]], amountMinor: 1_200, unitPrizeMinor: 10_640, wins: 3, prizeMinor: 31_920, note: '二中特: both among all 7' },
  // C(5,3) = 10 tickets = 20.00; regular {05, 12, 18} of the five (01 missed, 49 the special):
  // {05,12,18} 中三 = 5 units, two of them with 01 or 49 = 3 × 2 = 6 tickets 中二 → 11 units ×
  // (190 × 18424/745 = 4698.74 → 46.98) = 516.78.
  // 过关 over the regular positions 05 12 18 27 33 40: 小 on 正码1 (05), 双 on 正码3 (18), 大 on 正码4
  // (27), all won. P by inclusion–exclusion over 小 {1-24, 49}, 双 {the evens, 49}, 大 {25-49}, 25
  // each (49 counts as won): 25³ − 13·25 − 1·25 − 13·25 + 2·1 = 14,952 of 49·48·47 = 110,544,
  // = 89/658 → 190 × 658/89 = 1404.72 → 14.04.
  { code: 'LHC_PARLAY3', rows: [[1], [], [3], [0], [], []], amountMinor: 200, unitPrizeMinor: 1_404, wins: 1, prizeMinor: 1_404, note: '过关: 小 双 大 all won' },
  // 红 on 正码1 and 正码2: 05 is green, so it loses; P 17·16/(49·48) = 17/147 → 190 × 147/17 = 1642.94 → 16.42.
  { code: 'LHC_PARLAY2', rows: [[4], [4], [], [], [], []], amountMinor: 200, unitPrizeMinor: 1_642, wins: 0, prizeMinor: 0, note: '过关: 05 is green' },
  // 小小小大大 on 正码1-5 (05 12 18 27 33): won. Ordered ways, 小 and 大 25 numbers each sharing 49:
  // without 49 24·23·22 × 24·23 = 6,703,488; 49 on a 小 leg 3 × 552 × 552, on a 大 leg 2 × 12,144 × 24
  // = 1,497,024; 8,200,512 of 49·48·47·46·45 = 1238/34545 → 190 × 34545/1238 = 5301.82 → 53.01.
  { code: 'LHC_PARLAY5', rows: [[1], [1], [1], [0], [0], []], amountMinor: 200, unitPrizeMinor: 5_301, wins: 1, prizeMinor: 5_301, note: '过关: 5 legs won' },
  // 绿 (05) 红 (12) 单 (27) 双 (40), won; P 77941/2542512 by the class count (lottery-rules'
  // parlayProbability, checked there against plain counting) → 190 × 2542512/77941 = 6197.99 → 61.97.
  { code: 'LHC_PARLAY4', rows: [[6], [4], [], [2], [], [3]], amountMinor: 200, unitPrizeMinor: 6_197, wins: 1, prizeMinor: 6_197, note: '过关: colours and parities' },
  // 单 双 双 单 单 蓝: 40 on 正码6 is red, so it loses; P 27/2303 → 190 × 2303/27 = 16206.30 → 162.06.
  { code: 'LHC_PARLAY6', rows: [[2], [3], [3], [2], [2], [5]], amountMinor: 200, unitPrizeMinor: 16_206, wins: 0, prizeMinor: 0, note: '过关: 40 is red' },
  { code: 'LHC_THREE_TWO', rows: [[1, 5, 12, 18, 49]], amountMinor: 2_000, unitPrizeMinor: 4_698, wins: 11, prizeMinor: 51_678, note: '三中二: one 中三, six 中二' },
  // C(4,2) = 6 tickets = 12.00; special 49 picked × regular {05, 12} picked → {05,49} {12,49} = 2 wins × (190 × 196 = 372.40) = 744.80.
  { code: 'LHC_SPECIAL_PAIR', rows: [[1, 5, 12, 49]], amountMinor: 1_200, unitPrizeMinor: 37_240, wins: 2, prizeMinor: 74_480, note: '特串: {05,12} both regular loses' },
  // 1 ticket = 2.00; 184 ≥ 175 → 190 × 85,900,584/43,428,958 = 375.81 → 3.75.
  { code: 'LHC_TOTAL_BIG', rows: [[0]], amountMinor: 200, unitPrizeMinor: 375, wins: 1, prizeMinor: 375, note: '总和 184 大' },
  // 1 ticket; 184 is not ≤ 174 → 0. 190 × 85,900,584/42,471,626 = 384.28 → 3.84.
  { code: 'LHC_TOTAL_SMALL', rows: [[1]], amountMinor: 200, unitPrizeMinor: 384, wins: 0, prizeMinor: 0, note: 'loses: 184 is big' },
  // 1 ticket; 184 is even → 0. 190 × 85,900,584/42,949,280 = 380.008 → 3.80.
  { code: 'LHC_TOTAL_ODD', rows: [[2]], amountMinor: 200, unitPrizeMinor: 380, wins: 0, prizeMinor: 0, note: 'loses: 184 is even' },
  // 1 ticket; 184 even → 190 × 85,900,584/42,951,304 = 379.99 → 3.79.
  { code: 'LHC_TOTAL_EVEN', rows: [[3]], amountMinor: 200, unitPrizeMinor: 379, wins: 1, prizeMinor: 379, note: '总和 184 双' },
  // C(7,6) = 7 tickets = 14.00; of {1 2 3 4 5 6 7} only 05 drawn → the one ticket without 05 wins: 190 × 85,900,584/C(43) = 190 × 85,900,584/32,224,114 = 506.48 → 5.06.
  { code: 'LHC_NOT_IN6', rows: [[1, 2, 3, 4, 5, 6, 7]], amountMinor: 1_400, unitPrizeMinor: 506, wins: 1, prizeMinor: 506, note: 'the ticket without 05' },
  // 1 ticket = 2.00; none of 1-4 6-8 drawn → 190 × 85,900,584/C(42) = 190 × 85,900,584/26,978,328 = 604.97 → 6.04.
  { code: 'LHC_NOT_IN7', rows: [[1, 2, 3, 4, 6, 7, 8]], amountMinor: 200, unitPrizeMinor: 604, wins: 1, prizeMinor: 604, note: '七不中' },
  // 1 ticket; 1-4 6-9 → 190 × 85,900,584/C(41) = 190 × 85,900,584/22,481,940 = 725.96 → 7.25.
  { code: 'LHC_NOT_IN8', rows: [[1, 2, 3, 4, 6, 7, 8, 9]], amountMinor: 200, unitPrizeMinor: 725, wins: 1, prizeMinor: 725, note: '八不中' },
  // 1 ticket; 1-4 6-9 and 12 (drawn) → 0. 190 × 85,900,584/C(40) = 190 × 85,900,584/18,643,560 = 875.42 → 8.75.
  { code: 'LHC_NOT_IN9', rows: [[1, 2, 3, 4, 6, 7, 8, 9, 12]], amountMinor: 200, unitPrizeMinor: 875, wins: 0, prizeMinor: 0, note: 'loses: 12 was drawn' },
  // 1 ticket; 1-4 6-11 → 190 × 85,900,584/C(39) = 190 × 85,900,584/15,380,937 = 1061.12 → 10.61.
  { code: 'LHC_NOT_IN10', rows: [[1, 2, 3, 4, 6, 7, 8, 9, 10, 11]], amountMinor: 200, unitPrizeMinor: 1_061, wins: 1, prizeMinor: 1_061, note: '十不中' },
  // 1 ticket; 1-4 6-11 and 49 (the special, drawn) → 0. 190 × 85,900,584/C(38) = 190 × 85,900,584/12,620,256 = 1293.24 → 12.93.
  { code: 'LHC_NOT_IN11', rows: [[1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 49]], amountMinor: 200, unitPrizeMinor: 1_293, wins: 0, prizeMinor: 0, note: 'loses: the special counts' },
  // C(13,12) = 13 tickets = 26.00; of 1-4 6-11 13 14 49 only 49 drawn → the one ticket without 49 wins:
  // 190 × 85,900,584/C(37) = 190 × 85,900,584/10,295,472 = 1585.27 → 15.85.
  { code: 'LHC_NOT_IN12', rows: [[1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 13, 14, 49]], amountMinor: 2_600, unitPrizeMinor: 1_585, wins: 1, prizeMinor: 1_585, note: 'the ticket without 49' },
];

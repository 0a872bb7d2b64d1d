import type { HandWorked, HandWorkedKind } from './hand-worked.testing';

// The conventions of hand-worked.test.ts: series 1900, money mode 1 (元), multiple 1; one winning
// ticket pays floor(2.00 × (1/P) × 1900/2000) = floor(190 / P) minor units; a ticket costs 2.00.
// Prizes of the P these plays have: 1/1000 → 190 × 1000 = 190,000 (1,900.00); 3/1000 → 190,000 / 3
// = 63,333.33 → 63,333 (633.33); 6/1000 → 190,000 / 6 = 31,666.67 → 31,666 (316.66); 1/10 → 1,900
// (19.00); 1/100 → 19,000 (190.00); 1/100000 → 19,000,000 (190,000.00).
// Ordered triples with sum s, c(s): c(13) = c(14) = 75. With span s (largest − smallest digit),
// w(s): w(0) = 10 (the triples), w(s) = 6s(10 − s) otherwise: w(4) = 144, w(5) = 150, w(6) = 144.

// ── 3D ── draw 3 8 3 (百 十 个): sum 14, span 8 − 3 = 5, pair form (3 twice, 8 once: 组三, not
// 组六), front two 3 8, back two 8 3, the digits {3, 8}.
const D3_DRAW = [3, 8, 3];
const D3_CASES: readonly HandWorked[] = [
  // 1 × 1 × 2 = 2 tickets × 2.00 = 4.00; 3 8 3 is one of them → 1 × 1,900.00.
  { code: 'D3_DIRECT', rows: [[3], [8], [3, 4]], amountMinor: 400, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: '百十个 3 8 3' },
  // 1 ticket = 2.00; 8 3 3 ≠ 3 8 3 → 0.
  { code: 'D3_DIRECT', rows: [[8], [3], [3]], amountMinor: 200, unitPrizeMinor: 190_000, wins: 0, prizeMinor: 0, note: 'loses: right digits, wrong order' },
  // Sums 13 and 14: c(13) + c(14) = 75 + 75 = 150 tickets = 300.00; 3+8+3 = 14 → exactly the ticket (3,8,3) wins 1,900.00.
  { code: 'D3_DIRECT_SUM', rows: [[13, 14]], amountMinor: 30_000, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'sum 14: one of its 75 triples is drawn' },
  // 3 digits → 3 × 2 = 6 tickets = 12.00; pair form {3, 8} both picked → the one ticket 3 3 8 wins 633.33.
  { code: 'D3_GROUP3', rows: [[3, 8, 9]], amountMinor: 1_200, unitPrizeMinor: 63_333, wins: 1, prizeMinor: 63_333, note: 'pair form 3 8 3, rounded down' },
  // C(3,3) = 1 ticket = 2.00; 3 8 3 is a pair form, not 3 distinct digits → 0.
  { code: 'D3_GROUP6', rows: [[3, 8, 9]], amountMinor: 200, unitPrizeMinor: 31_666, wins: 0, prizeMinor: 0, note: 'loses: a pair form never wins 组六' },
  // Spans 0 and 5: w(0) + w(5) = 10 + 150 = 160 tickets = 320.00; span 5 → the ticket (3,8,3) wins 1,900.00.
  { code: 'D3_SPAN', rows: [[0, 5]], amountMinor: 32_000, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'span 8 − 3 = 5' },
  // Spans 4 and 6: w(4) + w(6) = 144 + 144 = 288 tickets = 576.00; span 5 → 0.
  { code: 'D3_SPAN', rows: [[4, 6]], amountMinor: 57_600, unitPrizeMinor: 190_000, wins: 0, prizeMinor: 0, note: 'loses: spans beside 5' },
  // 1 + 2 + 0 = 3 tickets = 6.00; 百 3 ✓ 十 8 ✓ (1 ✗) → 2 × 19.00 = 38.00.
  { code: 'D3_POSITION', rows: [[3], [1, 8], []], amountMinor: 600, unitPrizeMinor: 1_900, wins: 2, prizeMinor: 3_800, note: '百 and 十 hit, 个 not picked' },
  // 1 ticket = 2.00; 百十 3 8 → 190.00.
  { code: 'D3_FRONT2_DIRECT', rows: [[3], [8]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 1, prizeMinor: 19_000, note: '百十 3 8' },
  // 1 × 2 = 2 tickets = 4.00; 十个 8 3 → 1 × 190.00.
  { code: 'D3_BACK2_DIRECT', rows: [[8], [3, 4]], amountMinor: 400, unitPrizeMinor: 19_000, wins: 1, prizeMinor: 19_000, note: '十个 8 3' },
  // 1 ticket = 2.00; 十个 are 8 3, not 3 8 → 0.
  { code: 'D3_BACK2_DIRECT', rows: [[3], [8]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 0, prizeMinor: 0, note: 'loses: the front two, not the back two' },
  // 3 tickets = 6.00; 3 and 8 appear (3 twice pays once), 5 not → 2 × (190 / (271/1000) = 190,000 / 271
  // = 701.1 → 701 = 7.01; 271 × 701 = 189,971) = 14.02.
  { code: 'D3_ANY1', rows: [[3, 5, 8]], amountMinor: 600, unitPrizeMinor: 701, wins: 2, prizeMinor: 1_402, note: 'a digit seen twice pays once' },
];

export const D3_HAND_WORKED: HandWorkedKind = { numbers: D3_DRAW, cases: D3_CASES };

// ── P5 ── draw 2 7 4 0 9 (万 千 百 十 个): 排列三 is the first three, 2 7 4 (three distinct digits:
// 组六, not 组三; sum 13); the last three 4 0 9 count for no 排列三 play. Front two 2 7, back two 0 9.
const P5_DRAW = [2, 7, 4, 0, 9];
const P5_CASES: readonly HandWorked[] = [
  // 1 × 1 × 1 × 1 × 2 = 2 tickets = 4.00; 2 7 4 0 9 → 1 × 190,000.00 (under the 300,000.00 cap).
  { code: 'P5_DIRECT', rows: [[2], [7], [4], [0], [8, 9]], amountMinor: 400, unitPrizeMinor: 19_000_000, wins: 1, prizeMinor: 19_000_000, note: '万千百十个 2 7 4 0 9' },
  // 1 ticket = 2.00; 排列三 2 7 4 → 1,900.00.
  { code: 'P5_P3_DIRECT', rows: [[2], [7], [4]], amountMinor: 200, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: '排列三 2 7 4' },
  // 1 ticket = 2.00; 4 0 9 is the last three of the draw, not 排列三 → 0.
  { code: 'P5_P3_DIRECT', rows: [[4], [0], [9]], amountMinor: 200, unitPrizeMinor: 190_000, wins: 0, prizeMinor: 0, note: 'loses: 排列三 reads the first three digits' },
  // Sum 13: c(13) = 75 tickets = 150.00; 2+7+4 = 13 → the ticket (2,7,4) wins 1,900.00.
  { code: 'P5_P3_DIRECT_SUM', rows: [[13]], amountMinor: 15_000, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'sum 13: one of its 75 triples is drawn' },
  // 3 × 2 = 6 tickets = 12.00; 2 7 4 are three distinct digits, no pair form → 0.
  { code: 'P5_P3_GROUP3', rows: [[2, 4, 7]], amountMinor: 1_200, unitPrizeMinor: 63_333, wins: 0, prizeMinor: 0, note: 'loses: three distinct digits never win 组三' },
  // C(4,3) = 4 tickets = 8.00; {2, 4, 7} all picked → 1 × 316.66.
  { code: 'P5_P3_GROUP6', rows: [[2, 4, 7, 9]], amountMinor: 800, unitPrizeMinor: 31_666, wins: 1, prizeMinor: 31_666, note: '组六 {2, 4, 7}, rounded down' },
  // 1 + 0 + 0 + 2 + 1 = 4 tickets = 8.00; 万 2 ✓ 十 0 ✓ (1 ✗) 个 8 ✗ (9) → 2 × 19.00 = 38.00.
  { code: 'P5_POSITION', rows: [[2], [], [], [0, 1], [8]], amountMinor: 800, unitPrizeMinor: 1_900, wins: 2, prizeMinor: 3_800, note: '万 and 十 hit' },
  // 2 × 1 = 2 tickets = 4.00; 万千 2 7 → 1 × 190.00.
  { code: 'P5_FRONT2_DIRECT', rows: [[2, 3], [7]], amountMinor: 400, unitPrizeMinor: 19_000, wins: 1, prizeMinor: 19_000, note: '万千 2 7' },
  // 1 ticket = 2.00; 十个 0 9 → 190.00.
  { code: 'P5_BACK2_DIRECT', rows: [[0], [9]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 1, prizeMinor: 19_000, note: '十个 0 9' },
  // 1 ticket = 2.00; 9 0 is the back two reversed → 0.
  { code: 'P5_BACK2_DIRECT', rows: [[9], [0]], amountMinor: 200, unitPrizeMinor: 19_000, wins: 0, prizeMinor: 0, note: 'loses: reversed' },
];

export const P5_HAND_WORKED: HandWorkedKind = { numbers: P5_DRAW, cases: P5_CASES };

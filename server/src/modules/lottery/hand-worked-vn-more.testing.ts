import type { HandWorked, HandWorkedKind } from './hand-worked.testing';

// Hand-worked Vietnamese bets, worked out BY HAND from the play definitions (lottery-rules/src/
// plays-vn.ts): the northern plays added to the catalogue after the first ones (lô 3 số, 4 càng,
// đề giải nhất), on hand-worked.test.ts's northern draw VN_DRAW, and every play of the southern
// and central lottery (VN18) on one chosen draw. The conventions are hand-worked.test.ts's: series
// 1900 (a ticket pays 1900/2000 = 0.95 of its fair prize, rounded down to a minor unit), money
// mode 1 (元), multiple 1.
//
// Fair prizes × 0.95 (unit stake u units a point, P the play's probability, or its expected hits
// for lô, paid per hit): u / P × 0.95.
//   lô 2 số VN18: 18 / (18/100) × 0.95 = 100 × 0.95 = 95.00 a hit (a point costs 18.00)
//   lô 3 số VN: 23 / (23/1000) × 0.95 = 1000 × 0.95 = 950.00 a hit (a point costs 23.00)
//   lô 3 số VN18: 17 / (17/1000) × 0.95 = 950.00 a hit (a point costs 17.00)
//   đề, đề giải nhất, đầu giải tám (1/100): 1 × 100 × 0.95 = 95.00; đầu / đuôi (1/10): 9.50
//   3 càng (1/1000): 950.00; 4 càng (1/10000): 1 × 10000 × 0.95 = 9,500.00
//   xiên over 18 endings: P_k = Σ_j (−1)^j C(k,j) (1 − j/100)^18, with 0.99^18 = 0.834514,
//   0.98^18 = 0.695135, 0.97^18 = 0.577951, 0.96^18 = 0.479603:
//     P_2 = 1 − 2 × 0.834514 + 0.695135 = 0.0261078 → 0.95 / 0.0261078 = 36.3876 → 36.38
//     P_3 = 1 − 3 × 0.834514 + 3 × 0.695135 − 0.577951 = 0.00391345 → 242.753 → 242.75
//     P_4 = 1 − 4 × 0.834514 + 6 × 0.695135 − 4 × 0.577951 + 0.479603 = 0.000555225 → 1711.019 → 1,711.01
//   (each checked with exact rational arithmetic outside this code).

// ── VN, more ── on VN_DRAW (hand-worked.test.ts): ĐB 12345 (4 càng 2345), G1 67842 (đề giải nhất
// 42). The last three digits of the 23 numbers with at least three (ĐB … G6; G7's 43 47 49 51 have
// two): 345 842 007 500 142 188 611 413 716 519 321 442 023 025 027 029 031 033 035 088 137 239
// 641, each once.
export const VN_MORE_CASES: readonly HandWorked[] = [
  // 5 points × 23.00 = 115.00; 007 (G2 10007) ✓ 042 ✗ (42 ends 67842, 31142 and 4442, whose last
  // three are 842, 142, 442) 142 ✓ 641 ✓ 999 ✗ → 3 hits × 950.00 = 2,850.00.
  { code: 'VN_LO3', rows: [[7, 42, 142, 641, 999]], amountMinor: 11_500, unitPrizeMinor: 95_000, wins: 3, prizeMinor: 285_000, note: 'lô 3 số: 042 is no number’s last three' },
  // 2 points × 23.00 = 46.00; 43 and 47 are G7 numbers, which have two digits: no 043 nor 047 → 0.
  { code: 'VN_LO3', rows: [[43, 47]], amountMinor: 4_600, unitPrizeMinor: 95_000, wins: 0, prizeMinor: 0, note: 'loses: G7’s two digits are not lô 3 số' },
  // 3 points × 1.00 = 3.00; last four of 12345 = 2345 ✓ (1234 and 0005 ✗) → 9,500.00.
  { code: 'VN_4CANG', rows: [[5, 1234, 2345]], amountMinor: 300, unitPrizeMinor: 950_000, wins: 1, prizeMinor: 950_000, note: '4 càng 2345, in the 40th bigint word' },
  // 2 points = 2.00; G1 67842 ends 42 ✓ (45 is the ĐB's) → 95.00.
  { code: 'VN_DE_G1', rows: [[42, 45]], amountMinor: 200, unitPrizeMinor: 9_500, wins: 1, prizeMinor: 9_500, note: 'đề giải nhất 42' },
  // 1 point; 45 ends the ĐB, not G1 → 0.
  { code: 'VN_DE_G1', rows: [[45]], amountMinor: 100, unitPrizeMinor: 9_500, wins: 0, prizeMinor: 0, note: 'loses: the special prize’s đề is not the first prize’s' },
];

// ── VN18 ── 18 numbers, stored ĐB first (the result sheet prints them G8 first):
//   ĐB 385172 · G1 40972 · G2 18305 · G3 62172 09415 · G4 83540 27718 05526 91363 44809 30251 76637
//   · G5 1805 · G6 4472 0926 7390 · G7 618 · G8 05
// đề 72, đầu (tens of ĐB) 7, đuôi 2, 3 càng 172, đầu giải tám 05. Endings: 72 four times (ĐB, G1,
// G3, G6), 05 three times (G2, G5, G8), 18 twice (G4, G7), 26 twice (G4, G6), 15 40 63 09 51 37 90
// once, 99 and 88 never. Last three of the 17 numbers with at least three digits (not G8): 172
// twice (ĐB, G3), 972 305 415 540 718 526 363 809 251 637 805 472 926 390 618 once.
const VN18_DRAW = [385172, 40972, 18305, 62172, 9415, 83540, 27718, 5526, 91363, 44809, 30251, 76637, 1805, 4472, 926, 7390, 618, 5];
const VN18_CASES: readonly HandWorked[] = [
  // 4 points × 18.00 = 72.00; hits 05 ×3 + 18 ×2 + 72 ×4 + 99 ×0 = 9 × 95.00 = 855.00.
  { code: 'VN18_LO2', rows: [[5, 18, 72, 99]], amountMinor: 7_200, unitPrizeMinor: 9_500, wins: 9, prizeMinor: 85_500, note: 'lô pays every occurrence' },
  // 2 points × 18.00 = 36.00; 01 and 99 end no number → 0.
  { code: 'VN18_LO2', rows: [[1, 99]], amountMinor: 3_600, unitPrizeMinor: 9_500, wins: 0, prizeMinor: 0, note: 'loses: 01 and 99 never drawn' },
  // 2 points = 2.00; ĐB 385172 ends 72 ✓ (27 reversed ✗) → 95.00.
  { code: 'VN18_DE', rows: [[27, 72]], amountMinor: 200, unitPrizeMinor: 9_500, wins: 1, prizeMinor: 9_500, note: 'đề 72' },
  // 1 point; 05 is G8 (the đầu), not the ĐB's last two → 0.
  { code: 'VN18_DE', rows: [[5]], amountMinor: 100, unitPrizeMinor: 9_500, wins: 0, prizeMinor: 0, note: 'loses: 05 is G8, not the special prize' },
  // 1 point; tens digit of 385172 is 7 → 9.50.
  { code: 'VN18_DE_HEAD', rows: [[7]], amountMinor: 100, unitPrizeMinor: 950, wins: 1, prizeMinor: 950, note: 'đầu 7' },
  // 2 points = 2.00; units digit 2 ✓ (7 is the head) → 9.50.
  { code: 'VN18_DE_TAIL', rows: [[2, 7]], amountMinor: 200, unitPrizeMinor: 950, wins: 1, prizeMinor: 950, note: 'đuôi 2' },
  // 2 points = 2.00; G8 is 05 ✓ (72 is the ĐB's) → 95.00.
  { code: 'VN18_DE_G8', rows: [[5, 72]], amountMinor: 200, unitPrizeMinor: 9_500, wins: 1, prizeMinor: 9_500, note: 'đầu giải tám 05' },
  // 2 points = 2.00; last three of 385172 = 172 ✓ (385 is its first three ✗) → 950.00.
  { code: 'VN18_3CANG', rows: [[172, 385]], amountMinor: 200, unitPrizeMinor: 95_000, wins: 1, prizeMinor: 95_000, note: '3 càng 172, beyond the first bigint word' },
  // C(3,2) = 3 tickets = 3.00; 05 and 18 appear, 99 not → only {05, 18}: 1 × 36.38.
  { code: 'VN18_XIEN2', rows: [[5, 18, 99]], amountMinor: 300, unitPrizeMinor: 3_638, wins: 1, prizeMinor: 3_638, note: 'xiên 2 {05, 18}' },
  // C(4,3) = 4 tickets = 4.00; 05 18 26 72 all appear → 4 × 242.75 = 971.00 (repeats pay once a ticket).
  { code: 'VN18_XIEN3', rows: [[5, 18, 26, 72]], amountMinor: 400, unitPrizeMinor: 24_275, wins: 4, prizeMinor: 97_100, note: 'every ticket wins, once' },
  // C(5,4) = 5 tickets = 5.00; 99 missing → only the ticket {05, 18, 26, 72}: 1 × 1,711.01.
  { code: 'VN18_XIEN4', rows: [[5, 18, 26, 72, 99]], amountMinor: 500, unitPrizeMinor: 171_101, wins: 1, prizeMinor: 171_101, note: 'the one ticket without 99' },
  // 1 ticket = 1.00; 88 missing → 0.
  { code: 'VN18_XIEN4', rows: [[15, 40, 63, 88]], amountMinor: 100, unitPrizeMinor: 171_101, wins: 0, prizeMinor: 0, note: 'loses: 88 missing' },
  // 4 points × 17.00 = 68.00; 172 ×2 (ĐB, G3) + 805 ×1 (G5) + 005 ×0 (G8 05 has two digits; G2 ends 305)
  // + 618 ×1 (G7) = 4 hits × 950.00 = 3,800.00.
  { code: 'VN18_LO3', rows: [[5, 172, 618, 805]], amountMinor: 6_800, unitPrizeMinor: 95_000, wins: 4, prizeMinor: 380_000, note: 'lô 3 số: G8 has no third digit' },
];

export const VN18_HAND_WORKED: HandWorkedKind = { numbers: VN18_DRAW, cases: VN18_CASES };

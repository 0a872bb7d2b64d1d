import { LOTTERY_KINDS } from '@platform/contract';
import { PLAYS, isValidDraw, lunarYearOf, picksFromRows, unitPrizeMinor, type LotteryKind, type PlayDefinition } from '@platform/lottery-rules';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { reconcile } from '../ledger';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { placeOrder } from './betting.service';
import { drawRoundAs, fundedMembers, GAME_OF_KIND, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { settleRound } from './settlement.service';
import { D3_HAND_WORKED, P5_HAND_WORKED } from './hand-worked-3d.testing';
import { K3_HAND_WORKED } from './hand-worked-k3.testing';
import { LHC_MORE_CASES } from './hand-worked-lhc-more.testing';
import { PC28_HAND_WORKED } from './hand-worked-pc28.testing';
import { SSC_MORE_CASES } from './hand-worked-ssc-more.testing';
import { VN18_HAND_WORKED, VN_MORE_CASES } from './hand-worked-vn-more.testing';
import { X5_BANKER_CASES } from './hand-worked-x5-banker.testing';
import { PK10_MORE_CASES, X5_MORE_CASES } from './hand-worked-x5-pk10-more.testing';
import { MAX_PRIZE_MINOR, type HandWorked, type HandWorkedKind } from './hand-worked.testing';

// Every play type settled against hand-worked examples: the server's settlement
// (lottery_win_count in migration 039, run by settleRound) on one draw chosen per kind, against
// tables worked out BY HAND from the play definitions (lottery-rules/src/plays-*.ts):
// the picks, the winning tickets, the stake, the prize of one ticket and the bet's prize are
// literal numbers with their arithmetic beside them, not values computed by the code under test.
// Every play of the catalogue has at least one bet; each kind has bets that lose, and the LHC
// two-sided play meets a special of 49 (a push: the stake refunded).
//
// Conventions of every entry unless it says otherwise: series 1900 (a ticket pays 1900/2000 of
// its fair prize 2/P units, rounded down to a minor unit), money mode 1 (元), multiple 1. The
// game's ceiling is 1960, so every bet earns a rebate of (1960 − 1900)/2000 = 3 % of its stake,
// rounded down, paid on bets won or lost (not on a push). One bet wins at most 300,000.00.
//
// The picks and the draws are those of the play definitions: values are the row's values (bit v
// of the row's mask), 大小单双 rows are 0 大 big, 1 小 small, 2 单 odd, 3 双 even; 龙虎 rows 0 龙,
// 1 虎; the tie row 0 和; zodiac rows 0 鼠 … 11 猪 (2026 map: 马 6 holds 01 13 25 37 49).

// ── SSC ── draw 5 6 5 2 5 (万 千 百 十 个): front three 5 6 5, middle three 6 5 2, back three 5 2 5
// (pair form: 5 twice, 2 once; sum 12), back two 2 5, the five digits {2, 5, 6} with sum 23, and
// 万 = 个 = 5 (a tie).
const SSC_DRAW = [5, 6, 5, 2, 5];
const SSC_CASES: readonly HandWorked[] = [
  // 2 × 1 × 1 × 1 × 1 = 2 tickets × 2.00 = 4.00; 55255 wins one ticket: 2 / (1/10^5) × 1900/2000 = 190,000.00.
  // (At multiple 2 one ticket would pay 380,000.00, above the cap: such a bet is refused, betting.test.ts.)
  { code: 'SSC_5STAR_DIRECT', rows: [[4, 5], [6], [5], [2], [5]], amountMinor: 400, unitPrizeMinor: 19_000_000, wins: 1, prizeMinor: 19_000_000, note: '万千百十个 5 6 5 2 5' },
  // 5 tickets × 2.00 × 3200 = 32,000.00; each position hits: 5 wins × 19.00 × 3200 = 5 × 60,800.00 = 304,000.00,
  // each ticket under the cap, together above it → paid at 300,000.00.
  { code: 'SSC_POSITION', rows: [[5], [6], [5], [2], [5]], multiple: 3200, amountMinor: 3_200_000, unitPrizeMinor: 1_900, wins: 5, prizeMinor: MAX_PRIZE_MINOR, note: 'wins together above the cap are paid at 300,000.00' },
  // 2 × 1 × 2 × 1 = 4 tickets = 8.00; 6 5 2 5 wins one: 2 × 10^4 × 0.95 = 19,000.00.
  { code: 'SSC_4STAR_DIRECT', rows: [[6, 7], [5], [1, 2], [5]], amountMinor: 800, unitPrizeMinor: 1_900_000, wins: 1, prizeMinor: 1_900_000, note: '千百十个 6 5 2 5' },
  // 1 ticket × 2.00 × 3 = 6.00; 2 × 1000 × 0.95 = 1,900.00 × 1 win × multiple 3 = 5,700.00.
  { code: 'SSC_FRONT3_DIRECT', rows: [[5], [6], [5]], multiple: 3, amountMinor: 600, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 570_000, note: 'multiple 3 pays three times' },
  // 1 ticket; middle three 6 5 2 → 1,900.00.
  { code: 'SSC_MID3_DIRECT', rows: [[6], [5], [2]], amountMinor: 200, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: '千百十 6 5 2' },
  // The front three's digits on the middle three (6 5 2): 5 ≠ 6 → 0 of 1 ticket.
  { code: 'SSC_MID3_DIRECT', rows: [[5], [6], [5]], amountMinor: 200, unitPrizeMinor: 190_000, wins: 0, prizeMinor: 0, note: 'loses: right digits, wrong positions' },
  // 2 × 1 × 2 = 4 tickets = 8.00; 5 2 5 is one of them → 1,900.00.
  { code: 'SSC_BACK3_DIRECT', rows: [[0, 5], [2], [5, 9]], amountMinor: 800, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: '百十个 5 2 5' },
  // Sums 12 and 13: 73 + 75 ordered triples = 148 tickets = 296.00; 5+2+5 = 12 → exactly one ticket (5,2,5) wins 1,900.00.
  { code: 'SSC_BACK3_DIRECT_SUM', rows: [[12, 13]], amountMinor: 29_600, unitPrizeMinor: 190_000, wins: 1, prizeMinor: 190_000, note: 'sum 12: one of its 73 triples is drawn' },
  // 3 digits → 3 × 2 = 6 tickets = 12.00; pair form {2, 5} both picked → the one ticket (5 5 2); 2 / (3/1000) × 0.95 = 633.333 → 633.33.
  { code: 'SSC_BACK3_GROUP3', rows: [[2, 5, 7]], amountMinor: 1_200, unitPrizeMinor: 63_333, wins: 1, prizeMinor: 63_333, note: 'pair form 5 2 5, rounded down' },
  // C(3,3) = 1 ticket; 5 2 5 is a pair form, not 3 distinct digits → 0. 2 / (6/1000) × 0.95 = 316.666 → 316.66.
  { code: 'SSC_BACK3_GROUP6', rows: [[2, 5, 7]], amountMinor: 200, unitPrizeMinor: 31_666, wins: 0, prizeMinor: 0, note: 'loses: a pair form never wins 组六' },
  // 3 × 1 = 3 tickets = 6.00; 2 5 → 2 × 100 × 0.95 = 190.00.
  { code: 'SSC_BACK2_DIRECT', rows: [[1, 2, 3], [5]], amountMinor: 600, unitPrizeMinor: 19_000, wins: 1, prizeMinor: 19_000, note: '十个 2 5' },
  // C(3,2) = 3 tickets = 6.00; 2 ≠ 5, both picked → {2,5}; 2 / (2/100) × 0.95 = 95.00.
  { code: 'SSC_BACK2_GROUP', rows: [[2, 5, 8]], amountMinor: 600, unitPrizeMinor: 9_500, wins: 1, prizeMinor: 9_500, note: '十个 {2, 5} in any order' },
  // 1 + 2 + 1 + 1 + 1 = 6 tickets = 12.00; 万 5 ✓ 千 6 ✓ (7 ✗) 百 5 ✓ 十 0 ✗ (2) 个 5 ✓ → 4 × 2 × 10 × 0.95 = 4 × 19.00 = 76.00.
  { code: 'SSC_POSITION', rows: [[5], [6, 7], [5], [0], [5]], amountMinor: 1_200, unitPrizeMinor: 1_900, wins: 4, prizeMinor: 7_600, note: 'four positions hit' },
  // 角 mode: 4 tickets × 0.20 = 0.80; drawn digits {2, 5, 6} → 3 tickets win (5, drawn three times, pays once);
  // 0.20 / (40951/10^5) × 0.95 = 19,000,000 / (10 × 40951) minor = 46.397 → 46 (0.46) × 3 = 1.38.
  { code: 'SSC_5STAR_ANY1', rows: [[2, 5, 6, 9]], mode: 2, amountMinor: 80, unitPrizeMinor: 46, wins: 3, prizeMinor: 138, note: '角 mode; a digit seen three times pays once' },
  // C(3,2) = 3 tickets = 6.00; back three {2, 5}: only the ticket (2,5) → 2 / (54/1000) × 0.95 = 190,000 / 54 = 3518.5 → 35.18.
  { code: 'SSC_BACK3_ANY2', rows: [[2, 5, 6]], amountMinor: 600, unitPrizeMinor: 3_518, wins: 1, prizeMinor: 3_518, note: '6 is drawn, but not in the back three' },
  // 十 2 = 小 双, 个 5 = 大 单 (5 is 大). 十 {大, 小, 双} × 个 {大, 双} = 6 tickets = 12.00; wins 2 × 1 = 2 × (2 × 4 × 0.95 = 7.60) = 15.20.
  { code: 'SSC_BACK2_BSOE', rows: [[0, 1, 3], [0, 3]], amountMinor: 1_200, unitPrizeMinor: 760, wins: 2, prizeMinor: 1_520, note: '小双 on 十 × 大 on 个' },
  // Sum 23 = 大 (23-45) and 单. {大, 小, 单} = 3 tickets = 6.00; 2 win × (2 × 2 × 0.95 = 3.80) = 7.60.
  { code: 'SSC_TOTAL_BSOE', rows: [[0, 1, 2]], amountMinor: 600, unitPrizeMinor: 380, wins: 2, prizeMinor: 760, note: 'sum 23 is the smallest 大' },
  // {龙, 虎} = 2 tickets = 4.00; 万 5 = 个 5 is a tie: both lose (no refund). 2 / 0.45 × 0.95 = 4.222 → 4.22.
  { code: 'SSC_DRAGON_TIGER', rows: [[0, 1]], amountMinor: 400, unitPrizeMinor: 422, wins: 0, prizeMinor: 0, note: 'loses: on a tie both 龙 and 虎 lose' },
  // 1 ticket; 万 = 个 → 2 × 10 × 0.95 = 19.00.
  { code: 'SSC_DRAGON_TIGER_TIE', rows: [[0]], amountMinor: 200, unitPrizeMinor: 1_900, wins: 1, prizeMinor: 1_900, note: '和: 万 = 个' },
];

// ── 11X5 ── draw 03 08 01 10 06: the drawn set {1, 3, 6, 8, 10}, front two 3 8, front three 3 8 1.
// Fair prizes (1 / P) × 0.95.
const X5_DRAW = [3, 8, 1, 10, 6];
const X5_CASES: readonly HandWorked[] = [
  // C(4,1) = 4 tickets = 8.00; 1 and 3 drawn → 2 × (4.40 × 0.95 = 4.18) = 8.36.
  { code: '11X5_ANY1', rows: [[1, 2, 3, 4]], amountMinor: 800, unitPrizeMinor: 418, wins: 2, prizeMinor: 836, note: '1 and 3 drawn' },
  // C(4,2) = 6 tickets = 12.00; {1, 3, 6} drawn → C(3,2) = 3 × (11.00 × 0.95 = 10.45) = 31.35.
  { code: '11X5_ANY2', rows: [[1, 2, 3, 6]], amountMinor: 1_200, unitPrizeMinor: 1_045, wins: 3, prizeMinor: 3_135, note: 'three of four picks drawn' },
  // C(4,3) = 4 tickets = 8.00; all four drawn → C(4,3) = 4 × (33.00 × 0.95 = 31.35) = 125.40.
  { code: '11X5_ANY3', rows: [[1, 3, 6, 8]], amountMinor: 800, unitPrizeMinor: 3_135, wins: 4, prizeMinor: 12_540, note: 'every ticket wins' },
  // C(5,4) = 5 tickets = 10.00; 4 drawn (11 not) → C(4,4) = 1 × (132.00 × 0.95 = 125.40).
  { code: '11X5_ANY4', rows: [[1, 3, 6, 8, 11]], amountMinor: 1_000, unitPrizeMinor: 12_540, wins: 1, prizeMinor: 12_540, note: '11 not drawn' },
  // C(6,5) = 6 tickets = 12.00; all 5 drawn are picked → 1 × (924.00 × 0.95 = 877.80).
  { code: '11X5_ANY5', rows: [[1, 3, 6, 8, 10, 11]], amountMinor: 1_200, unitPrizeMinor: 87_780, wins: 1, prizeMinor: 87_780, note: 'the five drawn among six picks' },
  // 1 ticket; 4 of the 5 picks drawn → C(4,5) = 0.
  { code: '11X5_ANY5', rows: [[1, 3, 6, 8, 11]], amountMinor: 200, unitPrizeMinor: 87_780, wins: 0, prizeMinor: 0, note: 'loses: four of five drawn' },
  // C(7,6) = 7 tickets = 14.00; all 5 drawn picked → the 6-sets holding them: C(7 − 5, 6 − 5) = 2 × (154.00 × 0.95 = 146.30) = 292.60.
  { code: '11X5_ANY6_5', rows: [[1, 2, 3, 6, 8, 10, 11]], amountMinor: 1_400, unitPrizeMinor: 14_630, wins: 2, prizeMinor: 29_260, note: '6中5: two tickets hold the five drawn' },
  // 1 ticket; 10 is drawn but not picked → 0.
  { code: '11X5_ANY6_5', rows: [[1, 2, 3, 4, 6, 8]], amountMinor: 200, unitPrizeMinor: 14_630, wins: 0, prizeMinor: 0, note: 'loses: one drawn number not picked' },
  // C(8,7) = 8 tickets = 16.00; C(8 − 5, 7 − 5) = C(3,2) = 3 × (44.00 × 0.95 = 41.80) = 125.40.
  { code: '11X5_ANY7_5', rows: [[1, 2, 3, 4, 6, 8, 10, 11]], amountMinor: 1_600, unitPrizeMinor: 4_180, wins: 3, prizeMinor: 12_540, note: '7中5' },
  // C(9,8) = 9 tickets = 18.00; C(9 − 5, 8 − 5) = C(4,3) = 4 × (16.50 × 0.95 = 15.675 → 15.67) = 62.68.
  { code: '11X5_ANY8_5', rows: [[1, 3, 4, 5, 6, 7, 8, 10, 11]], amountMinor: 1_800, unitPrizeMinor: 1_567, wins: 4, prizeMinor: 6_268, note: '8中5, rounded down' },
  // No number twice: (3,8,1) and (8,3,1) = 2 tickets = 4.00; 3 8 1 → 1 × (1980.00 × 0.95 = 1881.00).
  { code: '11X5_FRONT3_DIRECT', rows: [[3, 8], [3, 8], [1]], amountMinor: 400, unitPrizeMinor: 188_100, wins: 1, prizeMinor: 188_100, note: '03 08 01 in order' },
  // (3,8) and (4,8) = 2 tickets = 4.00; 3 8 → 220.00 × 0.95 = 209.00.
  { code: '11X5_FRONT2_DIRECT', rows: [[3, 4], [8]], amountMinor: 400, unitPrizeMinor: 20_900, wins: 1, prizeMinor: 20_900, note: '03 08 in order' },
  // C(3,2) = 3 tickets = 6.00; {3, 8} → 1 × (110.00 × 0.95 = 104.50).
  { code: '11X5_FRONT2_GROUP', rows: [[3, 8, 9]], amountMinor: 600, unitPrizeMinor: 10_450, wins: 1, prizeMinor: 10_450, note: '{03, 08} in any order' },
  // C(4,3) = 4 tickets = 8.00; front three {1, 3, 8} → 1 × (330.00 × 0.95 = 313.50); 10 is fourth.
  { code: '11X5_FRONT3_GROUP', rows: [[1, 3, 8, 10]], amountMinor: 800, unitPrizeMinor: 31_350, wins: 1, prizeMinor: 31_350, note: '10 drawn fourth does not count' },
  // 2 + 1 + 1 = 4 tickets = 8.00; 1st 3 ✓ 2nd 8 ✓ 3rd 10 ✗ (1) → 2 × (22.00 × 0.95 = 20.90) = 41.80.
  { code: '11X5_POSITION', rows: [[3, 5], [8], [10]], amountMinor: 800, unitPrizeMinor: 2_090, wins: 2, prizeMinor: 4_180, note: 'two positions hit' },
  // 3 tickets = 6.00; front three {3, 8, 1}: 1 ✓ 6 ✗ (5th) 10 ✗ (4th) → 1 × (2 / (3/11) × 0.95 = 6.966 → 6.96).
  { code: '11X5_FRONT3_ANY1', rows: [[1, 6, 10]], amountMinor: 600, unitPrizeMinor: 696, wins: 1, prizeMinor: 696, note: 'only 01 is in the front three' },
];

// ── PK10 ── draw 07 02 09 01 10 04 06 03 08 05 (cars by rank): champion 7 (大, 单), 1st vs 10th 7 > 5 (龙).
const PK10_DRAW = [7, 2, 9, 1, 10, 4, 6, 3, 8, 5];
const PK10_CASES: readonly HandWorked[] = [
  // 2 tickets = 4.00; car 7 → 2 × 10 × 0.95 = 19.00.
  { code: 'PK10_CHAMPION', rows: [[3, 7]], amountMinor: 400, unitPrizeMinor: 1_900, wins: 1, prizeMinor: 1_900, note: 'champion 07' },
  // (2,7) and (7,2), never a car twice = 2 tickets = 4.00; 7 2 → 2 × 90 × 0.95 = 171.00.
  { code: 'PK10_TOP2_DIRECT', rows: [[2, 7], [2, 7]], amountMinor: 400, unitPrizeMinor: 17_100, wins: 1, prizeMinor: 17_100, note: '07 02 in order' },
  // 1 ticket; the order is 7 2, not 2 7 → 0.
  { code: 'PK10_TOP2_DIRECT', rows: [[2], [7]], amountMinor: 200, unitPrizeMinor: 17_100, wins: 0, prizeMinor: 0, note: 'loses: the right cars in the wrong order' },
  // 1 ticket; 7 2 9 → 2 × 720 × 0.95 = 1,368.00.
  { code: 'PK10_TOP3_DIRECT', rows: [[7], [2], [9]], amountMinor: 200, unitPrizeMinor: 136_800, wins: 1, prizeMinor: 136_800, note: '07 02 09 in order' },
  // Ranks 1, 2, 5, 10: 4 tickets = 8.00; 7 ✓ 1 ✗ (2) 10 ✓ 5 ✓ → 3 × 19.00 = 57.00.
  { code: 'PK10_POSITION', rows: [[7], [1], [], [], [10], [], [], [], [], [5]], amountMinor: 800, unitPrizeMinor: 1_900, wins: 3, prizeMinor: 5_700, note: 'ranks 1, 5 and 10 hit' },
  // {大, 单, 双} = 3 tickets = 6.00; 7 is 大 (6-10) and 单 → 2 × (2 × 2 × 0.95 = 3.80) = 7.60.
  { code: 'PK10_CHAMPION_BSOE', rows: [[0, 2, 3]], amountMinor: 600, unitPrizeMinor: 380, wins: 2, prizeMinor: 760, note: 'champion 07 is 大 and 单' },
  // 1 ticket; 7 > 5 → 龙: 2 × 2 × 0.95 = 3.80.
  { code: 'PK10_DRAGON_TIGER_1V10', rows: [[0]], amountMinor: 200, unitPrizeMinor: 380, wins: 1, prizeMinor: 380, note: '龙: 07 over 05' },
  // 1 ticket; 虎 loses.
  { code: 'PK10_DRAGON_TIGER_1V10', rows: [[1]], amountMinor: 200, unitPrizeMinor: 380, wins: 0, prizeMinor: 0, note: 'loses: 虎' },
];

// ── LHC ── draw 05 12 18 27 33 40 + special 49. Zodiacs (2026 map): 05 虎 2, 12 羊 7, 18 牛 1,
// 27 龙 4, 33 狗 10, 40 兔 3, 49 马 6. C(49,7) = 85,900,584, C(44,7) = 38,320,568, C(45,7) = 45,379,620.
const LHC_DRAW = [5, 12, 18, 27, 33, 40, 49];
const LHC_CASES: readonly HandWorked[] = [
  // 2 tickets = 4.00; special 49 → 2 × 49 × 0.95 = 93.10.
  { code: 'LHC_SPECIAL', rows: [[1, 49]], amountMinor: 400, unitPrizeMinor: 9_310, wins: 1, prizeMinor: 9_310, note: 'special 49' },
  // 4 tickets = 8.00; regular {5, 12, 18, 27, 33, 40}: 5 ✓ 12 ✓ 13 ✗ 49 ✗ (the special is no 正码)
  // → 2 × (2 × 49/6 × 0.95 = 15.516 → 15.51) = 31.02.
  { code: 'LHC_REGULAR', rows: [[5, 12, 13, 49]], amountMinor: 800, unitPrizeMinor: 1_551, wins: 2, prizeMinor: 3_102, note: 'the special is not a regular number' },
  // {大, 单} = 2 tickets = 4.00; special 49 is a push: the 4.00 refunded, no prize (and no rebate).
  // Price: 2 × (1 − 1/49) / (24/49) × 0.95 = 2 × 2 × 0.95 = 3.80.
  { code: 'LHC_SPECIAL_BSOE', rows: [[0, 2]], amountMinor: 400, unitPrizeMinor: 380, wins: 0, prizeMinor: 0, push: true, note: 'push on 49: the stake refunded' },
  // 1 ticket; 马 (01 13 25 37 49) appears (49) → 2 / (1 − C(44,7)/C(49,7)) × 0.95 = 190 × 85,900,584 / 47,580,016 = 343.02 → 3.43.
  { code: 'LHC_ZODIAC_5', rows: [[6]], amountMinor: 200, unitPrizeMinor: 343, wins: 1, prizeMinor: 343, note: '马 through the special 49' },
  // {鼠, 牛, 虎, 蛇} = 4 tickets = 8.00; 牛 (18) ✓ 虎 (05) ✓ 鼠 ✗ 蛇 ✗ → 2 × (190 × 85,900,584 / 40,520,964 = 402.78 → 4.02) = 8.04.
  { code: 'LHC_ZODIAC_4', rows: [[0, 1, 2, 5]], amountMinor: 800, unitPrizeMinor: 402, wins: 2, prizeMinor: 804, note: '牛 and 虎 drawn' },
  // C(3,2) = 3 tickets = 6.00; regular hits {5, 12} → C(2,2) = 1 × (2 / (15/1176) × 0.95 = 156.80 × 0.95 = 148.96).
  { code: 'LHC_REGULAR_ALL2', rows: [[5, 12, 49]], amountMinor: 600, unitPrizeMinor: 14_896, wins: 1, prizeMinor: 14_896, note: '二全中 counts the regular numbers only' },
  // C(4,3) = 4 tickets = 8.00; all four regular → C(4,3) = 4 × (2 / (20/18424) × 0.95 = 1842.40 × 0.95 = 1750.28) = 7,001.12.
  { code: 'LHC_REGULAR_ALL3', rows: [[5, 12, 18, 27]], amountMinor: 800, unitPrizeMinor: 175_028, wins: 4, prizeMinor: 700_112, note: 'every ticket wins' },
  // 1 ticket; 49 is the special, not a regular number → C(2,3) = 0.
  { code: 'LHC_REGULAR_ALL3', rows: [[5, 12, 49]], amountMinor: 200, unitPrizeMinor: 175_028, wins: 0, prizeMinor: 0, note: 'loses: the special does not count' },
  // C(6,5) = 6 tickets = 12.00; not drawn: {1, 2, 3, 4, 6} → the one ticket without 05 wins:
  // 2 / (C(44,7)/C(49,7)) × 0.95 = 190 × 85,900,584 / 38,320,568 = 425.9 → 4.25.
  { code: 'LHC_NOT_IN5', rows: [[1, 2, 3, 4, 5, 6]], amountMinor: 1_200, unitPrizeMinor: 425, wins: 1, prizeMinor: 425, note: 'only the ticket without 05 wins' },
  // 1 ticket holding 05 (drawn) → 0.
  { code: 'LHC_NOT_IN5', rows: [[1, 2, 3, 4, 5]], amountMinor: 200, unitPrizeMinor: 425, wins: 0, prizeMinor: 0, note: 'loses: 05 was drawn' },
];

// ── VN ── 27 numbers, ĐB 12345 (đề 45, đầu 4, đuôi 5, 3 càng 345). Endings: 42 three times, 88
// twice, 45, 07 and 00 once, 99 and 54 never (the other 19 endings are odd numbers 11-51).
const VN_DRAW = [
  12345, // ĐB
  67842, // G1
  10007, 55500, // G2
  31142, 20188, 73611, 40413, 98716, 25519, // G3
  3321, 4442, 5023, 6025, // G4
  7027, 8029, 9031, 1033, 2035, 3088, // G5
  137, 239, 641, // G6
  43, 47, 49, 51, // G7
];
// xiên: P_k = Σ_j (−1)^j C(k,j) (1 − j/100)^27 exactly; prize 1 / P_k × 0.95 units, worked with exact
// rational arithmetic outside this code (P_2 ≈ 0.0548821, P_3 ≈ 0.0122979, P_4 ≈ 0.00266992).
const VN_CASES: readonly HandWorked[] = [
  // 4 points × 27.00 = 108.00; hits: 07 ×1, 42 ×3, 88 ×2, 99 ×0 = 6; per hit 27 / (27/100) × 0.95 = 95.00 → 570.00.
  { code: 'VN_LO2', rows: [[7, 42, 88, 99]], amountMinor: 10_800, unitPrizeMinor: 9_500, wins: 6, prizeMinor: 57_000, note: 'lô pays every occurrence' },
  // 2 points × 1.00; 45 → 1 / (1/100) × 0.95 = 95.00.
  { code: 'VN_DE', rows: [[45, 54]], amountMinor: 200, unitPrizeMinor: 9_500, wins: 1, prizeMinor: 9_500, note: 'đề 45' },
  // 1 point; 54 is no ending of ĐB → 0.
  { code: 'VN_DE', rows: [[54]], amountMinor: 100, unitPrizeMinor: 9_500, wins: 0, prizeMinor: 0, note: 'loses: 54 is 45 reversed' },
  // 1 point; tens digit of 12345 is 4 → 1 × 10 × 0.95 = 9.50.
  { code: 'VN_DE_HEAD', rows: [[4]], amountMinor: 100, unitPrizeMinor: 950, wins: 1, prizeMinor: 950, note: 'đầu 4' },
  // 2 points = 2.00; units digit 5 (4 is the head) → 9.50.
  { code: 'VN_DE_TAIL', rows: [[4, 5]], amountMinor: 200, unitPrizeMinor: 950, wins: 1, prizeMinor: 950, note: 'đuôi 5' },
  // 2 points = 2.00; last three 345 (not 045) → 1 × 1000 × 0.95 = 950.00.
  { code: 'VN_3CANG', rows: [[45, 345]], amountMinor: 200, unitPrizeMinor: 95_000, wins: 1, prizeMinor: 95_000, note: '3 càng 345, beyond the first bigint word' },
  // C(3,2) = 3 tickets = 3.00; 00 and 07 appear, 99 not → 1 × (0.95 / 0.0548821 = 17.309 → 17.30).
  { code: 'VN_XIEN2', rows: [[0, 7, 99]], amountMinor: 300, unitPrizeMinor: 1_730, wins: 1, prizeMinor: 1_730, note: 'xiên 2 {00, 07}' },
  // 1 ticket; 99 never appears → 0.
  { code: 'VN_XIEN2', rows: [[42, 99]], amountMinor: 100, unitPrizeMinor: 1_730, wins: 0, prizeMinor: 0, note: 'loses: 99 missing' },
  // C(4,3) = 4 tickets = 4.00; {07, 42, 45} appear → 1 × (0.95 / 0.0122979 = 77.248 → 77.24).
  { code: 'VN_XIEN3', rows: [[7, 42, 45, 99]], amountMinor: 400, unitPrizeMinor: 7_724, wins: 1, prizeMinor: 7_724, note: 'xiên 3 {07, 42, 45}' },
  // C(5,4) = 5 tickets = 5.00; all five appear → C(5,4) = 5 × (0.95 / 0.00266992 = 355.816 → 355.81) = 1,779.05 (42 thrice pays once per ticket).
  { code: 'VN_XIEN4', rows: [[0, 7, 42, 45, 88]], amountMinor: 500, unitPrizeMinor: 35_581, wins: 5, prizeMinor: 177_905, note: 'every ticket wins, once' },
];

const HAND_WORKED: Readonly<Record<LotteryKind, HandWorkedKind>> = {
  SSC: { numbers: SSC_DRAW, cases: [...SSC_CASES, ...SSC_MORE_CASES] },
  '11X5': { numbers: X5_DRAW, cases: [...X5_CASES, ...X5_MORE_CASES, ...X5_BANKER_CASES] },
  PK10: { numbers: PK10_DRAW, cases: [...PK10_CASES, ...PK10_MORE_CASES] },
  LHC: { numbers: LHC_DRAW, cases: [...LHC_CASES, ...LHC_MORE_CASES] },
  VN: { numbers: VN_DRAW, cases: [...VN_CASES, ...VN_MORE_CASES] },
  VN18: VN18_HAND_WORKED,
  K3: K3_HAND_WORKED,
  PC28: PC28_HAND_WORKED,
  '3D': D3_HAND_WORKED,
  P5: P5_HAND_WORKED,
};

const KINDS = LOTTERY_KINDS as readonly LotteryKind[];
const SERIES = 1900;
const playOf = (code: string): PlayDefinition => {
  const play = PLAYS.find((candidate) => candidate.code === code);
  if (!play) throw new Error(`no play ${code}`);
  return play;
};
const expectedState = (entry: HandWorked) => (entry.push ? 'push' : entry.wins > 0 ? 'won' : 'lost');
/** 3 % of the stake, rounded down: (1960 − 1900) / 2000. */
const rebateOf = (amountMinor: number) => Math.floor((amountMinor * 3) / 100);

let database: TestDatabase;
let merchantId: number;
const secretsKey = testSecretsKey();

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  merchantId = (await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
});

afterAll(async () => {
  await database.drop();
});

/** Writes the round as drawn with these numbers and every play's features, as drawRoundIn does for the seed's draw. */

describe('the hand-worked tables', () => {
  it('hold a bet of every one of the catalogue\'s plays, on possible draws, with a losing bet in every kind and the LHC push', () => {
    const covered = new Set(KINDS.flatMap((kind) => HAND_WORKED[kind].cases.map((entry) => entry.code)));
    expect([...covered].sort()).toEqual(PLAYS.map((play) => play.code).sort());
    expect(PLAYS).toHaveLength(200);
    for (const kind of KINDS) {
      const { numbers, cases } = HAND_WORKED[kind];
      expect({ kind, valid: isValidDraw({ kind, numbers }) }).toEqual({ kind, valid: true });
      expect(cases.filter((entry) => playOf(entry.code).kind !== kind)).toEqual([]);
      expect(cases.some((entry) => expectedState(entry) === 'lost')).toBe(true);
      // Each kind's bets fit on one slip (at most 50 lines).
      expect(cases.length).toBeLessThanOrEqual(50);
    }
    expect(LHC_DRAW[6]).toBe(49);
    expect(HAND_WORKED.LHC.cases.filter((entry) => entry.push).map((entry) => entry.code)).toEqual(['LHC_SPECIAL_BSOE', 'LHC_HALF_WAVE_7', 'LHC_HALF_WAVE_8', 'LHC_HALF_WAVE_9', 'LHC_HALF_WAVE_10']);
    // One entry each at multiple 3, in 角 mode, and above the cap.
    const all = KINDS.flatMap((kind) => HAND_WORKED[kind].cases);
    expect(all.filter((entry) => entry.multiple === 3)).toHaveLength(1);
    expect(all.filter((entry) => entry.mode === 2)).toHaveLength(1);
    expect(all.filter((entry) => entry.prizeMinor === MAX_PRIZE_MINOR && entry.unitPrizeMinor * entry.wins * (entry.multiple ?? 1) > MAX_PRIZE_MINOR)).toHaveLength(1);
  });

  it('price one winning ticket as the catalogue does (unitPrizeMinor at series 1900), so a changed price is caught', () => {
    const cases = KINDS.flatMap((kind) => HAND_WORKED[kind].cases);
    const table = cases.map((entry) => ({ code: entry.code, mode: entry.mode ?? 1, unitPrizeMinor: entry.unitPrizeMinor }));
    // The rows too: a play priced by its picks (Mark Six 过关) prices each bet at its own P.
    expect(table.map((entry, index) => ({ ...entry, unitPrizeMinor: unitPrizeMinor(playOf(entry.code), SERIES, entry.mode, picksFromRows(cases[index].rows)) }))).toEqual(table);
  });
});

it.each(KINDS)(
  'settles the hand-worked %s bets in SQL on the chosen draw: tickets won, prize (capped), state, rebate, and the member paid exactly that',
  async (kind) => {
    const { numbers, cases } = HAND_WORKED[kind];
    const gameCode = GAME_OF_KIND[kind];
    const [member] = await fundedMembers(database.appPool, merchantId, 1, 10_000_000, `hand${kind.toLowerCase()}`);
    // Each kind at its own hour.
    const nowMs = LOTTERY_TEST_START_MS + (1 + KINDS.indexOf(kind)) * 3_600_000;
    const round = await roundOnSale(database.appPool, secretsKey, merchantId, gameCode, nowMs);

    // One order per entry (its bet found by the order's answer); the page's total is the hand-worked stake.
    const betIds: number[] = [];
    for (const entry of cases) {
      const line = lineOf(playOf(entry.code), entry.rows.map((row) => [...row]), { series: SERIES, mode: entry.mode ?? 1, multiple: entry.multiple ?? 1 });
      const placed = await placeOrder(database.appPool, {
        merchantId,
        memberId: member,
        gameCode,
        currentNumero: round.numero,
        slip: slipOf([line]),
        betCartAmountSum: (entry.amountMinor / 100).toFixed(4),
        chase: 0,
        winningStop: false,
        nowMs,
      });
      expect(placed.bets).toHaveLength(1);
      betIds.push(placed.bets[0].orderDetailId);
    }
    const staked = cases.reduce((sum, entry) => sum + entry.amountMinor, 0);
    expect(await mainBalanceMinor(database.appPool, member)).toBe(10_000_000 - staked);

    // The chosen draw instead of the seed's, written while the round is still on sale.
    // Mark Six zodiacs on the map of the round's lunar year (2026, 马: the tables above).
    await drawRoundAs(database.appPool, round.roundId, { kind, numbers, lunarYear: lunarYearOf(round.drawAt) }, nowMs);
    const result = await settleRound(database.appPool, round.roundId, nowMs);
    expect(result).toMatchObject({ settled: true, bets: cases.length });

    const rows = await database.appPool.query<{ id: string; state: string; winCount: string; prizeMinor: string; amountMinor: string; unitPrizeMinor: string; rebateMinor: string }>(
      `SELECT b.id, lottery_bet_state(b.state, r.state) AS state, b.win_count AS "winCount", b.prize_minor AS "prizeMinor", b.amount_minor AS "amountMinor",
              b.unit_prize_minor AS "unitPrizeMinor", b.rebate_minor AS "rebateMinor"
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.id = ANY($1::bigint[])`,
      [betIds],
    );
    const byId = new Map(rows.rows.map((row) => [Number(row.id), row]));
    const settled = cases.map((entry, index) => {
      const row = byId.get(betIds[index])!;
      return {
        code: entry.code,
        note: entry.note,
        state: row.state,
        wins: Number(row.winCount),
        prizeMinor: Number(row.prizeMinor),
        amountMinor: Number(row.amountMinor),
        unitPrizeMinor: Number(row.unitPrizeMinor),
        rebateMinor: Number(row.rebateMinor),
      };
    });
    const expected = cases.map((entry) => ({
      code: entry.code,
      note: entry.note,
      state: expectedState(entry),
      wins: entry.wins,
      prizeMinor: entry.prizeMinor,
      amountMinor: entry.amountMinor,
      unitPrizeMinor: entry.unitPrizeMinor,
      rebateMinor: rebateOf(entry.amountMinor),
    }));
    expect(settled).toEqual(expected);

    // Paid: every prize, the rebate of each bet won or lost, the stake of each push.
    const credited = cases.reduce((sum, entry) => sum + entry.prizeMinor + (entry.push ? entry.amountMinor : rebateOf(entry.amountMinor)), 0);
    expect(await mainBalanceMinor(database.appPool, member)).toBe(10_000_000 - staked + credited);
    expect((await reconcile(database.appPool)).problems).toEqual([]);
  },
);

// The lottery's pure domain model, shared by the server (settlement, odds) and the
// browser (pickers, ticket counts, slip totals, draw verification). No DOM and no Node APIs.
// The domain facts and decisions are written beside the plays (plays-*.ts).

/** The draw families. */
export type LotteryKind = 'SSC' | '11X5' | 'PK10' | 'LHC' | 'VN' | 'K3' | 'PC28' | '3D' | 'P5' | 'VN18';

/**
 * A draw's numbers, in draw order:
 *   SSC  5 digits 0-9 (万 千 百 十 个)
 *   11X5 5 distinct numbers 1-11 in the order drawn
 *   PK10 the 10 cars 1-10 by rank (index 0 = champion)
 *   LHC  7 distinct numbers 1-49: 正码1..6 in draw order, then the special (特码)
 *   VN   27 prize numbers of the northern lottery, ĐB first, then G1, G2×2, G3×6, G4×4, G5×6,
 *        G6×3, G7×4 (VN_PRIZE_DIGITS gives each one's digit count: 12345 with 5 digits is "12345",
 *        42 with 5 digits is "00042")
 *   K3   3 dice 1-6 in the order thrown (快三)
 *   PC28 3 digits 0-9 whose sum 0-27 most plays read (幸运28)
 *   3D   3 digits 0-9: 百 十 个 (福彩3D)
 *   P5   5 digits 0-9: 万 千 百 十 个; 排列三 plays read the first three (排列三/五)
 *   VN18 18 prize numbers of the southern and central lotteries (XSMN, XSMT), ĐB first, then G1,
 *        G2, G3×2, G4×7, G5, G6×3, G7, G8 (VN18_PRIZE_DIGITS: ĐB 6 digits … G8 2). The draw is
 *        announced the other way round, G8 first up to ĐB; it is stored ĐB first like VN's, so
 *        the special prize is always numbers[0]
 */
export interface Draw {
  readonly kind: LotteryKind;
  readonly numbers: readonly number[];
  /**
   * LHC: the lunar year of the draw's date (lhc.ts lunarYearOf), whose zodiac map the zodiac
   * plays settle on. Required for their features; the other kinds ignore it.
   */
  readonly lunarYear?: number;
}

/** One row of a play's number picker. */
export interface PickRow {
  /** Translation key of the row's label (e.g. 'row_wan' for 万位, 'row_pick' for a single row). */
  readonly labelKey: string;
  /** The values a player may pick on this row, in display order (bit `value` of the row's mask). */
  readonly values: readonly number[];
  /**
   * How a value is shown, when not as its number: 'digit' (0-9), 'two' (01-11, 00-99),
   * 'three' (000-999), 'four' (0000-9999), or 'key' (a translation key per value: valueKeys).
   */
  readonly display: 'digit' | 'two' | 'three' | 'four' | 'key';
  /** For display 'key': the translation key of each value (same order as values). */
  readonly valueKeys?: readonly string[];
  /** Fewest and most values a row may hold in a valid bet. */
  readonly min: number;
  readonly max: number;
}

/**
 * How settlement counts a bet's winning tickets (注) from its picks and the draw, the same in SQL
 * (server/src/modules/lottery, one UPDATE per round) and in TypeScript (winCount). A bet's picks
 * are one bigint mask per row (bit v set = value v picked), stored as WORD_BITS-bit words
 * (pickWords). At draw time each play turns the draw into feature words f (features()), with the
 * same layout or a whole multiple of it (layers: word j of f pairs with word j mod n of the picks).
 *   product   ∏_j popcount(p_j & f_j)            rows are one word each (direct plays, 大小单双)
 *   sum       Σ_j popcount(p_(j mod n) & f_j)      定位胆, 正码, zodiac, lô (one layer per repeat)
 *   choose    C(Σ_j popcount(p_j & f_j), k)         不定位, 任选N ≤ 5, 组选, 全中, xiên
 *   superset  if every f_j ⊆ p_j: C(popcount(p) − popcount(f), k − popcount(f)), else 0  (任选6-8)
 * Two rules count the tickets of a 胆拖 (banker/drag) bet: two rows of one word each, p = [B, G]
 * (bankers, drags; disjoint in a valid bet), a ticket = all of B plus k − popcount(B) drags, and
 * one layer of features f = [F_B, F_G] (11X5 writes the drawn set in both words):
 *   banker_choose    tickets inside the drawn set: if B ⊆ F_B: C(popcount(G & F_G), k − popcount(B)), else 0
 *                    (任选3/4 胆拖)
 *   banker_superset  tickets holding the drawn set: if F_G ⊆ B | G: C(popcount(G) − r, k − popcount(B) − r),
 *                    else 0, r = popcount(F_G & ~B) the drags every such ticket holds (任选6-8 胆拖)
 * One rule pays a ticket by how many of its numbers hit (LHC 三中二, k = 3): with h = Σ_j popcount(p_j & f_j)
 * and n = Σ popcount(p), the tickets with exactly two hits count once and those with three count
 * ALL_THREE_WEIGHT times:
 *   two_of_three     C(h, 2)·(n − h) + ALL_THREE_WEIGHT·C(h, 3)
 * so a bet's prize stays its win count × the price of one unit (prizeTiers shows both prizes).
 * C(n, m) is 0 when m < 0 or m > n. A play with `push` refunds the whole bet when its features
 * say push (LHC 两面 on 49).
 */
export type SettleRule = 'product' | 'sum' | 'choose' | 'superset' | 'banker_choose' | 'banker_superset' | 'two_of_three';

/**
 * two_of_three: how many units a ticket with all three numbers in wins, one unit being the prize of
 * a ticket with two in. Real Mark Six books pay 三中二 about 20 for 中二 and 100 for 中三 per unit, a
 * ratio of 5; the play's one price then follows from P = P(two) + 5·P(three), as every play's does.
 * The server's SQL twin (migration 094) writes the same 5.
 */
export const ALL_THREE_WEIGHT = 5;

/** One prize level of a play that pays several (two_of_three): its label and how many units it wins. */
export interface PrizeTier {
  /** Translation key of the level's name, e.g. 'tier_two_in' (中二). */
  readonly labelKey: string;
  /** Units of the play's ticket prize a ticket at this level wins. */
  readonly weight: number;
}

/** Bits of a picks word (a bigint in PostgreSQL, kept below its sign bit). */
export const WORD_BITS = 60;

/** An exact fraction of non-negative integers (den > 0). */
export interface Fraction {
  readonly num: number;
  readonly den: number;
  /**
   * The exact value when the reduced numerator or denominator exceeds 2^53 (VN xiên: powers of
   * 100^27); num and den are then the nearest doubles (num / den ≈ the value, not exact). Prices
   * read `exact` when present (exactFraction in prices.ts).
   */
  readonly exact?: { readonly num: bigint; readonly den: bigint };
}

export interface PlayDefinition {
  /** The slip's playId: stable, unique across all kinds. */
  readonly id: number;
  /** Stable code, e.g. 'SSC_5D_DIRECT'; translation key of the name: `play_<code>`. */
  readonly code: string;
  readonly kind: LotteryKind;
  /** Menu group (translation key `group_<group>`), e.g. '5star', '3star', 'position', 'bsoe'. */
  readonly group: string;
  readonly rows: readonly PickRow[];
  readonly rule: SettleRule;
  /** k of choose, superset, banker_choose, banker_superset and two_of_three (3). */
  readonly k?: number;
  /**
   * The exact chance that one ticket (注) wins, over all equally likely draws; for plays paid per
   * occurrence (VN lô) the expected number of hits of one ticket. Prices follow from it.
   */
  readonly probability: Fraction;
  /**
   * For a play whose P depends on what a bet picks (LHC 过关: which attribute each leg takes): the
   * exact P of one ticket of these picks, undefined when they are not a valid bet. `probability` is
   * then the least P any valid bet has (its highest prize), and prices read this instead
   * (prices.ts ticketPrizeMinor takes the bet's picks).
   */
  probabilityOf?(picks: readonly bigint[]): Fraction | undefined;
  /** Paid once per occurrence of a pick (VN lô): `probability` is then the expected hits of a ticket. */
  readonly perOccurrence?: boolean;
  /**
   * For a play paid per occurrence: how many of the draw's values it is played on (VN lô 2 số: the
   * 27 prize endings; lô 3 số: the 23 prizes of three digits or more). Each value is one number,
   * so this is also the most hits one bet can have over all its tickets.
   */
  readonly occurrences?: number;
  /**
   * For a play that pays a ticket by how many of its numbers hit (rule two_of_three): its levels,
   * lowest first. The play's probability is then the expected units of one ticket, and a ticket at
   * a level wins weight × the ticket prize.
   */
  readonly prizeTiers?: readonly PrizeTier[];
  /** The chance of a push (stake refunded), for plays that have one. */
  readonly pushProbability?: Fraction;
  /** Stake of one ticket at multiple 1 in the 元 mode, in minor units (official plays 200). */
  readonly unitStakeMinor: number;
  /** Tickets (注) the picks make; 0 when they are not a valid bet of the play. */
  ticketsOf(picks: readonly bigint[]): number;
  /** The draw's feature words (see SettleRule) and whether the bet pushes. */
  features(draw: Draw): { readonly f: readonly bigint[]; readonly push: boolean };
}

/** Money modes of a slip: 1 元 (×1), 2 角 (×1/10), 3 分 (×1/100). */
export type MoneyMode = 1 | 2 | 3;

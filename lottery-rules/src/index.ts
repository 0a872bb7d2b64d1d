// @platform/lottery-rules: the lottery's pure domain, shared by the server
// (settlement, prices, draws) and the browser (pickers, ticket counts, slip totals, draw
// verification). No DOM and no Node APIs.
//
// Files: types.ts (the model), bits.ts (masks, words, exact fractions), play-kit.ts (rows,
// validation, definePlay), plays-ssc.ts / plays-11x5.ts / plays-pk10.ts / plays-lhc.ts /
// plays-vn.ts (the plays), lhc.ts (colours, zodiacs), catalogue.ts (PLAYS, lookups, translation
// keys), rules.ts (pick words, win count), prices.ts (prizes, amounts, rebate), draw.ts (provably
// fair draws), slip.ts (the slip text).
export * from './types';
export { binomial, exactFraction, fraction, maskOf, popcount, valuesOf } from './bits';
export { BSOE, BSOE_KEYS, DRAGON_TIGER, DRAGON_TIGER_KEYS, TIE_KEYS } from './play-kit';
export { SSC_SUM3_COUNTS } from './plays-ssc';
export { LHC_ZODIAC_PLAY_SIZES, parlayLegMask, parlayProbability } from './plays-lhc';
export { VN18_ENDINGS, VN_ENDINGS, allAppearProbability } from './plays-vn';
export { ZODIAC_KEYS, drawLunarYear, lhcColour, lhcZodiac, lhcZodiacNumbers, lhcZodiacValues, lunarYearOf, zodiacOfYear, type LhcColour } from './lhc';
export { ALL_TRANSLATION_KEYS, PLAYS, playById, playsOf } from './catalogue';
export { isPush, pickWords, rowWordCounts, winCount } from './rules';
export { mulberry32, randomInt, randomRows, randomSubset } from './quick-pick';
export { MONEY_MODE_DIVISORS, SERIES_BASE, betAmountMinor, betProbability, highestUnitPrizeMinor, isMoneyMode, rebateFraction, ticketPrizeMinor, topTierWeight, unitPrizeMinor } from './prices';
export { DRAW_SIZES, VN18_PRIZE_DIGITS, VN_PRIZE_DIGITS, drawFromSource, drawNumberWidth, drawRound, formatDraw, isValidDraw, isVietnamKind, roundClientSeed, verifyDrawAsync, vnPrizeDigitsOf } from './draw';
export {
  SLIP_MAX_LENGTH,
  SLIP_MAX_LINES,
  SLIP_MAX_MULTIPLE,
  formatSlip,
  formatSlips,
  isSlipError,
  parseSlips,
  picksFromRows,
  rowsFromPicks,
  type SlipError,
  type SlipErrorCode,
  type SlipLine,
} from './slip';

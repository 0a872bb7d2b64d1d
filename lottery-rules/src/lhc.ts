// Mark Six (LHC, 六合彩) number facts for display and settlement: colours (波色) and zodiacs (生肖).
// Decides: the zodiac of a number in a lunar year: number 1 is the year's own
// zodiac, 2 the previous year's, and so on, so the year's zodiac has 5 numbers (1 13 25 37 49)
// and the other eleven 4. The caller passes the lunar year of the draw date (the map switches at
// Lunar New Year, not on 1 January: lunarYearOf, from the Lunar New Year dates of 2020-2045 in
// China time; server/README.md, Lottery). The zodiac plays settle on the map of their own draw's lunar year
// (Draw.lunarYear), and a bet may pick the year's zodiac only in the 5-number play, the others
// only in the 4-number play (lhcZodiacValues).

/** Zodiac translation keys, index 0 = 鼠 rat … 11 = 猪 pig. */
export const ZODIAC_KEYS = [
  'zodiac_rat',
  'zodiac_ox',
  'zodiac_tiger',
  'zodiac_rabbit',
  'zodiac_dragon',
  'zodiac_snake',
  'zodiac_horse',
  'zodiac_goat',
  'zodiac_monkey',
  'zodiac_rooster',
  'zodiac_dog',
  'zodiac_pig',
] as const;

/**
 * Lunar New Year (China, UTC+8) of 2020 … 2045, as [month, day]: the day the zodiac map of that
 * year starts. 2025-01-29 蛇, 2026-02-17 马, 2027-02-06 羊.
 */
const LUNAR_NEW_YEAR: Readonly<Record<number, readonly [number, number]>> = Object.freeze({
  2020: [1, 25], 2021: [2, 12], 2022: [2, 1], 2023: [1, 22], 2024: [2, 10], 2025: [1, 29], 2026: [2, 17],
  2027: [2, 6], 2028: [1, 26], 2029: [2, 13], 2030: [2, 3], 2031: [1, 23], 2032: [2, 11], 2033: [1, 31],
  2034: [2, 19], 2035: [2, 8], 2036: [1, 28], 2037: [2, 15], 2038: [2, 4], 2039: [1, 24], 2040: [2, 12],
  2041: [2, 1], 2042: [1, 22], 2043: [2, 10], 2044: [1, 30], 2045: [2, 17],
});

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The lunar year of an instant (its date in China, UTC+8); throws outside 2020-2045's table. */
export function lunarYearOf(epochMs: number): number {
  const local = new Date(epochMs + CHINA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const newYear = LUNAR_NEW_YEAR[year];
  if (!newYear || !LUNAR_NEW_YEAR[year - 1]) throw new RangeError(`no Lunar New Year date for ${year}`);
  const [month, day] = newYear;
  const beforeNewYear = local.getUTCMonth() + 1 < month || (local.getUTCMonth() + 1 === month && local.getUTCDate() < day);
  return beforeNewYear ? year - 1 : year;
}

/** The lunar year a draw's zodiac plays read (throws when the draw has none). */
export function drawLunarYear(draw: { readonly lunarYear?: number }): number {
  if (!Number.isInteger(draw.lunarYear)) throw new RangeError('an LHC draw needs its lunar year for the zodiac plays');
  return draw.lunarYear!;
}

const mod12 = (value: number) => ((value % 12) + 12) % 12;

/** The zodiac of a lunar year (0 = rat; 2020 and 2032 are rat years). */
export function zodiacOfYear(year: number): number {
  return mod12(year - 2020);
}

/** The zodiac (0 = 鼠 rat … 11 = 猪 pig) of number n (1-49) in the given lunar year. */
export function lhcZodiac(n: number, year: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 49) throw new RangeError(`a Mark Six number is 1-49, not ${n}`);
  if (!Number.isInteger(year)) throw new RangeError(`a lunar year is an integer, not ${year}`);
  return mod12(zodiacOfYear(year) - (n - 1));
}

/** The numbers (ascending) of a zodiac in a lunar year. */
export function lhcZodiacNumbers(zodiac: number, year: number): number[] {
  const numbers: number[] = [];
  for (let n = 1; n <= 49; n += 1) if (lhcZodiac(n, year) === zodiac) numbers.push(n);
  return numbers;
}

export type LhcColour = 'red' | 'blue' | 'green';

const RED = new Set([1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46]);
const BLUE = new Set([3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48]);

/** The colour (波色) of number n (1-49): red 17 numbers, blue 16, green 16. */
export function lhcColour(n: number): LhcColour {
  if (!Number.isInteger(n) || n < 1 || n > 49) throw new RangeError(`a Mark Six number is 1-49, not ${n}`);
  return RED.has(n) ? 'red' : BLUE.has(n) ? 'blue' : 'green';
}

/** The zodiacs a bet of the 5-number (the year's zodiac) or the 4-number zodiac play may pick in a lunar year. */
export function lhcZodiacValues(size: 4 | 5, year: number): number[] {
  const own = zodiacOfYear(year);
  return size === 5 ? [own] : Array.from({ length: 12 }, (_, zodiac) => zodiac).filter((zodiac) => zodiac !== own);
}

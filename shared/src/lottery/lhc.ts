// Mark Six (LHC, 六合彩) number facts for display and settlement: colours (波色) and zodiacs (生肖).
// Decides: the zodiac of a number in a lunar year (LOTTERY.md §5.3): number 1 is the year's own
// zodiac, 2 the previous year's, and so on, so the year's zodiac has 5 numbers (1 13 25 37 49)
// and the other eleven 4. The caller passes the lunar year of the draw date (the map switches at
// Lunar New Year, not on 1 January). The zodiac plays settle on the fixed 2026 (马) map.

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

/** The lunar year whose zodiac map the zodiac plays use (2026, year of the horse: 1 = 马). */
export const LHC_ZODIAC_YEAR = 2026;

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

/** The colour (波色) of number n (1-49): red 17 numbers, blue 16, green 16 (LOTTERY.md §5.2). */
export function lhcColour(n: number): LhcColour {
  if (!Number.isInteger(n) || n < 1 || n > 49) throw new RangeError(`a Mark Six number is 1-49, not ${n}`);
  return RED.has(n) ? 'red' : BLUE.has(n) ? 'blue' : 'green';
}

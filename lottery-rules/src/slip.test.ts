// The slip text: round trips and every error code.
import { SLIP_MAX_LENGTH, formatSlip, formatSlips, isSlipError, parseSlips, playById, type SlipErrorCode, type SlipLine } from '.';

const parse = (text: string) => parseSlips(text);
const codeOf = (text: string): SlipErrorCode | undefined => {
  const result = parseSlips(text);
  return isSlipError(result) ? result.code : undefined;
};

test('a line: rows joined by "_", values by ","; fields ~1~playId~mode~series~multiple', () => {
  const lines = parse('1,2_3_4_5_6,7~1~1001~1~1800~2');
  expect(lines).toEqual([{ playId: 1001, rows: [[1, 2], [3], [4], [5], [6, 7]], picks: [6n, 8n, 16n, 32n, 192n], mode: 1, series: 1800, multiple: 2 }]);
});

test('round trip: format → parse gives the lines back, parse → format gives the canonical text', () => {
  const lines: SlipLine[] = [
    { playId: 1001, rows: [[1, 2], [3], [4], [5], [6, 7]], picks: [6n, 8n, 16n, 32n, 192n], mode: 1, series: 1800, multiple: 2 },
    { playId: 1011, rows: [[0], [], [], [], [9]], picks: [1n, 0n, 0n, 0n, 512n], mode: 3, series: 1950, multiple: 10000 },
    { playId: 2008, rows: [[1, 2, 3, 4, 5, 6, 7, 8, 11]], picks: [0b100111111110n], mode: 2, series: 1980, multiple: 1 },
    { playId: 4003, rows: [[0, 3]], picks: [9n], mode: 1, series: 2000, multiple: 5 },
    { playId: 5005, rows: [[0, 345, 999]], picks: [1n | (1n << 345n) | (1n << 999n)], mode: 1, series: 1980, multiple: 1 },
    { playId: 5001, rows: [[7, 23]], picks: [(1n << 7n) | (1n << 23n)], mode: 3, series: 1980, multiple: 3 },
  ];
  const text = formatSlips(lines);
  expect(text).toBe(
    '1,2_3_4_5_6,7~1~1001~1~1800~2|0____9~1~1011~3~1950~10000|1,2,3,4,5,6,7,8,11~1~2008~2~1980~1|0,3~1~4003~1~2000~5|0,345,999~1~5005~1~1980~1|7,23~1~5001~3~1980~3',
  );
  expect(parse(text)).toEqual(lines);
  // A row's order is not meaningful: parsing sorts it into the row's display order.
  const parsed = parse('23,7~1~5001~3~1980~3');
  expect(isSlipError(parsed) ? parsed : formatSlip(parsed[0])).toBe('7,23~1~5001~3~1980~3');
});

test('every line must be a valid bet of its play', () => {
  for (const [text, ticketsOk] of [
    ['3_3_3~1~2009~1~1800~1', false], // 11X5 前三直选 with one number three times: no ticket
    ['1~1~1007~1~1800~1', false], // 组三 needs two digits
    ['1,2~1~1007~1~1800~1', true],
  ] as const) {
    expect(isSlipError(parse(text))).toBe(!ticketsOk);
    if (!ticketsOk) expect(codeOf(text)).toBe('slip.picks.invalid');
  }
  expect(playById(2009)!.code).toBe('11X5_FRONT3_DIRECT');
});

test.each<[string, string, SlipErrorCode, number | undefined]>([
  ['empty text', '', 'slip.empty', undefined],
  ['too long', `${'1,'.repeat(SLIP_MAX_LENGTH / 2)}1~1~1012~1~1800~1`, 'slip.too_long', undefined],
  ['51 lines', Array(51).fill('1~1~1012~1~1800~1').join('|'), 'slip.too_many_lines', undefined],
  ['5 fields', '1~1~1012~1~1800', 'slip.line.malformed', 0],
  ['second field not 1', '1~2~1012~1~1800~1', 'slip.line.malformed', 0],
  ['an empty line', '1~1~1012~1~1800~1|', 'slip.line.malformed', 1],
  ['unknown play', '1~1~1999~1~1800~1', 'slip.play.unknown', 0],
  ['play id not canonical', '1~1~01012~1~1800~1', 'slip.play.unknown', 0],
  ['mode 4', '1~1~1012~4~1800~1', 'slip.mode.invalid', 0],
  ['mode 0', '1~1~1012~0~1800~1', 'slip.mode.invalid', 0],
  ['series 2001', '1~1~1012~1~2001~1', 'slip.series.invalid', 0],
  ['series 0', '1~1~1012~1~0~1', 'slip.series.invalid', 0],
  ['series not an integer', '1~1~1012~1~1800.5~1', 'slip.series.invalid', 0],
  ['multiple 0', '1~1~1012~1~1800~0', 'slip.multiple.invalid', 0],
  ['multiple 10001', '1~1~1012~1~1800~10001', 'slip.multiple.invalid', 0],
  ['multiple with a sign', '1~1~1012~1~1800~+1', 'slip.multiple.invalid', 0],
  ['rows: 2 for a 1-row play', '1_2~1~1012~1~1800~1', 'slip.rows.count', 0],
  ['rows: 4 for 5-star direct', '1_2_3_4~1~1001~1~1800~1', 'slip.rows.count', 0],
  ['a value with a leading zero', '01~1~1012~1~1800~1', 'slip.value.invalid', 0],
  ['a value with a space', '1, 2~1~1012~1~1800~1', 'slip.value.invalid', 0],
  ['an empty value', '1,,2~1~1012~1~1800~1', 'slip.value.invalid', 0],
  ['a digit row holding 10', '10~1~1012~1~1800~1', 'slip.value.out_of_range', 0],
  ['11X5 holding 0', '0~1~2001~1~1800~1', 'slip.value.out_of_range', 0],
  ['a repeated value', '1,1~1~1012~1~1800~1', 'slip.value.duplicate', 0],
  ['an empty bet', '____~1~1011~1~1800~1', 'slip.picks.invalid', 0],
  ['a row below its minimum', '1,2_3_4_5_~1~1001~1~1800~1', 'slip.picks.invalid', 0],
  ['the second line at fault', '1~1~1012~1~1800~1|1~1~1012~1~1800~0', 'slip.multiple.invalid', 1],
])('%s → %s', (_name, text, code, line) => {
  const result = parse(text);
  expect(isSlipError(result)).toBe(true);
  expect(result).toEqual(line === undefined ? { code } : { code, line });
});

test('50 lines and 20 000 characters are allowed', () => {
  expect(parse(Array(50).fill('1~1~1012~1~1800~1').join('|'))).toHaveLength(50);
  const digits = '0,1,2,3,4,5,6,7,8,9~1~1012~1~1800~1';
  const text = Array(Math.floor((SLIP_MAX_LENGTH + 1) / (digits.length + 1))).fill(digits).slice(0, 50).join('|');
  expect(isSlipError(parse(text))).toBe(false);
});

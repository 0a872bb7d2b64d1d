import { LOTTERY_KINDS } from '@platform/contract';
import { drawFromSource, formatDraw, mulberry32, VN_PRIZE_DIGITS } from '@platform/lottery-rules';
import {
  allPositionLabelKeys,
  byHeat,
  formatTrendValue,
  patternColumnsOf,
  patternOf,
  trendOf,
  trendPositionsOf,
  windowOf,
  type TrendDrawInput,
  type TrendPosition,
} from './trend-stats';

// Small windows worked by hand: each expected missing count is written out beside its draw.

const positionOf = (kind: Parameters<typeof trendPositionsOf>[0], id: string): TrendPosition => {
  const position = trendPositionsOf(kind).find((candidate) => candidate.id === id);
  if (!position) throw new Error(`no position ${id} of ${kind}`);
  return position;
};
const input = (numero: string, numbers: string): TrendDrawInput => ({ numero, numbers: numbers.split(' ') });
const chartOf = (kind: Parameters<typeof trendPositionsOf>[0], id: string, draws: readonly TrendDrawInput[], size?: number) =>
  trendOf(kind, positionOf(kind, id), windowOf(kind, draws, size));

describe('positions of each kind', () => {
  it('offers every kind a chart, and each position reads values of its own range from any valid draw', () => {
    const random = mulberry32(20261127);
    const source = { uniformInt: (n: number) => Math.floor(random() * n), nextUint32: () => Math.floor(random() * 2 ** 32) };
    for (const kind of LOTTERY_KINDS) {
      const positions = trendPositionsOf(kind);
      expect(positions.length).toBeGreaterThan(0);
      expect(new Set(positions.map((position) => position.id)).size).toBe(positions.length);
      for (let round = 0; round < 40; round += 1) {
        const draw = drawFromSource(kind, source);
        for (const position of positions) {
          const values = position.pick(draw.numbers);
          expect(values.length).toBeGreaterThan(0);
          if (position.single) expect(values).toHaveLength(1);
          for (const value of values) expect(position.values).toContain(value);
        }
      }
    }
  });

  it('names the positions and value ranges the players read', () => {
    const shape = (kind: Parameters<typeof trendPositionsOf>[0]) =>
      trendPositionsOf(kind).map((position) => [position.id, position.values[0], position.values.at(-1), position.single, position.view]);
    const digits = (ids: string[]) => ids.map((id) => [id, 0, 9, true, 'table']);
    expect(shape('SSC')).toEqual(digits(['wan', 'qian', 'bai', 'shi', 'ge']));
    expect(shape('P5')).toEqual(digits(['wan', 'qian', 'bai', 'shi', 'ge']));
    expect(shape('3D')).toEqual(digits(['bai', 'shi', 'ge']));
    expect(shape('PC28')).toEqual([...digits(['digit1', 'digit2', 'digit3']), ['sum', 0, 27, true, 'table']]);
    expect(shape('K3')).toEqual([['die1', 1, 6, true, 'table'], ['die2', 1, 6, true, 'table'], ['die3', 1, 6, true, 'table'], ['sum', 3, 18, true, 'table']]);
    expect(shape('11X5')).toEqual([...[1, 2, 3, 4, 5].map((n) => [`n${n}`, 1, 11, true, 'table']), ['any', 1, 11, false, 'table']]);
    expect(shape('PK10')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [`rank${n}`, 1, 10, true, 'table']));
    expect(shape('LHC')).toEqual([['special', 1, 49, true, 'table'], ['regular', 1, 49, false, 'table']]);
    expect(shape('VN')).toEqual([['de_tens', 0, 9, true, 'table'], ['de_units', 0, 9, true, 'table'], ['de', 0, 99, true, 'list']]);
    expect(trendPositionsOf('K3').find((position) => position.id === 'sum')?.values).toHaveLength(16);
    expect(trendPositionsOf('VN').find((position) => position.id === 'de')?.values).toHaveLength(100);
  });

  it('reads positions from the right numbers: PK10 ranks, the LHC special apart from the regular six, the VN đề from the ĐB', () => {
    const pk10 = [3, 9, 1, 2, 4, 5, 6, 7, 8, 10];
    expect(positionOf('PK10', 'rank1').pick(pk10)).toEqual([3]);
    expect(positionOf('PK10', 'rank10').pick(pk10)).toEqual([10]);
    const lhc = [41, 38, 34, 42, 22, 14, 29];
    expect(positionOf('LHC', 'special').pick(lhc)).toEqual([29]);
    expect(positionOf('LHC', 'regular').pick(lhc)).toEqual([41, 38, 34, 42, 22, 14]);
    // ĐB 31763: đề 63, tens 6, units 3. ĐB 00042 (42 with five digits): đề 42.
    const vn = [31763, ...new Array<number>(26).fill(0)];
    expect(positionOf('VN', 'de').pick(vn)).toEqual([63]);
    expect(positionOf('VN', 'de_tens').pick(vn)).toEqual([6]);
    expect(positionOf('VN', 'de_units').pick(vn)).toEqual([3]);
    expect(positionOf('VN', 'de').pick([42, ...new Array<number>(26).fill(0)])).toEqual([42]);
    expect(positionOf('VN', 'de_tens').pick([42, ...new Array<number>(26).fill(0)])).toEqual([4]);
    expect(positionOf('K3', 'sum').pick([6, 5, 4])).toEqual([15]);
    expect(positionOf('PC28', 'sum').pick([9, 9, 9])).toEqual([27]);
    expect(positionOf('3D', 'ge').pick([1, 2, 3])).toEqual([3]);
  });

  it('shows values zero-padded to their width, and lists every label key once', () => {
    expect(formatTrendValue(positionOf('11X5', 'n1'), 7)).toBe('07');
    expect(formatTrendValue(positionOf('VN', 'de'), 5)).toBe('05');
    expect(formatTrendValue(positionOf('SSC', 'ge'), 5)).toBe('5');
    expect(formatTrendValue(positionOf('K3', 'sum'), 18)).toBe('18');
    const keys = allPositionLabelKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['position_wan', 'position_ge', 'position_sum', 'position_rank_10', 'position_special', 'position_regular', 'position_de', 'position_any', 'position_die_3', 'position_digit_1', 'position_n_5']));
  });
});

describe('the window of draws', () => {
  // Newest first, as the API lists them.
  const draws = [
    input('005', '1 2 3 4 7'),
    { numero: '004x', numbers: [], state: 'void' },
    input('004', '0 0 0 1 3'),
    input('003', '9 9 9 9 7'),
    input('0025', '1 2 3 4 10'), // not an SSC draw (10): left out
    input('0024', '1 2 x 4 5'), // malformed: left out
    input('002', '5 5 5 5 5'),
    input('001', '1 1 1 1 3'),
  ];

  it('keeps the drawn rounds, oldest first, the numbers parsed', () => {
    expect(windowOf('SSC', draws)).toEqual([
      { numero: '001', numbers: [1, 1, 1, 1, 3] },
      { numero: '002', numbers: [5, 5, 5, 5, 5] },
      { numero: '003', numbers: [9, 9, 9, 9, 7] },
      { numero: '004', numbers: [0, 0, 0, 1, 3] },
      { numero: '005', numbers: [1, 2, 3, 4, 7] },
    ]);
  });

  it('takes the newest `size` drawn rounds', () => {
    expect(windowOf('SSC', draws, 3).map((draw) => draw.numero)).toEqual(['003', '004', '005']);
    expect(windowOf('SSC', draws, 0)).toEqual([]);
    expect(windowOf('SSC', [])).toEqual([]);
  });

  it('reads the numbers the way the API writes them: zero-padded VN prizes, two-digit 11x5 numbers', () => {
    const vn = ['31763', '05433', '00259', '27518', '28720', '14940', '13646', '56270', '91748', '40140', '9477', '2065', '5083', '2255', '5703', '9263', '6365', '7093', '4222', '2074', '249', '147', '287', '44', '10', '61', '41'];
    expect(windowOf('VN', [{ numero: '20261127', numbers: vn }])[0].numbers.slice(0, 3)).toEqual([31763, 5433, 259]);
    expect(windowOf('VN', [{ numero: '20261127', numbers: vn.slice(1) }])).toEqual([]);
    expect(windowOf('11X5', [input('1', '01 02 03 04 05'), input('2', '01 01 03 04 05')])).toEqual([{ numero: '1', numbers: [1, 2, 3, 4, 5] }]);
    // What the API shows is what formatDraw writes.
    expect(windowOf('11X5', [{ numero: '3', numbers: formatDraw({ kind: '11X5', numbers: [11, 2, 3, 4, 5] }) }])[0].numbers).toEqual([11, 2, 3, 4, 5]);
  });
});

describe('missing counts and totals', () => {
  it('SSC units over five draws, worked by hand', () => {
    // Units oldest → newest: 3, 5, 7, 3, 7.
    const chart = chartOf('SSC', 'ge', [
      input('005', '1 2 3 4 7'),
      input('004', '0 0 0 1 3'),
      input('003', '9 9 9 9 7'),
      input('002', '5 5 5 5 5'),
      input('001', '1 1 1 1 3'),
    ]);
    expect(chart.rows.map((row) => [row.numero, row.drawn])).toEqual([
      ['001', [3]],
      ['002', [5]],
      ['003', [7]],
      ['004', [3]],
      ['005', [7]],
    ]);
    expect(chart.rows.map((row) => row.missing)).toEqual([
      //  0  1  2  3  4  5  6  7  8  9
      [1, 1, 1, 0, 1, 1, 1, 1, 1, 1], // 001: 3 drawn; nothing seen before the window, so 1 elsewhere
      [2, 2, 2, 1, 2, 0, 2, 2, 2, 2], // 002: 5 drawn; 3 last came one draw ago
      [3, 3, 3, 2, 3, 1, 3, 0, 3, 3], // 003: 7 drawn
      [4, 4, 4, 0, 4, 2, 4, 1, 4, 4], // 004: 3 again
      [5, 5, 5, 1, 5, 3, 5, 0, 5, 5], // 005: 7 again
    ]);
    const totals = chart.values.map((value) => [value.value, value.appearances, value.maxMissing, value.currentMissing]);
    expect(totals).toEqual([
      // value, appearances, max missing (longest run), current missing
      [0, 0, 5, 5],
      [1, 0, 5, 5],
      [2, 0, 5, 5],
      [3, 2, 2, 1], // runs: 002-003 (2), 005 (1)
      [4, 0, 5, 5],
      [5, 1, 3, 3], // runs: 001 (1), 003-005 (3)
      [6, 0, 5, 5],
      [7, 2, 2, 0], // runs: 001-002 (2), 004 (1)
      [8, 0, 5, 5],
      [9, 0, 5, 5],
    ]);
    expect(chart.values.filter((value) => value.hot).map((value) => value.value)).toEqual([3, 7]);
    expect(chart.values.filter((value) => value.cold).map((value) => value.value)).toEqual([0, 1, 2, 4, 6, 8, 9]);
    expect(byHeat(chart.values).map((value) => value.value)).toEqual([7, 3, 5, 0, 1, 2, 4, 6, 8, 9]);
  });

  it('counts from the window only: the same draws, the newest three', () => {
    const chart = chartOf(
      'SSC',
      'ge',
      [input('005', '1 2 3 4 7'), input('004', '0 0 0 1 3'), input('003', '9 9 9 9 7'), input('002', '5 5 5 5 5'), input('001', '1 1 1 1 3')],
      3,
    );
    // Units: 7, 3, 7.
    expect(chart.rows.map((row) => [row.numero, row.missing[3], row.missing[5], row.missing[7]])).toEqual([
      ['003', 1, 1, 0],
      ['004', 0, 2, 1],
      ['005', 1, 3, 0], // 5 never came in the window: its count is the window's length
    ]);
    expect(chart.values[5]).toMatchObject({ appearances: 0, maxMissing: 3, currentMissing: 3, cold: true, hot: false });
    expect(chart.values[7]).toMatchObject({ appearances: 2, maxMissing: 1, currentMissing: 0, hot: true });
  });

  it('11x5 all five numbers as one view: several balls per draw', () => {
    const chart = chartOf('11X5', 'any', [input('3', '07 08 09 10 11'), input('2', '03 04 05 06 07'), input('1', '01 02 03 04 05')]);
    expect(chart.rows.map((row) => row.drawn)).toEqual([
      [1, 2, 3, 4, 5],
      [3, 4, 5, 6, 7],
      [7, 8, 9, 10, 11],
    ]);
    expect(chart.rows.map((row) => row.missing)).toEqual([
      // 1  2  3  4  5  6  7  8  9 10 11
      [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], // 1: 1-5
      [1, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2], // 2: 3-7
      [2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0], // 3: 7-11
    ]);
    expect(chart.values.map((value) => value.appearances)).toEqual([1, 1, 2, 2, 2, 1, 2, 1, 1, 1, 1]);
    expect(chart.values.map((value) => value.maxMissing)).toEqual([2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2]);
    expect(chart.values.map((value) => value.currentMissing)).toEqual([2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(chart.values.filter((value) => value.hot).map((value) => value.value)).toEqual([3, 4, 5, 7]);
    expect(chart.values.filter((value) => value.cold).map((value) => value.value)).toEqual([1, 2, 6, 8, 9, 10, 11]);
    // The first position of the same draws: 1, 3, 7.
    expect(chartOf('11X5', 'n1', [input('3', '07 08 09 10 11'), input('2', '03 04 05 06 07'), input('1', '01 02 03 04 05')]).rows.map((row) => row.missing.slice(0, 7))).toEqual([
      [0, 1, 1, 1, 1, 1, 1],
      [1, 2, 0, 2, 2, 2, 2],
      [2, 3, 1, 3, 3, 3, 0],
    ]);
  });

  it('K3 sum 3-18 and a die', () => {
    // Sums oldest → newest: 3 (1 1 1), 10 (1 4 5), 3 (1 1 1), 18 (6 6 6).
    const draws = [input('4', '6 6 6'), input('3', '1 1 1'), input('2', '1 4 5'), input('1', '1 1 1')];
    const sum = chartOf('K3', 'sum', draws);
    const at = (value: number) => sum.position.values.indexOf(value);
    expect(sum.rows.map((row) => [row.drawn[0], row.missing[at(3)], row.missing[at(10)], row.missing[at(18)], row.missing[at(11)]])).toEqual([
      [3, 0, 1, 1, 1],
      [10, 1, 0, 2, 2],
      [3, 0, 1, 3, 3],
      [18, 1, 2, 0, 4],
    ]);
    expect(sum.values[at(3)]).toMatchObject({ appearances: 2, maxMissing: 1, currentMissing: 1, hot: true, cold: false });
    expect(sum.values[at(11)]).toMatchObject({ appearances: 0, maxMissing: 4, currentMissing: 4, hot: false, cold: true });
    // The first die: 1, 1, 1, 6.
    const die = chartOf('K3', 'die1', draws);
    expect(die.rows.map((row) => row.missing)).toEqual([
      // 1  2  3  4  5  6
      [0, 1, 1, 1, 1, 1],
      [0, 2, 2, 2, 2, 2],
      [0, 3, 3, 3, 3, 3],
      [1, 4, 4, 4, 4, 0],
    ]);
    expect(die.values.map((value) => [value.appearances, value.maxMissing, value.currentMissing])).toEqual([
      [3, 1, 1],
      [0, 4, 4],
      [0, 4, 4],
      [0, 4, 4],
      [0, 4, 4],
      [1, 3, 0],
    ]);
  });

  it('the VN đề: ĐB endings as tens, units and 00-99', () => {
    const rest = VN_PRIZE_DIGITS.slice(1).map((digits) => '7'.repeat(digits));
    const vn = (numero: string, db: string): TrendDrawInput => ({ numero, numbers: [db, ...rest] });
    // ĐB endings oldest → newest: 63, 42, 63.
    const draws = [vn('20261129', '12363'), vn('20261128', '00042'), vn('20261127', '31763')];
    const de = chartOf('VN', 'de', draws);
    expect(de.rows.map((row) => [row.numero, row.drawn, row.missing[63], row.missing[42], row.missing[0]])).toEqual([
      ['20261127', [63], 0, 1, 1],
      ['20261128', [42], 1, 0, 2],
      ['20261129', [63], 0, 1, 3],
    ]);
    expect(de.values[63]).toMatchObject({ appearances: 2, maxMissing: 1, currentMissing: 0, hot: true });
    expect(de.values[42]).toMatchObject({ appearances: 1, maxMissing: 1, currentMissing: 1, hot: false, cold: false });
    expect(de.values.filter((value) => value.cold)).toHaveLength(98);
    expect(byHeat(de.values).slice(0, 3).map((value) => value.value)).toEqual([63, 42, 0]);
    expect(chartOf('VN', 'de_tens', draws).rows.map((row) => row.drawn[0])).toEqual([6, 4, 6]);
    expect(chartOf('VN', 'de_units', draws).rows.map((row) => [row.drawn[0], row.missing[3], row.missing[2]])).toEqual([
      [3, 0, 1],
      [2, 1, 0],
      [3, 0, 1],
    ]);
    expect(patternOf('VN', [31763])).toBeNull();
  });

  it('marks no value hot or cold when all came as often, and nothing for an empty window', () => {
    // Die 1: 1, 2, 3, 4, 5, 6, once each.
    const even = chartOf('K3', 'die1', ['1 1 1', '2 1 1', '3 1 1', '4 1 1', '5 1 1', '6 1 1'].map((numbers, index) => input(String(6 - index), numbers)));
    expect(even.values.map((value) => value.appearances)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(even.values.some((value) => value.hot || value.cold)).toBe(false);
    const empty = chartOf('SSC', 'wan', []);
    expect(empty.rows).toEqual([]);
    expect(empty.values.every((value) => value.appearances === 0 && value.maxMissing === 0 && value.currentMissing === 0 && !value.hot && !value.cold)).toBe(true);
  });

  it('LHC special and the six regular numbers', () => {
    const draws = [input('2', '01 02 03 04 05 06 07'), input('1', '07 08 09 10 11 12 01')];
    const special = chartOf('LHC', 'special', draws);
    // Specials: 1, then 7.
    expect(special.rows.map((row) => [row.drawn, row.missing[0], row.missing[6], row.missing[48]])).toEqual([
      [[1], 0, 1, 1],
      [[7], 1, 0, 2],
    ]);
    const regular = chartOf('LHC', 'regular', draws);
    // Regulars: 7-12, then 1-6 (the first draw's special 1 does not count as regular).
    expect(regular.rows.map((row) => row.missing.slice(0, 13))).toEqual([
      [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1],
      [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2],
    ]);
    expect(regular.values.slice(0, 13).map((value) => value.appearances)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect(regular.values[0]).toMatchObject({ hot: true, cold: false });
    expect(regular.values[12]).toMatchObject({ hot: false, cold: true });
    expect(patternColumnsOf('LHC').columns).toEqual([]);
  });
});

describe('patterns', () => {
  it('SSC and P5: sum 0-45, big from 23, odd/even of the sum, span', () => {
    expect(patternOf('SSC', [1, 1, 1, 1, 3])).toEqual({ sum: 7, size: 'small', parity: 'odd', span: 2 });
    expect(patternOf('SSC', [5, 5, 5, 5, 5])).toEqual({ sum: 25, size: 'big', parity: 'odd', span: 0 });
    expect(patternOf('SSC', [0, 0, 0, 1, 3])).toEqual({ sum: 4, size: 'small', parity: 'even', span: 3 });
    expect(patternOf('SSC', [9, 9, 4, 0, 0])).toEqual({ sum: 22, size: 'small', parity: 'even', span: 9 });
    expect(patternOf('P5', [9, 9, 5, 0, 0])).toEqual({ sum: 23, size: 'big', parity: 'odd', span: 9 });
    expect(patternColumnsOf('SSC')).toEqual({ columns: ['sum', 'size', 'parity', 'span'], sumKey: 'pattern_sum' });
    // The chart's rows carry them.
    expect(chartOf('SSC', 'wan', [input('2', '9 9 5 0 0'), input('1', '1 1 1 1 3')]).rows.map((row) => row.pattern)).toEqual([
      { sum: 7, size: 'small', parity: 'odd', span: 2 },
      { sum: 23, size: 'big', parity: 'odd', span: 9 },
    ]);
  });

  it('3D and PC28: sum 0-27, big from 14; K3: sum 3-18, big from 11', () => {
    expect(patternOf('3D', [9, 4, 0])).toEqual({ sum: 13, size: 'small', parity: 'odd', span: 9 });
    expect(patternOf('3D', [9, 5, 0])).toEqual({ sum: 14, size: 'big', parity: 'even', span: 9 });
    expect(patternOf('PC28', [0, 0, 0])).toEqual({ sum: 0, size: 'small', parity: 'even', span: 0 });
    expect(patternOf('PC28', [9, 9, 9])).toEqual({ sum: 27, size: 'big', parity: 'odd', span: 0 });
    expect(patternOf('K3', [1, 4, 5])).toEqual({ sum: 10, size: 'small', parity: 'even', span: 4 });
    expect(patternOf('K3', [4, 5, 2])).toEqual({ sum: 11, size: 'big', parity: 'odd', span: 3 });
    expect(patternOf('K3', [6, 6, 6])).toEqual({ sum: 18, size: 'big', parity: 'even', span: 0 });
  });

  it('11x5: sum 15-45, big above 30, small below, 30 a tie', () => {
    expect(patternOf('11X5', [1, 2, 3, 4, 5])).toEqual({ sum: 15, size: 'small', parity: 'odd', span: 4 });
    expect(patternOf('11X5', [2, 4, 6, 8, 10])).toEqual({ sum: 30, size: 'tie', parity: 'even', span: 8 });
    expect(patternOf('11X5', [11, 1, 6, 8, 5])).toEqual({ sum: 31, size: 'big', parity: 'odd', span: 10 });
  });

  it('PK10: the first two cars (冠亚和 3-19), big from 12, no span', () => {
    expect(patternOf('PK10', [3, 9, 1, 2, 4, 5, 6, 7, 8, 10])).toEqual({ sum: 12, size: 'big', parity: 'even', span: null });
    expect(patternOf('PK10', [1, 10, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ sum: 11, size: 'small', parity: 'odd', span: null });
    expect(patternColumnsOf('PK10')).toEqual({ columns: ['sum', 'size', 'parity'], sumKey: 'pattern_top2_sum' });
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { apiFailure, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import type { LotteryGame } from '@platform/contract';
import BettingScreen from '../betting/betting-screen';
import { drawOf, FakeEventSource, LHC5, LOTT_GAMES, openedOf, pageOf, roundOf, roundsFrom, SSC1, VNMB } from '../games/test-fixtures';
import TrendChart from './trend-chart';

// The trend chart with the network edge stubbed (the API client's call): the draws of a window,
// oldest at the top, balls and missing counts, positions, windows, patterns, totals, and the
// error, empty and reload paths; then the section of the betting page that opens it.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};

/** Five SSC draws, newest first as the API lists them (worked by hand in trend-stats.test.ts). */
const SSC_DRAWS = [
  drawOf(SSC1, '20261127-0005', ['1', '2', '3', '4', '7']),
  drawOf(SSC1, '20261127-0004', ['0', '0', '0', '1', '3']),
  drawOf(SSC1, '20261127-0003', ['9', '9', '9', '9', '7']),
  drawOf(SSC1, '20261127-0002', ['5', '5', '5', '5', '5']),
  drawOf(SSC1, '20261127-0001', ['1', '1', '1', '1', '3']),
];

async function renderChart(game: LotteryGame = SSC1, version = 0) {
  const view = renderWithProviders(<TrendChart game={game} version={version} />);
  await settle();
  return view;
}

/** A row's value cells: a drawn value in brackets (its ball), else the missing count. */
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll<HTMLElement>('td[data-value]')].map((cell) => (cell.dataset.drawn ? `(${cell.textContent})` : cell.textContent));
const rows = () => within(screen.getByTestId('trend-table')).getAllByTestId('trend-row');
const footerOf = (testId: string) => [...screen.getByTestId(testId).querySelectorAll<HTMLElement>('td[data-value]')].map((cell) => cell.textContent);

it('charts the first position of the last 30 draws: oldest at the top, balls and missing counts, patterns and totals', async () => {
  const { callsOf } = stubApi({ lotteryDraws: pageOf(SSC_DRAWS) });
  await renderChart();
  expect(callsOf('lotteryDraws').map((call) => call?.params)).toEqual([{ gameCode: 'SSC1', page: 1, size: 30 }]);
  const chart = screen.getByTestId('trend-chart');
  expect(chart.getAttribute('data-window')).toBe('30');
  expect(screen.getByTestId('trend-window-30').getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByTestId('trend-window-100').getAttribute('aria-pressed')).toBe('false');
  expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
    ['Ten-thousands', 'true'],
    ['Thousands', 'false'],
    ['Hundreds', 'false'],
    ['Tens', 'false'],
    ['Units', 'false'],
  ]);

  const table = screen.getByRole('table', { name: 'Ten-thousands: the last 5 draws, oldest first' });
  expect(table.getAttribute('data-position')).toBe('wan');
  expect(within(table).getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Round', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'Sum', 'B/S', 'O/E', 'Span']);
  // Ten-thousands oldest → newest: 1, 5, 9, 0, 1.
  expect(rows().map((row) => [row.getAttribute('data-numero'), within(row).getByRole('rowheader').textContent, ...cellsOf(row)])).toEqual([
    ['20261127-0001', '0001', '1', '(1)', '1', '1', '1', '1', '1', '1', '1', '1'],
    ['20261127-0002', '0002', '2', '1', '2', '2', '2', '(5)', '2', '2', '2', '2'],
    ['20261127-0003', '0003', '3', '2', '3', '3', '3', '1', '3', '3', '3', '(9)'],
    ['20261127-0004', '0004', '(0)', '3', '4', '4', '4', '2', '4', '4', '4', '1'],
    ['20261127-0005', '0005', '1', '(1)', '5', '5', '5', '3', '5', '5', '5', '2'],
  ]);
  expect(rows().map((row) => [...row.querySelectorAll('td[data-pattern]')].map((cell) => cell.textContent))).toEqual([
    ['7', 'Small', 'Odd', '2'],
    ['25', 'Big', 'Odd', '0'],
    ['43', 'Big', 'Odd', '2'],
    ['4', 'Small', 'Even', '3'],
    ['17', 'Small', 'Odd', '6'],
  ]);
  expect(footerOf('trend-appearances')).toEqual(['1', '2', '0', '0', '0', '1', '0', '0', '0', '1']);
  expect(footerOf('trend-max-missing')).toEqual(['3', '3', '5', '5', '5', '3', '5', '5', '5', '2']);
  expect(footerOf('trend-current-missing')).toEqual(['1', '0', '5', '5', '5', '3', '5', '5', '5', '2']);
  expect(footerOf('trend-heat')).toEqual(['', 'Hot', 'Cold', 'Cold', 'Cold', '', 'Cold', 'Cold', 'Cold', '']);
  expect(screen.getByTestId('trend-heat-summary').textContent).toBe('Hot: 1Cold: 2 3 4 6 7 8');
  // One ball per draw: the line links the five of them.
  expect(screen.getByTestId('trend-line').querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(5);
  // The table scrolls in its own box, which a keyboard can reach.
  expect(screen.getByRole('region', { name: 'Ten-thousands: the last 5 draws, oldest first' }).getAttribute('tabindex')).toBe('0');
});

it('switches position and window', async () => {
  const { callsOf } = stubApi({ lotteryDraws: (options: CallOptionsSeen) => pageOf(SSC_DRAWS.slice(0, (options?.params as { size: number }).size === 30 ? 5 : 3)) });
  await renderChart();
  await click(screen.getByRole('tab', { name: 'Units' }));
  expect(screen.getByRole('tab', { name: 'Units' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByTestId('trend-table').getAttribute('data-position')).toBe('ge');
  // Units oldest → newest: 3, 5, 7, 3, 7.
  expect(rows().map(cellsOf)).toEqual([
    ['1', '1', '1', '(3)', '1', '1', '1', '1', '1', '1'],
    ['2', '2', '2', '1', '2', '(5)', '2', '2', '2', '2'],
    ['3', '3', '3', '2', '3', '1', '3', '(7)', '3', '3'],
    ['4', '4', '4', '(3)', '4', '2', '4', '1', '4', '4'],
    ['5', '5', '5', '1', '5', '3', '5', '(7)', '5', '5'],
  ]);
  expect(footerOf('trend-heat')).toEqual(['Cold', 'Cold', 'Cold', 'Hot', 'Cold', '', 'Cold', 'Hot', 'Cold', 'Cold']);
  expect(callsOf('lotteryDraws')).toHaveLength(1);

  // Another window reads the draws again; the position stays. (This stub answers 3 draws.)
  await click(screen.getByTestId('trend-window-50'));
  expect(callsOf('lotteryDraws').map((call) => (call?.params as { size: number }).size)).toEqual([30, 50]);
  expect(screen.getByTestId('trend-window-50').getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByTestId('trend-table').getAttribute('data-position')).toBe('ge');
  expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Units: the last 3 draws, oldest first');
  // Units of the newest three: 7, 3, 7.
  expect(rows().map(cellsOf)).toEqual([
    ['1', '1', '1', '1', '1', '1', '1', '(7)', '1', '1'],
    ['2', '2', '2', '(3)', '2', '2', '2', '1', '2', '2'],
    ['3', '3', '3', '1', '3', '3', '3', '(7)', '3', '3'],
  ]);
});

it('says when the draws could not be read, and retries', async () => {
  let reads = 0;
  stubApi({
    lotteryDraws: () => {
      reads += 1;
      if (reads === 1) throw apiFailure('network.error', 'Network error', null, 0);
      return pageOf(SSC_DRAWS);
    },
  });
  await renderChart();
  const error = screen.getByTestId('trend-error');
  expect(error.getAttribute('role')).toBe('alert');
  expect(error.textContent).toContain('The trend chart could not be loaded.');
  expect(screen.queryByTestId('trend-table')).toBeNull();
  await click(screen.getByTestId('trend-retry'));
  expect(reads).toBe(2);
  expect(screen.queryByTestId('trend-error')).toBeNull();
  expect(rows()).toHaveLength(5);
});

it('says when there are no draws yet, leaving out void rounds and rounds still drawing', async () => {
  stubApi({
    lotteryDraws: pageOf([
      drawOf(SSC1, '20261127-0002', [], { state: 'void', serverSeed: null, voidReason: 'no draw' }),
      drawOf(SSC1, '20261127-0001', [], { state: 'open', serverSeed: null }),
    ]),
  });
  await renderChart();
  expect(screen.getByText('No draws yet')).toBeTruthy();
  expect(screen.queryByTestId('trend-table')).toBeNull();
});

it('reads the draws again when a new draw arrives (version)', async () => {
  let draws = SSC_DRAWS.slice(1);
  const { callsOf } = stubApi({ lotteryDraws: () => pageOf(draws) });
  const view = await renderChart(SSC1, 0);
  expect(rows()).toHaveLength(4);
  draws = SSC_DRAWS;
  view.rerender(<TrendChart game={SSC1} version={1} />);
  await settle();
  expect(callsOf('lotteryDraws')).toHaveLength(2);
  expect(rows().map((row) => row.getAttribute('data-numero')).at(-1)).toBe('20261127-0005');
});

it('Mark Six: the special number with its line, the six regular numbers as several balls a draw and no line', async () => {
  stubApi({
    lotteryDraws: pageOf([drawOf(LHC5, '20261127-102', ['01', '02', '03', '04', '05', '06', '07']), drawOf(LHC5, '20261127-101', ['07', '08', '09', '10', '11', '12', '01'])]),
  });
  await renderChart(LHC5);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Special number', 'Regular numbers']);
  expect(within(screen.getByTestId('trend-table')).getAllByRole('columnheader')).toHaveLength(50);
  expect(rows().map((row) => within(row).getAllByText(/^\d\d$/).map((ball) => ball.textContent))).toEqual([['01'], ['07']]);
  expect(screen.getByTestId('trend-line')).toBeTruthy();
  await click(screen.getByRole('tab', { name: 'Regular numbers' }));
  expect(rows().map((row) => [...row.querySelectorAll('[data-ball]')].map((ball) => ball.textContent))).toEqual([
    ['07', '08', '09', '10', '11', '12'],
    ['01', '02', '03', '04', '05', '06'],
  ]);
  expect(screen.queryByTestId('trend-line')).toBeNull();
  // No pattern columns for Mark Six.
  expect(screen.getByTestId('trend-table').querySelector('[data-pattern]')).toBeNull();
});

it('Vietnam: the đề tens and units as charts, the 00-99 endings as a hot/cold list', async () => {
  const rest = ['05433', '00259', '27518', '28720', '14940', '13646', '56270', '91748', '40140', '9477', '2065', '5083', '2255', '5703', '9263', '6365', '7093', '4222', '2074', '249', '147', '287', '44', '10', '61', '41'];
  stubApi({
    lotteryDraws: pageOf([drawOf(VNMB, '20261129', ['12363', ...rest]), drawOf(VNMB, '20261128', ['00042', ...rest]), drawOf(VNMB, '20261127', ['31763', ...rest])]),
  });
  await renderChart(VNMB);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Đề tens', 'Đề units', 'Đề 00-99']);
  // Tens of 63, 42, 63; the round column shows a daily numero whole.
  expect(rows().map((row) => [within(row).getByRole('rowheader').textContent, ...cellsOf(row)])).toEqual([
    ['20261127', '1', '1', '1', '1', '1', '1', '(6)', '1', '1', '1'],
    ['20261128', '2', '2', '2', '2', '(4)', '2', '1', '2', '2', '2'],
    ['20261129', '3', '3', '3', '3', '1', '3', '(6)', '3', '3', '3'],
  ]);
  await click(screen.getByRole('tab', { name: 'Đề 00-99' }));
  const list = screen.getByRole('table', { name: 'Đề endings 00-99 over the last 3 draws, hottest first' });
  const listRows = within(list).getAllByTestId('trend-list-row');
  expect(listRows).toHaveLength(100);
  expect(listRows.slice(0, 3).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
    // ending, appearances, current missing, max missing, hot/cold
    ['63', '2', '0', '1', 'Hot'],
    ['42', '1', '1', '1', ''],
    ['00', '0', '3', '3', 'Cold'],
  ]);
});

describe('on the betting page', () => {
  beforeEach(() => {
    FakeEventSource.install();
  });
  afterEach(() => {
    FakeEventSource.uninstall();
  });

  it('opens the chart from its section, reads it again when a draw arrives, and hides it', async () => {
    const current = roundOf(SSC1, '20261127-0006', 40_000);
    const { callsOf } = stubApi({
      lotteryGames: LOTT_GAMES,
      lotteryOpenedNumero: openedOf(current, SSC_DRAWS[0]),
      lotteryNearNumeros: roundsFrom(SSC1, current, 3),
      lotteryTodayOrders: pageOf([]),
      lotteryDraws: () => pageOf(SSC_DRAWS),
    });
    renderWithProviders(<BettingScreen gameCode="SSC1" playType={null} prizeMode="Lott" />);
    await settle();
    expect(screen.getByRole('heading', { name: 'Trend chart' })).toBeTruthy();
    const toggle = screen.getByTestId('trend-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(callsOf('lotteryDraws')).toEqual([]);
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The chart's chunk, then its draws.
    await screen.findByTestId('trend-chart');
    await settle();
    expect(callsOf('lotteryDraws').map((call) => call?.params)).toEqual([{ gameCode: 'SSC1', page: 1, size: 30 }]);
    expect(rows()).toHaveLength(5);

    await act(async () => {
      FakeEventSource.latest().emit('draw', drawOf(SSC1, '20261127-0006', ['2', '2', '2', '2', '2'], { drawTime: Date.now() }));
    });
    await settle();
    expect(callsOf('lotteryDraws')).toHaveLength(2);

    await click(toggle);
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });
});

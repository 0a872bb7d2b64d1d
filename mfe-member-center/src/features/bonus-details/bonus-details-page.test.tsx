import { act, fireEvent, screen, within } from '@testing-library/react';
import type { LotteryBonusGame } from '@platform/contract';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubValue } from '@platform/shared/testing';
import BonusDetailsPage from './bonus-details-page';

// Bonus Details with the network edge stubbed: the game picker grouped by lobby group, the series
// of the game picked, and each play's odds and rebate, group by group.

const SERIES = { minSeries: 1800, maxSeries: 1960, maxBetSeries: 1960 } as const;

const BONUS: LotteryBonusGame[] = [
  {
    gameGroupCode: 'SSC',
    gameCode: 'SSC1',
    gameName: '1-minute SSC',
    kind: 'SSC',
    prizeModeId: 1,
    prizeModeName: 'Lott',
    ...SERIES,
    playMenuGroups: [
      {
        group: '5star',
        playMenus: [{ playId: 1001, playCode: 'SSC_5STAR_DIRECT', odds: 196000, rebateValue: 8, prizeType: 'ticket' }],
      },
      {
        group: 'position',
        playMenus: [{ playId: 1011, playCode: 'SSC_POSITION', odds: 19.6, rebateValue: 8, prizeType: 'ticket' }],
      },
    ],
  },
  {
    gameGroupCode: 'SSC',
    gameCode: 'SSC5',
    gameName: '5-minute SSC',
    kind: 'SSC',
    prizeModeId: 1,
    prizeModeName: 'Lott',
    ...SERIES,
    playMenuGroups: [],
  },
  {
    gameGroupCode: 'VN',
    gameCode: 'VNMB',
    gameName: 'Vietnam Daily (house draw)',
    kind: 'VN',
    prizeModeId: 2,
    prizeModeName: 'SEA',
    minSeries: 1850,
    maxSeries: 1950,
    maxBetSeries: 1900,
    playMenuGroups: [
      {
        group: 'lo',
        playMenus: [{ playId: 5001, playCode: 'VN_LO2', odds: 7.03, rebateValue: 5, prizeType: 'hit' }],
      },
      {
        group: 'xien',
        playMenus: [
          { playId: 5006, playCode: 'VN_XIEN2', odds: 34.62, rebateValue: 5, prizeType: 'ticket' },
          { playId: 5007, playCode: 'VN_XIEN3', odds: 1544.97, rebateValue: 5, prizeType: 'ticket' },
        ],
      },
    ],
  },
];

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  renderWithProviders(<BonusDetailsPage openPage={jest.fn()} />);
  await settle();
}

/** Each play group's heading and its rows: play, odds, rebate. */
const groupsShown = () =>
  screen.getAllByRole('table').map((table) => [
    table.getAttribute('aria-label'),
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ]);

const seriesShown = () => [...screen.getByTestId('bonus-game').querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('Bonus Details', () => {
  it('shows the first game’s plays by group, each with its odds (two decimals) and rebate, beside the game’s series', async () => {
    const { callsOf } = stubApi({ lotteryBonus: BONUS });
    await renderPage();
    expect(callsOf('lotteryBonus')).toHaveLength(1);

    const picker = screen.getByRole('combobox', { name: 'Game' }) as HTMLSelectElement;
    expect(picker.value).toBe('SSC1');
    expect([...picker.querySelectorAll('optgroup')].map((group) => [group.label, [...group.querySelectorAll('option')].map((option) => option.textContent)])).toEqual([
      ['SSC', ['1-minute SSC', '5-minute SSC']],
      ['Vietnam lottery', ['Vietnam Daily (house draw)']],
    ]);
    expect(seriesShown()).toEqual([
      ['Lowest series', '1800'],
      ['Highest bet series', '1960'],
      ['No-rebate series', '1960'],
    ]);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['5 stars', 'Fixed position']);
    const table = screen.getAllByRole('table')[0];
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Play', 'Odds', 'Rebate']);
    expect(groupsShown()).toEqual([
      ['5 stars', [['5-star direct', '196,000.00', '8%']]],
      ['Fixed position', [['Fixed position', '19.60', '8%']]],
    ]);
  });

  it('shows another game’s plays when it is picked, and a game without plays says so', async () => {
    stubApi({ lotteryBonus: BONUS });
    await renderPage();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Game' }), { target: { value: 'VNMB' } });
    });
    expect(seriesShown()).toEqual([
      ['Lowest series', '1850'],
      ['Highest bet series', '1900'],
      ['No-rebate series', '1950'],
    ]);
    expect(groupsShown()).toEqual([
      ['Lô', [['Lô 2 digits', '7.03 per hit', '5%']]],
      [
        'Xiên',
        [
          ['Xiên 2', '34.62', '5%'],
          ['Xiên 3', '1,544.97', '5%'],
        ],
      ],
    ]);

    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Game' }), { target: { value: 'SSC5' } });
    });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No plays for this game')).toBeTruthy();
  });

  it('shows the member’s own daily rebate rate of each game type above the lottery’s plays', async () => {
    const { callsOf } = stubApi({
      lotteryBonus: BONUS,
      customerRebateSetting: {
        mode: 'manual',
        vipLevel: 0,
        list: [
          { productType: 'lott', rebateValue: 0.5 },
          { productType: 'elott', rebateValue: 0.5 },
          { productType: 'rng', rebateValue: 0.8 },
          { productType: 'live', rebateValue: 0.6 },
          { productType: 'fish', rebateValue: 0.8 },
          { productType: 'pvp', rebateValue: 0.5 },
          { productType: 'sports', rebateValue: 0.55 },
        ],
        balanceDates: ['2026-11-27'],
      },
    });
    await renderPage();
    expect(callsOf('customerRebateSetting')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Daily betting rebate' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Lottery (this site)', '0.5%'],
      ['Lottery (partners)', '0.5%'],
      ['Slots', '0.8%'],
      ['Live casino', '0.6%'],
      ['Fishing', '0.8%'],
      ['Card games', '0.5%'],
      ['Sports', '0.55%'],
    ]);
    expect(screen.getByText(/claim it in Manual Rebate/)).toBeTruthy();
    // The lottery's plays follow, as before.
    expect(screen.getByRole('table', { name: '5 stars' })).toBeTruthy();
  });

  it('offers a retry when the odds cannot be loaded, and says when there is no game', async () => {
    let answer: StubValue<'lotteryBonus'> = new Error('offline');
    stubApi({ lotteryBonus: () => answer });
    await renderPage();
    expect(screen.getByText('The odds could not be loaded')).toBeTruthy();
    answer = [];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await settle();
    expect(screen.getByText('No lottery games available')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

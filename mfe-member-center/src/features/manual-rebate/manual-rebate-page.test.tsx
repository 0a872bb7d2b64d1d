import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CustomerRebateSetting, RebateDay, RebateDisbursed } from '@platform/contract';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import ManualRebatePage from './manual-rebate-page';

// Manual Rebate with the network edge stubbed: yesterday by default from the server's days, a row
// per product type (the site's lottery folded into the lottery row), a claim that sends exactly
// what remains, once however often it is pressed, the server's refusal in its own words, and the
// balance read again after money arrived.

const DATES = ['2026-11-27', '2026-11-26', '2026-11-25'];

const setting = (mode: 'manual' | 'auto' = 'manual'): CustomerRebateSetting => ({
  mode,
  vipLevel: 0,
  list: [
    { productType: 'lott', rebateValue: 0.5 },
    { productType: 'rng', rebateValue: 0.8 },
  ],
  balanceDates: DATES,
});

const day = (balanceDate: string, overrides: Partial<RebateDay> = {}): RebateDay => ({
  balanceDate,
  mode: 'manual',
  lottRemain: 0.05,
  elottRemain: 0.2,
  lotteryRemain: 0.25,
  fishRemain: 0.26,
  liveRemain: 1.5,
  pvpRemain: 0,
  rngRemain: 0.09,
  sportsRemain: 0.5,
  totalRemain: 2.6,
  totalPaid: 0,
  ...overrides,
});

const paid = (amount: number, balanceDate = DATES[0]): RebateDisbursed => ({ paid: amount, balance: 100 + amount, day: day(balanceDate, { totalPaid: amount }) });

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  renderWithProviders(<ManualRebatePage openPage={jest.fn()} />);
  await settle();
}

const rowsShown = () =>
  within(screen.getByRole('list')).getAllByRole('listitem').map((row) => [row.querySelector('span')?.textContent, row.querySelectorAll('span')[1]?.textContent, (row.querySelector('button') as HTMLButtonElement).disabled]);

const press = async (name: string | RegExp, within_: HTMLElement = document.body) => {
  await act(async () => {
    fireEvent.click(within(within_).getByRole('button', { name }));
  });
  await settle();
};

describe('Manual Rebate', () => {
  it('shows yesterday’s rebate by game type, the site’s lottery folded into the lottery row, with the day’s total', async () => {
    const { callsOf } = stubApi({ customerRebateSetting: setting(), rebateDay: (seen: CallOptionsSeen) => day(String(seen?.params?.balanceDate)) });
    await renderPage();
    const picker = screen.getByRole('combobox', { name: 'Day' }) as HTMLSelectElement;
    expect(picker.value).toBe('2026-11-27');
    expect([...picker.options].map((option) => option.textContent)).toEqual(['2026-11-27 (yesterday)', '2026-11-26', '2026-11-25']);
    expect(callsOf('rebateDay').map((seen) => seen?.params)).toEqual([{ balanceDate: '2026-11-27' }]);
    expect(rowsShown()).toEqual([
      ['Lottery', '৳0.25', false],
      ['Slots', '৳0.09', false],
      ['Live casino', '৳1.50', false],
      ['Fishing', '৳0.26', false],
      ['Card games', '৳0.00', true],
      ['Sports', '৳0.50', false],
    ]);
    expect(screen.getByTestId('rebate-total').textContent).toBe('৳2.60');
  });

  it('claims a row (the lottery row: both lotteries in one claim) with exactly what remains, says so and loads the day and the balance again', async () => {
    const { commands } = recordCommands('refreshBalance');
    let claimed = false;
    const { callsOf } = stubApi({
      customerRebateSetting: setting(),
      rebateDay: () => (claimed ? day(DATES[0], { lottRemain: 0, elottRemain: 0, lotteryRemain: 0, totalRemain: 2.35, totalPaid: 0.25 }) : day(DATES[0])),
      rebateDisburse: (seen: CallOptionsSeen) => {
        claimed = true;
        const body = seen?.data as { rebateAmount: number };
        return paid(body.rebateAmount);
      },
    });
    await renderPage();
    await press('Claim', screen.getByTestId('rebate-row-elott'));
    expect(callsOf('rebateDisburse').map((seen) => seen?.data)).toEqual([{ balanceDate: '2026-11-27', categories: ['lott', 'elott'], rebateAmount: 0.25 }]);
    expect(screen.getByRole('status').textContent).toBe('৳0.25 has been added to your wallet');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(callsOf('rebateDay')).toHaveLength(2);
    expect(rowsShown()[0]).toEqual(['Lottery', '৳0.00', true]);
    expect(screen.getByText('Already claimed for this day: ৳0.25')).toBeTruthy();
  });

  it('sends one claim for a double press, and the whole day’s total for Claim all', async () => {
    const { callsOf } = stubApi({ customerRebateSetting: setting(), rebateDay: () => day(DATES[0]), rebateDisburse: () => paid(2.6) });
    await renderPage();
    await act(async () => {
      const button = screen.getByRole('button', { name: 'Claim all' });
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle();
    expect(callsOf('rebateDisburse').map((seen) => seen?.data)).toEqual([{ balanceDate: '2026-11-27', rebateAmount: 2.6 }]);
    expect(screen.getByRole('status').textContent).toBe('৳2.60 has been added to your wallet');
  });

  it('shows the server’s refusal and moves no balance', async () => {
    const { commands } = recordCommands('refreshBalance');
    stubApi({
      customerRebateSetting: setting(),
      rebateDay: () => day(DATES[0]),
      rebateDisburse: () => apiFailure('rebate.amount.mismatch', 'The amount does not match the rebate remaining (1.40); refresh and try again', null, 409),
    });
    await renderPage();
    await press('Claim', screen.getByTestId('rebate-row-live'));
    expect(screen.getByRole('alert').textContent).toBe('The amount does not match the rebate remaining (1.40); refresh and try again');
    expect(commands).toEqual([]);
  });

  it('loads another day when it is picked, and says when a day cannot be read', async () => {
    const { callsOf } = stubApi({
      customerRebateSetting: setting(),
      rebateDay: (seen: CallOptionsSeen) =>
        seen?.params?.balanceDate === '2026-11-25' ? apiFailure('rebate.date.invalid', 'Choose one of the last 7 days', null, 400) : day(String(seen?.params?.balanceDate), { liveRemain: 3, totalRemain: 4.1 }),
    });
    await renderPage();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), { target: { value: '2026-11-26' } });
    });
    await settle();
    expect(callsOf('rebateDay').at(-1)?.params).toEqual({ balanceDate: '2026-11-26' });
    expect(rowsShown()[2]).toEqual(['Live casino', '৳3.00', false]);
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), { target: { value: '2026-11-25' } });
    });
    await settle();
    expect(screen.getByText('The rebate could not be loaded')).toBeTruthy();
  });

  it('tells a member of a merchant that pays it by itself that there is nothing to claim, and asks for no day', async () => {
    const { callsOf } = stubApi({ customerRebateSetting: setting('auto') });
    await renderPage();
    expect(screen.getByText('Your rebate is paid automatically')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(callsOf('rebateDay')).toHaveLength(0);
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { amountMinorOf, formatMoney } from '@platform/shared';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import type { LotteryGame } from '@platform/contract';
import { PLAYS, picksFromRows } from '@platform/lottery-rules';
import { roundOf, roundsFrom, SSC1 } from '../games/test-fixtures';
import { BetSlip } from './bet-slip';
import { addLine, lineOf, type SlipLine } from './slip';
import type { RoundView } from './use-round';

// The slip's chase plans with the network edge stubbed: each plan type's rounds in the table
// (round, multiple, stake, cost so far, and the profit of a win for the profit plan), the total,
// where a plan stops, and the order the page sends (chaseMultiples only when a factor is not 1).

const money = (minor: number) => formatMoney(amountMinorOf(minor));
const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;
const fiveStar = PLAYS.find((play) => play.code === 'SSC_5STAR_DIRECT')!;
/** As the server seeds its games: a bet wins at most 300 000.00. */
const GAME: LotteryGame = { ...SSC1, maxPrize: 300_000 };

let current = roundOf(SSC1, '20261127-0421', 40_000);

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
  current = roundOf(SSC1, '20261127-0421', 40_000);
});

afterEach(() => {
  jest.restoreAllMocks();
});

const roundView = (): RoundView => ({
  status: 'ready',
  error: null,
  now: Date.now(),
  offsetMs: 0,
  open: current,
  drawing: null,
  latestDraw: null,
  events: 'open',
  refresh: jest.fn(),
});

/** One digit (7) on the first position: 2.00, one winning ticket 19.00 at series 1900. */
const seven = () => addLine([], lineOf(position, picksFromRows([[7], [], [], [], []]), { mode: 1, series: 1900, multiple: 1 })!);

function stub() {
  return stubApi({
    lotteryNearNumeros: () => roundsFrom(SSC1, current, 121),
    lotteryBet: (options: CallOptionsSeen) => {
      const data = options?.data as { betCartAmountSum: string; chase: number };
      return { orderNo: 'L2026112700000B', amount: Number(data.betCartAmountSum), bets: Array.from({ length: data.chase + 1 }, (_, index) => ({ orderDetailId: 10 + index, numero: current.numero, amount: 2 })) };
    },
  });
}

async function renderSlip(lines: SlipLine[] = seven()) {
  const onPlaced = jest.fn();
  const view = renderWithProviders(<BetSlip game={GAME} round={roundView()} lines={lines} onRemove={jest.fn()} onClear={jest.fn()} onPlaced={onPlaced} onOrdersStale={jest.fn()} />);
  await settle();
  return { ...view, onPlaced };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};
const type = async (testId: string, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
  await settle();
};
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
const planRows = () => screen.getAllByTestId('chase-plan-row').map(cellsOf);

async function openChase(further: number) {
  await click(screen.getByTestId('chase-toggle'));
  await type('chase-count', String(further));
}

async function placeAndConfirm() {
  await click(screen.getByTestId('place-bet'));
  await click(within(screen.getByTestId('bet-confirm')).getByRole('button', { name: 'Place bet' }));
}

describe('the chase plan', () => {
  it('offers the three plans, and by default bets every round at the lines’ own multiples, sending no plan', async () => {
    const { callsOf } = stub();
    await renderSlip();
    await openChase(2);
    const kinds = within(screen.getByTestId('chase-plan')).getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-pressed')]);
    expect(kinds).toEqual([
      ['Same multiple', 'true'],
      ['Doubling', 'false'],
      ['Profit rate', 'false'],
    ]);
    expect(planRows()).toEqual([
      ['0421', '×1', money(200), money(200)],
      ['0422', '×1', money(200), money(400)],
      ['0423', '×1', money(200), money(600)],
    ]);
    expect(cellsOf(screen.getByTestId('chase-plan-total'))).toEqual(['Total', money(600)]);
    await placeAndConfirm();
    expect(callsOf('lotteryBet').map((options) => options?.data)).toEqual([
      { gameCode: 'SSC1', currentNumero: '20261127-0421', bettingSlipString: seven()[0].text, betCartAmountSum: '6.0000', chase: 2, winningStop: true, device: 'WEB' },
    ]);
    expect(callsOf('lotteryBet')[0]?.data).not.toHaveProperty('chaseMultiples');
  });

  it('同倍: bets every round at the chosen multiple, totals it, and sends the plan after a confirmation that says it', async () => {
    const { callsOf } = stub();
    const { onPlaced } = await renderSlip();
    await openChase(2);
    await type('plan-multiple', '3');
    expect(planRows()).toEqual([
      ['0421', '×3', money(600), money(600)],
      ['0422', '×3', money(600), money(1200)],
      ['0423', '×3', money(600), money(1800)],
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(1800)} for 3 rounds`);
    await click(screen.getByTestId('place-bet'));
    const dialog = screen.getByTestId('bet-confirm');
    expect(within(dialog).getByTestId('confirm-plan').textContent).toBe('Multiples by round: ×3 ×3 ×3');
    expect(dialog.textContent).toContain(`Total: ${money(1800)}`);
    await click(within(dialog).getByRole('button', { name: 'Place bet' }));
    expect(callsOf('lotteryBet')[0]?.data).toMatchObject({ betCartAmountSum: '18.0000', chase: 2, winningStop: true, chaseMultiples: [3, 3, 3] });
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  it('翻倍: starts at its multiple and multiplies it every k rounds', async () => {
    const { callsOf } = stub();
    await renderSlip();
    await openChase(5);
    await click(screen.getByTestId('plan-kind-double'));
    expect(screen.getByTestId('plan-kind-double').getAttribute('aria-pressed')).toBe('true');
    await type('plan-every', '2');
    await type('plan-factor', '3');
    expect(planRows().map((row) => row[1])).toEqual(['×1', '×1', '×3', '×3', '×9', '×9']);
    expect(cellsOf(screen.getByTestId('chase-plan-total'))).toEqual(['Total', money(200 * 26)]);
    await placeAndConfirm();
    expect(callsOf('lotteryBet')[0]?.data).toMatchObject({ betCartAmountSum: '52.0000', chase: 5, chaseMultiples: [1, 1, 3, 3, 9, 9] });
  });

  it('利润率: takes each round’s smallest multiple reaching the rate, shows the profit of a win, and says when the rate cannot be reached', async () => {
    const { callsOf } = stub();
    await renderSlip();
    await openChase(9);
    await click(screen.getByTestId('plan-kind-profit'));
    await type('plan-rate', '50');
    // 19.00 for 2.00 a round: × 1 while the cost so far is at most 10.66, then 2, 2, 2 and 3.
    expect(planRows()).toEqual([
      ['0421', '×1', money(200), money(200), money(1700)],
      ['0422', '×1', money(200), money(400), money(1500)],
      ['0423', '×1', money(200), money(600), money(1300)],
      ['0424', '×1', money(200), money(800), money(1100)],
      ['0425', '×1', money(200), money(1000), money(900)],
      ['0426', '×1', money(200), money(1200), money(700)],
      ['0427', '×2', money(400), money(1600), money(2200)],
      ['0428', '×2', money(400), money(2000), money(1800)],
      ['0429', '×2', money(400), money(2400), money(1400)],
      ['0430', '×3', money(600), money(3000), money(2700)],
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Round', 'Multiple', 'Stake', 'Paid', 'Profit if won']);
    await click(screen.getByTestId('place-bet'));
    // The confirmation says a long plan's first six multiples and its last.
    expect(screen.getByTestId('confirm-plan').textContent).toBe('Multiples by round: ×1 ×1 ×1 ×1 ×1 ×1 … ×3');
    await click(within(screen.getByTestId('bet-confirm')).getByRole('button', { name: 'Place bet' }));
    expect(callsOf('lotteryBet')[0]?.data).toMatchObject({ betCartAmountSum: '30.0000', chase: 9, chaseMultiples: [1, 1, 1, 1, 1, 1, 2, 2, 2, 3] });

    // 19.00 on 2.00 is 850 %: nothing reaches 900 %, and nothing can be placed.
    await openChase(9);
    await click(screen.getByTestId('plan-kind-profit'));
    await type('plan-rate', '900');
    expect(screen.getByTestId('plan-stopped').textContent).toBe('No multiple up to ×10000 returns 900 % on this slip. Choose a lower rate.');
    expect(screen.queryByTestId('chase-plan-table')).toBeNull();
    expect((screen.getByTestId('place-bet') as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops a plan at the round whose multiple the game’s cap would refuse, and bets the rounds before it only', async () => {
    const { callsOf } = stub();
    // One 5-star ticket pays 190 000.00: at × 2 it would pass the 300 000.00 a bet may win.
    await renderSlip(addLine([], lineOf(fiveStar, picksFromRows([[1], [2], [3], [4], [5]]), { mode: 1, series: 1900, multiple: 1 })!));
    await openChase(3);
    await click(screen.getByTestId('plan-kind-double'));
    expect(planRows().map((row) => row[1])).toEqual(['×1']);
    expect(screen.getByTestId('plan-stopped').textContent).toBe('Round 2 would need more than ×1, the most this slip may bet: the plan ends before it.');
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(200)}`);
    await placeAndConfirm();
    const sent = callsOf('lotteryBet')[0]?.data as Record<string, unknown>;
    expect(sent).toMatchObject({ betCartAmountSum: '2.0000', chase: 0, winningStop: false });
    expect(sent).not.toHaveProperty('chaseMultiples');

    // × 2 from the start cannot be bet at all.
    await openChase(3);
    await type('plan-multiple', '2');
    expect(screen.getByTestId('plan-stopped').textContent).toBe('This multiple is above ×1, the most this slip may bet. Choose a smaller one.');
    expect((screen.getByTestId('place-bet') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the chosen chase across a round change', () => {
  it('keeps the chosen rounds while no round is on sale and when the next opens, and shrinks them only to what the next round offers', async () => {
    let onSale = 121;
    stubApi({ lotteryNearNumeros: () => roundsFrom(SSC1, current, onSale) });
    const slip = (open: RoundView['open']) => (
      <BetSlip game={GAME} round={{ ...roundView(), open }} lines={seven()} onRemove={jest.fn()} onClear={jest.fn()} onPlaced={jest.fn()} onOrdersStale={jest.fn()} />
    );
    const { rerender } = await renderSlip();
    await openChase(2);
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(600)} for 3 rounds`);

    // Betting on 0421 has closed and 0422 has not opened yet: nothing is on sale, nothing is cut.
    rerender(slip(null));
    await settle();
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(600)} for 3 rounds`);

    // 0422 opens: the list is read again for it, and still has room for two more.
    current = roundOf(SSC1, '20261127-0422', 40_000);
    rerender(slip(current));
    await settle();
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(600)} for 3 rounds`);
    expect(planRows().map((row) => row[0])).toEqual(['0422', '0423', '0424']);

    // 0423 opens with one round after it on sale (the day's last ones): the chase shrinks to one.
    onSale = 2;
    current = roundOf(SSC1, '20261127-0423', 40_000);
    rerender(slip(current));
    await settle();
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(400)} for 2 rounds`);
    expect(planRows().map((row) => row[0])).toEqual(['0423', '0424']);
  });
});

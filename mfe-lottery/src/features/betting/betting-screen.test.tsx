import { act, fireEvent, screen, within } from '@testing-library/react';
import { amountMinorOf, formatMoney, i18n } from '@platform/shared';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { betRecordOf, drawOf, FakeEventSource, LOTT_GAMES, openedOf, pageOf, roundOf, roundsFrom, SSC1 } from '../games/test-fixtures';
import BettingScreen from './betting-screen';

// The betting page with the network edge stubbed (the API client's call, the browser's
// EventSource): the picker, the slip and the chase, the bet the page sends, what each refusal
// says, and today's orders.

const money = (minor: number) => formatMoney(amountMinorOf(minor));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let current = roundOf(SSC1, '20261127-0421', 40_000);
const previous = () => drawOf(SSC1, '20261127-0420', ['1', '2', '3', '4', '5']);

beforeEach(async () => {
  await resetTestState();
  setStatus();
  FakeEventSource.install();
  current = roundOf(SSC1, '20261127-0421', 40_000);
});

afterEach(() => {
  jest.restoreAllMocks();
  FakeEventSource.uninstall();
});

function stub(overrides: Record<string, unknown> = {}) {
  return stubApi({
    lotteryGames: LOTT_GAMES,
    lotteryOpenedNumero: () => openedOf(current, previous()),
    lotteryTodayOrders: pageOf([]),
    lotteryNearNumeros: () => roundsFrom(SSC1, current, 121),
    ...overrides,
  });
}

async function renderScreen(playType: string | null = null) {
  const view = renderWithProviders(<BettingScreen gameCode="SSC1" playType={playType} prizeMode="Lott" />, { route: '/lottery?gameCode=SSC1' });
  await settle();
  return view;
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};
const rows = () => screen.getAllByTestId('pick-row');
const pick = (rowIndex: number, value: number) => click(within(rows()[rowIndex]).getByRole('button', { name: String(value), pressed: false }));
const quick = (rowIndex: number, name: 'all' | 'big' | 'small' | 'odd' | 'even' | 'clear') => click(within(rows()[rowIndex]).getByTestId(`quick-${name}`));
const summary = () => screen.getByTestId('bet-summary').textContent;

/** One 5-star ticket: 1 2 3 4 5. */
async function pickOneTicket() {
  for (const [row, value] of [1, 2, 3, 4, 5].entries()) await pick(row, value);
}

async function placeAndConfirm() {
  await click(screen.getByTestId('place-bet'));
  await click(within(screen.getByTestId('bet-confirm')).getByRole('button', { name: 'Place bet' }));
}

describe('the betting page', () => {
  it('shows the game, the round on sale with its countdown, the latest result and the first play of the kind', async () => {
    stub();
    await renderScreen();
    expect(screen.getByRole('heading', { level: 2, name: '1-minute SSC' })).toBeTruthy();
    expect(screen.getByTestId('round-numero').textContent).toBe('Round 20261127-0421');
    expect(screen.getByTestId('round-status').textContent).toMatch(/^Closes in 00:(39|40)$/);
    expect(within(screen.getByTestId('latest-result')).getByRole('heading').textContent).toBe('Result of round 20261127-0420');
    expect(within(screen.getByTestId('draw-numbers')).getAllByRole('listitem').map((ball) => ball.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: '5-star direct', pressed: true })).toBeTruthy();
    expect(rows().map((row) => row.querySelector('legend')?.textContent)).toEqual(['Ten-thousands', 'Thousands', 'Hundreds', 'Tens', 'Units']);
    expect(FakeEventSource.latest().url).toBe('/lgw/draw/events?gameCode=SSC1');
  });

  it('opens the play the address names, by code or id', async () => {
    stub();
    await renderScreen('ssc_back3_group6');
    expect(screen.getByRole('button', { name: 'Back 3 group 6', pressed: true })).toBeTruthy();
    expect(rows()[0].querySelector('legend')?.textContent).toBe('Numberspick at least 3');
  });

  it('counts tickets and cost as numbers are picked with the quick buttons, the money mode and the multiple', async () => {
    stub();
    await renderScreen();
    expect(summary()).toBe(`0 tickets · ${money(0)}`);
    await quick(0, 'all');
    expect(screen.getByTestId('bet-hint').textContent).toBe('Thousands: pick at least 1.');
    await quick(1, 'big');
    await quick(2, 'odd');
    await quick(3, 'even');
    await quick(4, 'small');
    expect(within(rows()[1]).getAllByRole('button', { pressed: true }).map((button) => button.textContent)).toEqual(['5', '6', '7', '8', '9']);
    expect(within(rows()[2]).getAllByRole('button', { pressed: true }).map((button) => button.textContent)).toEqual(['1', '3', '5', '7', '9']);
    expect(within(rows()[4]).getAllByRole('button', { pressed: true }).map((button) => button.textContent)).toEqual(['0', '1', '2', '3', '4']);
    // 10 × 5 × 5 × 5 × 5 tickets of 2 units.
    expect(summary()).toBe(`6250 tickets · ${money(6250 * 200)}`);

    await quick(0, 'clear');
    expect(summary()).toBe(`0 tickets · ${money(0)}`);
    await pick(0, 7);
    expect(summary()).toBe(`625 tickets · ${money(625 * 200)}`);

    await click(screen.getByTestId('money-mode-2'));
    expect(summary()).toBe(`625 tickets · ${money(625 * 20)}`);
    await click(screen.getByRole('button', { name: 'Raise the multiple' }));
    expect(summary()).toBe(`625 tickets · ${money(625 * 20 * 2)}`);
    // 5-star direct at 1900: 200 000 × 0.95 = 190 000 per ticket, ×0.1 (角), ×2; rebate (1960 − 1900) / 2000.
    expect(screen.getByTestId('bet-prize').textContent).toBe(`Prize per winning ticket ${money(3_800_000)} · Rebate 3%`);
    fireEvent.change(screen.getByTestId('bet-series'), { target: { value: '1800' } });
    await settle();
    expect(screen.getByTestId('bet-prize').textContent).toBe(`Prize per winning ticket ${money(3_600_000)} · Rebate 8%`);
    expect([...(screen.getByTestId('bet-series') as HTMLSelectElement).options].map((option) => option.value)).toEqual(
      ['1800', '1810', '1820', '1830', '1840', '1850', '1860', '1870', '1880', '1890', '1900', '1910', '1920', '1930', '1940', '1950', '1960'],
    );
  });

  it('adds lines to the slip, removes them, and totals one round and a chase', async () => {
    stub();
    await renderScreen();
    expect(screen.getByTestId('slip-empty')).toBeTruthy();
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    // The picker starts over for the next line.
    expect(summary()).toBe(`0 tickets · ${money(0)}`);

    await click(screen.getByRole('tab', { name: 'Fixed position' }));
    await pick(0, 1);
    await pick(4, 8);
    await pick(4, 9);
    await click(screen.getByRole('button', { name: 'Raise the multiple' }));
    await click(screen.getByTestId('add-to-slip'));

    const lines = screen.getAllByTestId('slip-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      `5-star directTen-thousands: 1 | Thousands: 2 | Hundreds: 3 | Tens: 4 | Units: 51 ticket · ×1 · Unit ×1 · series 1900${money(200)}×`,
      `Fixed positionTen-thousands: 1 | Units: 8,93 tickets · ×2 · Unit ×1 · series 1900${money(1200)}×`,
    ]);
    expect(screen.getByTestId('slip-total').textContent).toBe(`2 lines, 4 tickets: ${money(1400)}`);
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(1400)}`);

    await click(screen.getByTestId('chase-toggle'));
    expect(screen.getByTestId('chase-range').textContent).toBe('Up to 120 further rounds');
    for (let round = 0; round < 3; round += 1) await click(screen.getByRole('button', { name: 'One round more' }));
    expect(screen.getByTestId('chase-range').textContent).toBe('Rounds 20261127-0422 to 20261127-0424');
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(1400 * 4)} for 4 rounds`);

    await click(within(screen.getAllByTestId('slip-line')[0]).getByTestId('slip-remove'));
    expect(screen.getAllByTestId('slip-line')).toHaveLength(1);
    expect(screen.getByTestId('slip-total').textContent).toBe(`1 line, 3 tickets: ${money(1200)}`);
    expect(screen.getByTestId('order-total').textContent).toBe(`Total ${money(1200 * 4)} for 4 rounds`);
  });

  it('counts one ticket and one line in the singular, in every translation set', async () => {
    stub();
    await renderScreen();
    await pickOneTicket();
    expect(summary()).toBe(`1 ticket · ${money(200)}`);
    await click(screen.getByTestId('add-to-slip'));
    expect(screen.getByTestId('slip-total').textContent).toBe(`1 line, 1 ticket: ${money(200)}`);
    try {
      // CN has no plural forms; i18next asks its rules under the set's code, which Intl reads as English.
      await act(async () => {
        await i18n.changeLanguage('CN');
      });
      expect(screen.getByTestId('slip-total').textContent).toBe(`1 笔，1 注：${money(200)}`);
    } finally {
      await act(async () => {
        await i18n.changeLanguage('EN');
      });
    }
  });

  it('asks a visitor to log in before betting', async () => {
    const { callsOf } = stub();
    const { commands } = recordCommands('openLogin');
    await renderScreen();
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    await click(screen.getByTestId('place-bet'));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(screen.queryByTestId('bet-confirm')).toBeNull();
    expect(callsOf('lotteryBet')).toEqual([]);
  });

  it('sends the slip, its amount in major units with four decimals, the chase and an Idempotency-Key, after a confirmation', async () => {
    logIn();
    let attempts = 0;
    const { callsOf } = stub({
      lotteryBet: (options: CallOptionsSeen) => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('network.error', 'Network error', null, 0);
        const data = options?.data as { betCartAmountSum: string };
        return { orderNo: 'L2026112700000A', amount: Number(data.betCartAmountSum), bets: [{ orderDetailId: 9, numero: current.numero, amount: 2 }] };
      },
    });
    await renderScreen();
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    await click(screen.getByTestId('chase-toggle'));
    await click(screen.getByRole('button', { name: 'One round more' }));
    await click(screen.getByRole('button', { name: 'One round more' }));
    expect((screen.getByTestId('chase-winning-stop') as HTMLInputElement).checked).toBe(true);

    await click(screen.getByTestId('place-bet'));
    const dialog = screen.getByTestId('bet-confirm');
    expect(dialog.textContent).toContain('1-minute SSC, round 20261127-0421');
    expect(dialog.textContent).toContain(`1 line, 1 ticket: ${money(200)} per round`);
    expect(dialog.textContent).toContain('Chase: 2 further rounds, stopping when a bet wins');
    expect(dialog.textContent).toContain(`Total: ${money(600)}`);
    expect(callsOf('lotteryBet')).toEqual([]);
    await click(within(dialog).getByRole('button', { name: 'Place bet' }));

    // The answer was lost: the member places the same order again, under the same key.
    expect(screen.getByTestId('bet-error').textContent).toContain('We could not confirm your bet.');
    await placeAndConfirm();
    const sent = callsOf('lotteryBet');
    expect(sent.map((options) => options?.data)).toEqual([
      { gameCode: 'SSC1', currentNumero: '20261127-0421', bettingSlipString: '1_2_3_4_5~1~1001~1~1900~1', betCartAmountSum: '6.0000', chase: 2, winningStop: true, device: 'WEB' },
      { gameCode: 'SSC1', currentNumero: '20261127-0421', bettingSlipString: '1_2_3_4_5~1~1001~1~1900~1', betCartAmountSum: '6.0000', chase: 2, winningStop: true, device: 'WEB' },
    ]);
    const keyOf = (options: CallOptionsSeen) => options?.headers?.['Idempotency-Key'];
    expect(keyOf(sent[0])).toMatch(UUID);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    expect(screen.getByTestId('bet-placed').textContent).toBe(`Bet placed: order L2026112700000A, ${money(600)}.`);
    expect(screen.getByTestId('slip-empty')).toBeTruthy();
    // Today's orders are read again; the header's balance follows the server's push (no balance call here).
    expect(callsOf('lotteryTodayOrders').length).toBeGreaterThanOrEqual(2);

    // The next order, even the same slip, is another one: a new key, and no chase unless chosen again.
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    await placeAndConfirm();
    const third = callsOf('lotteryBet')[2];
    expect(third?.data).toMatchObject({ chase: 0, winningStop: false, betCartAmountSum: '2.0000' });
    expect(keyOf(third)).not.toBe(keyOf(sent[0]));
  });

  it('says betting on the round has closed and shows the next round, keeping the slip', async () => {
    logIn();
    const { callsOf } = stub({
      lotteryBet: () => {
        current = roundOf(SSC1, '20261127-0422', 60_000);
        throw apiFailure('lottery.round.closed', 'Betting on this round has closed', null, 409);
      },
    });
    await renderScreen();
    const readsBefore = callsOf('lotteryOpenedNumero').length;
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    await placeAndConfirm();
    expect(screen.getByTestId('bet-error').textContent).toBe(
      'Betting on that round has closed. The page now shows the next round: check your slip and place it again.',
    );
    expect(callsOf('lotteryOpenedNumero').length).toBe(readsBefore + 1);
    expect(screen.getByTestId('round-numero').textContent).toBe('Round 20261127-0422');
    expect(screen.getAllByTestId('slip-line')).toHaveLength(1);
  });

  it('says the balance is short and offers the deposit page', async () => {
    logIn();
    stub({ lotteryBet: apiFailure('lottery.insufficient.funds', 'Insufficient balance', null, 409) });
    const { commands } = recordCommands('openMemberCenter');
    await renderScreen();
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    await placeAndConfirm();
    expect(within(screen.getByTestId('bet-error')).getByText('Your balance does not cover this bet. Nothing was placed.')).toBeTruthy();
    await click(screen.getByTestId('bet-deposit'));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'depositv2' }]);
  });

  it.each([
    ['lottery.slip.invalid', 'A line of the slip is not a valid bet: line 1: picks are not a bet'],
    ['lottery.series.invalid', "The prize series of a line is outside this game's range."],
    ['lottery.amount.mismatch', "The slip's total has changed. Check it and place the bet again."],
    ['lottery.chase.invalid', 'The chase goes beyond the rounds on sale. Choose fewer rounds.'],
    ['lottery.game.unknown', 'This game is not available any more.'],
    ['lottery.round.unknown', 'This round is not on sale. The page now shows the round on sale.'],
    ['wallet.idempotency.key.conflict', 'This order was already sent with other content. Place the bet again.'],
  ])('explains %s in the player\'s language', async (errorCode, message) => {
    logIn();
    stub({ lotteryBet: apiFailure(errorCode, 'line 1: picks are not a bet', null, 400) });
    await renderScreen();
    await pickOneTicket();
    await click(screen.getByTestId('add-to-slip'));
    await placeAndConfirm();
    expect(screen.getByTestId('bet-error').textContent).toBe(message);
  });

  it('shows a pushed draw of the round, reads today\'s orders again (wins appear), and closes the stream when it leaves', async () => {
    logIn();
    let won = false;
    const { callsOf } = stub({
      lotteryTodayOrders: () => pageOf([betRecordOf(SSC1, won ? { status: 'won', winAmount: 1900, cancellable: false } : {})]),
    });
    const view = await renderScreen();
    expect(screen.getByTestId('order-status').textContent).toBe('Open');
    const reads = callsOf('lotteryTodayOrders').length;
    won = true;
    await act(async () => {
      FakeEventSource.latest().emit('draw', drawOf(SSC1, '20261127-0421', ['9', '8', '7', '6', '5'], { drawTime: Date.now() }));
    });
    await settle();
    expect(within(screen.getByTestId('latest-result')).getByRole('heading').textContent).toBe('Result of round 20261127-0421');
    expect(within(screen.getByTestId('draw-numbers')).getAllByRole('listitem').map((ball) => ball.textContent)).toEqual(['9', '8', '7', '6', '5']);
    expect(callsOf('lotteryTodayOrders').length).toBe(reads + 1);
    expect(screen.getByTestId('order-status').textContent).toBe(`Won ${money(190_000)}`);

    // Another game's draw, or a broken message, changes nothing.
    await act(async () => {
      FakeEventSource.latest().emit('draw', drawOf({ ...SSC1, gameCode: 'SSC5' }, '20261127-0099', ['0', '0', '0', '0', '0'], { drawTime: Date.now() + 5000 }));
      FakeEventSource.latest().emit('draw', '{not json');
    });
    expect(within(screen.getByTestId('draw-numbers')).getAllByRole('listitem').map((ball) => ball.textContent)).toEqual(['9', '8', '7', '6', '5']);

    const source = FakeEventSource.latest();
    view.unmount();
    expect(source.closed).toBe(true);
  });

  it('reads the round again when the draw stream comes back after a failure (a draw may have been missed)', async () => {
    const { callsOf } = stub();
    await renderScreen();
    const source = FakeEventSource.latest();
    await act(async () => source.onopen?.());
    const reads = callsOf('lotteryOpenedNumero').length;
    await act(async () => source.onerror?.());
    await act(async () => source.onopen?.());
    await settle();
    expect(callsOf('lotteryOpenedNumero').length).toBe(reads + 1);
  });

  it('cancels a bet whose round is on sale, after a confirmation, and says what came back', async () => {
    logIn();
    let cancelled = false;
    const { callsOf } = stub({
      lotteryTodayOrders: () => pageOf([betRecordOf(SSC1, cancelled ? { status: 'cancelled', cancellable: false } : {})]),
      lotteryCancelBet: () => {
        cancelled = true;
        return { orderDetailId: 501, refunded: 2 };
      },
    });
    await renderScreen();
    const order = screen.getByTestId('order-row');
    expect(order.textContent).toContain('5-star direct');
    expect(order.textContent).toContain('Round 20261127-0421');
    await click(within(order).getByTestId('order-cancel'));
    expect(screen.getByTestId('cancel-confirm').textContent).toContain(`Cancel your bet of ${money(200)} on round 20261127-0421?`);
    await click(within(screen.getByTestId('cancel-confirm')).getByRole('button', { name: 'Cancel bet' }));
    expect(callsOf('lotteryCancelBet').map((options) => options?.data)).toEqual([{ orderDetailId: 501, lottoArea: 'LOTT' }]);
    expect(screen.getByTestId('cancel-done').textContent).toBe(`Bet cancelled: ${money(200)} returned to your wallet.`);
    expect(screen.getByTestId('order-status').textContent).toBe('Cancelled');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });

  it('says when a bet can no longer be cancelled', async () => {
    logIn();
    stub({ lotteryTodayOrders: pageOf([betRecordOf(SSC1)]), lotteryCancelBet: apiFailure('lottery.bet.not_cancellable', 'closed', null, 409) });
    await renderScreen();
    await click(screen.getByTestId('order-cancel'));
    await click(within(screen.getByTestId('cancel-confirm')).getByRole('button', { name: 'Cancel bet' }));
    expect(screen.getByTestId('cancel-error').textContent).toBe('This bet can no longer be cancelled: its round has closed or it is settled.');
  });

  it('says when the game does not exist', async () => {
    stub();
    renderWithProviders(<BettingScreen gameCode="NOPE" playType={null} prizeMode="Lott" />, { route: '/lottery?gameCode=NOPE' });
    await settle();
    expect(screen.getByText('This game is not available.')).toBeTruthy();
    expect(screen.getByTestId('back-to-lobby').getAttribute('href')).toBe('/lottery');
  });
});

describe('the round on the server clock', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 27, 4, 20, 30), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const tick = async (ms: number) => {
    await act(async () => {
      jest.advanceTimersByTime(ms);
    });
    await settle();
  };

  it('counts down on the server clock, says betting has closed, then reads the next round', async () => {
    // The device is 5 minutes behind the server: the countdown follows the server.
    const serverNow = Date.now() + 300_000;
    current = roundOf(SSC1, '20261127-0421', 3000, serverNow);
    let reads = 0;
    stub({
      lotteryOpenedNumero: () => {
        reads += 1;
        const now = Date.now() + 300_000;
        return openedOf(now < current.closeTime ? current : roundOf(SSC1, '20261127-0422', 60_000, current.closeTime), previous(), now);
      },
    });
    await renderScreen();
    expect(screen.getByTestId('round-status').textContent).toBe('Closes in 00:03');
    await tick(1000);
    expect(screen.getByTestId('round-status').textContent).toBe('Closes in 00:02');
    await tick(2000);
    // Closed: the page reads the round again and shows the next one.
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('round-numero').textContent).toBe('Round 20261127-0422');
    expect(screen.getByTestId('round-status').textContent).toMatch(/^Closes in 01:0[0-3]$/);
    expect(screen.getByTestId('round-drawing').textContent).toMatch(/^Round 20261127-0421 draws in 00:0[0-5]$/);
  });

  it('without the draw stream, reads the round again at the draw time of the closed round', async () => {
    FakeEventSource.uninstall();
    const serverNow = Date.now();
    current = roundOf(SSC1, '20261127-0421', 1000, serverNow);
    let drawn = false;
    stub({
      lotteryOpenedNumero: () => {
        const now = Date.now();
        const closed = now >= current.closeTime;
        const next = roundOf(SSC1, '20261127-0422', 60_000, current.closeTime);
        drawn = now >= current.drawTime;
        return openedOf(closed ? next : current, drawn ? drawOf(SSC1, '20261127-0421', ['4', '4', '4', '4', '4'], { drawTime: current.drawTime }) : previous(), now);
      },
    });
    await renderScreen();
    await tick(1500);
    expect(screen.getByTestId('round-drawing').textContent).toMatch(/draws in/);
    await tick(5000);
    await tick(3000);
    expect(drawn).toBe(true);
    expect(screen.queryByTestId('round-drawing')).toBeNull();
    expect(within(screen.getByTestId('latest-result')).getByRole('heading').textContent).toBe('Result of round 20261127-0421');
  });
});

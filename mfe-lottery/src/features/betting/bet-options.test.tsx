import { screen } from '@testing-library/react';
import { amountMinorOf, formatMoney } from '@platform/shared';
import { PLAYS, picksFromRows } from '@platform/lottery-rules';
import { renderWithProviders, resetTestState, settle } from '@platform/shared/testing';
import { SSC1 } from '../games/test-fixtures';
import { BetOptions, type BetOptionsValue } from './bet-options';

// The prize the bet options show is the one the server pays: one winning ticket rounded once at
// the multiple, and the game's cap on one bet, with a warning when a ticket would pass it (the
// server refuses such a bet).

const money = (minor: number) => formatMoney(amountMinorOf(minor));
const play = (code: string) => PLAYS.find((candidate) => candidate.code === code)!;

beforeEach(async () => {
  await resetTestState();
});

async function show(code: string, value: BetOptionsValue, maxPrize = 300_000, picks: readonly bigint[] = []) {
  renderWithProviders(<BetOptions game={{ ...SSC1, maxPrize }} play={play(code)} picks={picks} value={value} onChange={() => undefined} />);
  await settle();
}

it('shows the 分-mode prize rounded once at the multiple: 一帆风顺 at 1800 × 100 pays 4.39, not 4 分 × 100', async () => {
  await show('SSC_5STAR_ANY1', { mode: 3, series: 1800, multiple: 100 });
  expect(screen.getByTestId('bet-prize').textContent).toBe(`Prize per winning ticket ${money(439)} · Rebate 8%`);
  expect(screen.getByTestId('bet-prize-cap').textContent).toBe(`A bet wins at most ${money(30_000_000)}`);
});

it('warns before the bet is placed when one winning ticket would pass the cap', async () => {
  // 五星直选 at 1900 × 2: 380,000.00 > 300,000.00.
  await show('SSC_5STAR_DIRECT', { mode: 1, series: 1900, multiple: 2 });
  expect(screen.getByRole('alert').textContent).toBe(`One winning ticket would pay more than the most a bet may win (${money(30_000_000)}): lower the multiple or the money mode`);
});

it('shows both prizes of Mark Six 三中二, 中二 and 中三 = 5 × 中二, and holds the 中三 ticket to the cap', async () => {
  // At 1900: 中二 190 × 18424/745 = 46.98, 中三 234.90; with a cap of 300.00 a multiple of 2 (中三 469.80) is over it.
  await show('LHC_THREE_TWO', { mode: 1, series: 1900, multiple: 1 }, 300);
  expect(screen.getByTestId('bet-prize').textContent).toBe(`Prize if 2 in ${money(4698)} · Prize if 3 in ${money(23_490)} · Rebate 3%`);
  expect(screen.queryByRole('alert')).toBeNull();
});

it('warns when the 三中二 中三 ticket alone would pass the cap, though 中二 would not', async () => {
  await show('LHC_THREE_TWO', { mode: 1, series: 1900, multiple: 2 }, 300);
  expect(screen.getByRole('alert').textContent).toContain(money(30_000));
});

it('prices Mark Six 过关 by its legs: no prize until they make a bet, then the bet\'s own', async () => {
  await show('LHC_PARLAY2', { mode: 1, series: 1900, multiple: 1 }, 300_000, picksFromRows([[0], [], [], [], [], []]));
  expect(screen.getByTestId('bet-prize').textContent).toBe('The prize depends on the legs: pick one on as many positions as the play has · Rebate 3%');
});

it('shows a 过关 bet\'s own prize: 大 + 大 (P 25/98) pays 7.44 at 1900, 大 + 小 (P 13/49) 7.16', async () => {
  await show('LHC_PARLAY2', { mode: 1, series: 1900, multiple: 1 }, 300_000, picksFromRows([[0], [0], [], [], [], []]));
  expect(screen.getByTestId('bet-prize').textContent).toBe(`Prize per winning ticket ${money(744)} · Rebate 3%`);
});

it('shows the other 过关 bet\'s prize', async () => {
  await show('LHC_PARLAY2', { mode: 1, series: 1900, multiple: 1 }, 300_000, picksFromRows([[0], [], [], [], [], [1]]));
  expect(screen.getByTestId('bet-prize').textContent).toBe(`Prize per winning ticket ${money(716)} · Rebate 3%`);
});

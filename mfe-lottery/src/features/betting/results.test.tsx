import { createHash } from 'node:crypto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import type { LotteryGame } from '@platform/contract';
import { drawOf, FakeEventSource, LHC5, LOTT_GAMES, openedOf, pageOf, roundOf, roundsFrom, SSC1, VN_GAMES, VNMB } from '../games/test-fixtures';
import BettingScreen from './betting-screen';

// What a player sees of draws: Mark Six balls in their colours with their zodiac, the 27 prizes of
// the northern Vietnam lottery and the 18 of the southern and central ones, and the results
// history whose "verify" recomputes a round in the browser.

const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const SEED_HASH = createHash('sha256').update(SEED, 'utf8').digest('hex');
/** The round's sales hash (the draw's key is seed:salesHash; its numbers pinned in verify-draw.test.ts). */
const SALES_HASH = createHash('sha256').update('SSC1-20261127-0421', 'utf8').digest('hex');
const VN_NUMBERS = ['31763', '05433', '00259', '27518', '28720', '14940', '13646', '56270', '91748', '40140', '9477', '2065', '5083', '2255', '5703', '9263', '6365', '7093', '4222', '2074', '249', '147', '287', '44', '10', '61', '41'];

beforeEach(async () => {
  await resetTestState();
  setStatus();
  FakeEventSource.install();
});

afterEach(() => {
  jest.restoreAllMocks();
  FakeEventSource.uninstall();
});

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};

it('shows Mark Six balls in their colour with their zodiac (2026 map: 1 is the horse), the special number last', async () => {
  const current = roundOf(LHC5, '20261127-101', 60_000);
  stubApi({
    lotteryGames: LOTT_GAMES,
    lotteryOpenedNumero: openedOf(current, drawOf(LHC5, '20261127-100', ['41', '38', '34', '42', '22', '14', '29'])),
    lotteryNearNumeros: roundsFrom(LHC5, current, 3),
  });
  renderWithProviders(<BettingScreen gameCode="LHC5" playType={null} prizeMode="Lott" />);
  await settle();
  const balls = within(screen.getByTestId('draw-numbers')).getAllByRole('listitem');
  expect(balls.map((ball) => [ball.textContent, ball.getAttribute('data-colour')])).toEqual([
    ['41Tiger', 'blue'],
    ['38Snake', 'green'],
    ['34Rooster', 'red'],
    ['42Ox', 'blue'],
    ['22Rooster', 'green'],
    ['14Snake', 'blue'],
    ['29Tiger', 'red'],
  ]);
  // The picker's numbers 01-49 carry their colour too.
  expect(screen.getByRole('button', { name: 'Special number', pressed: true })).toBeTruthy();
  expect(screen.getAllByTestId('pick-value').map((button) => button.textContent).slice(0, 3)).toEqual(['01', '02', '03']);
});

/** A southern province's game (kind VN18: 18 prizes), as the server seeds TP. Hồ Chí Minh's. */
const XSMNHCM: LotteryGame = { ...VNMB, gameId: 15, gameCode: 'XSMNHCM', gameName: 'Southern: Ho Chi Minh City', kind: 'VN18', gameGroupCode: 'VNS', closeSeconds: 900 };
/** Its numbers, special prize first (the server's order). */
const VN18_NUMBERS = ['385172', '40972', '18305', '62172', '09415', '83540', '27718', '05526', '91363', '44809', '30251', '76637', '1805', '4472', '0926', '7390', '618', '05'];

it('shows the 18 prizes of a southern draw as its result is printed, G8 at the top down to ĐB, and its lô paid per hit', async () => {
  const current = roundOf(XSMNHCM, '20261130', 3_600_000);
  stubApi({
    lotteryGames: [...VN_GAMES, XSMNHCM],
    lotteryOpenedNumero: openedOf(current, drawOf(XSMNHCM, '20261128', VN18_NUMBERS)),
    lotteryNearNumeros: [current],
  });
  renderWithProviders(<BettingScreen gameCode="XSMNHCM" playType={null} prizeMode="SEA" />, { route: '/vnlottery?gameCode=XSMNHCM' });
  await settle();
  const table = screen.getByTestId('vn-prize-table');
  expect(table.getAttribute('data-kind')).toBe('VN18');
  const rows = within(table).getAllByRole('row').map((row) => [row.querySelector('th')?.textContent, [...row.querySelectorAll('td span span')].map((cell) => cell.textContent)]);
  expect(rows).toEqual([
    ['8th (G8)', ['05']],
    ['7th (G7)', ['618']],
    ['6th (G6)', ['4472', '0926', '7390']],
    ['5th (G5)', ['1805']],
    ['4th (G4)', ['83540', '27718', '05526', '91363', '44809', '30251', '76637']],
    ['3rd (G3)', ['62172', '09415']],
    ['2nd (G2)', ['18305']],
    ['1st (G1)', ['40972']],
    ['Special (ĐB)', ['385172']],
  ]);
  // The special prize stands out, as in the northern table.
  expect(within(table).getByText('385172').parentElement?.className).toMatch(/vnSpecial/);

  // Its first play is lô 2 số over the 18 endings, on the 00-99 grid, paid per hit.
  expect(screen.getAllByTestId('pick-value')).toHaveLength(100);
  await click(screen.getByTestId('quick-random'));
  expect(screen.getByTestId('bet-prize').textContent).toMatch(/^Prize per hit /);
});

it('shows the 27 prizes of a northern Vietnam draw, ĐB first, and takes 3 càng as typed numbers', async () => {
  const current = roundOf(VNMB, '20261128', 3_600_000);
  const { callsOf } = stubApi({
    lotteryGames: VN_GAMES,
    lotteryOpenedNumero: openedOf(current, drawOf(VNMB, '20261127', VN_NUMBERS)),
    lotteryNearNumeros: roundsFrom(VNMB, { ...current, numero: '20261128-01' }, 3),
  });
  renderWithProviders(<BettingScreen gameCode="VNMB" playType={null} prizeMode="SEA" />, { route: '/vnlottery?gameCode=VNMB' });
  await settle();
  expect(callsOf('lotteryGames')[0]?.params).toMatchObject({ prizeMode: 'SEA' });
  const table = screen.getByTestId('vn-prize-table');
  const rows = within(table).getAllByRole('row').map((row) => [row.querySelector('th')?.textContent, [...row.querySelectorAll('td span span')].map((cell) => cell.textContent)]);
  expect(rows).toEqual([
    ['Special (ĐB)', ['31763']],
    ['1st (G1)', ['05433']],
    ['2nd (G2)', ['00259', '27518']],
    ['3rd (G3)', ['28720', '14940', '13646', '56270', '91748', '40140']],
    ['4th (G4)', ['9477', '2065', '5083', '2255']],
    ['5th (G5)', ['5703', '9263', '6365', '7093', '4222', '2074']],
    ['6th (G6)', ['249', '147', '287']],
    ['7th (G7)', ['44', '10', '61', '41']],
  ]);

  // Lô: the 00-99 grid, with a random quick pick.
  expect(screen.getByRole('button', { name: 'Lô (2 digits)', pressed: true })).toBeTruthy();
  expect(screen.getAllByTestId('pick-value')).toHaveLength(100);
  await click(screen.getByTestId('quick-random'));
  expect(screen.getAllByRole('button', { pressed: true }).filter((button) => button.getAttribute('data-testid') === 'pick-value')).toHaveLength(1);
  expect(screen.getByTestId('bet-prize').textContent).toMatch(/^Prize per hit /);

  // 3 càng: typed numbers, 000-999.
  await click(screen.getByRole('tab', { name: 'Càng' }));
  expect(screen.queryAllByTestId('pick-value')).toHaveLength(0);
  fireEvent.change(screen.getByTestId('typed-numbers'), { target: { value: '123, 045 7 1000' } });
  await click(screen.getByTestId('typed-numbers-add'));
  expect(screen.getByRole('alert').textContent).toBe('Not valid: 1000 (numbers of at most 3 digits)');
  expect(screen.getByRole('list', { name: 'Picked numbers' }).textContent).toBe('007 ×045 ×123 ×');
  expect(screen.getByTestId('bet-summary').textContent).toMatch(/^3 tickets · /);
  await click(screen.getByRole('button', { name: 'Remove 045' }));
  expect(screen.getByTestId('bet-summary').textContent).toMatch(/^2 tickets · /);
  await click(screen.getByTestId('add-to-slip'));
  expect(screen.getByTestId('slip-line').textContent).toContain('3 càng007,123');
});

it('lists past draws and verifies a round in the browser: match, and mismatch for a tampered one', async () => {
  const current = roundOf(SSC1, '20261127-0422', 40_000);
  const good = drawOf(SSC1, '20261127-0421', ['1', '5', '7', '2', '9'], { serverSeed: SEED, serverSeedHash: SEED_HASH, salesHash: SALES_HASH });
  const tampered = drawOf(SSC1, '20261127-0421', ['1', '5', '7', '2', '8'], { serverSeed: SEED, serverSeedHash: SEED_HASH, salesHash: SALES_HASH });
  let pages = 0;
  const { callsOf } = stubApi({
    lotteryGames: LOTT_GAMES,
    lotteryOpenedNumero: openedOf(current, good),
    lotteryNearNumeros: roundsFrom(SSC1, current, 3),
    lotteryDraws: () => {
      pages += 1;
      return pages === 1 ? pageOf([good, drawOf(SSC1, '20261127-0420', [], { state: 'void', serverSeed: null, voidReason: 'no draw' })]) : pageOf([tampered]);
    },
  });
  renderWithProviders(<BettingScreen gameCode="SSC1" playType={null} prizeMode="Lott" />);
  await settle();
  expect(callsOf('lotteryDraws')).toEqual([]);
  await click(screen.getByTestId('history-toggle'));
  expect(callsOf('lotteryDraws')[0]?.params).toEqual({ gameCode: 'SSC1', page: 1, size: 10 });
  const [first, voided] = screen.getAllByTestId('history-row');
  expect(voided.textContent).toContain('Round 20261127-0420 was void');
  expect(within(voided).queryByTestId('history-verify')).toBeNull();

  await click(within(first).getByTestId('history-verify'));
  // The verification's chunk, then WebCrypto: both asynchronous.
  const dialog = await screen.findByTestId('verify-dialog');
  expect((await within(dialog).findByTestId('verify-result', {}, { timeout: 5000 })).textContent).toBe('Match: the draw is what the seed gives.');
  expect(within(dialog).getByTestId('verify-hash').getAttribute('data-ok')).toBe('true');
  expect(within(dialog).getByTestId('verify-numbers').getAttribute('data-ok')).toBe('true');
  // The sales hash the numbers were drawn with is shown, with what it is.
  expect(within(dialog).getByTestId('verify-sales-hash').textContent).toBe(SALES_HASH);
  expect(dialog.textContent).toContain('SHA-256 of every bet accepted for the round');
  await click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);

  // A draw arrives: the history is read again; this time the published numbers were tampered with.
  await act(async () => {
    FakeEventSource.latest().emit('draw', drawOf(SSC1, '20261127-0422', ['0', '0', '0', '0', '0'], { drawTime: Date.now() }));
  });
  await settle();
  expect(callsOf('lotteryDraws')).toHaveLength(2);
  await click(within(screen.getByTestId('history-row')).getByTestId('history-verify'));
  expect((await screen.findByTestId('verify-result', {}, { timeout: 5000 })).textContent).toBe('Mismatch: the published draw is not what the seed gives.');
  expect(screen.getByTestId('verify-hash').getAttribute('data-ok')).toBe('true');
  expect(screen.getByTestId('verify-numbers').getAttribute('data-ok')).toBe('false');
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { Catalogue, CatalogueGame } from './catalogue-panel';
import GamesPage from './games-page';
import type { LotteryGame, LotteryRound } from './lottery-panel';

// The Games & lottery section against a stubbed operator API: the tabs a role may read, a game
// hidden, reordered or marked with one call and the list read again, the lottery settings sent as
// what changed, a void only after its confirmation with a reason, and every refusal in the
// server's words with nothing changed on screen; a lottery game's draw weekdays shown on its row
// and changed with seven boxes, never all unticked. The browser test
// (e2e/tests/backoffice-games.spec.ts) runs it for real against a player's lobby.

const CONTENT = ['GET /games/catalogue', 'POST /games/catalogue/:gameId', 'GET /games/vendors', 'POST /games/vendors/:vassalage/maintenance', 'DELETE /games/vendors/:vassalage/maintenance', 'GET /lottery/games', 'POST /lottery/games/:gameCode', 'GET /lottery/rounds'];
const RISK = ['GET /lottery/games', 'GET /lottery/rounds', 'POST /lottery/rounds/void'];

const game = (overrides: Partial<CatalogueGame>): CatalogueGame => ({
  gameId: 1, gameCode: 'JLS001', name: 'Fortune Gems', gameClassify: 'SLOT', vassalage: 'JL', category: 'RNG', vendorName: 'Lucky Star', vendorEnabled: true,
  enabled: true, sortOrder: 0, isHot: true, isNew: false, ...overrides,
});

const round = (overrides: Partial<LotteryRound>): LotteryRound => ({
  numero: '20261127-0241', state: 'open', openAt: 1, closeAt: 2, drawAt: 3, numbers: null, voidReason: null, bets: 2, stake: 8, ...overrides,
});

const ssc: LotteryGame = {
  gameCode: 'SSC1', name: '1-minute SSC', kind: 'SSC', intervalSeconds: 60, firstDrawSeconds: 60, drawsPerDay: 1440, utcOffsetMinutes: 480,
  enabled: true, resultSource: 'house', closeSeconds: 5, drawWeekdays: 127, minSeries: 1800, defaultSeries: 1900, maxBetSeries: 1960, maxSeries: 1960, maxPrize: 300000, maxRoundPayout: 0, maxNumberPayout: 0, maxMemberStake: 0,
  current: round({}), next: round({ numero: '20261127-0242', bets: 0, stake: 0 }),
};

type Handler = (method: string, path: string, body?: unknown) => unknown;

function stubApi(handle: Handler) {
  const calls: string[] = [];
  const call = (method: string) =>
    jest.fn(async (path: string, body?: unknown) => {
      calls.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
      return handle(method, path, body) as never;
    });
  const api: OpsClient = { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE'), download: jest.fn() };
  return { api, calls };
}

function renderPage(api: OpsClient, permissions: string[], language: 'EN' | 'CN' = 'EN') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <BackOfficeContext.Provider
        value={{
          session: { token: 't', expiresAt: Date.now() + 3_600_000, operator: { id: 1, username: 'carol', merchantCode: 'DEFAULT', role: 'content' }, permissions },
          api,
          may: (route) => permissions.includes(route),
          signOut: () => undefined,
        }}
      >
        <GamesPage />
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}

const catalogueRow = async (key: string) => (await screen.findAllByTestId('catalogue-row')).find((row) => row.getAttribute('data-game') === key)!;

it('hides a game with one call, says so and reads the list again', async () => {
  let games = [game({}), game({ gameId: 2, gameCode: 'JLS002', name: 'Dragon Pearl', isHot: false })];
  const { api, calls } = stubApi((method, path, body) => {
    if (method === 'GET') return { list: games, categories: ['INHOUSE', 'RNG'], total: games.length } satisfies Catalogue;
    const id = Number(path.split('/').pop());
    games = games.map((entry) => (entry.gameId === id ? { ...entry, ...(body as object) } : entry));
    return games.find((entry) => entry.gameId === id);
  });
  renderPage(api, CONTENT);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Catalogue', 'Vendors', 'Lottery']);
  const row = await catalogueRow('RNG/JLS001');
  expect(row.textContent).toContain('Shown');
  await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Hide Fortune Gems (RNG JLS001)' })));
  expect(calls).toEqual(['GET /games/catalogue', 'POST /games/catalogue/1 {"enabled":false}', 'GET /games/catalogue']);
  expect((await screen.findByRole('status')).textContent).toBe('Fortune Gems is no longer shown to players.');
  expect((await catalogueRow('RNG/JLS001')).textContent).toContain('Hidden');

  // The order: saved only when it is a whole number that differs.
  const second = await catalogueRow('RNG/JLS002');
  const order = within(second).getByRole('spinbutton', { name: 'Order of Dragon Pearl (RNG JLS002)' });
  const save = within(second).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.change(order, { target: { value: '-5' } });
  await act(async () => fireEvent.click(save));
  expect(calls.slice(3)).toEqual(['POST /games/catalogue/2 {"sortOrder":-5}', 'GET /games/catalogue']);

  // A filter is a new read with it.
  await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'INHOUSE' } }));
  expect(calls[calls.length - 1]).toBe('GET /games/catalogue?category=INHOUSE');
});

it("shows the server's refusal in its words and keeps the game as it was", async () => {
  const { api } = stubApi((method) => {
    if (method === 'GET') return { list: [game({})], categories: ['RNG'], total: 1 };
    throw new OpsError('This game does not exist', 404, 'game.not_found');
  });
  renderPage(api, CONTENT);
  const row = await catalogueRow('RNG/JLS001');
  await act(async () => fireEvent.click(within(row).getByRole('checkbox', { name: 'Hot' })));
  expect((await screen.findByRole('alert')).textContent).toBe('This game does not exist');
  expect((within(await catalogueRow('RNG/JLS001')).getByRole('checkbox', { name: 'Hot' }) as HTMLInputElement).checked).toBe(true);
});

it('sends only the lottery settings that changed, and shows a refusal in the server\'s words', async () => {
  let refuse = true;
  const { api, calls } = stubApi((method, path) => {
    if (method === 'GET' && path === '/lottery/games') return { list: [ssc] };
    if (method === 'GET') return { list: [] };
    if (refuse) throw new OpsError('Sales must close before the draw: the closing time can be at most 59 seconds', 400, 'lottery.game.close_invalid');
    return ssc;
  });
  renderPage(api, CONTENT);
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Lottery' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Settings of 1-minute SSC' })));
  const form = screen.getByRole('form', { name: 'Settings of 1-minute SSC' });
  fireEvent.change(within(form).getByLabelText('Sales close before the draw (seconds, below 60)'), { target: { value: '60' } });
  fireEvent.change(within(form).getByLabelText('Most one number owes'), { target: { value: '5000' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
  expect(calls).toContain('POST /lottery/games/SSC1 {"closeSeconds":60,"maxNumberPayout":5000}');
  expect((await screen.findByRole('alert')).textContent).toBe('Sales must close before the draw: the closing time can be at most 59 seconds');
  // The form stays open with what was typed; a second try that the server accepts closes it.
  refuse = false;
  fireEvent.change(within(form).getByLabelText('Sales close before the draw (seconds, below 60)'), { target: { value: '10' } });
  // The prize series and how bets are drawn go with the same form, only what changed.
  fireEvent.change(within(form).getByLabelText('Highest prize series a bet may use'), { target: { value: '1950' } });
  fireEvent.change(within(form).getByLabelText('Result'), { target: { value: 'official' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
  expect(calls).toContain('POST /lottery/games/SSC1 {"resultSource":"official","closeSeconds":10,"maxBetSeries":1950,"maxNumberPayout":5000}');
  expect((await screen.findByRole('status')).textContent).toBe('1-minute SSC: settings saved.');
  expect(screen.queryByRole('form', { name: 'Settings of 1-minute SSC' })).toBeNull();
});

/** TP. Hồ Chí Minh: drawn on Mondays (1) and Thursdays (8) in this test. */
const hcm: LotteryGame = {
  ...ssc, gameCode: 'XSMNHCM', name: 'Southern: Ho Chi Minh City', kind: 'VN18', intervalSeconds: 86400, firstDrawSeconds: 58500, drawsPerDay: 1, utcOffsetMinutes: 420,
  resultSource: 'official', closeSeconds: 900, drawWeekdays: 9, current: round({ numero: '20261130' }), next: round({ numero: '20261203', bets: 0, stake: 0 }),
};

it("shows a game's draw weekdays, changes them with seven boxes of which one at least stays ticked, and says what became of the draws ahead", async () => {
  let games = [ssc, hcm];
  const { api, calls } = stubApi((method, _path, body) => {
    if (method === 'GET') return { list: games };
    games = games.map((entry) => (entry.gameCode === 'XSMNHCM' ? { ...entry, ...(body as object) } : entry));
    return { ...games[1], rescheduledRounds: 0, replannedRounds: { moved: 0, created: 61, deleted: 60, voided: 1, refundedBets: 2 } };
  });
  renderPage(api, CONTENT);
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Lottery' })));
  const rowOf = async (gameCode: string) => (await screen.findAllByTestId('lottery-row')).find((row) => row.getAttribute('data-game') === gameCode)!;
  // Every day goes without saying; a game of some days says which.
  expect(within(await rowOf('SSC1')).queryByTestId('draw-days')).toBeNull();
  expect(within(await rowOf('XSMNHCM')).getByTestId('draw-days').textContent).toBe('Draws on Mon · Thu');

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Settings of Southern: Ho Chi Minh City' })));
  const form = screen.getByRole('form', { name: 'Settings of Southern: Ho Chi Minh City' });
  const days = within(form).getByRole('group', { name: "Draw days (the game's local time)" });
  const box = (day: string) => within(days).getByRole('checkbox', { name: day }) as HTMLInputElement;
  expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day) => [day, box(day).checked])).toEqual([
    ['Mon', true], ['Tue', false], ['Wed', false], ['Thu', true], ['Fri', false], ['Sat', false], ['Sun', false],
  ]);
  expect(days.textContent).toContain('At least one day stays ticked.');
  const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  // None ticked: the form says so and cannot be saved.
  fireEvent.click(box('Mon'));
  fireEvent.click(box('Thu'));
  expect(within(days).getByRole('alert').textContent).toBe('Tick at least one day: a game draws at least once a week.');
  expect(save.disabled).toBe(true);
  await act(async () => fireEvent.submit(form));
  expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  // Saturday alone (32), sent with nothing else.
  fireEvent.click(box('Sat'));
  expect(within(days).queryByRole('alert')).toBeNull();
  expect(save.disabled).toBe(false);
  await act(async () => fireEvent.click(save));
  expect(calls).toContain('POST /lottery/games/XSMNHCM {"drawWeekdays":32}');
  expect((await screen.findByRole('status')).textContent).toBe('Southern: Ho Chi Minh City: settings saved. Draws ahead re-planned: 61 added, 60 removed, 1 voided (2 bets refunded).');
  expect(within(await rowOf('XSMNHCM')).getByTestId('draw-days').textContent).toBe('Draws on Sat');
});

it('names the weekdays in the operator’s language', async () => {
  const { api } = stubApi((_method, path) => (path === '/lottery/games' ? { list: [{ ...hcm, drawWeekdays: 1 | 64 }] } : { list: [] }));
  renderPage(api, ['GET /lottery/games'], 'CN');
  const row = (await screen.findAllByTestId('lottery-row'))[0];
  expect(within(row).getByTestId('draw-days').textContent).toBe('开奖日：周一 · 周日');
});

it('lets risk void a round only after confirming it with a reason', async () => {
  let rounds = [round({}), round({ numero: '20261127-0240', state: 'settled', numbers: [1, 2, 3, 4, 5] })];
  const { api, calls } = stubApi((method, path, body) => {
    if (path === '/lottery/games') return { list: [ssc] };
    if (method === 'GET') return { list: rounds };
    rounds = rounds.map((entry) => (entry.numero === (body as { numero: string }).numero ? { ...entry, state: 'void', voidReason: 'operator: no result' } : entry));
    return { gameCode: 'SSC1', numero: '20261127-0241', refundedBets: 2, refundedMembers: 2, refunded: 8 };
  });
  renderPage(api, RISK);
  // Risk reads the lottery alone, and changes no setting.
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Lottery']);
  expect(await screen.findByRole('button', { name: 'Rounds of 1-minute SSC' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Settings of 1-minute SSC' })).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rounds of 1-minute SSC' })));
  expect(await screen.findByRole('button', { name: 'Void draw 20261127-0241' })).toBeTruthy();
  // A settled round cannot be voided.
  expect(screen.queryByRole('button', { name: 'Void draw 20261127-0240' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Void draw 20261127-0241' }));
  const confirm = screen.getByRole('form', { name: 'Confirm the void' });
  expect(confirm.textContent).toContain('Void draw 20261127-0241? Its open bets (2 taken, 8.00) are refunded');
  const yes = within(confirm).getByRole('button', { name: 'Void this draw' }) as HTMLButtonElement;
  expect(yes.disabled).toBe(true);
  expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  fireEvent.change(within(confirm).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'no result' } });
  await act(async () => fireEvent.click(yes));
  expect(calls).toContain('POST /lottery/rounds/void {"gameCode":"SSC1","numero":"20261127-0241","reason":"no result"}');
  expect((await screen.findByRole('status')).textContent).toBe('Draw 20261127-0241 is void: 2 bets refunded, 8.00.');
  expect(screen.getByText('operator: no result')).toBeTruthy();
});

it('sets and ends a vendor maintenance with a reason', async () => {
  let windows: { id: number; startsAt: number; endsAt: number | null; reason: string; current: boolean }[] = [];
  const { api, calls } = stubApi((method, _path, body) => {
    if (method === 'GET') return { list: [{ vassalage: 'JL', categories: ['RNG', 'INHOUSE'], provider: true, adapter: 'jl', enabled: true, hasSecret: true, sessionMinutes: 60, maintenance: windows }] };
    if (method === 'POST') {
      windows = [{ id: 1, startsAt: 1, endsAt: null, reason: (body as { reason: string }).reason, current: true }];
      return windows[0];
    }
    windows = [];
    return { ended: 1, removed: 0 };
  });
  renderPage(api, CONTENT);
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Vendors' })));
  fireEvent.click(await screen.findByRole('button', { name: 'Maintenance…' }));
  const form = screen.getByRole('form', { name: 'Maintenance of JL' });
  fireEvent.change(within(form).getByLabelText('Reason (players are not shown it)'), { target: { value: 'vendor upgrade' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Start maintenance now' })));
  expect(calls).toContain('POST /games/vendors/JL/maintenance {"reason":"vendor upgrade"}');
  expect((await screen.findByTestId('vendor-row')).textContent).toContain('until cleared: vendor upgrade');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'End maintenance' })));
  expect(calls).toContain('DELETE /games/vendors/JL/maintenance');
  expect((await screen.findByRole('status')).textContent).toBe('JL: 1 window(s) ended, 0 to come removed.');
});

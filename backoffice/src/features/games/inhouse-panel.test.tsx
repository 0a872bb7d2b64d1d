import { act, fireEvent, screen, within } from '@testing-library/react';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { recordingApi, renderInOffice } from '../../testing/office';
import GamesPage from './games-page';
import type { InhouseSetting } from './inhouse-panel';

// The In-house games tab of Games & lottery against a stubbed operator API: each game with its
// certified bounds and the range its players may stake; risk narrows a slot's range by choosing
// among its certified bet steps and the crash game's by amount, or resets it; content staff only
// read; a refusal shows the server's words and leaves the list as it was.

const RISK = ['GET /lottery/games', 'GET /lottery/rounds', 'POST /lottery/rounds/void', 'GET /inhouse/settings', 'PUT /inhouse/settings/:gameCode', 'DELETE /inhouse/settings/:gameCode'];
const CONTENT = ['GET /lottery/games', 'POST /lottery/games/:gameCode', 'GET /lottery/rounds', 'GET /inhouse/settings'];

const STEPS = [0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8, 10, 20, 40, 60, 80, 100];
const slot: InhouseSetting = { gameCode: 'JLS001', name: 'Fortune Gems', kind: 'slot', certified: { minBet: 0.2, maxBet: 100, betSteps: STEPS, rtp: 0.959643 }, minBet: 0.2, maxBet: 100, narrowed: false };
const crash: InhouseSetting = { gameCode: 'JLC001', name: 'Rocket Crash', kind: 'crash', certified: { minBet: 1, maxBet: 10000, betSteps: [], rtp: 0.99 }, minBet: 5, maxBet: 50, narrowed: true };

const stubApi = recordingApi;

async function renderTab(api: OpsClient, permissions: string[]) {
  renderInOffice(<GamesPage />, { api, permissions, username: 'rita', role: 'risk' });
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'In-house games' })));
}

const row = async (gameCode: string) => (await screen.findAllByTestId('inhouse-row')).find((entry) => entry.getAttribute('data-game') === gameCode)!;

it('lists the games with their certified bounds and current range, and narrows a slot to its certified steps', async () => {
  let games = [slot, crash];
  const { api, calls } = stubApi((method, path, body) => {
    if (method === 'GET' && path === '/inhouse/settings') return { list: games };
    if (method === 'GET') return { list: [] };
    const asked = body as { minBet: number; maxBet: number };
    games = games.map((game) => (path.endsWith(game.gameCode) ? { ...game, ...asked, narrowed: true } : game));
    return games.find((game) => path.endsWith(game.gameCode));
  });
  await renderTab(api, RISK);
  const fortune = await row('JLS001');
  expect(fortune.textContent).toContain('0.20 to 100.00');
  expect(fortune.textContent).toContain('15 certified bet steps');
  expect(fortune.textContent).toContain('RTP 95.96%');
  expect(fortune.textContent).toContain('The certified bounds');
  expect((await row('JLC001')).textContent).toContain('5.00 to 50.00');
  expect((await row('JLC001')).textContent).toContain('Narrowed by you');

  await act(async () => fireEvent.click(within(fortune).getByRole('button', { name: 'Change the stakes of Fortune Gems' })));
  const form = screen.getByRole('form', { name: 'Stakes of Fortune Gems' });
  // A slot's ends are chosen among its certified bet steps only.
  const smallest = within(form).getByRole('combobox', { name: 'Smallest stake' }) as HTMLSelectElement;
  expect(Array.from(smallest.options).map((option) => option.value)).toEqual(STEPS.map(String));
  fireEvent.change(smallest, { target: { value: '1' } });
  fireEvent.change(within(form).getByRole('combobox', { name: 'Largest stake' }), { target: { value: '8' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
  expect(calls).toContain('PUT /inhouse/settings/JLS001 {"minBet":1,"maxBet":8}');
  expect((await screen.findByRole('status')).textContent).toBe('Fortune Gems: players may now stake 1.00 to 8.00.');
  expect(screen.queryByRole('form', { name: 'Stakes of Fortune Gems' })).toBeNull();
  expect((await row('JLS001')).textContent).toContain('1.00 to 8.00');
  expect(calls.filter((call) => call === 'GET /inhouse/settings')).toHaveLength(2);
});

it("shows the server's refusal in its words and keeps the range as it was; a narrowed game resets to the certified bounds", async () => {
  let games = [slot, crash];
  const { api, calls } = stubApi((method, path) => {
    if (method === 'GET' && path === '/inhouse/settings') return { list: games };
    if (method === 'GET') return { list: [] };
    if (method === 'PUT') throw new OpsError('This stake range is not allowed: it must lie within the game’s certified bounds (the minimum is above the maximum)', 400, 'inhouse.setting.out.of.bounds');
    games = games.map((game) => (path.endsWith(game.gameCode) ? { ...game, minBet: game.certified.minBet, maxBet: game.certified.maxBet, narrowed: false } : game));
    return games.find((game) => path.endsWith(game.gameCode));
  });
  await renderTab(api, RISK);
  const rocket = await row('JLC001');
  // Only a narrowed game can be reset.
  expect(within(await row('JLS001')).queryByRole('button', { name: 'Reset Fortune Gems to the certified bounds' })).toBeNull();
  await act(async () => fireEvent.click(within(rocket).getByRole('button', { name: 'Change the stakes of Rocket Crash' })));
  const form = screen.getByRole('form', { name: 'Stakes of Rocket Crash' });
  fireEvent.change(within(form).getByRole('spinbutton', { name: 'Smallest stake' }), { target: { value: '60' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
  expect(calls).toContain('PUT /inhouse/settings/JLC001 {"minBet":60,"maxBet":50}');
  expect((await screen.findByRole('alert')).textContent).toBe('This stake range is not allowed: it must lie within the game’s certified bounds (the minimum is above the maximum)');
  // The form stays open with what was typed; the list still shows the range in force.
  expect((within(form).getByRole('spinbutton', { name: 'Smallest stake' }) as HTMLInputElement).value).toBe('60');
  expect((await row('JLC001')).textContent).toContain('5.00 to 50.00');

  await act(async () => fireEvent.click(within(await row('JLC001')).getByRole('button', { name: 'Reset Rocket Crash to the certified bounds' })));
  expect(calls).toContain('DELETE /inhouse/settings/JLC001');
  expect((await screen.findByRole('status')).textContent).toBe('Rocket Crash: the certified bounds apply again.');
  expect((await row('JLC001')).textContent).toContain('1.00 to 10,000.00');
});

it('lets content staff read the stakes but not change them', async () => {
  const { api, calls } = stubApi((_method, path) => (path === '/inhouse/settings' ? { list: [slot, crash] } : { list: [] }));
  await renderTab(api, CONTENT);
  const rocket = await row('JLC001');
  expect(rocket.textContent).toContain('5.00 to 50.00');
  expect(within(rocket).queryByRole('button')).toBeNull();
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  expect(calls.every((call) => call.startsWith('GET '))).toBe(true);
});

it('shows no In-house games tab to a role that may not read it', async () => {
  const { api } = stubApi(() => ({ list: [] }));
  renderInOffice(<GamesPage />, { api, permissions: ['GET /lottery/games'], username: 'cash', role: 'cashier' });
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Lottery']);
  await screen.findByRole('tabpanel');
});

import { filter, firstValueFrom, skip } from 'rxjs';
import { createApiClient, type ApiClient } from '../api/client';
import type { BalanceState, BusCommand } from '../bus/bus-types';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { i18n } from '../i18n/i18n-instance';
import { makeMember } from '../testing/fixtures';
import { envelope, failure, startTestApiServer, type Reply, type TestApiServer } from '../testing/test-api-server';
import { startBalanceService } from './balance-service';

const BALANCE = 'GET /wps/v2/wallets/balance';
const member = makeMember();

let server: TestApiServer;
let bus: EventBus;
let api: ApiClient;
let stop: () => void;
let commands: BusCommand[];
/** What the balance route answers next (a function of how many balance requests came before). */
let answer: (count: number) => Reply;

beforeAll(async () => {
  await i18n.changeLanguage('EN');
});

beforeEach(async () => {
  sessionStorage.clear();
  server = await startTestApiServer();
  // The server records a request before answering it: the first one counts 0.
  server.on(BALANCE, () => answer(balanceRequests().length - 1));
  bus = createEventBus({ channelName: `balance-test-${Math.random()}`, initial: { language: 'EN' } });
  commands = [];
  for (const type of ['toast', 'logout', 'openLogin'] as const) bus.on(type).subscribe((command) => commands.push(command));
  api = createApiClient({ bus, baseURL: server.origin });
  // Loads only: the balance stream has its own tests (balance-stream.test.ts).
  stop = startBalanceService({ bus, api, followPush: null });
});

afterEach(async () => {
  stop();
  api.dispose();
  bus.close();
  await server.close();
});

const balanceRequests = () => server.requests.filter((request) => `${request.method} ${request.path}` === BALANCE);
const logIn = (token = 'tok-1') => bus.set('session', { token, member, isAgent: 0 });
const logOut = () => bus.set('session', { token: null, member: null, isAgent: null });
/** The next balance state set from now on that is no longer loading. */
const settled = (): Promise<BalanceState> => firstValueFrom(bus.balance$.pipe(skip(1), filter((balance) => !balance.loading)));

it('loads the balance when a session appears, with its token, in minor units', async () => {
  answer = () => ({ body: envelope({ sumBalance: 1234.05 }) });
  const loaded = settled();
  logIn('tok-login');
  expect(bus.get('balance')).toEqual({ sumBalanceMinor: null, loading: true });

  expect(await loaded).toEqual({ sumBalanceMinor: 123405, loading: false });
  expect(balanceRequests()).toHaveLength(1);
  expect(balanceRequests()[0].headers.authorization).toBe('tok-login');
  // The member's own details change the session, not its token: no second load.
  bus.set('session', { token: 'tok-login', member: { ...member, nickname: 'Ace' }, isAgent: 0 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(balanceRequests()).toHaveLength(1);
});

it('clears the balance when the session ends, and a new session starts from no amount', async () => {
  answer = (count) => ({ body: envelope({ sumBalance: count === 0 ? 50 : 7 }) });
  let loaded = settled();
  logIn('tok-a');
  expect((await loaded).sumBalanceMinor).toBe(5000);

  logOut();
  expect(bus.get('balance')).toEqual({ sumBalanceMinor: null, loading: false });

  loaded = settled();
  logIn('tok-b');
  expect(bus.get('balance').sumBalanceMinor).toBeNull();
  expect(await loaded).toEqual({ sumBalanceMinor: 700, loading: false });
  expect(balanceRequests().map((request) => request.headers.authorization)).toEqual(['tok-a', 'tok-b']);
});

it('loads again on the refreshBalance command, showing the last amount meanwhile', async () => {
  answer = (count) => ({ body: envelope({ sumBalance: count === 0 ? 10 : 25.75 }), delayMs: count === 0 ? 0 : 50 });
  let loaded = settled();
  logIn();
  await loaded;

  loaded = settled();
  bus.dispatch({ type: 'refreshBalance' });
  expect(bus.get('balance')).toEqual({ sumBalanceMinor: 1000, loading: true });
  expect(await loaded).toEqual({ sumBalanceMinor: 2575, loading: false });
  expect(balanceRequests()).toHaveLength(2);
});

it('keeps the last known amount when a refresh fails, and the client tells the player', async () => {
  answer = (count) => (count === 0 ? { body: envelope({ sumBalance: 88 }) } : { status: 500, body: failure('system.err', 'Wallet unavailable') });
  let loaded = settled();
  logIn();
  await loaded;

  loaded = settled();
  bus.dispatch({ type: 'refreshBalance' });
  expect(await loaded).toEqual({ sumBalanceMinor: 8800, loading: false });
  expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Wallet unavailable' }]);
});

it('keeps the last known amount when the answer is not an amount', async () => {
  answer = (count) => ({ body: envelope({ sumBalance: count === 0 ? 3 : 'lots' }) });
  let loaded = settled();
  logIn();
  await loaded;

  loaded = settled();
  bus.dispatch({ type: 'refreshBalance' });
  expect(await loaded).toEqual({ sumBalanceMinor: 300, loading: false });
});

it('loads nothing for a logged-out tab, and asks nobody to log in', async () => {
  answer = () => ({ body: envelope({ sumBalance: 1 }) });
  bus.dispatch({ type: 'refreshBalance' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(server.requests).toHaveLength(0);
  expect(bus.get('balance')).toEqual({ sumBalanceMinor: null, loading: false });
  expect(commands).toEqual([]);
});

it('drops the answer of a load the session ended during', async () => {
  answer = () => ({ body: envelope({ sumBalance: 99 }), delayMs: 100 });
  logIn();
  await new Promise((resolve) => setTimeout(resolve, 20));
  logOut();
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(bus.get('balance')).toEqual({ sumBalanceMinor: null, loading: false });
  expect(commands).toEqual([]);
});

it('stops following the session once stopped', async () => {
  stop();
  logIn();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(server.requests).toHaveLength(0);
  expect(bus.get('balance')).toEqual({ sumBalanceMinor: null, loading: false });
});

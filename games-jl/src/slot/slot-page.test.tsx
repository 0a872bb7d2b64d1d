import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { GameApi } from '../api/client';
import { GameApiError } from '../api/errors';
import type { SessionInfo, SpinResult } from '../api/types';
import { App } from '../app/app';
import { routeOf } from '../app/route';
import { createI18n } from '../i18n/i18n';

// The slot page against a stubbed game server (the network edge: the GameApi).

const SESSION: SessionInfo = {
  gameCode: 'JLS001',
  gameName: '',
  balance: 100,
  currency: 'BDT',
  trial: false,
  fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'my-seed', nonce: 0 },
  slot: {
    reels: 5,
    rows: 3,
    lines: [[1, 1, 1, 1, 1]],
    betSteps: [0.2, 1, 2],
    symbols: [
      { id: 'RUBY', name: 'Ruby', kind: 'normal', pays: { 3: 1, 4: 5, 5: 20 } },
      { id: 'WILD', name: 'Wild', kind: 'wild', pays: {} },
      { id: 'SCATTER', name: 'Scatter', kind: 'scatter', pays: { 3: 2 } },
    ],
    freeSpins: { scatters: 3, spins: 8, retrigger: 4, multiplier: 2, expandingWild: true },
  },
  crash: null,
  rtp: 0.96,
};

const grid = (middle: string) => Array.from({ length: 5 }, () => ['WILD', middle, 'SCATTER']);

const SPIN: SpinResult = {
  roundId: '41',
  bet: 1,
  base: {
    grid: grid('RUBY'),
    lineWins: [{ line: 0, symbol: 'RUBY', count: 5, win: 20, cells: [0, 1, 2, 3, 4].map((reel) => [reel, 1] as [number, number]) }],
    scatter: null,
    expandedReels: [],
    multiplier: 1,
    win: 20,
  },
  freeSpins: [],
  totalWin: 20,
  balance: 119,
  nonce: 0,
  clientSeed: 'my-seed',
  serverSeedHash: 'ab'.repeat(32),
  nextNonce: 1,
};

function stubApi(overrides: Partial<GameApi> = {}): GameApi {
  return {
    session: jest.fn(async () => SESSION),
    spin: jest.fn(async () => SPIN),
    setClientSeed: jest.fn(async (clientSeed: string) => ({ ...SESSION.fairness, clientSeed })),
    rotateSeed: jest.fn(async () => ({
      revealedServerSeed: 'f0'.repeat(32),
      revealedServerSeedHash: 'ab'.repeat(32),
      revealedClientSeed: 'my-seed',
      revealedNonces: 1,
      fairness: { serverSeedHash: 'cd'.repeat(32), clientSeed: 'my-seed', nonce: 0 },
    })),
    rounds: jest.fn(async () => ({ list: [], hasMore: false })),
    round: jest.fn(),
    crashBet: jest.fn(),
    crashCashout: jest.fn(),
    crashStreamUrl: () => '/jl/v1/crash/stream',
    ...overrides,
  } as GameApi;
}

async function renderSlot(api: GameApi, lang = 'EN') {
  const i18n = await createI18n(lang);
  const route = routeOf('/jl/play/JLS001', `?session=tok&lang=${lang}`);
  render(
    <I18nextProvider i18n={i18n}>
      <App route={route} locale="en" api={api} />
    </I18nextProvider>,
  );
  await screen.findByRole('button', { name: 'Spin' });
}

beforeEach(() => {
  // The player asked for less motion: results show at once (and the test needs no timers).
  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

test('shows the game, its balance and the server seed hash before any spin', async () => {
  await renderSlot(stubApi());
  expect((screen.getByRole('heading', { level: 1 })).textContent).toContain('Fortune Gems');
  expect((screen.getByTestId('balance')).textContent).toContain('100.00');
  expect((screen.getByTestId('server-seed-hash')).textContent).toContain('ab'.repeat(32));
  expect((screen.getByTestId('nonce')).textContent).toContain('0');
});

test('spins at the chosen bet step: the balance, the last win and the winning line follow', async () => {
  const api = stubApi();
  await renderSlot(api);
  fireEvent.change(screen.getByTestId('bet'), { target: { value: '1' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
  });
  expect(api.spin).toHaveBeenCalledWith(1);
  await waitFor(() => expect((screen.getByTestId('balance')).textContent).toContain('119.00'));
  expect((screen.getByTestId('last-win')).textContent).toContain('20.00');
  expect((screen.getByTestId('line-wins')).textContent).toContain('Line 1: 5 in a row, 20.00');
  expect(document.querySelectorAll('[data-win="true"]')).toHaveLength(5);
  expect((screen.getByTestId('nonce')).textContent).toContain('1');
});

test('plays the free spins a spin triggered, with their counter', async () => {
  const free = { ...SPIN.base, grid: grid('WILD'), lineWins: [], win: 6 };
  const api = stubApi({ spin: jest.fn(async () => ({ ...SPIN, freeSpins: [free, free], totalWin: 32, balance: 131 })) });
  await renderSlot(api);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
  });
  await waitFor(() => expect((screen.getByTestId('free-spins')).textContent).toContain('Free spin 2 of 2'));
  expect((screen.getByTestId('balance')).textContent).toContain('131.00');
  expect((screen.getByTestId('last-win')).textContent).toContain('32.00');
});

test.each([
  ['inhouse.insufficient.funds', 409, 'Your balance is too low'],
  ['inhouse.session.expired', 401, 'Please relaunch the game'],
  ['inhouse.vendor.maintenance', 503, 'under maintenance'],
])('a refused spin (%s) says what to do, and the balance stays', async (errorCode, status, text) => {
  await renderSlot(stubApi({ spin: jest.fn(async () => Promise.reject(new GameApiError(status, errorCode, 'refused'))) }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
  });
  expect((await screen.findByRole('alert')).textContent).toContain(text);
  expect((screen.getByTestId('balance')).textContent).toContain('100.00');
});

test('a new client seed is saved, and rotating reveals the seed with a link to verify the last round', async () => {
  const api = stubApi();
  await renderSlot(api);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
  });
  fireEvent.change(screen.getByTestId('client-seed'), { target: { value: 'lucky' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save client seed' }));
  });
  expect(api.setClientSeed).toHaveBeenCalledWith('lucky');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
  });
  expect((await screen.findByTestId('revealed-seed')).textContent).toContain('f0'.repeat(32));
  expect((screen.getByTestId('server-seed-hash')).textContent).toContain('cd'.repeat(32));
  const link = new URL(screen.getByTestId('verify-last-round').getAttribute('href')!, 'http://site');
  expect(link.pathname).toBe('/jl/verify');
  expect(Object.fromEntries(link.searchParams)).toMatchObject({ game: 'JLS001', serverSeed: 'f0'.repeat(32), hash: 'ab'.repeat(32), clientSeed: 'my-seed', nonce: '0', bet: '1', lang: 'EN' });
});

test('without a session in the launch URL, the page asks to relaunch the game', async () => {
  const i18n = await createI18n('BN');
  render(
    <I18nextProvider i18n={i18n}>
      <App route={routeOf('/jl/play/JLS001', '?lang=BN')} locale="bn" />
    </I18nextProvider>,
  );
  expect((await screen.findByRole('alert')).textContent).toContain('লবি থেকে গেমটি আবার চালু করুন');
});

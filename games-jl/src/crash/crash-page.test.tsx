import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CrashHistoryEntry, CrashPlayerBet, CrashState } from '@platform/contract';
import { I18nextProvider } from 'react-i18next';
import type { GameApi } from '../api/client';
import { GameApiError } from '../api/errors';
import type { SessionInfo } from '../api/types';
import { App } from '../app/app';
import { routeOf } from '../app/route';
import { createI18n } from '../i18n/i18n';

// The crash page against a stubbed game server (the network edge: the GameApi and the stream).

const HASH = 'ab'.repeat(32);
const SEED = 'f0'.repeat(32);

const SESSION: SessionInfo = {
  gameCode: 'JLC001',
  gameName: '',
  balance: 100,
  currency: 'BDT',
  trial: false,
  fairness: { serverSeedHash: 'cd'.repeat(32), clientSeed: 'x', nonce: 0 },
  slot: null,
  crash: { minBet: 1, maxBet: 10_000, betSteps: [], bettingMs: 7000, growthPerMs: 0.00006, clientSeed: 'JL-crash' },
  rtp: 0.99,
};

/** A stand-in for EventSource: the test sends the server's events. */
class FakeStream {
  static opened: FakeStream[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeStream.opened.push(this);
  }

  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close() {
    this.readyState = 2;
  }

  open() {
    this.readyState = 1;
    act(() => this.onopen?.());
  }

  send(name: string, data: unknown) {
    act(() => {
      for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
    });
  }

  fail() {
    this.readyState = 2;
    act(() => this.onerror?.());
  }
}

const bet = (overrides: Partial<CrashPlayerBet> = {}): CrashPlayerBet => ({ roundId: '7', player: 'ot***r', bet: 5, status: 'open', multiplier: null, win: null, mine: false, ...overrides });
const entry = (overrides: Partial<CrashHistoryEntry> = {}): CrashHistoryEntry => ({ roundId: '7', crashPoint: 2.37, serverSeed: SEED, serverSeedHash: HASH, clientSeed: 'JL-crash', nonce: 0, scheme: 'seed', chainEnd: null, chainIndex: null, ...overrides });

function emptyState(): CrashState {
  return { serverTime: Date.now(), round: null, chain: null, bets: [], history: [entry({ roundId: '6', crashPoint: 1.5, serverSeed: 'e1'.repeat(32) })], config: { gameCode: 'JLC001', name: 'Rocket Crash', kind: 'crash', minBet: 1, maxBet: 10_000, betSteps: [] } };
}

function stubApi(overrides: Partial<GameApi> = {}): GameApi {
  return {
    session: jest.fn(async () => SESSION),
    spin: jest.fn(),
    setClientSeed: jest.fn(),
    rotateSeed: jest.fn(),
    rounds: jest.fn(async () => ({ list: [], hasMore: false })),
    round: jest.fn(),
    crashBet: jest.fn(async (amount: number, autoCashout: number | null) => ({ roundId: '7', bet: amount, autoCashout, balance: 100 - amount })),
    crashCashout: jest.fn(async () => ({ roundId: '7', multiplier: 1.5, win: 3, balance: 101 })),
    crashStreamUrl: () => '/jl/v1/crash/stream?session=tok',
    ...overrides,
  } as GameApi;
}

/** The page as the launch URL opens it (App → the play page → the crash page, the browser's EventSource). */
async function renderCrash(api: GameApi, lang = 'EN', locale = 'en') {
  const i18n = await createI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <App route={routeOf('/jl/play/JLC001', `?session=tok&lang=${lang}`)} locale={locale} api={api} />
    </I18nextProvider>,
  );
  await screen.findByTestId('multiplier');
  const stream = FakeStream.opened[FakeStream.opened.length - 1];
  stream.open();
  stream.send('state', emptyState());
  return stream;
}

const betting = (roundId = '7') => ({ roundId, serverSeedHash: HASH, bettingEndsAt: Date.now() + 5000, serverTime: Date.now() });

const browserEventSource = Object.getOwnPropertyDescriptor(globalThis, 'EventSource');

beforeEach(() => {
  FakeStream.opened = [];
  Object.defineProperty(globalThis, 'EventSource', { value: FakeStream, configurable: true, writable: true });
  // jsdom has no canvas: the chart draws nothing (as in a browser without a 2D context).
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  jest.restoreAllMocks();
  if (browserEventSource) Object.defineProperty(globalThis, 'EventSource', browserEventSource);
  else delete (globalThis as { EventSource?: unknown }).EventSource;
});

test('connects to the game stream; before a round it waits, with the past crash points linked to the verification page', async () => {
  await renderCrash(stubApi());
  expect(FakeStream.opened[0].url).toBe('/jl/v1/crash/stream?session=tok');
  expect(screen.getByTestId('multiplier').textContent).toContain('Waiting for the next round');
  expect(screen.getByTestId('balance').textContent).toContain('100.00');
  const chip = within(screen.getByTestId('crash-history')).getByRole('link', { name: '1.50×' });
  const link = new URL(chip.getAttribute('href')!, 'http://site');
  expect(link.pathname).toBe('/jl/verify');
  expect(Object.fromEntries(link.searchParams)).toEqual({ game: 'JLC001', serverSeed: 'e1'.repeat(32), hash: HASH, clientSeed: 'JL-crash', nonce: '0', lang: 'EN' });
  // The last crashed round's seed, with its verification link.
  expect(screen.getByTestId('crash-seed').getAttribute('data-round')).toBe('6');
  expect(screen.getByTestId('crash-verify').getAttribute('href')).toBe(chip.getAttribute('href'));
});

test('a whole round: hash while betting, a bet, others seen live, cash-out at the multiplier, the crash reveals the seed', async () => {
  const api = stubApi();
  const stream = await renderCrash(api);
  stream.send('betting', betting());
  expect(screen.getByTestId('multiplier').textContent).toMatch(/Next round in [1-5] s/);
  expect(screen.getByTestId('crash-fairness').textContent).toContain(HASH);
  expect(screen.getByTestId('crash-fairness').textContent).toContain('The seed is revealed when the round crashes.');

  fireEvent.change(screen.getByTestId('crash-amount'), { target: { value: '2' } });
  fireEvent.change(screen.getByTestId('crash-auto'), { target: { value: '3' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-bet'));
  });
  expect(api.crashBet).toHaveBeenCalledWith(2, 3);
  expect(screen.getByTestId('balance').textContent).toContain('98.00');
  expect(screen.getByTestId('crash-bet').textContent).toBe('Bet placed');
  expect((screen.getByTestId('crash-bet') as HTMLButtonElement).disabled).toBe(true);
  // The stream names the same bet again, and another player's.
  stream.send('bet', bet({ player: 'me***1', bet: 2, mine: true }));
  stream.send('bet', bet());
  const bets = () => within(screen.getByTestId('crash-bets')).getAllByRole('listitem').map((item) => item.textContent);
  expect(bets()).toEqual(['You2.00', 'ot***r5.00']);

  stream.send('running', { roundId: '7', startedAt: Date.now(), serverTime: Date.now() });
  // 1.00× is no cash-out yet.
  expect(screen.queryByTestId('crash-cashout')).toBeNull();
  stream.send('tick', { roundId: '7', multiplier: 1.5, elapsedMs: 6800 });
  expect(screen.getByTestId('multiplier').textContent).toBe('1.50×');
  expect(screen.getByTestId('crash-cashout').textContent).toBe('Cash out 3.00');
  stream.send('cashout', bet({ status: 'cashed', multiplier: 1.45, win: 7.25 }));
  expect(bets()).toEqual(['You2.00', 'ot***r5.001.45× · 7.25']);

  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-cashout'));
  });
  expect(api.crashCashout).toHaveBeenCalled();
  expect(screen.getByTestId('balance').textContent).toContain('101.00');
  expect(screen.getByTestId('crash-bet').textContent).toBe('Cashed out 3.00');

  stream.send('crashed', entry({ scheme: 'chain', chainEnd: 'c4'.repeat(32), chainIndex: 12 }));
  expect(screen.getByTestId('multiplier').textContent).toBe('Crashed at 2.37×');
  expect(screen.getByTestId('multiplier').getAttribute('data-phase')).toBe('crashed');
  expect(screen.getByTestId('crash-seed').textContent).toBe(SEED);
  const verify = new URL(within(screen.getByTestId('crash-fairness')).getByRole('link', { name: 'Verify' }).getAttribute('href')!, 'http://site');
  // A chain round's link carries the chain's published end and the round's place in it.
  expect(Object.fromEntries(verify.searchParams)).toMatchObject({ game: 'JLC001', serverSeed: SEED, hash: HASH, clientSeed: 'JL-crash', nonce: '0', chainEnd: 'c4'.repeat(32), chainIndex: '12' });
  expect(within(screen.getByTestId('crash-history')).getAllByRole('link').map((link) => link.textContent)).toEqual(['2.37×', '1.50×']);

  // One stream all along: events and renders never reopen it.
  expect(FakeStream.opened).toHaveLength(1);
  // The win settled: the server pushes the balance.
  stream.send('balance', { balance: 101 });
  expect(screen.getByTestId('balance').textContent).toContain('101.00');
  // The next round takes a new bet; the crashed round's seed stays on show until the next crash.
  stream.send('betting', betting('8'));
  expect(screen.getByTestId('crash-bet').textContent).toBe('Place bet');
  expect(screen.getByTestId('crash-seed').textContent).toBe(SEED);
  expect(screen.getByTestId('crash-seed').getAttribute('data-round')).toBe('7');
  expect(screen.getByTestId('crash-fairness').textContent).toContain('Seed of round 7, revealed at its crash');
  expect(screen.getByTestId('crash-verify').getAttribute('href')).toBe(verify.pathname + verify.search);
  expect((screen.getByTestId('crash-bet') as HTMLButtonElement).disabled).toBe(false);
});

test('a bet still open at the crash is lost', async () => {
  const stream = await renderCrash(stubApi());
  stream.send('betting', betting());
  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-bet'));
  });
  stream.send('running', { roundId: '7', startedAt: Date.now(), serverTime: Date.now() });
  stream.send('crashed', entry({ crashPoint: 1 }));
  expect(screen.getByTestId('crash-bet').textContent).toBe('Lost');
  expect(within(screen.getByTestId('crash-bets')).getByRole('listitem').textContent).toContain('Lost');
});

test.each([
  ['inhouse.crash.betting_closed', 409, 'Bets are closed for this round'],
  ['inhouse.insufficient.funds', 409, 'Your balance is too low'],
  ['inhouse.bet.invalid', 400, 'This bet is not allowed'],
  ['inhouse.session.expired', 401, 'Please relaunch the game'],
])('a refused bet (%s) says why; the balance stays', async (errorCode, status, text) => {
  const stream = await renderCrash(stubApi({ crashBet: jest.fn(async () => Promise.reject(new GameApiError(status, errorCode, 'refused'))) }));
  stream.send('betting', betting());
  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-bet'));
  });
  expect((await screen.findByRole('alert')).textContent).toContain(text);
  expect(screen.getByTestId('balance').textContent).toContain('100.00');
  expect(screen.getByTestId('crash-bet').textContent).toBe('Place bet');
});

test('a cash-out that came too late or too early says so', async () => {
  const late = jest.fn(async () => Promise.reject(new GameApiError(409, 'inhouse.crash.crashed', 'crashed')));
  const stream = await renderCrash(stubApi({ crashCashout: late }));
  stream.send('betting', betting());
  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-bet'));
  });
  stream.send('running', { roundId: '7', startedAt: Date.now(), serverTime: Date.now() });
  stream.send('tick', { roundId: '7', multiplier: 1.02, elapsedMs: 400 });
  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-cashout'));
  });
  expect((await screen.findByRole('alert')).textContent).toContain('Too late: the round crashed first.');
  late.mockImplementationOnce(async () => Promise.reject(new GameApiError(409, 'inhouse.crash.too_early', 'too early')));
  await act(async () => {
    fireEvent.click(screen.getByTestId('crash-cashout'));
  });
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('cash out once the multiplier is above 1.00×'));
});

test('an amount or target the game cannot take is refused before any call', async () => {
  const api = stubApi();
  const stream = await renderCrash(api);
  stream.send('betting', betting());
  fireEvent.change(screen.getByTestId('crash-auto'), { target: { value: '1' } });
  // The browser's own check of the field's minimum stops the button; a submit that skips it still stops here.
  await act(async () => {
    fireEvent.submit(screen.getByTestId('crash-bet').closest('form')!);
  });
  expect(api.crashBet).not.toHaveBeenCalled();
  expect(screen.getByRole('alert').getAttribute('data-problem')).toBe('betInvalid');
});

test('a stream closed for good checks the session: a good one connects again, an ended one asks to relaunch', async () => {
  jest.useFakeTimers();
  try {
    const expired = jest.fn<Promise<SessionInfo>, []>(async () => SESSION);
    const stream = await renderCrash(stubApi({ session: expired }));
    stream.fail();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(FakeStream.opened).toHaveLength(2);
    expired.mockImplementationOnce(async () => Promise.reject(new GameApiError(401, 'inhouse.session.expired', 'expired')));
    FakeStream.opened[1].fail();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(FakeStream.opened).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toContain('Please relaunch the game');
  } finally {
    jest.useRealTimers();
  }
});

test('in Thai, with Thai numbers and texts', async () => {
  const stream = await renderCrash(stubApi(), 'TH', 'th');
  stream.send('betting', betting());
  expect(screen.getByTestId('crash-bet').textContent).not.toBe('Place bet');
  expect(screen.getByTestId('balance').textContent).toContain('100.00');
});

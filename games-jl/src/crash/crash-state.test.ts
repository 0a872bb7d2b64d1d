import type { CrashHistoryEntry, CrashPlayerBet, CrashState } from '@platform/contract';
import { crashReducer, INITIAL_CRASH_VIEW, myBet, type CrashEvent, type CrashView } from './crash-state';

// The crash stream's events folded into what the page shows (the stream's order as the server
// sends it, and the ways it can arrive out of order or twice).

const NOW = 1_700_000_000_000;
const HASH = 'ab'.repeat(32);

const fold = (events: CrashEvent[], from: CrashView = INITIAL_CRASH_VIEW, now = NOW): CrashView => events.reduce((view, event) => crashReducer(view, event, now), from);

const bet = (overrides: Partial<CrashPlayerBet> = {}): CrashPlayerBet => ({ roundId: '7', player: 'ab***c', bet: 5, status: 'open', multiplier: null, win: null, mine: false, ...overrides });

const crashedEntry = (overrides: Partial<CrashHistoryEntry> = {}): CrashHistoryEntry => ({
  roundId: '7',
  crashPoint: 2.37,
  serverSeed: 'f0'.repeat(32),
  serverSeedHash: HASH,
  clientSeed: 'JL-crash',
  nonce: 0,
  scheme: 'seed',
  chainEnd: null,
  chainIndex: null,
  ...overrides,
});

const betting = (roundId = '7', serverTime = NOW + 1500): CrashEvent => ({ type: 'betting', data: { roundId, serverSeedHash: HASH, bettingEndsAt: serverTime + 7000, serverTime } });
const running = (roundId = '7'): CrashEvent => ({ type: 'running', data: { roundId, startedAt: NOW + 8000, serverTime: NOW + 8000 } });
const tick = (multiplier: number, elapsedMs: number, roundId = '7'): CrashEvent => ({ type: 'tick', data: { roundId, multiplier, elapsedMs } });

function state(overrides: Partial<CrashState> = {}): CrashState {
  return {
    serverTime: NOW + 250,
    chain: null,
    round: { roundId: '7', phase: 'running', serverSeedHash: HASH, bettingEndsAt: NOW - 1000, startedAt: NOW - 4000, multiplier: 1.27 },
    bets: [bet(), bet({ player: 'me***1', mine: true, bet: 2 })],
    history: [crashedEntry({ roundId: '6', crashPoint: 1.5 })],
    config: { gameCode: 'JLC001', name: 'Rocket Crash', kind: 'crash', minBet: 1, maxBet: 10_000, betSteps: [] },
    ...overrides,
  };
}

test('the state on opening: the round running, its bets, past rounds, and the clock offset', () => {
  const view = fold([{ type: 'state', data: state() }]);
  expect(view).toMatchObject({ clockOffset: 250, roundId: '7', phase: 'running', serverSeedHash: HASH, multiplier: 1.27, crashPoint: null, revealed: null });
  expect(view.points).toEqual([[4250, 1.27]]);
  expect(view.bets).toHaveLength(2);
  expect(view.history.map((entry) => entry.roundId)).toEqual(['6']);
  expect(myBet(view)).toMatchObject({ player: 'me***1', bet: 2 });
});

test('no round yet: waiting', () => {
  const view = fold([{ type: 'state', data: state({ round: null, bets: [] }) }]);
  expect(view).toMatchObject({ phase: 'waiting', roundId: null, serverSeedHash: null, multiplier: 1, points: [] });
});

test('a round from betting to the crash: hash first, ticks draw the curve, open bets lose, the seed is revealed', () => {
  const view = fold([
    { type: 'state', data: state({ round: null, bets: [] }) },
    betting(),
    { type: 'bet', data: bet() },
    { type: 'bet', data: bet({ player: 'xy***z', bet: 1 }) },
    running(),
    tick(1.01, 170),
    tick(1.5, 6800),
    { type: 'cashout', data: bet({ status: 'cashed', multiplier: 1.5, win: 7.5 }) },
    tick(2.2, 13_200),
    { type: 'crashed', data: crashedEntry() },
  ]);
  expect(view.phase).toBe('crashed');
  expect(view.serverSeedHash).toBe(HASH);
  expect(view.crashPoint).toBe(2.37);
  expect(view.multiplier).toBe(2.37);
  expect(view.revealed).toEqual(crashedEntry());
  expect(view.points).toEqual([
    [0, 1],
    [170, 1.01],
    [6800, 1.5],
    [13_200, 2.2],
    [13_200, 2.37],
  ]);
  expect(view.bets).toEqual([bet({ status: 'cashed', multiplier: 1.5, win: 7.5 }), bet({ player: 'xy***z', bet: 1, status: 'lost' })]);
  expect(view.history.map((entry) => [entry.roundId, entry.crashPoint])).toEqual([
    ['7', 2.37],
    ['6', 1.5],
  ]);
});

test('the countdown uses the server clock: betting carries its time', () => {
  const view = fold([betting('8', NOW + 2000)], INITIAL_CRASH_VIEW, NOW);
  expect(view).toMatchObject({ phase: 'betting', roundId: '8', clockOffset: 2000, bettingEndsAt: NOW + 9000, bets: [], multiplier: 1 });
});

test('a new round clears the last one but keeps the past crash points', () => {
  const crashed = fold([{ type: 'state', data: state() }, { type: 'crashed', data: crashedEntry() }]);
  const next = crashReducer(crashed, betting('8'), NOW);
  expect(next).toMatchObject({ phase: 'betting', roundId: '8', crashPoint: null, revealed: null, bets: [], points: [] });
  expect(next.history.map((entry) => entry.roundId)).toEqual(['7', '6']);
});

test("the player's own bet is one row: the bet's answer (no name) and the stream's event, in either order", () => {
  const mineFromAnswer = bet({ player: '', bet: 3, mine: true });
  const mineFromStream = bet({ player: 'me***1', bet: 3, mine: true });
  for (const order of [
    [mineFromAnswer, mineFromStream],
    [mineFromStream, mineFromAnswer],
  ]) {
    const view = fold([betting(), ...order.map((data): CrashEvent => ({ type: 'bet', data }))]);
    expect(view.bets).toEqual([mineFromStream]);
  }
  const cashed = fold([betting(), { type: 'bet', data: mineFromStream }, { type: 'cashout', data: { ...mineFromAnswer, status: 'cashed', multiplier: 1.2, win: 3.6 } }]);
  expect(cashed.bets).toEqual([{ ...mineFromStream, status: 'cashed', multiplier: 1.2, win: 3.6 }]);
});

test("another player's bet: the state and the event that crossed it are one row; the same mask with another stake is another player", () => {
  const view = fold([{ type: 'state', data: state({ bets: [bet()] }) }, { type: 'bet', data: bet() }, { type: 'bet', data: bet({ bet: 9 }) }]);
  expect(view.bets).toEqual([bet(), bet({ bet: 9 })]);
});

test('a late bet event never reopens a bet already cashed out', () => {
  const view = fold([betting(), { type: 'cashout', data: bet({ status: 'cashed', multiplier: 1.1, win: 5.5 }) }, { type: 'bet', data: bet() }]);
  expect(view.bets).toEqual([bet({ status: 'cashed', multiplier: 1.1, win: 5.5 })]);
});

test("events of another round than the one shown change nothing but the past crash points", () => {
  const view = fold([betting('7'), running('7'), tick(1.2, 3000)]);
  const after = fold([tick(9, 3000, '6'), { type: 'bet', data: bet({ roundId: '6' }) }, { type: 'crashed', data: crashedEntry({ roundId: '6', crashPoint: 1.04 }) }], view);
  expect(after).toMatchObject({ phase: 'running', roundId: '7', multiplier: 1.2, bets: [] });
  expect(after.history.map((entry) => entry.roundId)).toEqual(['6']);
});

test('ticks after the crash are ignored; a missed betting phase still shows the round running', () => {
  const crashed = fold([betting(), running(), { type: 'crashed', data: crashedEntry() }, tick(2.4, 14_000)]);
  expect(crashed).toMatchObject({ phase: 'crashed', multiplier: 2.37 });
  const joined = fold([{ type: 'state', data: state({ round: null, bets: [] }) }, running('9'), tick(1.05, 800, '9')]);
  expect(joined).toMatchObject({ phase: 'running', roundId: '9', multiplier: 1.05, serverSeedHash: null });
  const missedRunning = fold([betting('10'), { type: 'bet', data: bet({ roundId: '10' }) }, running('11')]);
  expect(missedRunning).toMatchObject({ roundId: '11', bets: [], serverSeedHash: null });
});

test('the balance event carries the balance; the history keeps 20 rounds', () => {
  expect(fold([{ type: 'balance', data: { balance: 12.5 } }]).balance).toBe(12.5);
  const many = Array.from({ length: 25 }, (_, index): CrashEvent => ({ type: 'crashed', data: crashedEntry({ roundId: String(index + 1) }) }));
  const view = fold(many);
  expect(view.history).toHaveLength(20);
  expect(view.history[0].roundId).toBe('25');
});

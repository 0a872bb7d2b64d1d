import { createEventBus } from '../bus/event-bus';
import { amountMinorOf } from '../money/amount-minor';
import { startBalanceService } from './balance-service';
import { followBalanceStream, type BalanceStreamOptions } from './balance-stream';

// The balance stream's client, its network edge (fetch) stubbed: what the server sends is in
// server/src/modules/ledger/balance-stream.test.ts, and a browser follows a real one in
// e2e/tests/balance-push.spec.ts.

/** A fetch answer whose body yields `chunks`, then ends (or, when `open` is the request's signal, stays open until it aborts, as fetch's body does). */
function answer(status: number, chunks: string[] = [], open?: AbortSignal) {
  let index = 0;
  return {
    status,
    ok: status >= 200 && status < 300,
    body: {
      getReader: () => ({
        read: () =>
          index < chunks.length
            ? Promise.resolve({ done: false, value: new TextEncoder().encode(chunks[index++]) })
            : open
              ? new Promise<never>((_, reject) => open.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
              : Promise.resolve({ done: true }),
      }),
    },
  };
}

const noWait = () => Promise.resolve();

describe('following the balance stream', () => {
  it('passes each balance on in minor units with the token in the Authorization header, and reopens an ended stream', async () => {
    const controller = new AbortController();
    const balances: number[] = [];
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(answer(200, ['retry: 10\n\nevent: balance\ndata: {"sumBalance":100}\n\n', 'event: balance\ndata: {"sumBalance":1234.56}\n\n']))
      .mockImplementationOnce(async (_url: string, init: { signal: AbortSignal }) => {
        // Reopened: the server sends the balance again, then the page goes away.
        setTimeout(() => controller.abort(), 0);
        return answer(200, ['event: balance\ndata: {"sumBalance":7}\n\n'], init.signal);
      });
    const sleeps: number[] = [];
    await followBalanceStream({
      token: 'token-1',
      signal: controller.signal,
      onBalance: (minor) => balances.push(minor),
      fetch,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(balances).toEqual([10_000, 123_456, 700]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0][0]).toBe('/wps/v2/wallets/balance/events');
    expect(fetch.mock.calls[0][1].headers.Authorization).toBe('token-1');
    // The server's retry advice, at once after a stream that delivered.
    expect(sleeps).toEqual([10]);
  });

  it('stops for good when the server refuses the session', async () => {
    const fetch = jest.fn().mockResolvedValue(answer(401));
    await followBalanceStream({ token: 'gone', signal: new AbortController().signal, onBalance: () => undefined, fetch, sleep: noWait });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits longer each time while the stream keeps failing, up to 30 s', async () => {
    const controller = new AbortController();
    const fetch = jest.fn().mockRejectedValue(new TypeError('network down'));
    const sleeps: number[] = [];
    await followBalanceStream({
      token: 't',
      signal: controller.signal,
      onBalance: () => undefined,
      fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 6) controller.abort();
      },
    });
    expect(sleeps).toEqual([3000, 6000, 12_000, 24_000, 30_000, 30_000]);
  });
});

describe('the balance service with the push', () => {
  it('follows a stream per session, puts its balances on the bus, and ends it with the session', async () => {
    const bus = createEventBus({ channelName: 'balance-stream-test' });
    const streams: BalanceStreamOptions[] = [];
    const api = { call: jest.fn().mockResolvedValue({ sumBalance: 1 }) };
    const stop = startBalanceService({ bus, api: api as never, followPush: async (options) => void streams.push(options) });
    bus.set('session', { token: 'first', member: null, isAgent: null });
    await Promise.resolve();
    expect(streams.map((stream) => stream.token)).toEqual(['first']);

    streams[0].onBalance(amountMinorOf(98_765));
    expect(bus.get('balance')).toEqual({ sumBalanceMinor: 98_765, loading: false });

    bus.set('session', { token: null, member: null, isAgent: null });
    expect(streams[0].signal.aborted).toBe(true);
    // A late event of the ended stream changes nothing.
    streams[0].onBalance(amountMinorOf(5));
    expect(bus.get('balance').sumBalanceMinor).toBeNull();
    stop();
  });

  it("sends a pushed deposit or withdrawal status on the bus as a paymentStatus command, and drops one it cannot read", async () => {
    const bus = createEventBus({ channelName: 'balance-stream-test-3' });
    const controller = new AbortController();
    const api = { call: jest.fn().mockResolvedValue({ sumBalance: 1 }), headersFor: () => ({}) };
    const commands: unknown[] = [];
    bus.on('paymentStatus').subscribe(({ change }) => commands.push(change));
    const fetch = jest.fn(async (_url: string, init: { signal: AbortSignal }) =>
      answer(
        200,
        [
          'event: balance\ndata: {"sumBalance":5}\n\n',
          'event: paymentStatus\ndata: {"kind":"withdrawal","id":41,"status":"paid"}\n\n',
          'event: paymentStatus\ndata: {"kind":"bet","id":42,"status":"won"}\n\n',
          'event: paymentStatus\ndata: {"kind":"deposit","id":43,"status":"approved"}\n\n',
        ],
        init.signal,
      ),
    );
    const stop = startBalanceService({
      bus,
      api: api as never,
      followPush: (options) => followBalanceStream({ ...options, fetch, sleep: noWait, signal: AbortSignal.any([options.signal, controller.signal]) }),
    });
    bus.set('session', { token: 'session', member: null, isAgent: null });
    for (let turns = 0; turns < 50 && commands.length < 2; turns++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(commands).toEqual([
      { kind: 'withdrawal', id: 41, status: 'paid' },
      { kind: 'deposit', id: 43, status: 'approved' },
    ]);
    controller.abort();
    stop();
  });

  it('sends the pushed live-chat unread count on the bus as a chatUnread command, apart from the messages count, and drops one it cannot read', async () => {
    const bus = createEventBus({ channelName: 'balance-stream-test-4' });
    const controller = new AbortController();
    const api = { call: jest.fn().mockResolvedValue({ sumBalance: 1 }), headersFor: () => ({}) };
    const counts: number[] = [];
    bus.on('chatUnread').subscribe(({ unreadCount }) => counts.push(unreadCount));
    const fetch = jest.fn(async (_url: string, init: { signal: AbortSignal }) =>
      answer(
        200,
        [
          'event: balance\ndata: {"sumBalance":5}\n\n',
          'event: chatUnread\ndata: {"unreadCount":2}\n\n',
          'event: unread\ndata: {"unreadCount":9}\n\n',
          'event: chatUnread\ndata: {"unreadCount":-1}\n\n',
          'event: chatUnread\ndata: {"unreadCount":"3"}\n\n',
          'event: chatUnread\ndata: {"unreadCount":0}\n\n',
        ],
        init.signal,
      ),
    );
    const stop = startBalanceService({
      bus,
      api: api as never,
      followPush: (options) => followBalanceStream({ ...options, fetch, sleep: noWait, signal: AbortSignal.any([options.signal, controller.signal]) }),
    });
    bus.set('session', { token: 'session', member: null, isAgent: null });
    for (let turns = 0; turns < 50 && counts.length < 2; turns++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(counts.slice(0, 2)).toEqual([2, 0]);
    controller.abort();
    stop();
  });

  it('keeps a pushed balance over a load answered after it (the load may have read an older one)', async () => {
    const bus = createEventBus({ channelName: 'balance-stream-test-2' });
    const streams: BalanceStreamOptions[] = [];
    let answerLoad: (value: { sumBalance: number }) => void = () => undefined;
    const api = { call: jest.fn(() => new Promise((resolve) => (answerLoad = resolve))) };
    const stop = startBalanceService({ bus, api: api as never, followPush: async (options) => void streams.push(options) });
    bus.set('session', { token: 'session', member: null, isAgent: null });
    await Promise.resolve();
    streams[0].onBalance(amountMinorOf(50_000));
    answerLoad({ sumBalance: 400 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bus.get('balance')).toEqual({ sumBalanceMinor: 50_000, loading: false });
    stop();
  });
});

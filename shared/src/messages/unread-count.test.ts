import { followBalanceStream } from '../balance/balance-stream';
import { bus } from '../bus/event-bus';
import { unreadCountCall } from '@platform/contract';
import { resetTestState } from '../testing/reset';
import { stubApi } from '../testing/stub-api';
import { currentUnreadCount, refreshUnreadCount, setUnreadCount } from './unread-count';

// The unread count: pushed on the balance stream (its network edge stubbed here; the server's side
// is server/src/modules/message/message.test.ts), asked for when needed, and kept per session.

beforeEach(async () => {
  await resetTestState();
});

afterEach(() => jest.restoreAllMocks());

const logIn = (token: string, isAgent = 0) => bus.set('session', { token, member: null, isAgent });

it('passes the unread events of the balance stream on, beside the balances', async () => {
  const controller = new AbortController();
  const counts: number[] = [];
  const balances: number[] = [];
  const chunks = ['event: unread\ndata: {"unreadCount":3}\n\nevent: balance\ndata: {"sumBalance":1}\n\n', 'event: unread\ndata: {"unreadCount":"x"}\n\nevent: unread\ndata: {"unreadCount":0}\n\n'];
  let index = 0;
  const fetch = jest.fn().mockResolvedValue({
    status: 200,
    ok: true,
    body: {
      getReader: () => ({
        read: () => {
          if (index < chunks.length) return Promise.resolve({ done: false, value: chunks[index++] });
          controller.abort();
          return Promise.resolve({ done: true });
        },
      }),
    },
  });
  await followBalanceStream({ token: 't', signal: controller.signal, onBalance: (minor) => balances.push(minor), onUnread: (count) => counts.push(count), fetch, sleep: async () => undefined });
  expect(counts).toEqual([3, 0]);
  expect(balances).toEqual([100]);
});

describe('the unread count of the session', () => {
  it('is asked for with the session, kept for it only, and dropped when the session ends', async () => {
    const { callsOf } = stubApi({ unreadCount: { unreadCount: 4 } });
    logIn('session-a');
    await refreshUnreadCount();
    expect(callsOf('unreadCount')).toHaveLength(1);
    expect(currentUnreadCount()).toBe(4);
    // A push for another (older) session is ignored; one for this session is kept.
    setUnreadCount(9, 'session-old');
    expect(currentUnreadCount()).toBe(4);
    setUnreadCount(2, 'session-a');
    expect(currentUnreadCount()).toBe(2);
    logIn('session-b');
    expect(currentUnreadCount()).toBeNull();
    setUnreadCount(7, 'session-a');
    expect(currentUnreadCount()).toBeNull();
    // A failed ask (quiet) keeps what there was.
    setUnreadCount(5);
    stubApi({ unreadCount: new Error('down') });
    await refreshUnreadCount();
    expect(currentUnreadCount()).toBe(5);
    expect(unreadCountCall.quiet).toBe(true);
  });

  it('asks nothing for a free-play guest or without a session', async () => {
    const { callsOf } = stubApi({ unreadCount: { unreadCount: 1 } });
    await refreshUnreadCount();
    logIn('guest', 4);
    await refreshUnreadCount();
    expect(callsOf('unreadCount')).toEqual([]);
    expect(currentUnreadCount()).toBeNull();
  });
});

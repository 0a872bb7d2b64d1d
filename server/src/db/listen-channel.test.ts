import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MemberChannel, type MemberStream } from './listen-channel';

// The member streams of a LISTEN channel (db/listen-channel.ts) on a real PostgreSQL: a member's
// event reaches each of their open streams and no one else's, a removed stream hears nothing
// more, a broadcast finds a merchant's members, closing forgets every stream. Notifications come
// in commit order on the one connection, so a later event reaching its stream shows that an
// earlier one has been handed out.

const CHANNEL = 'member_channel_test';
let database: TestDatabase;
let channel: MemberChannel;

interface TestStream extends MemberStream {
  texts: string[];
  /** Resolves once the stream has received `text`. */
  received: (text: string) => Promise<void>;
}

function stream(merchantId: number, memberId: number): TestStream {
  const texts: string[] = [];
  const waiting: { text: string; resolve: () => void }[] = [];
  return {
    merchantId,
    memberId,
    texts,
    send: (event, data) => {
      expect(event).toBe('note');
      texts.push(String(data));
      for (const waiter of waiting.filter((entry) => entry.text === data)) waiter.resolve();
    },
    received: (text) => (texts.includes(text) ? Promise.resolve() : new Promise((resolve) => waiting.push({ text, resolve }))),
  };
}

/** Announces `<member>:<text>` on the channel, as a trigger would. */
const notify = (memberId: number, text: string) => database.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${memberId}:${text}`]);

beforeAll(async () => {
  database = await createTestDatabase();
  channel = new MemberChannel({
    connection: { connectionString: database.databaseUrl },
    channel: CHANNEL,
    applicationName: 'member_channel_test_listener',
    onNotification: (payload) => {
      const [memberId, text] = payload.split(':');
      channel.send(Number(memberId), 'note', text);
    },
  });
  await channel.start();
});

afterAll(async () => {
  await channel.close();
  await database.drop();
});

it("sends a member's event to each of their open streams and nobody else's", async () => {
  const [first, second, other, elsewhere] = [stream(1, 11), stream(1, 11), stream(1, 12), stream(2, 21)];
  const removers = [first, second, other, elsewhere].map((each) => channel.subscribe(each));

  await notify(11, 'a');
  await notify(12, 'marker');
  await other.received('marker');
  expect([first.texts, second.texts, other.texts, elsewhere.texts]).toEqual([['a'], ['a'], ['marker'], []]);
  for (const remove of removers) remove();
});

it('sends nothing more to a removed stream, and forgets a member whose last stream is removed', async () => {
  const [kept, removed, other] = [stream(1, 13), stream(1, 13), stream(1, 14)];
  const removeKept = channel.subscribe(kept);
  channel.subscribe(removed)();
  const removeOther = channel.subscribe(other);

  await notify(13, 'b');
  await notify(14, 'marker');
  await other.received('marker');
  expect([kept.texts, removed.texts]).toEqual([['b'], []]);
  expect(channel.streamsOf(13)).toEqual([kept]);

  removeKept();
  removeKept();
  expect(channel.streamsOf(13)).toEqual([]);
  expect(channel.memberIds()).toEqual([14]);
  removeOther();
});

it("lists the members with a stream open, all or one merchant's", () => {
  const removers = [stream(1, 15), stream(1, 15), stream(1, 16), stream(2, 25)].map((each) => channel.subscribe(each));
  expect(channel.memberIds().sort()).toEqual([15, 16, 25]);
  expect(channel.memberIds(1).sort()).toEqual([15, 16]);
  expect(channel.memberIds(2)).toEqual([25]);
  expect(channel.memberIds(3)).toEqual([]);
  for (const remove of removers) remove();
  expect(channel.memberIds()).toEqual([]);
});

it('forgets every stream when closed', async () => {
  const closing = new MemberChannel({ connection: { connectionString: database.databaseUrl }, channel: CHANNEL, applicationName: 'member_channel_test_closing', onNotification: () => undefined });
  await closing.start();
  const open = stream(1, 17);
  closing.subscribe(open);
  expect(closing.memberIds()).toEqual([17]);
  await closing.close();
  expect(closing.memberIds()).toEqual([]);
  closing.send(17, 'note', 'late');
  expect(open.texts).toEqual([]);
});

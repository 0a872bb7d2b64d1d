import { CHAT_UNREAD_EVENT, GUEST_MEMBER_TYPE, type ChatConversation, type ChatMessage } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { buildApp } from '../../app';
import { createPool } from '../../db/pool';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import { CHAT_LISTENER_APPLICATION_NAME } from './chat.hub';
import { call, chatMember, newClientId, openSse, setChatSettings, type SseStream } from './chat.testing';

// The chat pushed over real HTTP, with two API instances on one database (as two replicas): a
// member's message stored on one reaches an operator's stream on the other, and the answer comes
// back; a stream resumes after the last message id the client holds and neither loses nor repeats
// a message, even while messages are stored concurrently; a listener that lost its connection
// catches up when it is back.

let context: TestContext;
let second: { app: FastifyInstance; pool: pg.Pool };
const siteUrls: string[] = [];
const operatorUrls: string[] = [];
let operatorToken: string;
let memberCount = 0;

beforeAll(async () => {
  context = await createTestApp();
  const pool = createPool(context.appDatabaseUrl, 5);
  second = { app: await buildApp({ pool, remoteOverrides: {}, logger: false, lotteryJobs: false }), pool };
  for (const app of [context.app, second.app]) {
    siteUrls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    const listener = await app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
    operatorUrls.push(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
  }
  await setChatSettings(context.pool, context.merchantId, {});
  operatorToken = (await operatorLogin(context, { username: 'stream-desk', role: 'support' })).token;
});

afterAll(async () => {
  await second.app.close();
  await second.pool.end();
  await context.close();
});

async function memberWithConversation(): Promise<{ token: string; memberId: number; conversationId: number }> {
  const { token, memberId } = await chatMember(context.app, context.pool, context.merchantId, `streamer${++memberCount}`);
  const opened = await call<ChatConversation>(context.app, token, 'POST', '/wps/chat/conversation', {});
  return { token, memberId, conversationId: opened.body.value.conversationId };
}

const send = async (app: FastifyInstance, token: string, conversationId: number, text: string): Promise<ChatMessage> => {
  const answer = await call<ChatMessage>(app, token, 'POST', '/wps/chat/message', { conversationId, clientMessageId: newClientId(), text });
  if (answer.status !== 200) throw new Error(`send failed: ${JSON.stringify(answer.body)}`);
  return answer.body.value;
};

const memberStream = async (instance: number, token: string, query = '', headers: Record<string, string> = {}): Promise<SseStream> => {
  const stream = await openSse(`${siteUrls[instance]}/wps/chat/events${query}`, { authorization: token, ...headers });
  expect(stream.status).toBe(200);
  return stream;
};

/** The next `count` message events' ids. */
async function nextIds(stream: SseStream, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) ids.push((((await stream.next('message')).data) as ChatMessage).messageId);
  return ids;
}

async function storedIds(memberId: number): Promise<number[]> {
  const result = await context.pool.query<{ id: string }>('SELECT id FROM chat_message WHERE member_id = $1 ORDER BY id', [memberId]);
  return result.rows.map((row) => Number(row.id));
}

describe('the chat pushed', () => {
  it("brings a member's message stored on one instance to an operator's stream on the other, and the answer back", async () => {
    const operatorStream = await openSse(`${operatorUrls[1]}/ops/v1/chat/events`, { authorization: `Bearer ${operatorToken}` });
    expect(operatorStream.status).toBe(200);
    const { token, conversationId } = await memberWithConversation();
    const mine = await memberStream(0, token);

    const started = performance.now();
    const sent = await send(context.app, token, conversationId, 'My deposit D42 has not arrived');
    const arrived = await operatorStream.next('message');
    const latencyMs = performance.now() - started;
    expect(arrived.data).toMatchObject({ messageId: sent.messageId, conversationId, sender: 'member', text: 'My deposit D42 has not arrived' });
    expect(arrived.id).toBe(String(sent.messageId));
    // Printed, not asserted: the arrival is the assertion (the time depends on the machine's load).
    process.stdout.write(`chat: a message sent on instance A reached an operator's stream on instance B ${latencyMs.toFixed(1)} ms after it was sent\n`);

    // The operator answers on instance B; the member's stream on instance A gets it.
    const reply = await second.app.inject({
      method: 'POST',
      url: `/ops/v1/chat/conversations/${conversationId}/reply`,
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { text: 'Credited now, sorry for the wait.' },
    });
    expect(reply.statusCode).toBe(200);
    const own = (await mine.next('message')).data as ChatMessage;
    expect(own.messageId).toBe(sent.messageId);
    const taken = (await mine.next('message')).data as ChatMessage;
    expect(taken).toMatchObject({ sender: 'system', notice: 'taken', senderName: 'stream-desk' });
    const answer = await mine.next('message');
    expect(answer.data).toMatchObject({ sender: 'operator', senderName: 'stream-desk', text: 'Credited now, sorry for the wait.' });
    // The conversation's change (taken, read) and the unread count come along.
    let conversation = (await mine.next('conversation')).data as ChatConversation;
    while (conversation.state !== 'active') conversation = (await mine.next('conversation')).data as ChatConversation;
    expect(conversation.operatorName).toBe('stream-desk');
    let unread = (await mine.next('unread')).data as { unreadCount: number };
    while (unread.unreadCount !== 2) unread = (await mine.next('unread')).data as { unreadCount: number };

    // Typing: the operator's reaches the member, the member's reaches the operators.
    await second.app.inject({ method: 'POST', url: `/ops/v1/chat/conversations/${conversationId}/typing`, headers: { authorization: `Bearer ${operatorToken}` }, payload: { typing: true } });
    expect((await mine.next('typing')).data).toEqual({ conversationId, typing: true });
    await call(context.app, token, 'POST', '/wps/chat/typing', { conversationId, typing: true });
    expect((await operatorStream.next('typing')).data).toEqual({ conversationId, typing: true });
    mine.close();
    operatorStream.close();
  });

  it('resumes after the last message id the client holds (after, or Last-Event-ID): exactly the messages after it', async () => {
    const { token, memberId, conversationId } = await memberWithConversation();
    const sent: number[] = [];
    for (let index = 0; index < 4; index++) sent.push((await send(context.app, token, conversationId, `before ${index}`)).messageId);

    const first = await memberStream(1, token, `?after=${sent[1]}`);
    expect(await nextIds(first, 2)).toEqual(sent.slice(2));
    first.close();
    await first.ended;
    // Messages stored while the client was away (on the other instance) …
    for (let index = 0; index < 3; index++) sent.push((await send(second.app, token, conversationId, `while away ${index}`)).messageId);
    // … come on reconnecting with Last-Event-ID (which wins over an older `after`), and only they.
    const again = await memberStream(0, token, `?after=${sent[0]}`, { 'last-event-id': String(sent[3]) });
    expect(await nextIds(again, 3)).toEqual(sent.slice(4));
    const live = await send(context.app, token, conversationId, 'live');
    expect(await nextIds(again, 1)).toEqual([live.messageId]);
    // Nothing more came, nothing twice.
    again.close();
    await again.ended;
    expect(again.drain('message')).toEqual([]);
    expect(await storedIds(memberId)).toEqual([...sent, live.messageId]);
  });

  it('neither loses nor repeats a message while the member and an operator write at once on both instances', async () => {
    const { token, memberId, conversationId } = await memberWithConversation();
    await send(context.app, token, conversationId, 'start');
    const [startId] = await storedIds(memberId);
    const streams = [await memberStream(0, token, `?after=${startId}`), await memberStream(1, token, `?after=${startId}`)];
    const writes: Promise<unknown>[] = [];
    for (let index = 0; index < 8; index++) {
      writes.push(send(index % 2 === 0 ? context.app : second.app, token, conversationId, `member ${index}`));
      writes.push(
        (index % 2 === 0 ? second.app : context.app).inject({
          method: 'POST',
          url: `/ops/v1/chat/conversations/${conversationId}/reply`,
          headers: { authorization: `Bearer ${operatorToken}` },
          payload: { text: `operator ${index}`, clientMessageId: newClientId() },
        }),
      );
    }
    await Promise.all(writes);
    const expected = (await storedIds(memberId)).filter((id) => id > startId);
    // 8 member messages, 8 answers and the "taken" notice.
    expect(expected).toHaveLength(17);
    for (const stream of streams) {
      expect(await nextIds(stream, expected.length)).toEqual(expected);
      stream.close();
      await stream.ended;
      expect(stream.drain('message')).toEqual([]);
    }
  });

  it('refuses a stream without a session, and a guest', async () => {
    const none = await openSse(`${siteUrls[0]}/wps/chat/events`, {});
    expect(none.status).toBe(401);
    none.close();
    const guest = await chatMember(context.app, context.pool, context.merchantId, 'streamguest', GUEST_MEMBER_TYPE);
    const refused = await openSse(`${siteUrls[0]}/wps/chat/events`, { authorization: guest.token });
    expect(refused.status).toBe(403);
    refused.close();
  });

  it('catches up after its listener lost the connection: messages stored meanwhile arrive, once', async () => {
    const { token, conversationId } = await memberWithConversation();
    const stream = await memberStream(1, token);
    const before = await send(context.app, token, conversationId, 'before the failover');
    expect(await nextIds(stream, 1)).toEqual([before.messageId]);
    const listener = second.app.chatHub!.channelListener;
    // The database ends the chat listeners' connections (both instances'), as a failover would.
    await context.ownerPool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [CHAT_LISTENER_APPLICATION_NAME]);
    const during = await send(context.app, token, conversationId, 'during the failover');
    expect(await nextIds(stream, 1)).toEqual([during.messageId]);
    expect(listener.listening).toBe(true);
    stream.close();
    await stream.ended;
    expect(stream.drain('message')).toEqual([]);
  });

  it("pushes the chat's unread count on the member's balance stream too", async () => {
    const { token, conversationId } = await memberWithConversation();
    const balance = await openSse(`${siteUrls[0]}/wps/v2/wallets/balance/events`, { authorization: token });
    expect((await balance.next(CHAT_UNREAD_EVENT)).data).toEqual({ unreadCount: 0 });
    await second.app.inject({
      method: 'POST',
      url: `/ops/v1/chat/conversations/${conversationId}/reply`,
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { text: 'Hello from the desk' },
    });
    let pushed = (await balance.next(CHAT_UNREAD_EVENT)).data as { unreadCount: number };
    while (pushed.unreadCount < 2) pushed = (await balance.next(CHAT_UNREAD_EVENT)).data as { unreadCount: number };
    expect(pushed.unreadCount).toBe(2);
    balance.close();
  });
});

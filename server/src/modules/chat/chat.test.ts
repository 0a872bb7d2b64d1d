import {
  CHAT_IMAGES_PER_HOUR,
  CHAT_MESSAGES_PER_MINUTE,
  GUEST_MEMBER_TYPE,
  type ChatConversation,
  type ChatImage,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatResume,
  type ChatScripts,
  type ChatUnreadCount,
  type SystemStatus,
} from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import { call, chatMember, newClientId, PNG, pngDataUrl, setChatSettings } from './chat.testing';

// The member's side of the live chat through the API, on a real PostgreSQL: who may chat, a
// member's conversations kept to that member, messages stored once per client id (however often
// and however concurrently sent), images checked by their bytes, the abuse limits, the away
// message, the VIP queue, scripted questions and read receipts.

let context: TestContext;
let operatorToken: string;
let memberCount = 0;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  await setChatSettings(context.pool, context.merchantId, {});
  operatorToken = (await operatorLogin(context, { username: 'chat-desk', role: 'support' })).token;
});

afterAll(async () => {
  await context.close();
});

const member = async () => chatMember(context.app, context.pool, context.merchantId, `chatter${++memberCount}`);

async function open(token: string): Promise<ChatConversation> {
  const answer = await call<ChatConversation>(context.app, token, 'POST', '/wps/chat/conversation', {});
  expect(answer).toMatchObject({ status: 200 });
  return answer.body.value;
}

const sendText = (token: string, conversationId: number, text: string, clientMessageId = newClientId(), extra: Record<string, unknown> = {}) =>
  call<ChatMessage>(context.app, token, 'POST', '/wps/chat/message', { conversationId, clientMessageId, text, ...extra });

const sendImage = (token: string, conversationId: number, image: string, clientMessageId = newClientId()) =>
  call<ChatMessage>(context.app, token, 'POST', '/wps/chat/image', { conversationId, clientMessageId, image });

const messages = async (token: string, conversationId: number, query = '') =>
  (await call<ChatMessagesPage>(context.app, token, 'GET', `/wps/chat/messages?conversationId=${conversationId}${query}`)).body.value;

const count = async (sql: string, params: unknown[]): Promise<number> => (await context.pool.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params)).rows[0].n;

const operatorCall = <T>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${operatorToken}` }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }).then((response) => ({ status: response.statusCode, value: json<{ value: T }>(response).value }));

describe('who may chat', () => {
  it('refuses a free-play guest clearly, and stores nothing', async () => {
    const guest = await chatMember(context.app, context.pool, context.merchantId, 'chatguest', GUEST_MEMBER_TYPE);
    const answer = await call(context.app, guest.token, 'POST', '/wps/chat/conversation', {});
    expect([answer.status, answer.body.errorCode]).toEqual([403, 'guest.not.allowed']);
    expect(answer.body.message).toBeTruthy();
    expect(await count('chat_conversation WHERE member_id = $1', [guest.memberId])).toBe(0);
    // Without a session: the login popup.
    expect((await call(context.app, null, 'POST', '/wps/chat/conversation', {})).body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });

  it('refuses everyone while the merchant has chat switched off, and the site says it is off', async () => {
    const { token } = await member();
    await setChatSettings(context.pool, context.merchantId, { enabled: false });
    try {
      const answer = await call(context.app, token, 'POST', '/wps/chat/conversation', {});
      expect([answer.status, answer.body.errorCode]).toEqual([403, 'chat.disabled']);
      const status = await context.app.inject({ method: 'GET', url: '/wps/system/status' });
      expect(json<{ value: SystemStatus }>(status).value.info.site.chatEnabled).toBe(false);
    } finally {
      await setChatSettings(context.pool, context.merchantId, {});
    }
    const status = await context.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(json<{ value: SystemStatus }>(status).value.info.site.chatEnabled).toBe(true);
  });

  it('keeps the chat open to a member while the site is under maintenance, and the money routes closed', async () => {
    const { token } = await member();
    await context.pool.query("INSERT INTO maintenance_window (merchant_id, starts_at, ends_at) VALUES ($1, now() - interval '1 minute', now() + interval '1 hour')", [context.merchantId]);
    try {
      const balance = await call(context.app, token, 'GET', '/wps/v2/wallets/balance');
      expect([balance.status, balance.body.errorCode]).toEqual([503, 'system_under_maintenance']);
      const conversation = await open(token);
      const sent = await sendText(token, conversation.conversationId, 'my deposit is stuck and the site is closed');
      expect(sent.status).toBe(200);
      expect((await messages(token, conversation.conversationId)).list.map((message) => message.text)).toContain('my deposit is stuck and the site is closed');
      expect((await call<ChatUnreadCount>(context.app, token, 'GET', '/wps/relay/CBS_unreadCount')).status).toBe(200);
      // Still a member's chat: without a session it asks for the login, maintenance or not.
      expect((await call(context.app, null, 'POST', '/wps/chat/conversation', {})).body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    } finally {
      await context.pool.query('DELETE FROM maintenance_window WHERE merchant_id = $1', [context.merchantId]);
    }
  });

  it("keeps every member to their own conversation: another's is answered as one that does not exist", async () => {
    const x = await member();
    const y = await member();
    const yours = await open(y.token);
    const sent = await sendText(y.token, yours.conversationId, 'my deposit D12 is stuck');
    const image = await sendImage(y.token, yours.conversationId, pngDataUrl());
    const before = await count('chat_message WHERE conversation_id = $1', [yours.conversationId]);

    const attempts = [
      call(context.app, x.token, 'GET', `/wps/chat/conversation?conversationId=${yours.conversationId}`),
      call(context.app, x.token, 'GET', `/wps/chat/messages?conversationId=${yours.conversationId}`),
      sendText(x.token, yours.conversationId, 'let me in'),
      sendImage(x.token, yours.conversationId, pngDataUrl()),
      call(context.app, x.token, 'POST', '/wps/chat/read', { conversationId: yours.conversationId, messageId: sent.body.value.messageId }),
      call(context.app, x.token, 'POST', '/wps/chat/typing', { conversationId: yours.conversationId, typing: true }),
      call(context.app, x.token, 'POST', '/wps/chat/close', { conversationId: yours.conversationId }),
    ];
    for (const answer of await Promise.all(attempts)) expect([answer.status, answer.body.errorCode]).toEqual([404, 'chat.conversation.not.found']);
    const picture = await call(context.app, x.token, 'GET', `/wps/chat/image?messageId=${image.body.value.messageId}`);
    expect([picture.status, picture.body.errorCode]).toEqual([404, 'chat.message.not.found']);

    expect(await count('chat_message WHERE conversation_id = $1', [yours.conversationId])).toBe(before);
    expect((await call<ChatConversation>(context.app, y.token, 'GET', `/wps/chat/conversation?conversationId=${yours.conversationId}`)).body.value.state).toBe('waiting');
    // A client id of X's never answers Y's message either.
    const replay = await sendText(x.token, (await open(x.token)).conversationId, 'my deposit D12 is stuck', sent.body.value.clientMessageId!);
    expect(replay.body.value.messageId).not.toBe(sent.body.value.messageId);
  });
});

describe('conversations', () => {
  it('opens one conversation per member, however many opens run at once', async () => {
    const { token, memberId } = await member();
    const opened = await Promise.all(Array.from({ length: 6 }, () => call<ChatConversation>(context.app, token, 'POST', '/wps/chat/conversation', {})));
    expect(new Set(opened.map((answer) => answer.body.value.conversationId)).size).toBe(1);
    expect(opened[0].body.value).toMatchObject({ state: 'waiting', queue: 'livechat', operatorName: null, online: true, closedAt: null });
    expect(await count('chat_conversation WHERE member_id = $1', [memberId])).toBe(1);
  });

  it('puts a member whose VIP level is above 4 in the vip queue, and one at level 4 in livechat', async () => {
    const vip = await member();
    const regular = await member();
    for (const [memberId, level] of [[vip.memberId, 5], [regular.memberId, 4]]) {
      await context.pool.query('INSERT INTO vip_member (merchant_id, member_id, level, highest_level, changed_at) VALUES ($1, $2, $3, $3, now())', [context.merchantId, memberId, level]);
    }
    expect((await open(vip.token)).queue).toBe('vip');
    expect((await open(regular.token)).queue).toBe('livechat');
    // The operators' list shows the waiting VIP first.
    const list = await operatorCall<{ list: { username: string; queue: string }[] }>('GET', '/chat/conversations?state=waiting');
    const names = list.value.list.map((row) => row.username);
    expect(names.indexOf(`chatter${memberCount - 1}`)).toBeLessThan(names.indexOf(`chatter${memberCount}`));
  });

  it('lets the member close it, then write only in a new one', async () => {
    const { token } = await member();
    const first = await open(token);
    const closed = await call<ChatConversation>(context.app, token, 'POST', '/wps/chat/close', { conversationId: first.conversationId });
    expect(closed.body.value).toMatchObject({ state: 'closed' });
    const late = await sendText(token, first.conversationId, 'one more thing');
    expect([late.status, late.body.errorCode]).toEqual([409, 'chat.conversation.closed']);
    const second = await open(token);
    expect(second.conversationId).not.toBe(first.conversationId);
    expect((await messages(token, first.conversationId)).list.map((message) => message.notice)).toEqual(['closed']);
  });
});

describe('messages', () => {
  it('stores a text sent twice with the same client id once, and answers the stored message both times', async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const clientMessageId = newClientId();
    const first = await sendText(token, conversationId, 'hello', clientMessageId);
    const again = await sendText(token, conversationId, 'hello', clientMessageId);
    expect(first.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect(await count('chat_message WHERE conversation_id = $1', [conversationId])).toBe(1);
    // The same id with another text is a client's mistake, not a retry.
    const other = await sendText(token, conversationId, 'something else', clientMessageId);
    expect([other.status, other.body.errorCode]).toEqual([409, 'chat.client.id.conflict']);
  });

  it('stores a text sent at once by several requests with the same client id once', async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const clientMessageId = newClientId();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendText(token, conversationId, 'are you there?', clientMessageId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.value.messageId)).size).toBe(1);
    expect(await count('chat_message WHERE conversation_id = $1', [conversationId])).toBe(1);
  });

  it('keeps text as text: markup is stored and answered exactly as sent', async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const text = '<img src=x onerror=alert(1)> & "quotes" 😀';
    expect((await sendText(token, conversationId, text)).body.value.text).toBe(text);
    expect((await messages(token, conversationId)).list.map((message) => message.text)).toEqual([text]);
  });

  it('refuses blank and too long texts, and stores nothing', async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const blank = await sendText(token, conversationId, '   \n ');
    expect([blank.status, blank.body.errorCode]).toEqual([400, 'chat.text.invalid']);
    const long = await sendText(token, conversationId, 'x'.repeat(1001));
    expect(long.status).toBe(400);
    expect((await sendText(token, conversationId, 'y'.repeat(1000))).status).toBe(200);
    expect(await count('chat_message WHERE conversation_id = $1', [conversationId])).toBe(1);
  });

  it('takes a png or jpg by its bytes, gives it back only to its member, and refuses anything else, storing nothing', async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const gif = Buffer.from('GIF89a this is no png');
    const refused = [
      await sendImage(token, conversationId, `data:image/png;base64,${gif.toString('base64')}`),
      await sendImage(token, conversationId, 'data:text/html;base64,PGI+aGk8L2I+'),
      await sendImage(token, conversationId, 'not a data url'),
    ];
    for (const answer of refused) expect([answer.status, answer.body.errorCode]).toEqual([400, 'chat.image.invalid']);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await sendImage(token, conversationId, pngDataUrl(huge));
    expect([tooLarge.status, tooLarge.body.errorCode]).toEqual([400, 'chat.image.too.large']);
    expect(await count('chat_message WHERE conversation_id = $1', [conversationId])).toBe(0);
    expect(await count('chat_image i JOIN chat_message m ON m.id = i.message_id WHERE m.conversation_id = $1', [conversationId])).toBe(0);

    const stored = await sendImage(token, conversationId, pngDataUrl());
    expect(stored.body.value).toMatchObject({ kind: 'image', text: '', sender: 'member' });
    const picture = await call<ChatImage>(context.app, token, 'GET', `/wps/chat/image?messageId=${stored.body.value.messageId}`);
    expect(picture.body.value).toEqual({ messageId: stored.body.value.messageId, contentType: 'image/png', image: pngDataUrl() });
  });

  it('refuses past the messages a minute and stores nothing more; a retry of a stored message is still answered', async () => {
    const { token, memberId } = await member();
    const { conversationId } = await open(token);
    const clientIds = Array.from({ length: CHAT_MESSAGES_PER_MINUTE }, () => newClientId());
    for (const [index, clientMessageId] of clientIds.entries()) expect((await sendText(token, conversationId, `message ${index}`, clientMessageId)).status).toBe(200);
    const refused = await sendText(token, conversationId, 'one too many');
    expect([refused.status, refused.body.errorCode]).toEqual([429, 'chat.too.many.messages']);
    expect(await count("chat_message WHERE member_id = $1 AND sender = 'member'", [memberId])).toBe(CHAT_MESSAGES_PER_MINUTE);
    expect((await sendText(token, conversationId, 'message 3', clientIds[3])).status).toBe(200);
  });

  it('refuses past the images an hour and stores nothing more', async () => {
    const { token, memberId } = await member();
    const { conversationId } = await open(token);
    for (let index = 0; index < CHAT_IMAGES_PER_HOUR; index++) expect((await sendImage(token, conversationId, pngDataUrl())).status).toBe(200);
    const refused = await sendImage(token, conversationId, pngDataUrl());
    expect([refused.status, refused.body.errorCode]).toEqual([429, 'chat.too.many.images']);
    expect(await count("chat_message WHERE member_id = $1 AND kind = 'image'", [memberId])).toBe(CHAT_IMAGES_PER_HOUR);
    // Texts are still allowed.
    expect((await sendText(token, conversationId, 'still here')).status).toBe(200);
  });

  it('pages a conversation oldest first, after an id or back from one', async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) ids.push((await sendText(token, conversationId, `line ${index}`)).body.value.messageId);
    expect(await messages(token, conversationId, `&after=${ids[1]}&size=2`)).toMatchObject({ hasMore: true, list: [{ messageId: ids[2] }, { messageId: ids[3] }] });
    expect(await messages(token, conversationId, `&after=${ids[3]}`)).toMatchObject({ hasMore: false, list: [{ messageId: ids[4] }] });
    expect(await messages(token, conversationId, '&size=2')).toMatchObject({ hasMore: true, list: [{ messageId: ids[3] }, { messageId: ids[4] }] });
    expect(await messages(token, conversationId, `&before=${ids[2]}&size=5`)).toMatchObject({ hasMore: false, list: [{ messageId: ids[0] }, { messageId: ids[1] }] });
  });
});

describe('hours, scripts and read receipts', () => {
  it('adds the away message once per opening outside the hours, in the member\'s language', async () => {
    await setChatSettings(context.pool, context.merchantId, { hours: [], awayMessage: { EN: 'We are away.', BN: 'আমরা দূরে আছি।' } });
    try {
      const { token } = await member();
      const first = await open(token);
      expect(first.online).toBe(false);
      await sendText(token, first.conversationId, 'anyone?');
      await sendText(token, first.conversationId, 'hello?');
      expect((await messages(token, first.conversationId)).list.map((message) => [message.kind, message.notice, message.text])).toEqual([
        ['notice', 'away', 'We are away.'],
        ['text', null, 'anyone?'],
        ['text', null, 'hello?'],
      ]);
      await call(context.app, token, 'POST', '/wps/chat/close', { conversationId: first.conversationId });
      const second = await context.app.inject({ method: 'POST', url: '/wps/chat/conversation', headers: { authorization: token, language: 'BN' }, payload: {} });
      const reopened = json<{ value: ChatConversation }>(second).value;
      expect((await messages(token, reopened.conversationId)).list.map((message) => message.text)).toEqual(['আমরা দূরে আছি।']);
    } finally {
      await setChatSettings(context.pool, context.merchantId, {});
    }
    // Within the hours: none.
    const { token } = await member();
    const { conversationId } = await open(token);
    await sendText(token, conversationId, 'hi');
    expect((await messages(token, conversationId)).list.map((message) => message.kind)).toEqual(['text']);
  });

  it('offers the seeded quick questions, and answers one at once', async () => {
    const { token } = await member();
    const scripts = (await call<ChatScripts>(context.app, token, 'GET', '/wps/relay/WPSCORE_getCustomerServiceScript')).body.value.list;
    expect(scripts.map((script) => script.question)).toContain('My deposit has not arrived');
    const bangla = await context.app.inject({ method: 'GET', url: '/wps/relay/WPSCORE_getCustomerServiceScript', headers: { authorization: token, language: 'BN' } });
    expect(json<{ value: ChatScripts }>(bangla).value.list[0].question).toBe('আমার ডিপোজিট এখনও আসেনি');

    const { conversationId } = await open(token);
    const [script] = scripts;
    const asked = await sendText(token, conversationId, script.question, newClientId(), { scriptId: script.scriptId });
    expect(asked.body.value).toMatchObject({ kind: 'text', text: script.question });
    expect((await messages(token, conversationId)).list.slice(-1)[0]).toMatchObject({ sender: 'system', kind: 'notice', notice: 'script', text: script.answer });
    const unknown = await sendText(token, conversationId, 'x', newClientId(), { scriptId: 999999 });
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'chat.script.not.found']);
  });

  it("counts the operator's messages unread until the member reads them, and tells the member when the operator read theirs", async () => {
    const { token } = await member();
    const { conversationId } = await open(token);
    const mine = await sendText(token, conversationId, 'my withdrawal W7?');
    const unread = async () => (await call<ChatUnreadCount>(context.app, token, 'GET', '/wps/relay/CBS_unreadCount')).body.value.unreadCount;
    expect(await unread()).toBe(0);

    const replied = await operatorCall<{ list: ChatMessage[] }>('POST', `/chat/conversations/${conversationId}/reply`, { text: 'Paid a minute ago.' });
    expect(replied.status).toBe(200);
    expect(await unread()).toBe(2); // the "taken" notice and the answer
    const conversation = (await call<ChatConversation>(context.app, token, 'GET', `/wps/chat/conversation?conversationId=${conversationId}`)).body.value;
    expect(conversation).toMatchObject({ state: 'active', operatorName: 'chat-desk', unreadCount: 2 });
    // Answering is reading: the member's message shows as read.
    expect(conversation.operatorReadId).toBeGreaterThanOrEqual(mine.body.value.messageId);

    const read = await call<ChatUnreadCount>(context.app, token, 'POST', '/wps/chat/read', { conversationId, messageId: replied.value.list[0].messageId });
    expect(read.body.value.unreadCount).toBe(0);
    // A read mark never moves back.
    await call(context.app, token, 'POST', '/wps/chat/read', { conversationId, messageId: 1 });
    expect(await unread()).toBe(0);
  });

  it('opens the window on a conversation the operator answered and closed while the member was away, so its replies are read and the badge clears', async () => {
    const { token } = await member();
    const resume = async () => (await call<ChatResume>(context.app, token, 'GET', '/wps/chat/resume')).body.value.conversation;
    const unread = async () => (await call<ChatUnreadCount>(context.app, token, 'GET', '/wps/relay/CBS_unreadCount')).body.value.unreadCount;
    // Nothing yet: the window opens a conversation itself; looking opens none.
    expect(await resume()).toBeNull();
    const first = await open(token);
    expect(await resume()).toMatchObject({ conversationId: first.conversationId, state: 'waiting' });
    await sendText(token, first.conversationId, 'is my bonus credited?');

    // The member leaves; the operator answers and closes.
    await operatorCall('POST', `/chat/conversations/${first.conversationId}/reply`, { text: 'Yes, an hour ago.' });
    expect((await operatorCall('POST', `/chat/conversations/${first.conversationId}/close`)).status).toBe(200);
    const waiting = await unread();
    expect(waiting).toBeGreaterThanOrEqual(2);

    // Back, the window opens on the closed conversation with its unread replies, not on a new one.
    const shown = await resume();
    expect(shown).toMatchObject({ conversationId: first.conversationId, state: 'closed', unreadCount: waiting });
    const page = await messages(token, first.conversationId);
    expect(page.list.map((message) => message.text)).toContain('Yes, an hour ago.');
    const read = await call<ChatUnreadCount>(context.app, token, 'POST', '/wps/chat/read', { conversationId: first.conversationId, messageId: page.list[page.list.length - 1].messageId });
    expect(read.body.value.unreadCount).toBe(0);

    // Read: nothing to resume, and the next window opens a new conversation.
    expect(await resume()).toBeNull();
    const second = await open(token);
    expect(second.conversationId).not.toBe(first.conversationId);
    expect(await resume()).toMatchObject({ conversationId: second.conversationId, state: 'waiting' });
    // Looking changed nothing: still the two conversations.
    expect(await count('chat_conversation WHERE member_id = (SELECT member_id FROM chat_conversation WHERE id = $1)', [first.conversationId])).toBe(2);
  });

  it('refuses a guest and another member the conversation to resume, and answers chat.disabled while chat is off', async () => {
    const guest = await chatMember(context.app, context.pool, context.merchantId, 'resumeguest', GUEST_MEMBER_TYPE);
    expect((await call(context.app, guest.token, 'GET', '/wps/chat/resume')).body.errorCode).toBe('guest.not.allowed');
    expect((await call(context.app, null, 'GET', '/wps/chat/resume')).body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    const x = await member();
    const y = await member();
    await open(y.token);
    expect((await call<ChatResume>(context.app, x.token, 'GET', '/wps/chat/resume')).body.value.conversation).toBeNull();
    await setChatSettings(context.pool, context.merchantId, { enabled: false });
    try {
      expect((await call(context.app, y.token, 'GET', '/wps/chat/resume')).body.errorCode).toBe('chat.disabled');
    } finally {
      await setChatSettings(context.pool, context.merchantId, {});
    }
  });
});

import {
  MAIL_SENDS_PER_DAY,
  UNREAD_EVENT,
  type Envelope,
  type InboxMails,
  type LoginResult,
  type OutboxMails,
  type UnreadCount,
} from '@platform/contract';
import http from 'node:http';
import { inFlight } from '../../testing/in-flight';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, loginRequest, TestClock, tokenFor } from '../member/member.testing';
import { listMemberMails, sendMessage } from './message.service';

// Platform messages through HTTP on a real PostgreSQL, as the site runs them: a member's inbox
// (direct mails and broadcasts), read, delete, reply, the outbox, the unread count (asked for and
// pushed on the balance stream), the sending limit, and members trying other members' mails.

const clock = new TestClock();
let context: TestContext;
let baseUrl: string;
let userCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await context.close();
});

interface TestUser {
  memberId: number;
  token: string;
  username: string;
}

async function newMember(prefix = 'mail'): Promise<TestUser> {
  const username = `${prefix}${String(++userCounter).padStart(3, '0')}`;
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123', nowMs: clock.nowMs });
  return { memberId, username, token: await tokenFor(context.app, username, 'secret123') };
}

const get = (url: string, token: string) => context.app.inject({ method: 'GET', url, headers: { authorization: token, language: 'EN' } });
const post = (url: string, token: string, payload: unknown) =>
  context.app.inject({ method: 'POST', url, headers: { authorization: token, language: 'EN' }, payload: payload as Record<string, unknown> });

const inbox = async (user: TestUser, query = '') => {
  const response = await get(`/wps/relay/getInboxMails${query}`, user.token);
  expect(response.statusCode).toBe(200);
  return json<Envelope<InboxMails>>(response).value;
};
const outbox = async (user: TestUser, query = '') => {
  const response = await get(`/wps/relay/getOutboxMails${query}`, user.token);
  expect(response.statusCode).toBe(200);
  return json<Envelope<OutboxMails>>(response).value;
};
const unread = async (user: TestUser) => json<Envelope<UnreadCount>>(await get('/wps/relay/CSP_unreadCount', user.token)).value.unreadCount;

const send = (to: { memberIds: number[] } | 'all', subject: string, options: { canReply?: boolean; content?: string } = {}) =>
  sendMessage(context.pool, {
    merchantId: context.merchantId,
    to,
    subject,
    content: options.content ?? `Content of ${subject}`,
    canReply: options.canReply ?? false,
    senderName: 'Customer Service',
    nowMs: clock.nowMs,
  });

const failureOf = (response: { statusCode: number; body: string }) => ({ status: response.statusCode, errorCode: json<Envelope<unknown>>(response).errorCode });

describe('the inbox', () => {
  it('shows a mail sent to the member, unread, and marks it read', async () => {
    const member = await newMember();
    const other = await newMember();
    clock.advance(1000);
    const { mailId } = await send({ memberIds: [member.memberId] }, 'Welcome', { content: '<b>plain</b> text\nline two' });
    expect(await inbox(member)).toEqual({
      list: [{ inboxId: mailId, subject: 'Welcome', content: '<b>plain</b> text\nline two', sendTime: clock.nowMs, senderName: 'Customer Service', read: false, canReply: false }],
      totalPages: 1,
    });
    expect(await unread(member)).toBe(1);
    // Only its recipient has it.
    expect((await inbox(other)).list).toEqual([]);
    expect(await unread(other)).toBe(0);

    const marked = await post('/wps/relay/markMailAsRead', member.token, { inboxIds: [mailId] });
    expect(json<Envelope<UnreadCount>>(marked)).toEqual({ success: true, value: { unreadCount: 0 }, message: null, errorCode: null });
    expect((await inbox(member)).list[0].read).toBe(true);
    // Marking again changes nothing and is no error.
    expect((await post('/wps/relay/markMailAsRead', member.token, { inboxIds: [mailId] })).statusCode).toBe(200);
  });

  it('deletes mails, all or nothing, and answers the unread count', async () => {
    const member = await newMember();
    clock.advance(1000);
    const first = await send({ memberIds: [member.memberId] }, 'First');
    clock.advance(1000);
    const second = await send({ memberIds: [member.memberId] }, 'Second');
    expect(await unread(member)).toBe(2);

    const deleted = await post('/wps/relay/deleteInboxMail', member.token, { inboxIds: [first.mailId] });
    expect(json<Envelope<UnreadCount>>(deleted).value).toEqual({ unreadCount: 1 });
    expect((await inbox(member)).list.map((mail) => mail.subject)).toEqual(['Second']);
    // A deleted mail is gone: deleting it (with another) again fails and deletes nothing.
    expect(failureOf(await post('/wps/relay/deleteInboxMail', member.token, { inboxIds: [second.mailId, first.mailId] }))).toEqual({ status: 404, errorCode: 'message.not.found' });
    expect((await inbox(member)).list.map((mail) => mail.subject)).toEqual(['Second']);
    expect(failureOf(await post('/wps/relay/markMailAsRead', member.token, { inboxIds: [first.mailId] }))).toEqual({ status: 404, errorCode: 'message.not.found' });
  });

  it('pages, sorts and filters by send time', async () => {
    const member = await newMember();
    const times: number[] = [];
    for (let index = 1; index <= 5; index++) {
      clock.advance(60_000);
      times.push(clock.nowMs);
      await send({ memberIds: [member.memberId] }, `Mail ${index}`);
    }
    const page1 = await inbox(member, '?page=1&size=2');
    expect(page1.totalPages).toBe(3);
    expect(page1.list.map((mail) => mail.subject)).toEqual(['Mail 5', 'Mail 4']);
    expect((await inbox(member, '?page=3&size=2')).list.map((mail) => mail.subject)).toEqual(['Mail 1']);
    expect((await inbox(member, '?page=4&size=2')).list).toEqual([]);
    expect((await inbox(member, '?sort=asc&size=2')).list.map((mail) => mail.subject)).toEqual(['Mail 1', 'Mail 2']);
    expect((await inbox(member, `?startTime=${times[1]}&endTime=${times[3]}`)).list.map((mail) => mail.subject)).toEqual(['Mail 4', 'Mail 3', 'Mail 2']);
  });
});

describe('broadcasts', () => {
  it('reach every member registered before, each with their own read and delete, and nobody registered after', async () => {
    const early = await newMember('bc');
    const alsoEarly = await newMember('bc');
    const guestId = await createMember(context.pool, context.merchantId, { username: `bcguest${++userCounter}`, password: 'secret123', memberType: 4, nowMs: clock.nowMs });
    clock.advance(1000);
    const stored = await context.pool.query<{ count: number }>('SELECT count(*)::integer AS count FROM mail_delivery');
    const { mailId, recipients } = await send('all', 'Maintenance tonight');
    expect(recipients).toBe('all');
    // Stored once: no delivery row per member.
    expect((await context.pool.query<{ count: number }>('SELECT count(*)::integer AS count FROM mail_delivery')).rows[0].count).toBe(stored.rows[0].count);
    clock.advance(1000);
    const late = await newMember('bc');

    expect((await inbox(early)).list.map((mail) => mail.inboxId)).toContain(mailId);
    expect((await inbox(alsoEarly)).list.map((mail) => mail.inboxId)).toContain(mailId);
    expect((await inbox(late)).list.map((mail) => mail.inboxId)).not.toContain(mailId);
    // The late member cannot reach it by id either.
    expect(failureOf(await post('/wps/relay/markMailAsRead', late.token, { inboxIds: [mailId] }))).toEqual({ status: 404, errorCode: 'message.not.found' });

    const earlyUnread = await unread(early);
    await post('/wps/relay/markMailAsRead', early.token, { inboxIds: [mailId] });
    expect(await unread(early)).toBe(earlyUnread - 1);
    expect((await inbox(alsoEarly)).list.find((mail) => mail.inboxId === mailId)?.read).toBe(false);

    await post('/wps/relay/deleteInboxMail', alsoEarly.token, { inboxIds: [mailId] });
    expect((await inbox(alsoEarly)).list.map((mail) => mail.inboxId)).not.toContain(mailId);
    expect((await inbox(early)).list.find((mail) => mail.inboxId === mailId)?.read).toBe(true);
    // Free-play guests have no inbox, and cannot be sent a mail.
    expect((await context.pool.query('SELECT 1 FROM mail_delivery WHERE member_id = $1', [guestId])).rowCount).toBe(0);
    await expect(send({ memberIds: [guestId] }, 'To a guest')).rejects.toMatchObject({ errorCode: 'message.recipient.invalid' });
  });
});

describe("another member's mail", () => {
  it('can be neither listed, read, marked, deleted nor answered, by a member of this or another merchant', async () => {
    const victim = await newMember('victim');
    const attacker = await newMember('attacker');
    clock.advance(1000);
    const { mailId } = await send({ memberIds: [victim.memberId] }, 'Your bonus code', { canReply: true, content: 'Code 1234' });
    const victimSent = json<Envelope<{ outboxId: number }>>(await post('/wps/relay/sendMail', victim.token, { subject: 'My withdrawal', content: 'Card 4111' })).value.outboxId;

    const other = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('MAILOTHER', 'Other brand') RETURNING id");
    await createMember(context.pool, other.rows[0].id, { username: 'foreign01', password: 'secret123', nowMs: clock.nowMs });
    const login = await loginRequest(context.app, { username: 'foreign01', password: 'secret123' }, { headers: { merchant: 'MAILOTHER' } });
    const foreignToken = json<Envelope<LoginResult>>(login).value.token;
    const post2 = (url: string, payload: unknown) =>
      context.app.inject({ method: 'POST', url, headers: { authorization: foreignToken, merchant: 'MAILOTHER', language: 'EN' }, payload: payload as Record<string, unknown> });

    for (const attempt of [
      () => post('/wps/relay/markMailAsRead', attacker.token, { inboxIds: [mailId] }),
      () => post('/wps/relay/deleteInboxMail', attacker.token, { inboxIds: [mailId] }),
      () => post('/wps/relay/replyMail', attacker.token, { inboxId: mailId, subject: 'Re', content: 'x' }),
      () => post('/wps/relay/deleteOutboxMail', attacker.token, { outboxIds: [victimSent] }),
      () => post2('/wps/relay/markMailAsRead', { inboxIds: [mailId] }),
      () => post2('/wps/relay/deleteInboxMail', { inboxIds: [mailId] }),
      () => post2('/wps/relay/replyMail', { inboxId: mailId, subject: 'Re', content: 'x' }),
      () => post2('/wps/relay/deleteOutboxMail', { outboxIds: [victimSent] }),
    ]) {
      expect(failureOf(await attempt())).toEqual({ status: 404, errorCode: 'message.not.found' });
    }
    // Mixed with one of the attacker's own: refused as a whole.
    const own = await send({ memberIds: [attacker.memberId] }, 'Yours');
    expect(failureOf(await post('/wps/relay/deleteInboxMail', attacker.token, { inboxIds: [own.mailId, mailId] }))).toEqual({ status: 404, errorCode: 'message.not.found' });
    expect((await inbox(attacker)).list.map((mail) => mail.subject)).toEqual(['Yours']);
    expect(JSON.stringify(await outbox(attacker))).not.toContain('Card 4111');
    const foreignInbox = await context.app.inject({ method: 'GET', url: '/wps/relay/getInboxMails', headers: { authorization: foreignToken, merchant: 'MAILOTHER' } });
    expect(json<Envelope<InboxMails>>(foreignInbox).value.list).toEqual([]);

    // The victim's mails are as they were.
    expect((await inbox(victim)).list).toEqual([expect.objectContaining({ inboxId: mailId, read: false })]);
    expect((await outbox(victim)).list.map((mail) => mail.outboxId)).toEqual([victimSent]);
    expect((await context.pool.query('SELECT 1 FROM mail_delivery WHERE mail_id = $1 AND member_id <> $2', [mailId, victim.memberId])).rowCount).toBe(0);
    expect((await context.pool.query('SELECT 1 FROM member_mail WHERE reply_to_mail_id = $1', [mailId])).rowCount).toBe(0);
  });

  it('is not reachable by a guest or without a session', async () => {
    const guestId = await createMember(context.pool, context.merchantId, { username: `mailguest${++userCounter}`, password: 'secret123', memberType: 4, nowMs: clock.nowMs });
    expect(guestId).toBeGreaterThan(0);
    const guestToken = await tokenFor(context.app, `mailguest${userCounter}`, 'secret123');
    expect(failureOf(await get('/wps/relay/getInboxMails', guestToken))).toEqual({ status: 403, errorCode: 'guest.not.allowed' });
    expect(failureOf(await context.app.inject({ method: 'GET', url: '/wps/relay/CSP_unreadCount' }))).toEqual({ status: 401, errorCode: 'CUSTOMER_NOT_LOGIN' });
  });
});

describe('writing to customer service', () => {
  it('sends, replies where allowed, lists the outbox and deletes from it; the operator sees the replies', async () => {
    const member = await newMember();
    clock.advance(1000);
    const replyable = await send({ memberIds: [member.memberId] }, 'How was your day?', { canReply: true });
    const notReplyable = await send({ memberIds: [member.memberId] }, 'Notice');
    clock.advance(1000);

    const sent = await post('/wps/relay/sendMail', member.token, { subject: '  Deposit question ', content: 'Where is my deposit?' });
    expect(sent.statusCode).toBe(200);
    const sentId = json<Envelope<{ outboxId: number }>>(sent).value.outboxId;
    clock.advance(1000);
    const reply = await post('/wps/relay/replyMail', member.token, { inboxId: replyable.mailId, subject: 'Re: How was your day?', content: 'Fine, thanks' });
    expect(reply.statusCode).toBe(200);
    const replyId = json<Envelope<{ outboxId: number }>>(reply).value.outboxId;
    expect(failureOf(await post('/wps/relay/replyMail', member.token, { inboxId: notReplyable.mailId, subject: 'Re', content: 'x' }))).toEqual({
      status: 400,
      errorCode: 'message.reply.not.allowed',
    });

    expect(await outbox(member)).toEqual({
      list: [
        { outboxId: replyId, subject: 'Re: How was your day?', content: 'Fine, thanks', sendTime: clock.nowMs, recipients: 'customerService', replyToInboxId: replyable.mailId },
        { outboxId: sentId, subject: 'Deposit question', content: 'Where is my deposit?', sendTime: clock.nowMs - 1000, recipients: 'customerService', replyToInboxId: null },
      ],
      totalPages: 1,
    });
    const box = await listMemberMails(context.pool, { merchantId: context.merchantId, memberId: member.memberId, repliesOnly: true });
    expect(box.list).toEqual([expect.objectContaining({ id: replyId, username: member.username, replyToMailId: replyable.mailId, replyToSubject: 'How was your day?', deletedByMember: false })]);

    expect((await post('/wps/relay/deleteOutboxMail', member.token, { outboxIds: [sentId] })).statusCode).toBe(200);
    expect((await outbox(member)).list.map((mail) => mail.outboxId)).toEqual([replyId]);
    // Customer service keeps it.
    const all = await listMemberMails(context.pool, { merchantId: context.merchantId, memberId: member.memberId });
    expect(all.list.find((mail) => mail.id === sentId)?.deletedByMember).toBe(true);
  });

  it(`allows ${MAIL_SENDS_PER_DAY} mails in 24 hours, also when sent all at once`, async () => {
    const member = await newMember();
    const statuses = await inFlight(
      Array.from({ length: MAIL_SENDS_PER_DAY + 10 }, (_, index) => async () =>
        (await post('/wps/relay/sendMail', member.token, { subject: `Spam ${index}`, content: 'Buy now' })).statusCode,
      ),
      10,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_SENDS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = await post('/wps/relay/sendMail', member.token, { subject: 'One more', content: 'x' });
    expect(json<Envelope<unknown>>(refused)).toMatchObject({ success: false, errorCode: 'message.send.limit', message: `You can send at most ${MAIL_SENDS_PER_DAY} messages a day; please try again later` });
    // Replies count too.
    const replyable = await send({ memberIds: [member.memberId] }, 'Survey', { canReply: true });
    expect(failureOf(await post('/wps/relay/replyMail', member.token, { inboxId: replyable.mailId, subject: 'Re', content: 'x' }))).toEqual({ status: 429, errorCode: 'message.send.limit' });
    // A day later the member may write again (a new session: the old one has expired by then).
    clock.advance(24 * 60 * 60_000 + 1000);
    const token = await tokenFor(context.app, member.username, 'secret123');
    expect((await post('/wps/relay/sendMail', token, { subject: 'Next day', content: 'Hello' })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('is refused with a 4xx and changes nothing', async () => {
    const member = await newMember();
    const { mailId } = await send({ memberIds: [member.memberId] }, 'Keep me', { canReply: true });
    const cases: [string, unknown, string][] = [
      ['/wps/relay/sendMail', { subject: '   ', content: 'x' }, 'message.subject.required'],
      ['/wps/relay/sendMail', { subject: 'Hi', content: ' \n ' }, 'message.content.required'],
      ['/wps/relay/sendMail', { subject: 'x'.repeat(101), content: 'x' }, 'request.param.err'],
      ['/wps/relay/sendMail', { subject: 'Hi', content: 'x'.repeat(2001) }, 'request.param.err'],
      ['/wps/relay/sendMail', { subject: 'Hi' }, 'request.param.err'],
      ['/wps/relay/replyMail', { inboxId: mailId, subject: '', content: 'x' }, 'request.param.err'],
      ['/wps/relay/replyMail', { inboxId: 'one', subject: 'Re', content: 'x' }, 'request.param.err'],
      ['/wps/relay/markMailAsRead', { inboxIds: [] }, 'request.param.err'],
      ['/wps/relay/markMailAsRead', { inboxIds: [mailId, mailId] }, 'request.param.err'],
      ['/wps/relay/markMailAsRead', { inboxIds: [0] }, 'request.param.err'],
      ['/wps/relay/markMailAsRead', { inboxIds: [1e300] }, 'request.param.err'],
      ['/wps/relay/deleteInboxMail', { inboxIds: Array.from({ length: 101 }, (_, index) => index + 1) }, 'request.param.err'],
      ['/wps/relay/deleteInboxMail', { inboxIds: [9007199254740991] }, 'message.not.found'],
      ['/wps/relay/deleteOutboxMail', { outboxIds: ['1'] }, 'message.not.found'],
      ['/wps/relay/deleteOutboxMail', { outboxIds: [{}] }, 'request.param.err'],
    ];
    for (const [url, payload, errorCode] of cases) {
      const response = await post(url, member.token, payload);
      expect({ url, payload, status: response.statusCode >= 400 && response.statusCode < 500, errorCode: json<Envelope<unknown>>(response).errorCode }).toEqual({ url, payload, status: true, errorCode });
    }
    expect(failureOf(await get('/wps/relay/getInboxMails?startTime=2000&endTime=1000', member.token))).toEqual({ status: 400, errorCode: 'request.param.err' });
    expect(failureOf(await get('/wps/relay/getInboxMails?size=101', member.token))).toEqual({ status: 400, errorCode: 'request.param.err' });
    expect(failureOf(await get('/wps/relay/getOutboxMails?page=0', member.token))).toEqual({ status: 400, errorCode: 'request.param.err' });
    expect((await inbox(member)).list).toEqual([expect.objectContaining({ inboxId: mailId, read: false })]);
    expect((await outbox(member)).list).toEqual([]);
  });

  it('refuses an operator mail with blank texts or unknown recipients, sending nothing', async () => {
    const member = await newMember();
    const before = await context.pool.query<{ count: number }>('SELECT count(*)::integer AS count FROM mail');
    await expect(send({ memberIds: [member.memberId, 987654321] }, 'Hi')).rejects.toMatchObject({ errorCode: 'message.recipient.invalid' });
    await expect(send({ memberIds: [] }, 'Hi')).rejects.toMatchObject({ errorCode: 'message.recipient.invalid' });
    await expect(send({ memberIds: [member.memberId] }, ' ')).rejects.toMatchObject({ errorCode: 'message.subject.required' });
    expect((await context.pool.query<{ count: number }>('SELECT count(*)::integer AS count FROM mail')).rows[0].count).toBe(before.rows[0].count);
  });
});

describe('the unread count pushed on the balance stream', () => {
  /** Opens the member's balance stream over HTTP and collects its `unread` events. */
  function openStream(token: string): Promise<{ next: (timeoutMs?: number) => Promise<number>; close: () => void }> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}/wps/v2/wallets/balance/events`, { headers: { authorization: token }, agent: false }, (response) => {
        expect(response.statusCode).toBe(200);
        const counts: number[] = [];
        const waiting: ((count: number) => void)[] = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(block.split('\n').filter((line) => line && !line.startsWith(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
            if (fields.event !== UNREAD_EVENT) continue;
            const count = (JSON.parse(fields.data) as UnreadCount).unreadCount;
            const waiter = waiting.shift();
            if (waiter) waiter(count);
            else counts.push(count);
          }
        });
        resolve({
          next: (timeoutMs = 15_000) => {
            const ready = counts.shift();
            if (ready !== undefined) return Promise.resolve(ready);
            return new Promise<number>((resolveNext, rejectNext) => {
              const timer = setTimeout(() => rejectNext(new Error(`no unread event within ${timeoutMs} ms`)), timeoutMs);
              waiting.push((count) => {
                clearTimeout(timer);
                resolveNext(count);
              });
            });
          },
          close: () => request.destroy(),
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
  }

  it('sends the count on open, and again when a mail arrives (direct or broadcast) or is read in another tab', async () => {
    const member = await newMember('push');
    const bystander = await newMember('push');
    const stream = await openStream(member.token);
    const other = await openStream(bystander.token);
    expect(await stream.next()).toBe(0);
    const bystanderStart = await other.next();

    clock.advance(1000);
    const { mailId } = await send({ memberIds: [member.memberId] }, 'Pushed');
    expect(await stream.next()).toBe(1);
    await send('all', 'Pushed to all');
    expect(await stream.next()).toBe(2);
    expect(await other.next()).toBe(bystanderStart + 1);

    await post('/wps/relay/markMailAsRead', member.token, { inboxIds: [mailId] });
    expect(await stream.next()).toBe(1);
    stream.close();
    other.close();
  });
});

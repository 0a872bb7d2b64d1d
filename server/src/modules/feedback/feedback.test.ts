import type { Envelope } from '@platform/contract';
import { runOps, type OpsIo } from '../../scripts/ops';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, knownCaptcha, MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { FEEDBACK_PER_ADDRESS_PER_HOUR } from './index';

// PUT /wps/feedback as a visitor, a member and an abuser see it, and the operators' side: the
// operator API and the ops command line read what was sent and mark it read.

const clock = new TestClock();
let context: TestContext;
let operatorToken: string;

interface FeedbackItem {
  id: number;
  type: string;
  content: string;
  sender: string | null;
  username: string | null;
  clientIp: string | null;
  createdAt: number;
  readAt: number | null;
}

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  operatorToken = (await operatorLogin(context, { username: 'desk', role: 'content', nowMs: clock.nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

let addressCounter = 0;
/** A fresh client address, so the per-address limit of one test does not reach the next. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

async function send(body: Record<string, unknown>, options: { remoteAddress?: string; token?: string; answer?: string } = {}) {
  const captchaId = await knownCaptcha(context.pool, context.merchantId, 'FB7K', clock.nowMs);
  return context.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    remoteAddress: options.remoteAddress ?? freshAddress(),
    headers: options.token ? { authorization: options.token } : {},
    payload: { captcha: options.answer ?? 'fb7k', captchaId, ...body },
  });
}

const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${operatorToken}` }, ...(payload ? { payload } : {}) });
const feedbackList = async (query = '') => json<Envelope<{ list: FeedbackItem[]; totalPages: number }>>(await ops('GET', `/feedback${query}`)).value;
const storedCount = async () => Number((await context.pool.query<{ n: string }>('SELECT count(*) AS n FROM feedback')).rows[0].n);

it('keeps a visitor’s feedback for the operators, as plain text, with the sender’s contact', async () => {
  const response = await send({ type: 'suggestion', content: '  Please add <b>more</b> slots  ', sender: ' ann@example.test ' }, { remoteAddress: '203.0.113.200' });
  expect(response.statusCode).toBe(200);
  const { feedbackId } = json<Envelope<{ feedbackId: number }>>(response).value;
  expect(feedbackId).toBeGreaterThan(0);

  const { list } = await feedbackList();
  expect(list[0]).toEqual({
    id: feedbackId,
    type: 'suggestion',
    content: 'Please add <b>more</b> slots',
    sender: 'ann@example.test',
    username: null,
    clientIp: '203.0.113.200',
    createdAt: clock.nowMs,
    readAt: null,
  });
});

it('names the member whose live session sent it', async () => {
  await createMember(context.pool, context.merchantId, { username: 'fb_member', password: 'secret123' });
  const token = await tokenFor(context.app, 'fb_member', 'secret123');
  const response = await send({ type: 'complaint', content: 'My withdrawal is slow' }, { token });
  expect(response.statusCode).toBe(200);
  expect((await feedbackList()).list[0]).toMatchObject({ type: 'complaint', content: 'My withdrawal is slow', username: 'fb_member', sender: null });
  // A token that is not a live session is not honoured: the sender stays anonymous.
  const stale = await send({ type: 'other', content: 'From a stale tab' }, { token: 'not-a-session-token' });
  expect(stale.statusCode).toBe(200);
  expect((await feedbackList()).list[0]).toMatchObject({ content: 'From a stale tab', username: null });
});

it('stores nothing without the right captcha answer, and an answer works once', async () => {
  const before = await storedCount();
  const wrong = await send({ type: 'bug', content: 'x' }, { answer: 'nope' });
  expect(wrong.statusCode).toBe(400);
  expect(json<Envelope<null>>(wrong)).toMatchObject({ success: false, errorCode: 'captcha.err', value: { field: 'captcha', captcha: true } });

  const blank = await send({ type: 'bug', content: 'x' }, { answer: '   ' });
  expect(json<Envelope<null>>(blank)).toMatchObject({ errorCode: 'captcha.required', message: 'Please enter the captcha' });

  const captchaId = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
  const payload = { type: 'bug', content: 'The lobby freezes', captcha: 'AB3K', captchaId };
  const first = await context.app.inject({ method: 'PUT', url: '/wps/feedback', remoteAddress: freshAddress(), payload });
  expect(first.statusCode).toBe(200);
  const replay = await context.app.inject({ method: 'PUT', url: '/wps/feedback', remoteAddress: freshAddress(), payload });
  expect(json<Envelope<null>>(replay).errorCode).toBe('captcha.err');

  // An expired image is refused too.
  const oldId = await knownCaptcha(context.pool, context.merchantId, 'ZZ9P', clock.nowMs - 3 * MINUTE);
  const expired = await context.app.inject({ method: 'PUT', url: '/wps/feedback', remoteAddress: freshAddress(), payload: { ...payload, captcha: 'ZZ9P', captchaId: oldId } });
  expect(json<Envelope<null>>(expired).errorCode).toBe('captcha.err');
  expect(await storedCount()).toBe(before + 1);
});

it('refuses bad input with 400 and stores nothing', async () => {
  const before = await storedCount();
  const bodies: Record<string, unknown>[] = [
    { type: 'praise', content: 'x' },
    { type: 'other', content: '' },
    { type: 'other', content: 'x'.repeat(1001) },
    { type: 'other', content: 'x', sender: 'y'.repeat(101) },
    { content: 'x' },
  ];
  for (const body of bodies) {
    const response = await send(body);
    expect({ body, status: response.statusCode, code: json<Envelope<null>>(response).errorCode }).toEqual({ body, status: 400, code: 'request.param.err' });
  }
  // Only spaces: refused after the captcha was used up (the caller needs a new image anyway).
  const spaces = await send({ type: 'other', content: '   \n ' });
  expect(spaces.statusCode).toBe(400);
  expect(json<Envelope<null>>(spaces)).toMatchObject({ errorCode: 'request.param.err', value: { field: 'content' } });
  expect(await storedCount()).toBe(before);
});

it(`takes ${FEEDBACK_PER_ADDRESS_PER_HOUR} sendings an hour from one address, right or wrong, then refuses it for an hour`, async () => {
  const address = '198.51.100.90';
  for (let attempt = 0; attempt < FEEDBACK_PER_ADDRESS_PER_HOUR; attempt++) {
    const response = await send({ type: 'other', content: `note ${attempt}` }, { remoteAddress: address, answer: attempt === 0 ? 'wrong' : undefined });
    expect(response.statusCode).toBe(attempt === 0 ? 400 : 200);
  }
  const before = await storedCount();
  const refused = await send({ type: 'other', content: 'one too many' }, { remoteAddress: address });
  expect(refused.statusCode).toBe(429);
  expect(json<Envelope<null>>(refused)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', message: 'too many requests, try again after 60 minutes' });
  expect(await storedCount()).toBe(before);
  // Another address is not affected; this one is again after the hour.
  expect((await send({ type: 'other', content: 'from elsewhere' }, { remoteAddress: '198.51.100.91' })).statusCode).toBe(200);
  clock.advance(60 * MINUTE);
  expect((await send({ type: 'other', content: 'an hour later' }, { remoteAddress: address })).statusCode).toBe(200);
});

describe('the operators’ side', () => {
  it('pages newest first, lists the unread ones, and marks read all or nothing', async () => {
    const page = await feedbackList('?size=2');
    expect(page.list).toHaveLength(2);
    expect(page.list[0].createdAt).toBeGreaterThanOrEqual(page.list[1].createdAt);
    expect(page.totalPages).toBe(Math.ceil((await storedCount()) / 2));

    const [newest, second] = page.list;
    const unknown = await ops('POST', '/feedback/read', { ids: [newest.id, 987_654] });
    expect(unknown.statusCode).toBe(404);
    expect((await feedbackList('?unread=true')).list.map((item) => item.id)).toContain(newest.id);

    expect((await ops('POST', '/feedback/read', { ids: [newest.id, second.id, newest.id] })).statusCode).toBe(200);
    const unread = (await feedbackList('?unread=true&size=100')).list.map((item) => item.id);
    expect(unread).not.toContain(newest.id);
    expect(unread).not.toContain(second.id);
    expect((await feedbackList()).list[0]).toMatchObject({ id: newest.id, readAt: clock.nowMs });

    for (const body of [{ ids: [] }, { ids: [0] }, { ids: 'all' }, {}]) expect((await ops('POST', '/feedback/read', body)).statusCode).toBe(400);
    // Without an operator token nothing is shown.
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/feedback' })).statusCode).toBe(401);
    const member = await tokenFor(context.app, 'fb_member', 'secret123');
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/feedback', headers: { authorization: member } })).statusCode).toBe(401);
  });

  it('reads and marks feedback from the ops command line', async () => {
    await send({ type: 'bug', content: 'Seen from the CLI' });
    const lines: string[] = [];
    const fetchViaInject: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const response = await context.app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: url.pathname + url.search,
        headers: init?.headers as Record<string, string>,
        payload: init?.body as string | undefined,
      });
      return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
    };
    const io: OpsIo = { env: { OPS_URL: 'http://feedback.test', OPS_TOKEN: operatorToken }, fetch: fetchViaInject, write: (line) => lines.push(line) };
    expect(await runOps(['feedback', '--unread'], io)).toBe(0);
    expect(lines[0]).toMatch(/^id\s+createdAt\s+type\s+username\s+sender\s+read\s+content$/);
    const row = lines.find((line) => line.endsWith('Seen from the CLI'));
    expect(row).toMatch(/^(\d+)\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+bug\s/);
    expect(lines.at(-1)).toMatch(/^\(page 1 of \d+\)$/);
    const id = /^(\d+)/.exec(row!)![1];

    lines.length = 0;
    expect(await runOps(['feedback-read', id], io)).toBe(0);
    expect(lines).toEqual([`Marked read: ${id}.`]);
    expect(await runOps(['feedback-read', 'x1'], io)).toBe(2);
    expect(await runOps(['feedback-read', '987654'], io)).toBe(1);
    lines.length = 0;
    expect(await runOps(['feedback', '--unread'], io)).toBe(0);
    expect(lines.some((line) => line.endsWith('Seen from the CLI'))).toBe(false);
  });
});

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, InboxMails, SupportQuestion, SupportQuestions, UnreadCount } from '@platform/contract';
import { runOps, type OpsIo } from '../../scripts/ops';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, MINUTE, setModule, TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { SUPPORT_QUESTIONS_PER_HOUR } from './index';

// Support questions through HTTP on a real PostgreSQL: a member asks with images, reads their own
// questions and images (and nobody else's), every refusal stores nothing, and customer service
// answers (the answer lands in the member's platform messages), closes, is audited, and works
// from the ops command line; a cashier may do none of it.

const clock = new TestClock();
let context: TestContext;
let desk: string;
let userCounter = 0;

const PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a screenshot')]).toString('base64')}`;
const JPEG = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a photo')]).toString('base64')}`;
/** A gif's bytes under a png's name and type: refused by its bytes. */
const GIF_AS_PNG = `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00').toString('base64')}`;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  desk = (await operatorLogin(context, { username: 'support-desk', role: 'content', nowMs: clock.nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

interface TestUser {
  memberId: number;
  username: string;
  token: string;
}

async function newMember(options: { mobile?: string; email?: string; language?: string; memberType?: 0 | 4 } = {}): Promise<TestUser> {
  const username = `ask${String(++userCounter).padStart(3, '0')}`;
  const memberId = await createMember(context.pool, context.merchantId, {
    username,
    password: 'secret123',
    memberType: options.memberType ?? 0,
    ...(options.mobile ? { countryDialingCode: '+880', mobile: options.mobile } : {}),
    nowMs: clock.nowMs,
  });
  if (options.email || options.language) {
    await context.ownerPool.query('UPDATE member SET email = $2, language = $3 WHERE id = $1', [memberId, options.email ?? null, options.language ?? null]);
  }
  return { memberId, username, token: await tokenFor(context.app, username, 'secret123') };
}

const ask = (user: TestUser | null, body: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: '/wps/support/questions', headers: { language: 'EN', ...(user ? { authorization: user.token } : {}) }, payload: body });
const get = (user: TestUser, url: string) => context.app.inject({ method: 'GET', url, headers: { authorization: user.token, language: 'EN' } });
const questionsOf = async (user: TestUser) => json<Envelope<SupportQuestions>>(await get(user, '/wps/support/questions')).value;
const failureOf = (response: { statusCode: number; body: string }) => ({ status: response.statusCode, errorCode: json<Envelope<unknown>>(response).errorCode });

const ops = (method: 'GET' | 'POST', url: string, token = desk, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function storedCounts(): Promise<{ questions: number; images: number }> {
  const result = await context.pool.query<{ questions: string; images: string }>(
    'SELECT (SELECT count(*) FROM support_question) AS questions, (SELECT count(*) FROM support_question_image) AS images',
  );
  return { questions: Number(result.rows[0].questions), images: Number(result.rows[0].images) };
}

const valid = { category: 'deposit', text: 'My deposit of 500 has not arrived yet', contact: 'message', images: [] as string[] };

describe('asking', () => {
  it('stores a question with its images and shows it, and them, to its member only', async () => {
    const asker = await newMember();
    const other = await newMember();
    const response = await ask(asker, { ...valid, text: '  Where is my deposit? <b>It has been an hour</b>  ', images: [PNG, JPEG] });
    expect(response.statusCode).toBe(200);
    const question = json<Envelope<SupportQuestion>>(response).value;
    expect(question).toEqual({
      questionId: expect.any(Number),
      category: 'deposit',
      text: 'Where is my deposit? <b>It has been an hour</b>',
      contact: 'message',
      imageCount: 2,
      state: 'open',
      answer: null,
      askedAt: clock.nowMs,
      answeredAt: null,
      closedAt: null,
    });

    const listed = await questionsOf(asker);
    expect(listed).toEqual({ list: [question], totalPages: 1, contacts: { email: null, phone: null } });
    const images = json<Envelope<{ images: string[] }>>(await get(asker, `/wps/support/questions/images?questionId=${question.questionId}`)).value.images;
    // The type comes from the bytes; the data URLs are what was sent.
    expect(images).toEqual([PNG, JPEG]);

    // Another member sees none of it: not in their list, and the images answer as for an id that does not exist.
    expect((await questionsOf(other)).list).toEqual([]);
    expect(failureOf(await get(other, `/wps/support/questions/images?questionId=${question.questionId}`))).toEqual({ status: 404, errorCode: 'support.question.not.found' });
    expect(failureOf(await get(other, '/wps/support/questions/images?questionId=987654'))).toEqual({ status: 404, errorCode: 'support.question.not.found' });
  });

  it("keeps the account's own e-mail address or mobile number as the way of contact, never one from the request", async () => {
    const withBoth = await newMember({ mobile: '1712345678', email: 'rahim@example.test' });
    expect((await questionsOf(withBoth)).contacts).toEqual({ email: 'ra***@example.test', phone: '+880171*****78' });
    expect((await ask(withBoth, { ...valid, contact: 'phone' })).statusCode).toBe(200);
    expect((await ask(withBoth, { ...valid, contact: 'email' })).statusCode).toBe(200);
    const stored = await context.pool.query('SELECT contact, contact_address FROM support_question WHERE member_id = $1 ORDER BY id', [withBoth.memberId]);
    expect(stored.rows).toEqual([
      { contact: 'phone', contact_address: '+8801712345678' },
      { contact: 'email', contact_address: 'rahim@example.test' },
    ]);
    // An address in the request is no field of the call: it is dropped, and the account's own is kept.
    const sneaky = json<Envelope<SupportQuestion>>(await ask(withBoth, { ...valid, contact: 'email', email: 'someone.else@example.test', contactAddress: 'x@example.test' })).value;
    const kept = await context.pool.query('SELECT contact_address FROM support_question WHERE id = $1', [sneaky.questionId]);
    expect(kept.rows).toEqual([{ contact_address: 'rahim@example.test' }]);
  });

  it('refuses, storing nothing: too short, too long, four images, a gif named png, too large an image, no such contact, a guest, no session', async () => {
    const asker = await newMember();
    const guest = await newMember({ memberType: 4 });
    const before = await storedCounts();
    const tooLarge = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 - 7)]).toString('base64')}`;
    const cases: [string, TestUser | null, Record<string, unknown>, { status: number; errorCode: string }][] = [
      ['too short', asker, { ...valid, text: 'Help me' }, { status: 400, errorCode: 'support.text.too.short' }],
      ['too short once trimmed', asker, { ...valid, text: `   ${'x'.repeat(9)}       ` }, { status: 400, errorCode: 'support.text.too.short' }],
      ['too long', asker, { ...valid, text: 'x'.repeat(1001) }, { status: 400, errorCode: 'request.param.err' }],
      ['four images', asker, { ...valid, images: [PNG, PNG, JPEG, PNG] }, { status: 400, errorCode: 'request.param.err' }],
      ['a gif named png', asker, { ...valid, images: [PNG, GIF_AS_PNG] }, { status: 400, errorCode: 'support.image.invalid' }],
      ['not a data URL', asker, { ...valid, images: ['https://example.test/a.png'] }, { status: 400, errorCode: 'support.image.invalid' }],
      ['an image over 5 MB', asker, { ...valid, images: [tooLarge] }, { status: 400, errorCode: 'support.image.too.large' }],
      ['no e-mail address on the account', asker, { ...valid, contact: 'email' }, { status: 400, errorCode: 'support.contact.missing' }],
      ['no mobile number on the account', asker, { ...valid, contact: 'phone' }, { status: 400, errorCode: 'support.contact.missing' }],
      ['an unknown category', asker, { ...valid, category: 'casino' }, { status: 400, errorCode: 'request.param.err' }],
      ['a free-play guest', guest, valid, { status: 403, errorCode: 'guest.not.allowed' }],
      ['no session', null, valid, { status: 401, errorCode: 'CUSTOMER_NOT_LOGIN' }],
    ];
    for (const [name, user, body, expected] of cases) expect({ name, ...failureOf(await ask(user, body)) }).toEqual({ name, ...expected });
    expect(await storedCounts()).toEqual(before);
    // The images exactly at the limits go through: three, one of exactly 5 MB.
    const atLimit = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 - 8)]).toString('base64')}`;
    expect((await ask(asker, { ...valid, text: 'x'.repeat(1000), images: [atLimit, PNG, JPEG] })).statusCode).toBe(200);
    expect(await storedCounts()).toEqual({ questions: before.questions + 1, images: before.images + 3 });
  });

  it(`takes ${SUPPORT_QUESTIONS_PER_HOUR} questions an hour from a member, then refuses (storing nothing) for an hour; refused ones do not count`, async () => {
    const asker = await newMember();
    // Mistakes first: they are refused before they are counted.
    for (let attempt = 0; attempt < 3; attempt++) expect((await ask(asker, { ...valid, text: 'short' })).statusCode).toBe(400);
    for (let sent = 0; sent < SUPPORT_QUESTIONS_PER_HOUR; sent++) expect((await ask(asker, { ...valid, text: `Question number ${sent + 1}` })).statusCode).toBe(200);
    const before = await storedCounts();
    const refused = await ask(asker, { ...valid, text: 'One question too many' });
    expect(refused.statusCode).toBe(429);
    expect(json<Envelope<null>>(refused)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', message: 'too many requests, try again after 60 minutes' });
    expect(await storedCounts()).toEqual(before);
    // Another member is not affected; this one is again after the hour.
    expect((await ask(await newMember(), valid)).statusCode).toBe(200);
    clock.advance(60 * MINUTE);
    // (The session went idle meanwhile: log in again.)
    const again = { ...asker, token: await tokenFor(context.app, asker.username, 'secret123') };
    expect((await ask(again, valid)).statusCode).toBe(200);
  });

  it('is refused while the merchant has FEEDBACK3 off', async () => {
    const asker = await newMember();
    await setModule(context.ownerPool, context.merchantId, 'FEEDBACK3', false);
    try {
      const before = await storedCounts();
      expect(failureOf(await ask(asker, valid))).toEqual({ status: 400, errorCode: 'function.not.available' });
      expect(failureOf(await get(asker, '/wps/support/questions'))).toEqual({ status: 400, errorCode: 'function.not.available' });
      expect(await storedCounts()).toEqual(before);
    } finally {
      await setModule(context.ownerPool, context.merchantId, 'FEEDBACK3', true);
    }
  });
});

interface OperatorItem {
  id: number;
  username: string;
  state: string;
  contact: string;
  contactAddress: string | null;
  answer: string | null;
  answeredBy: string | null;
  imageCount: number;
  askedAt: number;
}

describe("customer service's side", () => {
  it('lists the open ones first, shows one with its images, answers into the member’s platform messages once, and closes', async () => {
    const asker = await newMember({ language: 'EN', email: 'karim@example.test' });
    const first = json<Envelope<SupportQuestion>>(await ask(asker, { ...valid, category: 'withdrawal', text: 'My withdrawal is pending since yesterday', contact: 'email', images: [PNG] })).value;
    clock.advance(1000);
    const second = json<Envelope<SupportQuestion>>(await ask(asker, { ...valid, text: 'And how do I change my bank card?' })).value;

    // The queue: open ones only, oldest first.
    const open = json<Envelope<{ list: OperatorItem[]; totalPages: number }>>(await ops('GET', '/support/questions?open=true&size=100')).value.list;
    expect(open.every((item) => item.state === 'open')).toBe(true);
    const ids = open.map((item) => item.id);
    expect(ids.indexOf(first.questionId)).toBeLessThan(ids.indexOf(second.questionId));
    expect(open.find((item) => item.id === first.questionId)).toMatchObject({ username: asker.username, contact: 'email', contactAddress: 'karim@example.test', imageCount: 1 });

    const shown = json<Envelope<OperatorItem & { images: string[]; text: string }>>(await ops('GET', `/support/questions/${first.questionId}`)).value;
    expect(shown).toMatchObject({ id: first.questionId, text: 'My withdrawal is pending since yesterday', images: [PNG] });
    expect(failureOf(await ops('GET', '/support/questions/987654'))).toEqual({ status: 404, errorCode: 'support.question.not.found' });

    // Answered: recorded, and delivered to the member's inbox (unread) in their language.
    const unreadBefore = json<Envelope<UnreadCount>>(await get(asker, '/wps/relay/CSP_unreadCount')).value.unreadCount;
    const answered = await ops('POST', `/support/questions/${first.questionId}/answer`, desk, { text: '  It was paid this morning: please check your bank.  ' });
    expect(answered.statusCode).toBe(200);
    expect(json<Envelope<OperatorItem & { mailId: number }>>(answered).value).toMatchObject({ state: 'answered', answer: 'It was paid this morning: please check your bank.', answeredBy: 'support-desk', mailId: expect.any(Number) });
    const inbox = json<Envelope<InboxMails>>(await get(asker, '/wps/relay/getInboxMails')).value.list;
    expect(inbox[0]).toMatchObject({
      subject: `Answer to your question #${first.questionId}`,
      content: 'It was paid this morning: please check your bank.',
      senderName: 'Customer Service',
      read: false,
      canReply: false,
    });
    expect(json<Envelope<UnreadCount>>(await get(asker, '/wps/relay/CSP_unreadCount')).value.unreadCount).toBe(unreadBefore + 1);
    const mine = (await questionsOf(asker)).list.find((item) => item.questionId === first.questionId);
    expect(mine).toMatchObject({ state: 'answered', answer: 'It was paid this morning: please check your bank.', answeredAt: clock.nowMs, closedAt: null });

    // Once: a second answer is refused and sends no second mail.
    expect(failureOf(await ops('POST', `/support/questions/${first.questionId}/answer`, desk, { text: 'Again' }))).toEqual({ status: 409, errorCode: 'support.question.not.open' });
    expect(json<Envelope<InboxMails>>(await get(asker, '/wps/relay/getInboxMails')).value.list).toHaveLength(inbox.length);
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(1001) }]) expect((await ops('POST', `/support/questions/${second.questionId}/answer`, desk, body)).statusCode).toBe(400);

    // Closed: answered or not; again changes nothing; a closed question takes no answer.
    clock.advance(1000);
    const closed = json<Envelope<OperatorItem & { changed: boolean; closedBy: string }>>(await ops('POST', `/support/questions/${second.questionId}/close`)).value;
    expect(closed).toMatchObject({ state: 'closed', changed: true, closedBy: 'support-desk', answer: null });
    expect(json<Envelope<{ changed: boolean }>>(await ops('POST', `/support/questions/${second.questionId}/close`)).value.changed).toBe(false);
    expect(failureOf(await ops('POST', `/support/questions/${second.questionId}/answer`, desk, { text: 'Too late' }))).toEqual({ status: 409, errorCode: 'support.question.not.open' });
    expect((await questionsOf(asker)).list.find((item) => item.questionId === second.questionId)).toMatchObject({ state: 'closed', closedAt: clock.nowMs });
    expect((await ops('POST', `/support/questions/${first.questionId}/close`)).statusCode).toBe(200);

    // The whole list: open ones first, then the rest newest first.
    const all = json<Envelope<{ list: OperatorItem[] }>>(await ops('GET', '/support/questions?size=100')).value.list;
    const firstDone = all.findIndex((item) => item.state !== 'open');
    expect(all.slice(firstDone).every((item) => item.state !== 'open')).toBe(true);

    // Every read and decision is in the audit trail, with its outcome.
    const audit = await context.pool.query<{ action: string; target_id: string | null; outcome: string; error_code: string | null }>(
      `SELECT action, target_id, outcome, error_code FROM operator_action WHERE action LIKE 'support.%' AND outcome <> 'started' ORDER BY id`,
    );
    expect(audit.rows).toEqual(expect.arrayContaining([
      { action: 'support.list', target_id: null, outcome: 'ok', error_code: null },
      { action: 'support.show', target_id: String(first.questionId), outcome: 'ok', error_code: null },
      { action: 'support.show', target_id: '987654', outcome: 'refused', error_code: 'support.question.not.found' },
      { action: 'support.answer', target_id: String(first.questionId), outcome: 'ok', error_code: null },
      { action: 'support.answer', target_id: String(first.questionId), outcome: 'refused', error_code: 'support.question.not.open' },
      { action: 'support.close', target_id: String(second.questionId), outcome: 'ok', error_code: null },
    ]));
    // A decision's outcome: the question's state before and after it (never its text, contact or images).
    const decisions = await context.pool.query<{ action: string; detail: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
      `SELECT action, detail FROM operator_action WHERE action IN ('support.answer', 'support.close') AND target_id = $1 AND outcome = 'ok' ORDER BY id`,
      [String(first.questionId)],
    );
    expect(decisions.rows.map((row) => [row.action, row.detail.before.state, row.detail.after.state])).toEqual([['support.answer', 'open', 'answered'], ['support.close', 'answered', 'closed']]);
    expect(decisions.rows[0].detail.before).toMatchObject({ id: first.questionId, answer: null, answeredBy: null });
    expect(decisions.rows[0].detail.after).toMatchObject({ id: first.questionId, answer: expect.any(String), answeredBy: expect.any(String) });
    expect(Object.keys(decisions.rows[0].detail.after).sort()).toEqual(['answer', 'answeredBy', 'closedBy', 'id', 'state', 'username']);
  });

  it('writes the answer’s subject in the member’s language (the site’s default without one)', async () => {
    const asker = await newMember();
    const question = json<Envelope<SupportQuestion>>(await ask(asker, valid)).value;
    expect((await ops('POST', `/support/questions/${question.questionId}/answer`, desk, { text: 'Paid.' })).statusCode).toBe(200);
    // The seeded merchant's default language is Bengali.
    expect(json<Envelope<InboxMails>>(await get(asker, '/wps/relay/getInboxMails')).value.list[0].subject).toBe(`আপনার প্রশ্ন #${question.questionId}-এর উত্তর`);
  });

  it('refuses a cashier (audited), and anybody without an operator token', async () => {
    const cashier = (await operatorLogin(context, { username: 'support-cashier', role: 'cashier', nowMs: clock.nowMs })).token;
    const asker = await newMember();
    const question = json<Envelope<SupportQuestion>>(await ask(asker, valid)).value;
    for (const [method, url, payload] of [
      ['GET', '/support/questions', undefined],
      ['GET', `/support/questions/${question.questionId}`, undefined],
      ['POST', `/support/questions/${question.questionId}/answer`, { text: 'From the cash desk' }],
      ['POST', `/support/questions/${question.questionId}/close`, undefined],
    ] as const) {
      expect(failureOf(await ops(method, url, cashier, payload))).toEqual({ status: 403, errorCode: 'operator.role.forbidden' });
    }
    const refusals = await context.pool.query(
      `SELECT detail ->> 'route' AS route FROM operator_action a JOIN operator o ON o.id = a.operator_id
        WHERE o.username = 'support-cashier' AND a.action = 'route.call' AND a.outcome = 'refused' ORDER BY a.id`,
    );
    expect(refusals.rows.map((row) => row.route)).toEqual([
      'GET /support/questions',
      'GET /support/questions/:id',
      'POST /support/questions/:id/answer',
      'POST /support/questions/:id/close',
    ]);
    expect(json<Envelope<SupportQuestions>>(await get(asker, '/wps/support/questions')).value.list[0]).toMatchObject({ state: 'open', answer: null });
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/support/questions' })).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/support/questions', headers: { authorization: asker.token } })).statusCode).toBe(401);
  });

  it('works from the ops command line: support-questions, support-show, support-answer, support-close', async () => {
    const asker = await newMember({ mobile: '1812345678' });
    const question = json<Envelope<SupportQuestion>>(await ask(asker, { ...valid, category: 'game', text: 'The crash game froze\nat 2.5x', contact: 'phone', images: [PNG] })).value;
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
    const io: OpsIo = { env: { OPS_URL: 'http://support.test', OPS_TOKEN: desk }, fetch: fetchViaInject, write: (line) => lines.push(line) };
    const run = async (argv: string[]) => {
      lines.length = 0;
      return { code: await runOps(argv, io), lines: [...lines] };
    };

    const listed = await run(['support-questions', '--open']);
    expect(listed.code).toBe(0);
    expect(listed.lines[0]).toMatch(/^id\s+askedAt\s+username\s+category\s+state\s+contact\s+images\s+text$/);
    expect(listed.lines.find((line) => line.startsWith(`${question.questionId} `))).toMatch(new RegExp(`^${question.questionId}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\s+${asker.username}\\s+game\\s+open\\s+phone\\s+1\\s+The crash game froze at 2\\.5x$`));
    expect(listed.lines.at(-1)).toMatch(/^\(page 1 of \d+\)$/);

    const shown = await run(['support-show', String(question.questionId)]);
    expect(shown).toEqual({
      code: 0,
      lines: [
        expect.stringMatching(new RegExp(`^Question ${question.questionId} from ${asker.username}, [\\d-]+ [\\d:]+ UTC: game, open\\.$`)),
        'Contact: phone +8801812345678.',
        'The crash game froze\nat 2.5x',
        `Image 1: png, ${Buffer.from(PNG.split(',')[1], 'base64').length} bytes (--out DIR saves it).`,
      ],
    });

    // --out saves the images as the member sent them.
    const folder = await mkdtemp(join(tmpdir(), 'support-'));
    const saved = await run(['support-show', String(question.questionId), '--out', folder]);
    const file = join(folder, `support-${question.questionId}-1.png`);
    expect(saved.lines.at(-1)).toBe(`Image 1: png, ${Buffer.from(PNG.split(',')[1], 'base64').length} bytes, saved to ${file}.`);
    expect((await readFile(file)).toString('base64')).toBe(PNG.split(',')[1]);

    const answered = await run(['support-answer', String(question.questionId), '--text', 'Your round was refunded.']);
    expect(answered).toEqual({ code: 0, lines: [expect.stringMatching(new RegExp(`^Question ${question.questionId} answered: the answer is in ${asker.username}'s platform messages \\(message \\d+\\)\\.$`))] });
    expect((await run(['support-answer', String(question.questionId), '--text', 'Again'])).code).toBe(1);
    expect((await run(['support-answer', String(question.questionId)])).code).toBe(2);
    expect((await run(['support-show', 'x1'])).code).toBe(2);
    expect((await run(['support-show', String(question.questionId)])).lines).toContainEqual(expect.stringMatching(/^Answer \(support-desk, .+ UTC\): Your round was refunded\.$/));
    expect(await run(['support-close', String(question.questionId)])).toEqual({ code: 0, lines: [`Question ${question.questionId} closed.`] });
    expect(await run(['support-close', String(question.questionId)])).toEqual({ code: 0, lines: [`Question ${question.questionId} was closed already.`] });
    expect((await run(['support-close', '987654'])).code).toBe(1);
    expect((await questionsOf(asker)).list[0]).toMatchObject({ state: 'closed', answer: 'Your round was refunded.' });
  });
});

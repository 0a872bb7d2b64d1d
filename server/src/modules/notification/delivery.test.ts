import type { AddressInfo } from 'node:net';
import type { Envelope } from '@platform/contract';
import pg from 'pg';
import type { SmtpConfig } from '../../config';
import { runOps, type OpsIo } from '../../scripts/ops';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { createAccountHooks, type AccountRequestContext } from '../session';
import { DeliveryWorker, deliveryStartupLine, retryDelayMs, DEFAULT_RETRY_POLICY } from './delivery';
import { claimDue, markSent } from './delivery.queries';
import { eventually, startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink } from './delivery.testing';
import { codeIn, outboxFor } from './outbox.testing';
import { createSenderFactory, senderConfigFromEnv } from './sender';
import { setSmsProvider } from './sms-provider';

// Real delivery: the outbox is the queue, the worker hands each row to a real SMTP server (the
// smtp-server package on a local port) or to a local stand-in for Twilio's Messages API, retries
// with growing delays on the app's clock, and sends each row once, across workers and crashes.

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio auth token 0042';
const SENDER_NUMBER = '+15005550006';
const SMTP_USER = 'site-mailer';
const SMTP_PASSWORD = 'smtp password 1234';
const FROM = 'no-reply@luckystar.example';

const key = secretsKeyFromEnv();
let counter = 0;
const nextIp = () => `198.51.100.${++counter}`;
const nextNumber = () => `17${String(20_000_000 + ++counter).slice(-8)}`;
const silent = { info: () => undefined, warn: () => undefined };

let sink: SmtpSink;
let fake: FakeTwilio;

beforeAll(async () => {
  sink = await startSmtpSink({ user: SMTP_USER, password: SMTP_PASSWORD });
  fake = await startFakeTwilio();
});

afterAll(async () => {
  await sink.close();
  await fake.close();
});

const smtpConfig = (): SmtpConfig => ({ host: '127.0.0.1', port: sink.port, security: 'none', auth: { user: SMTP_USER, password: SMTP_PASSWORD }, from: FROM });

interface OutboxRow {
  id: string;
  status: string;
  sender: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  next_attempt_at: Date | null;
  updated_at: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
}

async function rowTo(pool: pg.Pool, recipient: string): Promise<OutboxRow | undefined> {
  const result = await pool.query<OutboxRow>(
    `SELECT id, status, sender, attempts, last_error, provider_message_id, next_attempt_at, updated_at, sent_at, failed_at
       FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
    [recipient],
  );
  return result.rows[0];
}

/** The newest row to `recipient` once `done` holds for it. */
const rowOnce = (pool: pg.Pool, recipient: string, done: (row: OutboxRow) => boolean, what: string): Promise<OutboxRow> =>
  eventually(async () => {
    const row = await rowTo(pool, recipient);
    return row && done(row) ? row : undefined;
  }, what);

const requestsTo = (number: string) => fake.requests.filter((request) => request.form.To === number);

function registrationSms(context: TestContext, mobile: string, language: string) {
  return context.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    headers: { language },
    payload: { countryDialingCode: '+880', mobileNo: mobile },
    remoteAddress: nextIp(),
  });
}

function resetEmailRequest(context: TestContext, username: string, email: string, language: string) {
  return context.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'www.luckystar.example', language },
    payload: new URLSearchParams({ username, email }).toString(),
    remoteAddress: nextIp(),
  });
}

async function memberWithEmail(context: TestContext, clock: TestClock, email: string): Promise<string> {
  const username = `dl${String(++counter).padStart(6, '0')}`;
  const id = await createMember(context.pool, context.merchantId, { username, password: 'oldpass42', nowMs: clock.nowMs });
  await context.pool.query('UPDATE member SET email = $2 WHERE id = $1', [id, email]);
  return username;
}

describe('with an SMTP server and an SMS provider', () => {
  const clock = new TestClock();
  const hooks = createAccountHooks();
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp({
      clock: clock.now,
      accountHooks: hooks,
      // The app's own worker, polling often so the tests see retries soon after they move the clock.
      delivery: { smtp: smtpConfig(), smsBaseUrl: fake.baseUrl, intervalMs: 50, requestTimeoutMs: 2000 },
    });
    const adminToken = (await operatorLogin(context, { username: 'delivery-admin', nowMs: clock.nowMs })).token;
    // The merchant's Twilio account, set as an admin sets it; no baseUrl: SMS_PROVIDER_BASE_URL's (the fake).
    const set = await context.app.inject({
      method: 'PUT',
      url: '/ops/v1/notifications/sms-provider',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { provider: 'twilio', accountId: ACCOUNT_SID, senderId: SENDER_NUMBER, secret: AUTH_TOKEN },
    });
    expect(set.statusCode).toBe(200);
    expect(json<Envelope<unknown>>(set).value).toEqual({
      configured: true, provider: 'twilio', accountId: ACCOUNT_SID, senderId: SENDER_NUMBER, baseUrl: null, secretSet: true,
    });
  });

  afterAll(async () => {
    await context.close();
  });

  it("e-mails a password reset to the SMTP server, in the member's language, with a link that works", async () => {
    const email = 'khun.somchai@example.com';
    const username = await memberWithEmail(context, clock, email);
    expect((await resetEmailRequest(context, username, email, 'TH')).statusCode).toBe(200);

    const mail = await eventually(() => sink.received.find((message) => message.rcptTo.includes(email)), 'the reset e-mail at the SMTP server');
    expect(mail.rcptTo).toEqual([email]);
    expect(mail.mailFrom).toBe(FROM);
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.headers.from).toBe(`Lucky Star <${FROM}>`);
    expect(mail.headers.to).toBe(email);
    expect(mail.subject).toBe('Lucky Star: รีเซ็ตรหัสผ่านของคุณ');
    expect(mail.text).toMatch(new RegExp(`^สวัสดี ${username}\\n`));
    expect(mail.text).toContain('ลิงก์นี้ใช้ได้ครั้งเดียว');
    const token = /https:\/\/www\.luckystar\.example\/\?resetToken=([A-Za-z0-9_-]{22})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const row = await rowOnce(context.pool, email, (candidate) => candidate.status === 'sent', 'the row marked sent');
    expect(row).toMatchObject({ sender: 'smtp', attempts: 1, last_error: null, provider_message_id: mail.headers['message-id'], sent_at: new Date(clock.nowMs) });

    const reset = await encryptedInject(context.app, 'POST', '/wps/member/password/email/reset', { token, newPassword: 'fresh123', confirmNewPassword: 'fresh123' });
    expect(reset.statusCode).toBe(200);
  });

  it('sends a registration code to the SMS provider as its API expects, and the code registers', async () => {
    const mobile = nextNumber();
    const to = `+880${mobile}`;
    expect((await registrationSms(context, mobile, 'VI')).statusCode).toBe(200);

    const [request] = await eventually(() => (fake.accepted().some((entry) => entry.form.To === to) ? requestsTo(to) : undefined), 'the SMS at the provider');
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(Object.keys(request.form).sort()).toEqual(['Body', 'From', 'To']);
    expect(request.form).toMatchObject({ To: to, From: SENDER_NUMBER });
    expect(request.form.Body).toMatch(/^Lucky Star: mã đăng ký của bạn là \d{6}\. Mã hết hạn sau 5 phút\.$/);

    const row = await rowOnce(context.pool, to, (candidate) => candidate.status === 'sent', 'the row marked sent');
    expect(row).toMatchObject({ sender: 'twilio', attempts: 1, provider_message_id: request.sid });
    const hookContext: AccountRequestContext = { db: context.pool, merchantId: context.merchantId, clientIp: '127.0.0.1', userAgent: undefined, nowMs: clock.nowMs };
    expect(await hooks.registrationCodeVerifier!.verifyRegistrationCode(hookContext, to, codeIn(request.form.Body))).toBe(true);
    expect(requestsTo(to)).toHaveLength(1);
  });

  it('retries a failing provider (HTTP 500, then no answer) with growing delays, and sends once it recovers', async () => {
    const mobile = nextNumber();
    const to = `+880${mobile}`;
    fake.mode = 'fail';
    try {
      expect((await registrationSms(context, mobile, 'EN')).statusCode).toBe(200);

      const delays: number[] = [];
      const failedAttempt = async (attempt: number, error: RegExp) => {
        const row = await rowOnce(context.pool, to, (candidate) => candidate.status === 'queued' && candidate.attempts === attempt, `attempt ${attempt} failed`);
        expect(row.last_error).toMatch(error);
        delays.push(row.next_attempt_at!.getTime() - row.updated_at!.getTime());
        return row;
      };
      await failedAttempt(1, /^Twilio answered HTTP 500 \(error 20500\): Internal Server Error$/);
      fake.mode = 'hang';
      // Not due yet: nothing more reaches the provider until the clock reaches the retry.
      clock.advance(delays[0] - 1);
      await new DeliveryWorker({ pool: context.pool, clock: clock.now, secretsKey: key, delivery: { smtp: undefined, smsBaseUrl: fake.baseUrl }, listen: false, log: silent }).runOnce();
      expect(requestsTo(to)).toHaveLength(1);
      clock.advance(1);
      await failedAttempt(2, /^Twilio did not answer within 2000 ms$/);
      clock.advance(delays[1]);
      await failedAttempt(3, /did not answer/);
      fake.mode = 'ok';
      clock.advance(delays[2]);
      const sent = await rowOnce(context.pool, to, (candidate) => candidate.status === 'sent', 'sent after the provider recovered');

      expect(delays).toEqual([1, 2, 3].map((attempt) => retryDelayMs(DEFAULT_RETRY_POLICY, attempt)));
      expect(delays).toEqual([15_000, 30_000, 60_000]);
      expect(requestsTo(to).map((request) => request.answered)).toEqual([500, 'no answer', 'no answer', 201]);
      expect(fake.accepted().filter((request) => request.form.To === to)).toHaveLength(1);
      expect(sent).toMatchObject({ attempts: 4, provider_message_id: requestsTo(to)[3].sid, last_error: expect.stringMatching(/did not answer/) });
      // Later runs, however late, send it no more.
      clock.advance(24 * 60 * 60_000);
      await new DeliveryWorker({ pool: context.pool, clock: clock.now, secretsKey: key, delivery: { smtp: undefined, smsBaseUrl: fake.baseUrl }, listen: false, log: silent }).runOnce();
      expect(requestsTo(to)).toHaveLength(4);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('gives a row up after its last attempt, and it stays failed', async () => {
    const mobile = nextNumber();
    const to = `+880${mobile}`;
    fake.mode = 'fail';
    try {
      expect((await registrationSms(context, mobile, 'EN')).statusCode).toBe(200);
      for (let attempt = 1; attempt < DEFAULT_RETRY_POLICY.maxAttempts; attempt++) {
        await rowOnce(context.pool, to, (candidate) => candidate.status === 'queued' && candidate.attempts === attempt, `attempt ${attempt} failed`);
        clock.advance(retryDelayMs(DEFAULT_RETRY_POLICY, attempt));
      }
      const failed = await rowOnce(context.pool, to, (candidate) => candidate.status === 'failed', 'the row failed');
      expect(failed).toMatchObject({ attempts: DEFAULT_RETRY_POLICY.maxAttempts, failed_at: new Date(clock.nowMs), next_attempt_at: null, sent_at: null });
      expect(failed.last_error).toMatch(/HTTP 500/);
      expect(requestsTo(to)).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);

      fake.mode = 'ok';
      clock.advance(7 * 24 * 60 * 60_000);
      const report = await new DeliveryWorker({ pool: context.pool, clock: clock.now, secretsKey: key, delivery: { smtp: undefined, smsBaseUrl: fake.baseUrl }, listen: false, log: silent }).runOnce();
      expect(report).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(await rowTo(context.pool, to)).toMatchObject({ status: 'failed', attempts: DEFAULT_RETRY_POLICY.maxAttempts });
      expect(requestsTo(to)).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('fails at once a message the provider refuses for good (HTTP 400), without retrying', async () => {
    const to = '+8801799999999';
    fake.mode = 'reject';
    try {
      const senders = createSenderFactory(context.pool, senderConfigFromEnv({}, clock.now, key, { smtp: undefined }));
      await senders({ merchantId: context.merchantId, log: silent as never }).sendSms(to, 'Lucky Star: a notice.');
      const failed = await rowOnce(context.pool, to, (candidate) => candidate.status === 'failed', 'the row failed');
      expect(failed).toMatchObject({ attempts: 1, failed_at: new Date(clock.nowMs) });
      expect(failed.last_error).toBe(`Twilio answered HTTP 400 (error 21211): The 'To' number ${to} is not a valid phone number.`);
      expect(requestsTo(to)).toHaveLength(1);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('shows operators the deliveries (never the texts), audited, and the tool lists them', async () => {
    const { token } = await operatorLogin(context, { username: 'delivery-desk', role: 'content', nowMs: clock.nowMs });
    const response = await context.app.inject({
      method: 'GET',
      url: '/ops/v1/notifications/deliveries?channel=email&limit=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const list = json<Envelope<{ list: Array<Record<string, unknown>> }>>(response).value.list;
    expect(list[0]).toMatchObject({ channel: 'email', recipient: 'khun.somchai@example.com', sender: 'smtp', status: 'sent', attempts: 1, sentAt: expect.any(Number) });
    expect(JSON.stringify(list)).not.toMatch(/resetToken|body/);
    const audit = await context.pool.query("SELECT outcome FROM operator_action WHERE action = 'delivery.read' ORDER BY id");
    expect(audit.rows.map((row) => row.outcome)).toEqual(['started', 'ok']);

    // The command-line tool, through the operator API's own listener.
    await context.app.ready();
    const listener = await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    // A token of the app's time now (the tests above moved its clock past the first one's 8 hours).
    const { token: opsToken } = await operatorLogin(context, { username: 'delivery-tool', nowMs: clock.nowMs });
    const io: OpsIo = {
      env: { OPS_URL: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`, OPS_TOKEN: opsToken },
      fetch,
      write: (line) => lines.push(line),
    };
    expect(await runOps(['deliveries', '--status', 'failed', '--channel', 'sms'], io)).toBe(0);
    expect(lines[0]).toMatch(/^id\s+createdAt\s+channel\s+recipient\s+sender\s+status\s+attempts/);
    // Newest first: the refused number, then the one whose provider kept failing.
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/\+8801799999999\s+twilio\s+failed\s+1\s.*HTTP 400 \(error 21211\)/),
      expect.stringMatching(/\ssms\s.*\s+twilio\s+failed\s+6\s.*HTTP 500/),
    ]);
    lines.length = 0;
    expect(await runOps(['sms-provider'], io)).toBe(0);
    expect(lines).toEqual([`SMS provider: twilio, account ${ACCOUNT_SID}, sender ${SENDER_NUMBER}, at the provider's own address; secret set.`]);
    lines.length = 0;
    // The secret is never an argument; without OPS_SMS_SECRET the stored one stays.
    expect(await runOps(['sms-provider-set', '--json', JSON.stringify({ provider: 'twilio', accountId: ACCOUNT_SID, senderId: 'LuckyStar', secret: 'x' })], io)).toBe(2);
    expect(await runOps(['sms-provider-set', '--json', JSON.stringify({ provider: 'twilio', accountId: 'not-a-sid', senderId: 'LuckyStar' })], io)).toBe(1);
    expect(lines.pop()).toMatch(/^Refused \(request\.param\.err\): .*accountId must be a Twilio Account SID/);
    expect(await runOps(['sms-provider-set', '--json', JSON.stringify({ provider: 'twilio', accountId: ACCOUNT_SID, senderId: SENDER_NUMBER })], io)).toBe(0);
    expect(lines.pop()).toMatch(/secret set\.$/);
    const stored = await context.pool.query<{ sealed_value: string }>("SELECT sealed_value FROM server_secret WHERE name LIKE 'sms_provider.%'");
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].sealed_value).toMatch(/^sealed1:/);
    expect(stored.rows[0].sealed_value).not.toContain(AUTH_TOKEN);
    // Audited with the provider before and after: of the secret, only whether it changed.
    const changes = await context.pool.query<{ detail: object }>("SELECT detail FROM operator_action WHERE action = 'sms_provider.set' AND outcome = 'ok' ORDER BY id");
    const view = { configured: true, provider: 'twilio', accountId: ACCOUNT_SID, senderId: SENDER_NUMBER, baseUrl: null, secretSet: true };
    expect(changes.rows.map((row) => row.detail)).toEqual([
      { before: { configured: false, provider: null, accountId: null, senderId: null, baseUrl: null, secretSet: false }, after: { ...view, secretChanged: true } },
      { before: view, after: { ...view, secretChanged: false } },
    ]);
    expect(JSON.stringify(changes.rows)).not.toContain(AUTH_TOKEN);
  });
});

describe('with nothing configured', () => {
  const clock = new TestClock();
  let context: TestContext;

  beforeAll(async () => {
    // As `npm start` on a fresh machine: no SMTP_HOST, no merchant SMS provider; the worker runs.
    context = await createTestApp({ clock: clock.now, accountHooks: createAccountHooks(), delivery: { smtp: undefined, smsBaseUrl: undefined, intervalMs: 50 } });
  });

  afterAll(async () => {
    await context.close();
  });

  it('keeps every message in the outbox, sends nothing, and says so at start-up', async () => {
    const mobile = nextNumber();
    const email = 'kept.here@example.com';
    const username = await memberWithEmail(context, clock, email);
    const before = { mails: sink.received.length, sms: fake.requests.length };
    expect((await registrationSms(context, mobile, 'EN')).statusCode).toBe(200);
    expect((await resetEmailRequest(context, username, email, 'EN')).statusCode).toBe(200);

    for (const recipient of [`+880${mobile}`, email]) {
      expect(await rowTo(context.pool, recipient)).toMatchObject({ status: 'kept', sender: 'outbox', attempts: 0, next_attempt_at: null });
    }
    // A worker's run finds nothing to do, and breaks nothing.
    const worker = new DeliveryWorker({ pool: context.pool, clock: clock.now, secretsKey: key, delivery: { smtp: undefined, smsBaseUrl: undefined }, listen: false, log: silent });
    clock.advance(60 * 60_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await outboxFor(context.pool, `+880${mobile}`))[0].body).toMatch(/^Lucky Star: your registration code is \d{6}\./);
    expect((await outboxFor(context.pool, email))[0]).toMatchObject({ channel: 'email', subject: 'Lucky Star: reset your password' });
    expect(await rowTo(context.pool, email)).toMatchObject({ status: 'kept', attempts: 0 });
    expect({ mails: sink.received.length, sms: fake.requests.length }).toEqual(before);

    const startup = await deliveryStartupLine(context.pool, { smtp: undefined, smsBaseUrl: undefined });
    expect(startup.configured).toBe(false);
    expect(startup.line).toMatch(/not delivered.*stay in the outbox table/);
    expect((await deliveryStartupLine(context.pool, { smtp: smtpConfig(), smsBaseUrl: undefined })).line).toBe(
      `Delivery: e-mail through SMTP 127.0.0.1:${sink.port} (none); SMS kept in the outbox (no merchant has an SMS provider)`,
    );
  });
});

describe('workers side by side', () => {
  const clock = new TestClock();
  let context: TestContext;
  const pools: pg.Pool[] = [];
  const workerOf = (pool: pg.Pool) =>
    new DeliveryWorker({ pool, clock: clock.now, secretsKey: key, delivery: { smtp: undefined, smsBaseUrl: fake.baseUrl }, listen: false, batchSize: 3, requestTimeoutMs: 2000, log: silent });

  beforeAll(async () => {
    // No worker of the app's: only the ones each test makes touch the queue.
    context = await createTestApp({ clock: clock.now, delivery: false });
    await setSmsProvider(context.pool, key, context.merchantId, { provider: 'twilio', accountId: ACCOUNT_SID, senderId: 'LuckyStar' }, AUTH_TOKEN);
    for (let i = 0; i < 2; i++) pools.push(new pg.Pool({ connectionString: context.appDatabaseUrl, max: 3 }));
  });

  afterAll(async () => {
    fake.latencyMs = 0;
    await Promise.all(pools.map((pool) => pool.end()));
    await context.close();
  });

  const queueSms = async (numbers: string[]) => {
    const senders = createSenderFactory(context.pool, senderConfigFromEnv({}, clock.now, key, { smtp: undefined }));
    for (const number of numbers) await senders({ merchantId: context.merchantId, log: silent as never }).sendSms(number, `Lucky Star: code for ${number}.`);
  };

  it('two workers on two pools racing over the same due rows send each row once', async () => {
    const numbers = Array.from({ length: 24 }, () => `+880${nextNumber()}`);
    await queueSms(numbers);
    fake.latencyMs = 15;
    const [first, second] = pools.map(workerOf);
    const reports = await Promise.all([first.runOnce(), second.runOnce()]);

    expect(reports.map((report) => report!.sent).reduce((a, b) => a + b)).toBe(numbers.length);
    // Both took part: the rows were shared, not run by one while the other waited.
    expect(reports.every((report) => report!.sent > 0)).toBe(true);
    for (const number of numbers) {
      expect(requestsTo(number)).toHaveLength(1);
      expect(await rowTo(context.pool, number)).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: requestsTo(number)[0].sid });
    }
    expect(await Promise.all([first.runOnce(), second.runOnce()])).toEqual([{ sent: 0, retried: 0, failed: 0 }, { sent: 0, retried: 0, failed: 0 }]);
  });

  it("a worker that died holding a row: nobody touches it until its lease lapses, then it is sent, and the dead claim's outcome is refused", async () => {
    const [number] = [`+880${nextNumber()}`];
    await queueSms([number]);
    // A worker claims the row and dies before recording anything (a crash, a kill -9).
    const [dead] = await claimDue(pools[0], { nowMs: clock.nowMs, leaseUntilMs: clock.nowMs + 120_000, limit: 10, maxAttempts: 6 });
    expect(dead.recipient).toBe(number);
    const worker = workerOf(pools[1]);
    clock.advance(119_999);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(requestsTo(number)).toHaveLength(0);
    clock.advance(1);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rowTo(context.pool, number)).toMatchObject({ status: 'sent', attempts: 2 });
    // Had the dead worker been only slow, what it records now is refused: the row is the new claim's.
    expect(await markSent(context.pool, { id: dead.id, attempt: dead.attempts, providerMessageId: 'SMlate', nowMs: clock.nowMs })).toBe(false);
    expect(requestsTo(number)).toHaveLength(1);
  });

  it('LISTEN wakes a worker as soon as a row is queued, without waiting for its poll', async () => {
    const worker = new DeliveryWorker({
      pool: pools[0], clock: clock.now, secretsKey: key, delivery: { smtp: undefined, smsBaseUrl: fake.baseUrl },
      listen: pools[0].options, intervalMs: 3_600_000, log: silent,
    });
    await worker.start();
    try {
      const number = `+880${nextNumber()}`;
      await queueSms([number]);
      await rowOnce(context.pool, number, (row) => row.status === 'sent', 'the row sent on its notification');
      expect(requestsTo(number)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });
});

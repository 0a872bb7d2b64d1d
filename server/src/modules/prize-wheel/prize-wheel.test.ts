import { createHash, randomBytes } from 'node:crypto';
import type { Envelope, MemberTransactions, PrizeWheelHistory, PrizeWheelRotation, PrizeWheelSpinInfo, PrizeWheelSpun, PrizeWheelTickets } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { openText, secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { operatorLogin } from '../operator/operator.testing';
import { memberWithSession, type TestMemberSession } from '../withdrawal/withdrawal.testing';
import { verifySpin } from './prize-wheel.rules';
import { nodeHmacSha256 } from './prize-wheel.seeds';
import { grantTickets, spin } from './prize-wheel.service';

// The prize wheel against the ways it could be cheated, through the real routes on a real
// PostgreSQL: a spin recomputes from the revealed seed (and shows only the hash before), the draw
// picks the segment the seeds say, a ticket spins once however many requests race for it and only for
// its owner, tickets granted twice by one source are granted once, and the ledger reconciles.
//
// The test reads a member's sealed server seed with the secrets key, as only the server can, to
// pick client seeds that land on the segment a case needs (a cash prize, nothing, a thing).

const secretsKey = secretsKeyFromEnv();
let context: TestContext;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value;
};
const get = (url: string, token: string) => context.app.inject({ method: 'GET', url, headers: { authorization: token, language: 'EN' } });
const post = (url: string, token: string, payload?: object) =>
  context.app.inject({ method: 'POST', url, headers: { authorization: token, language: 'EN' }, ...(payload ? { payload } : {}) });

const member = (): Promise<TestMemberSession> => memberWithSession(context, `wheel${String(++counter).padStart(3, '0')}`);
const tickets = (token: string) => get('/wps/relay/getTickets', token).then((response) => valueOf<PrizeWheelTickets>(response));
const spinRequest = (token: string, ticketId: number, clientSeed: string) => post('/wps/relay/claimTickets', token, { ticketId, clientSeed });

async function grant(memberId: number, count: number, source: string): Promise<{ granted: number; replayed: boolean; ticketIds: number[] }> {
  return withTransaction(context.pool, (client) => grantTickets(client, secretsKey, { merchantId: context.merchantId, memberId, count, source, nowMs: Date.now() }));
}

interface WheelSegment {
  label: string;
  kind: 'cash' | 'none' | 'physical';
  amount: number | null;
  weight: number;
}

/** The member's active server seed and next nonce, opened with the secrets key (what only the server knows). */
async function secretSeedOf(memberId: number): Promise<{ serverSeed: string; nonce: number }> {
  const result = await context.pool.query<{ server_seed_sealed: string; next_nonce: string }>(
    'SELECT server_seed_sealed, next_nonce FROM prize_wheel_seed WHERE member_id = $1 AND active',
    [memberId],
  );
  const row = result.rows[0];
  return { serverSeed: openText(secretsKey, `server_secret.prize_wheel_seed:${context.merchantId}`, row.server_seed_sealed), nonce: Number(row.next_nonce) };
}

/** A client seed whose spin (the member's next nonce) lands on a segment `wanted` accepts. */
async function clientSeedLandingOn(memberId: number, segments: WheelSegment[], wanted: (segment: WheelSegment) => boolean): Promise<string> {
  const { serverSeed, nonce } = await secretSeedOf(memberId);
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const clientSeed = `pick-${attempt}`;
    if (wanted(segments[verifySpin(serverSeed, clientSeed, nonce, segments, nodeHmacSha256)])) return clientSeed;
  }
  throw new Error('no client seed lands there');
}

const prizeCredits = async (memberId: number): Promise<number> =>
  (
    await context.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE t.kind = 'prize_wheel' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0].n;
const wageringRemainingMinor = async (memberId: number): Promise<number> =>
  Number((await context.pool.query<{ remaining_minor: string }>('SELECT remaining_minor FROM wagering_balance WHERE member_id = $1', [memberId])).rows[0]?.remaining_minor ?? 0);
const spinCount = async (memberId: number): Promise<number> =>
  (await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM prize_spin WHERE member_id = $1', [memberId])).rows[0].n;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// The draw itself (exact weights, WebCrypto beside node:crypto, 10^6 draws) is tested beside its
// code: inhouse-games/src/prize-wheel.test.ts.

describe('a spin', () => {
  it('shows the wheel and no seed before the first ticket, and writes nothing for it', async () => {
    const { token, memberId } = await member();
    const seeds = async () => (await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM prize_wheel_seed WHERE member_id = $1', [memberId])).rows[0].n;
    const value = await tickets(token);
    expect(value).toMatchObject({ tickets: [], available: 0, serverSeedHash: null, nonce: 0 });
    expect(value.wheel?.segments.map((segment) => [segment.label, segment.kind, segment.amount, segment.percent])).toEqual([
      ['0.88', 'cash', 0.88, 30],
      ['Thank you', 'none', null, 18.45],
      ['5', 'cash', 5, 8],
      ['1.88', 'cash', 1.88, 20],
      ['88', 'cash', 88, 0.1],
      ['Better luck', 'none', null, 18.45],
      ['8.88', 'cash', 8.88, 4],
      ['18.88', 'cash', 18.88, 1],
    ]);
    expect(await seeds()).toBe(0);
  });

  it('verifies: the seed hash is shown before, only the hash until rotation, and the revealed seed recomputes the segment', async () => {
    const { token, memberId } = await member();
    const { ticketIds } = await grant(memberId, 2, 'promotion:1');
    const before = await tickets(token);
    expect(before.tickets.map((ticket) => ticket.ticketId)).toEqual(ticketIds);
    expect(before).toMatchObject({ available: 2, nonce: 0, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const committed = before.serverSeedHash!;

    const first = valueOf<PrizeWheelSpun>(await spinRequest(token, ticketIds[0], 'my-lucky-seed'));
    const second = valueOf<PrizeWheelSpun>(await spinRequest(token, ticketIds[1], 'another~seed!'));
    expect(first).toMatchObject({ ticketId: ticketIds[0], serverSeedHash: committed, clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(second).toMatchObject({ serverSeedHash: committed, nonce: 1 });
    expect(before.wheel!.segments[first.segmentIndex]).toMatchObject({ label: first.prize.label, kind: first.prize.kind, amount: first.prize.amount });

    // Before rotation: the hash, never the seed.
    const hidden = valueOf<PrizeWheelSpinInfo>(await get(`/wps/relay/getPrizeWheelInfo?transactionId=${first.transactionId}`, token));
    expect(hidden).toMatchObject({ serverSeed: null, serverSeedHash: committed, clientSeed: 'my-lucky-seed', nonce: 0, segmentIndex: first.segmentIndex });
    expect(JSON.stringify(await tickets(token))).not.toContain((await secretSeedOf(memberId)).serverSeed);

    const rotation = valueOf<PrizeWheelRotation>(await post('/wps/relay/rotatePrizeWheelSeed', token));
    expect(rotation.revealed).toMatchObject({ serverSeedHash: committed, nonces: 2 });
    expect(sha256(rotation.revealed!.serverSeed)).toBe(committed);
    expect(rotation.serverSeedHash).not.toBe(committed);
    expect(rotation.nonce).toBe(0);
    expect(await tickets(token)).toMatchObject({ serverSeedHash: rotation.serverSeedHash, nonce: 0 });

    for (const spun of [first, second]) {
      const info = valueOf<PrizeWheelSpinInfo>(await get(`/wps/relay/getPrizeWheelInfo?transactionId=${spun.transactionId}`, token));
      expect(info.serverSeed).toBe(rotation.revealed!.serverSeed);
      expect(sha256(info.serverSeed!)).toBe(info.serverSeedHash);
      expect(verifySpin(info.serverSeed!, info.clientSeed, info.nonce, info.weights.map((weight) => ({ weight })), nodeHmacSha256)).toBe(spun.segmentIndex);
      expect(info.segmentIndex).toBe(spun.segmentIndex);
    }
    // Another member cannot read it; an id past a bigint names nothing.
    const other = await member();
    expect(envelope(await get(`/wps/relay/getPrizeWheelInfo?transactionId=${first.transactionId}`, other.token))).toMatchObject({ errorCode: 'prize_wheel.spin.not_found' });
    expect(envelope(await get('/wps/relay/getPrizeWheelInfo?transactionId=999999999999999999', token))).toMatchObject({ errorCode: 'prize_wheel.spin.not_found' });
    expect(envelope(await get('/wps/relay/getPrizeWheelInfo?transactionId=0x10', token))).toMatchObject({ errorCode: 'request.param.err' });
  });

  it('pays a cash prize once, with 1× the prize to wager, and shows it in the records and the history', async () => {
    const { token, memberId } = await member();
    const { ticketIds } = await grant(memberId, 1, 'promotion:2');
    const wheel = (await tickets(token)).wheel!;
    const clientSeed = await clientSeedLandingOn(memberId, wheel.segments, (segment) => segment.label === '5');
    const spun = valueOf<PrizeWheelSpun>(await spinRequest(token, ticketIds[0], clientSeed));
    expect(spun).toMatchObject({ prize: { label: '5', kind: 'cash', amount: 5 }, balance: 5, deliveryStatus: null });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(500);
    expect(await wageringRemainingMinor(memberId)).toBe(500);
    expect(await prizeCredits(memberId)).toBe(1);

    const now = Date.now();
    const records = valueOf<MemberTransactions>(await get(`/wps/relay/ODSFE2_MemTransDet?startTime=${now - 3_600_000}&endTime=${now + 3_600_000}&page=1&size=13`, token));
    expect(records.list).toEqual([expect.objectContaining({ txTypeId: 5003, txTypeName: 'Prize wheel', amount: 5, orderNo: `PW${ticketIds[0]}` })]);
    const history = valueOf<PrizeWheelHistory>(await get('/wps/relay/getGetClaimHistory', token));
    expect(history).toEqual({
      list: [{ transactionId: spun.transactionId, name: '5', type: 'cash', usedDate: expect.any(Number), amount: 5, deliveryStatus: null, deliveredAt: null }],
      totalPages: 1,
      footer: { amount: 5 },
    });
  });

  it('pays nothing for an empty segment, and gives a physical prize waiting for delivery; edited later, the spin still verifies', async () => {
    const { token, memberId } = await member();
    const { ticketIds } = await grant(memberId, 2, 'operator:test:physical');
    const wheel = (await tickets(token)).wheel!;
    const nothing = valueOf<PrizeWheelSpun>(await spinRequest(token, ticketIds[0], await clientSeedLandingOn(memberId, wheel.segments, (segment) => segment.kind === 'none')));
    expect(nothing).toMatchObject({ prize: { kind: 'none', amount: null }, balance: 0, deliveryStatus: null });
    expect(await prizeCredits(memberId)).toBe(0);

    // The last segment becomes a phone for this spin, then goes back.
    await context.pool.query("UPDATE prize_wheel_segment SET prize_kind = 'physical', amount_minor = NULL, label = 'Phone' WHERE wheel_id = $1 AND position = 7", [wheel.wheelId]);
    try {
      const physicalWheel = (await tickets(token)).wheel!;
      const phone = valueOf<PrizeWheelSpun>(await spinRequest(token, ticketIds[1], await clientSeedLandingOn(memberId, physicalWheel.segments, (segment) => segment.kind === 'physical')));
      expect(phone).toMatchObject({ prize: { label: 'Phone', kind: 'physical', amount: null }, deliveryStatus: 'pending', balance: 0 });
    } finally {
      await context.pool.query("UPDATE prize_wheel_segment SET prize_kind = 'cash', amount_minor = 1888, label = '18.88' WHERE wheel_id = $1 AND position = 7", [wheel.wheelId]);
    }
    const history = valueOf<PrizeWheelHistory>(await get('/wps/relay/getGetClaimHistory?page=1&size=1', token));
    expect(history).toMatchObject({ totalPages: 2, footer: { amount: 0 }, list: [{ name: 'Phone', type: 'physical', amount: null, deliveryStatus: 'pending' }] });

    // The wheel changes its weights: spins drawn before still verify with the weights they were drawn with.
    await context.pool.query('UPDATE prize_wheel_segment SET weight = weight + 1 WHERE wheel_id = $1 AND position = 0', [wheel.wheelId]);
    try {
      const rotation = valueOf<PrizeWheelRotation>(await post('/wps/relay/rotatePrizeWheelSeed', token));
      const info = valueOf<PrizeWheelSpinInfo>(await get(`/wps/relay/getPrizeWheelInfo?transactionId=${nothing.transactionId}`, token));
      expect(info.weights).toEqual(wheel.segments.map((segment) => segment.weight));
      expect(verifySpin(rotation.revealed!.serverSeed, info.clientSeed, info.nonce, info.weights.map((weight) => ({ weight })), nodeHmacSha256)).toBe(nothing.segmentIndex);
    } finally {
      await context.pool.query('UPDATE prize_wheel_segment SET weight = weight - 1 WHERE wheel_id = $1 AND position = 0', [wheel.wheelId]);
    }
  });
});

describe('attacks', () => {
  it('refuses a used ticket, another member’s ticket, a cancelled one and one that does not exist', async () => {
    const owner = await member();
    const thief = await member();
    const { ticketIds } = await grant(owner.memberId, 3, 'promotion:3');
    await grant(thief.memberId, 1, 'promotion:3');
    valueOf<PrizeWheelSpun>(await spinRequest(owner.token, ticketIds[0], 'first'));
    const balance = await memberBalanceMinor(context.pool, context.merchantId, owner.memberId);

    expect(envelope(await spinRequest(owner.token, ticketIds[0], 'again'))).toMatchObject({ success: false, errorCode: 'prize_wheel.ticket.used' });
    expect((await spinRequest(owner.token, ticketIds[0], 'again')).statusCode).toBe(409);
    // Another member's ticket is as unknown as one that does not exist, and stays the owner's to spin.
    expect(envelope(await spinRequest(thief.token, ticketIds[1], 'mine-now'))).toMatchObject({ errorCode: 'prize_wheel.ticket.not_found' });
    expect((await spinRequest(thief.token, ticketIds[1], 'mine-now')).statusCode).toBe(404);
    expect(envelope(await spinRequest(owner.token, 9_007_199_254_740_991, 'nope'))).toMatchObject({ errorCode: 'prize_wheel.ticket.not_found' });
    await context.pool.query("UPDATE prize_ticket SET state = 'cancelled', cancelled_at = now() WHERE id = $1", [ticketIds[2]]);
    expect(envelope(await spinRequest(owner.token, ticketIds[2], 'cancelled'))).toMatchObject({ errorCode: 'prize_wheel.ticket.cancelled' });

    expect(await spinCount(owner.memberId)).toBe(1);
    expect(await spinCount(thief.memberId)).toBe(0);
    expect(await memberBalanceMinor(context.pool, context.merchantId, owner.memberId)).toBe(balance);
    expect((await tickets(owner.token)).tickets.map((ticket) => ticket.ticketId)).toEqual([ticketIds[1]]);
  });

  it('pays once when one ticket is spun ten times at once', async () => {
    const { token, memberId } = await member();
    const { ticketIds } = await grant(memberId, 1, 'promotion:4');
    const wheel = (await tickets(token)).wheel!;
    const clientSeed = await clientSeedLandingOn(memberId, wheel.segments, (segment) => segment.kind === 'cash');
    const answers = await Promise.all(Array.from({ length: 10 }, () => spinRequest(token, ticketIds[0], clientSeed)));
    const won = answers.filter((answer) => envelope(answer).success);
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((answer) => !envelope(answer).success).map((answer) => envelope(answer).errorCode))).toEqual(new Set(['prize_wheel.ticket.used']));
    const prize = valueOf<PrizeWheelSpun>(won[0]).prize.amount!;
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(Math.round(prize * 100));
    expect(await prizeCredits(memberId)).toBe(1);
    expect(await spinCount(memberId)).toBe(1);
    // One nonce taken: the refused spins took none.
    expect((await tickets(token)).nonce).toBe(1);
  });

  it('refuses a client seed of any other shape before anything happens', async () => {
    const { token, memberId } = await member();
    const { ticketIds } = await grant(memberId, 1, 'promotion:5');
    for (const clientSeed of ['', 'with space', 'a:b', 'x'.repeat(65), 'naïve', 'tab\there', '\u0000']) {
      expect({ clientSeed, ...envelope(await spinRequest(token, ticketIds[0], clientSeed)) }).toMatchObject({ clientSeed, success: false, errorCode: 'request.param.err' });
    }
    // The service itself checks it too (another module calling it without the route's schema).
    await expect(spin(context.pool, secretsKey, { merchantId: context.merchantId, memberId, ticketId: ticketIds[0], clientSeed: 'a:b', nowMs: Date.now() })).rejects.toMatchObject({
      errorCode: 'prize_wheel.client_seed.invalid',
    });
    expect(envelope(await spinRequest(token, ticketIds[0], 'x'.repeat(64)))).toMatchObject({ success: true });
    expect(await spinCount(memberId)).toBe(1);
  });

  it('grants the tickets of one source once per member, even twice at once; other sources and members get their own', async () => {
    const a = await member();
    const b = await member();
    const first = await grant(a.memberId, 3, 'promotion:6');
    expect(first).toMatchObject({ granted: 3, replayed: false });
    expect(await grant(a.memberId, 3, 'promotion:6')).toEqual({ granted: 0, replayed: true, ticketIds: first.ticketIds });
    const racing = await Promise.all([grant(a.memberId, 2, 'promotion:7'), grant(a.memberId, 2, 'promotion:7')]);
    expect(racing.map((one) => one.granted).sort()).toEqual([0, 2]);
    expect((await grant(b.memberId, 3, 'promotion:6')).granted).toBe(3);
    expect((await tickets(a.token)).available).toBe(5);
    // A spent ticket is not granted again by a repeat of its source.
    valueOf<PrizeWheelSpun>(await spinRequest(a.token, first.ticketIds[0], 'spent'));
    expect((await grant(a.memberId, 3, 'promotion:6')).granted).toBe(0);
    expect((await tickets(a.token)).available).toBe(4);
    await expect(grant(a.memberId, 0, 'promotion:8')).rejects.toBeInstanceOf(AppError);
    await expect(grant(a.memberId, 101, 'promotion:8')).rejects.toMatchObject({ errorCode: 'prize_wheel.grant.invalid' });
    await expect(grant(a.memberId, 1, 'Promotion 8')).rejects.toThrow(/source/);
  });

  it('refuses to spin while the wheel is off, and keeps the ticket', async () => {
    const { token, memberId } = await member();
    const { ticketIds } = await grant(memberId, 1, 'promotion:9');
    await context.pool.query('UPDATE prize_wheel SET enabled = false WHERE merchant_id = $1', [context.merchantId]);
    try {
      expect(envelope(await spinRequest(token, ticketIds[0], 'while-off'))).toMatchObject({ errorCode: 'prize_wheel.unavailable' });
      expect(await tickets(token)).toMatchObject({ wheel: null, tickets: [], available: 0 });
    } finally {
      await context.pool.query('UPDATE prize_wheel SET enabled = true WHERE merchant_id = $1', [context.merchantId]);
    }
    expect((await tickets(token)).available).toBe(1);
  });
});

describe('operators', () => {
  const grantRequest = (token: string, body: object, key: string) =>
    context.app.inject({ method: 'POST', url: '/ops/v1/prize-wheel/tickets', headers: { authorization: `Bearer ${token}`, 'idempotency-key': key }, payload: body });

  it('grants tickets to a member by name, once per Idempotency-Key, audited', async () => {
    const { token: operatorToken } = await operatorLogin(context, { username: 'wheel-content', role: 'content' });
    const { token, username } = await member();
    const key = `grant-${randomBytes(6).toString('hex')}`;
    expect(valueOf(await grantRequest(operatorToken, { username, count: 3, reason: 'VIP gift' }, key))).toEqual({ username, granted: 3, replayed: false, available: 3 });
    expect(valueOf(await grantRequest(operatorToken, { username, count: 3 }, key))).toEqual({ username, granted: 0, replayed: true, available: 3 });
    expect((await tickets(token)).tickets.map((ticket) => ticket.source)).toEqual(Array(3).fill(expect.stringMatching(/^operator:\d+:grant-/)));
    expect(envelope(await grantRequest(operatorToken, { username: 'nobody-here', count: 1 }, `${key}-2`))).toMatchObject({ errorCode: 'operator.member.not.found' });
    expect((await grantRequest(operatorToken, { username, count: 101 }, `${key}-3`)).statusCode).toBe(400);
    const audit = await context.pool.query<{ outcome: string; target_id: string }>("SELECT outcome, target_id FROM operator_action WHERE action = 'prize_ticket.grant' ORDER BY id");
    expect(audit.rows.map((row) => `${row.outcome} ${row.target_id}`)).toEqual([
      `started ${username}`, `ok ${username}`, `started ${username}`, `ok ${username}`, 'started nobody-here', 'refused nobody-here',
    ]);
  });

  it('grants with the command-line tool: grant-tickets USERNAME COUNT', async () => {
    const { token: operatorToken } = await operatorLogin(context, { username: 'wheel-cli', role: 'content' });
    const { token, username } = await member();
    const ops = async (argv: string[]) => {
      const lines: string[] = [];
      return { code: await runOps(argv, opsIoViaInject(context.app, operatorToken, lines)), lines };
    };
    expect(await ops(['grant-tickets', username, '2', '--idempotency-key', 'cli-grant-0001'])).toEqual({ code: 0, lines: [`Granted 2 ticket(s): ${username} has 2 ticket(s) to spin.`] });
    expect(await ops(['grant-tickets', username, '2', '--idempotency-key', 'cli-grant-0001'])).toEqual({ code: 0, lines: [`Already granted: ${username} has 2 ticket(s) to spin.`] });
    expect((await ops(['grant-tickets', username, '2'])).lines).toEqual([`Granted 2 ticket(s): ${username} has 4 ticket(s) to spin.`]);
    expect((await ops(['grant-tickets', username, '0'])).code).toBe(2);
    expect((await ops(['grant-tickets', username])).code).toBe(2);
    expect(await ops(['grant-tickets', 'nobody-here', '1'])).toMatchObject({ code: 1, lines: [expect.stringMatching(/^Refused \(operator\.member\.not\.found\)/)] });
    expect((await tickets(token)).available).toBe(4);
  });
});

import { randomBytes } from 'node:crypto';
import type { Envelope, PrizeWheelHistory, PrizeWheelSpun, PrizeWheelTickets } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { withTransaction } from '../../db/transaction';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { openText, secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { operatorLogin } from '../operator/operator.testing';
import { memberWithSession, type TestMemberSession } from '../withdrawal/withdrawal.testing';
import { verifySpin } from './prize-wheel.rules';
import { nodeHmacSha256 } from './prize-wheel.seeds';
import { grantTickets } from './prize-wheel.service';

// Running the prize wheel, against the ways it could go wrong, through the real routes on a real
// PostgreSQL: a physical prize is delivered once however often (or however many at once) it is
// marked, and never by another merchant; a cancelled ticket cannot be spun, a used one cannot be
// cancelled, more than the member has is refused with nothing changed, a repeated request cancels
// nothing more, and a spin and a cancellation racing for one ticket never both take it; the report
// counts what was drawn and paid. The last segment of the seeded wheel is a phone in this file.

const secretsKey = secretsKeyFromEnv();
let context: TestContext;
let counter = 0;
let content: string;
let risk: string;
let cashier: string;
let outsider: string;
let wheelId: number;
let otherWheelId: number;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  wheelId = (await context.pool.query<{ id: number }>('SELECT id FROM prize_wheel WHERE merchant_id = $1 AND enabled', [context.merchantId])).rows[0].id;
  await context.pool.query("UPDATE prize_wheel_segment SET prize_kind = 'physical', amount_minor = NULL, label = 'Phone' WHERE wheel_id = $1 AND position = 7", [wheelId]);
  content = (await operatorLogin(context, { username: 'wheel-content', role: 'content' })).token;
  risk = (await operatorLogin(context, { username: 'wheel-risk', role: 'risk' })).token;
  cashier = (await operatorLogin(context, { username: 'wheel-cashier', role: 'cashier' })).token;
  const other = (await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('WHEELOTHER', 'Other') RETURNING id")).rows[0].id;
  otherWheelId = (await context.pool.query<{ id: number }>("INSERT INTO prize_wheel (merchant_id, name) VALUES ($1, 'Other wheel') RETURNING id", [other])).rows[0].id;
  outsider = (await operatorLogin(context, { merchantCode: 'WHEELOTHER', username: 'wheel-outsider', role: 'admin' })).token;
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
const errorOf = (response: LightMyRequestResponse) => [response.statusCode, envelope(response).errorCode];

const member = (): Promise<TestMemberSession> => memberWithSession(context, `wops${String(++counter).padStart(3, '0')}`);
const tickets = (token: string) =>
  context.app.inject({ method: 'GET', url: '/wps/relay/getTickets', headers: { authorization: token, language: 'EN' } }).then((response) => valueOf<PrizeWheelTickets>(response));
const history = (token: string) =>
  context.app.inject({ method: 'GET', url: '/wps/relay/getGetClaimHistory', headers: { authorization: token, language: 'EN' } }).then((response) => valueOf<PrizeWheelHistory>(response));
const spinRequest = (token: string, ticketId: number, clientSeed: string) =>
  context.app.inject({ method: 'POST', url: '/wps/relay/claimTickets', headers: { authorization: token, language: 'EN' }, payload: { ticketId, clientSeed } });

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  context.app.inject({
    method,
    url: `/ops/v1${url}`,
    headers: { authorization: `Bearer ${token}`, language: 'EN', ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const newKey = () => `key-${randomBytes(8).toString('hex')}`;
const cancel = (token: string, body: object, key = newKey()) => ops(token, 'POST', '/prize-wheel/tickets/cancel', body, key);
const deliver = (token: string, spinId: string, payload?: object) => ops(token, 'POST', `/prize-wheel/deliveries/${spinId}/deliver`, payload);

interface Delivery {
  spinId: string;
  ticketId: number;
  username: string;
  wheelName: string;
  prize: string;
  spunAt: number;
  status: 'pending' | 'delivered';
  deliveredAt: number | null;
  deliveredBy: string | null;
  note: string | null;
}
interface Deliveries {
  list: Delivery[];
  total: number;
  totalPages: number;
}
interface Report {
  wheelId: number;
  name: string;
  spins: number;
  cashPaid: number;
  physical: { pending: number; delivered: number };
  tickets: { granted: number; cancelled: number };
  segments: { index: number; label: string; kind: string; amount: number | null; spins: number; cashPaid: number }[];
}

async function grant(memberId: number, count: number): Promise<number[]> {
  const source = `promotion:${++counter}`;
  return (await withTransaction(context.pool, (client) => grantTickets(client, secretsKey, { merchantId: context.merchantId, memberId, count, source, nowMs: Date.now() }))).ticketIds;
}

/** A client seed whose spin (the member's next nonce) lands on a segment of that kind, read with the secrets key as only the server can. */
async function clientSeedLandingOn(memberId: number, token: string, kind: 'cash' | 'none' | 'physical'): Promise<string> {
  const segments = (await tickets(token)).wheel!.segments;
  const row = (await context.pool.query<{ server_seed_sealed: string; next_nonce: string }>('SELECT server_seed_sealed, next_nonce FROM prize_wheel_seed WHERE member_id = $1 AND active', [memberId])).rows[0];
  const serverSeed = openText(secretsKey, `server_secret.prize_wheel_seed:${context.merchantId}`, row.server_seed_sealed);
  for (let attempt = 0; attempt < 200_000; attempt++) {
    const clientSeed = `pick-${attempt}`;
    if (segments[verifySpin(serverSeed, clientSeed, Number(row.next_nonce), segments, nodeHmacSha256)].kind === kind) return clientSeed;
  }
  throw new Error(`no client seed lands on ${kind}`);
}

/** A member who has spun a phone: their session and the spin. */
async function phoneWinner(): Promise<TestMemberSession & { spun: PrizeWheelSpun }> {
  const session = await member();
  const [ticketId] = await grant(session.memberId, 1);
  const spun = valueOf<PrizeWheelSpun>(await spinRequest(session.token, ticketId, await clientSeedLandingOn(session.memberId, session.token, 'physical')));
  expect(spun).toMatchObject({ prize: { label: 'Phone', kind: 'physical' }, deliveryStatus: 'pending' });
  return { ...session, spun };
}

const spinState = async (spinId: string) =>
  (
    await context.pool.query<{ delivery_status: string; delivered_at: Date | null; delivery_note: string | null }>(
      'SELECT delivery_status, delivered_at, delivery_note FROM prize_spin WHERE id = $1',
      [spinId],
    )
  ).rows[0];
const ticketStates = async (memberId: number) =>
  (await context.pool.query<{ state: string }>('SELECT state FROM prize_ticket WHERE member_id = $1 ORDER BY id', [memberId])).rows.map((row) => row.state);
const auditOf = async (action: string, targetId: string) =>
  (
    await context.pool.query<{ outcome: string; error_code: string | null }>(
      'SELECT outcome, error_code FROM operator_action WHERE action = $1 AND target_id = $2 ORDER BY id',
      [action, targetId],
    )
  ).rows.map((row) => `${row.outcome}${row.error_code ? ` ${row.error_code}` : ''}`);

describe('physical prizes', () => {
  it('lists those waiting, oldest first, with the member, the prize and the spin time; the member sees "waiting"', async () => {
    const first = await phoneWinner();
    const second = await phoneWinner();
    const pending = valueOf<Deliveries>(await ops(content, 'GET', '/prize-wheel/deliveries'));
    const mine = pending.list.filter((row) => [first.username, second.username].includes(row.username));
    expect(mine).toEqual([
      { spinId: first.spun.transactionId, ticketId: first.spun.ticketId, username: first.username, wheelName: 'Lucky Wheel', prize: 'Phone', spunAt: expect.any(Number), status: 'pending', deliveredAt: null, deliveredBy: null, note: null },
      { spinId: second.spun.transactionId, ticketId: second.spun.ticketId, username: second.username, wheelName: 'Lucky Wheel', prize: 'Phone', spunAt: expect.any(Number), status: 'pending', deliveredAt: null, deliveredBy: null, note: null },
    ]);
    expect(Math.abs(mine[0].spunAt - Date.now())).toBeLessThan(60_000);
    // Paged, and by member; risk reads it too.
    const paged = valueOf<Deliveries>(await ops(risk, 'GET', '/prize-wheel/deliveries?status=pending&size=1&page=2'));
    expect(paged).toMatchObject({ total: pending.total, totalPages: pending.total });
    expect(paged.list).toHaveLength(1);
    expect(valueOf<Deliveries>(await ops(content, 'GET', `/prize-wheel/deliveries?username=${second.username}&status=all`)).list.map((row) => row.spinId)).toEqual([second.spun.transactionId]);
    expect(errorOf(await ops(content, 'GET', '/prize-wheel/deliveries?username=nobody-here'))).toEqual([404, 'operator.member.not.found']);
    expect(errorOf(await ops(content, 'GET', '/prize-wheel/deliveries?status=lost'))).toEqual([400, 'request.param.err']);
    // A cashier has no business here; another merchant sees none of them.
    expect(errorOf(await ops(cashier, 'GET', '/prize-wheel/deliveries'))).toEqual([403, 'operator.role.forbidden']);
    expect(valueOf<Deliveries>(await ops(outsider, 'GET', '/prize-wheel/deliveries?status=all'))).toEqual({ list: [], total: 0, totalPages: 0 });
    expect((await history(first.token)).list).toEqual([expect.objectContaining({ type: 'physical', deliveryStatus: 'pending', deliveredAt: null })]);
  });

  it('marks one delivered once, with the time and the note: again it changes nothing and says so; audited', async () => {
    const winner = await phoneWinner();
    const before = Date.now();
    const marked = valueOf<Delivery & { alreadyDelivered: boolean }>(await deliver(content, winner.spun.transactionId, { note: 'DHL 4711 ' }));
    expect(marked).toMatchObject({ spinId: winner.spun.transactionId, username: winner.username, prize: 'Phone', status: 'delivered', note: 'DHL 4711', deliveredBy: 'wheel-content', alreadyDelivered: false });
    expect(marked.deliveredAt).toBeGreaterThanOrEqual(before);
    expect(marked.deliveredAt).toBeLessThanOrEqual(Date.now());
    const stored = await spinState(winner.spun.transactionId);
    expect(stored).toEqual({ delivery_status: 'delivered', delivered_at: new Date(marked.deliveredAt!), delivery_note: 'DHL 4711' });

    const again = valueOf<Delivery & { alreadyDelivered: boolean }>(await deliver(content, winner.spun.transactionId, { note: 'a second courier' }));
    expect(again).toEqual({ ...marked, alreadyDelivered: true });
    expect(await spinState(winner.spun.transactionId)).toEqual(stored);

    // The member sees it delivered, with the date.
    expect((await history(winner.token)).list).toEqual([expect.objectContaining({ deliveryStatus: 'delivered', deliveredAt: marked.deliveredAt })]);
    // Out of the queue, into the delivered list (newest first).
    expect(valueOf<Deliveries>(await ops(content, 'GET', '/prize-wheel/deliveries?size=100')).list.map((row) => row.spinId)).not.toContain(winner.spun.transactionId);
    expect(valueOf<Deliveries>(await ops(content, 'GET', '/prize-wheel/deliveries?status=delivered')).list[0]).toEqual({ ...marked, alreadyDelivered: undefined });
    expect(await auditOf('prize_spin.deliver', winner.spun.transactionId)).toEqual(['started', 'ok', 'started', 'ok']);
    // Each with the delivery as it was and is: the second changed nothing.
    const changes = await context.pool.query<{ detail: object }>(
      "SELECT detail FROM operator_action WHERE action = 'prize_spin.deliver' AND target_id = $1 AND outcome = 'ok' ORDER BY id",
      [winner.spun.transactionId],
    );
    const waiting = { spinId: winner.spun.transactionId, username: winner.username, prize: 'Phone', status: 'pending', deliveredBy: null, note: null };
    const delivered = { ...waiting, status: 'delivered', deliveredBy: 'wheel-content', note: 'DHL 4711' };
    expect(changes.rows.map((row) => row.detail)).toEqual([{ before: waiting, after: delivered }, { before: delivered, after: delivered }]);
  });

  it('delivers once when it is marked five times at once', async () => {
    const winner = await phoneWinner();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => deliver(content, winner.spun.transactionId, { note: `courier ${index}` })));
    const values = answers.map((answer) => valueOf<Delivery & { alreadyDelivered: boolean }>(answer));
    expect(values.filter((value) => !value.alreadyDelivered)).toHaveLength(1);
    const first = values.find((value) => !value.alreadyDelivered)!;
    for (const value of values) expect(value).toMatchObject({ deliveredAt: first.deliveredAt, note: first.note });
    expect((await spinState(winner.spun.transactionId)).delivery_note).toBe(first.note);
  });

  it("refuses another merchant's spin, a cash or empty prize, a spin that does not exist; a note is optional", async () => {
    const winner = await phoneWinner();
    expect(errorOf(await deliver(outsider, winner.spun.transactionId, { note: 'mine now' }))).toEqual([404, 'prize_wheel.spin.not_found']);
    expect((await spinState(winner.spun.transactionId)).delivery_status).toBe('pending');
    expect(await auditOf('prize_spin.deliver', winner.spun.transactionId)).toEqual(['started', 'refused prize_wheel.spin.not_found']);

    const player = await member();
    const [ticketId] = await grant(player.memberId, 1);
    const cash = valueOf<PrizeWheelSpun>(await spinRequest(player.token, ticketId, await clientSeedLandingOn(player.memberId, player.token, 'cash')));
    expect(errorOf(await deliver(content, cash.transactionId))).toEqual([409, 'prize_wheel.spin.not_physical']);
    expect(errorOf(await deliver(content, '999999999999999999'))).toEqual([404, 'prize_wheel.spin.not_found']);
    expect(errorOf(await deliver(content, '0x10'))).toEqual([400, 'request.param.err']);
    expect(errorOf(await deliver(content, winner.spun.transactionId, { note: 'x'.repeat(501) }))).toEqual([400, 'request.param.err']);
    expect(errorOf(await deliver(risk, winner.spun.transactionId))).toEqual([403, 'operator.role.forbidden']);
    expect((await spinState(winner.spun.transactionId)).delivery_status).toBe('pending');
    // Without a body at all.
    expect(valueOf<Delivery>(await deliver(content, winner.spun.transactionId))).toMatchObject({ status: 'delivered', note: null });
  });
});

describe('cancelling tickets', () => {
  it('cancels a number of unused tickets, oldest first, then all; a cancelled ticket cannot be spun and a used one stays used', async () => {
    const player = await member();
    const ids = await grant(player.memberId, 4);
    valueOf<PrizeWheelSpun>(await spinRequest(player.token, ids[0], 'spent'));
    expect(valueOf(await cancel(content, { username: player.username, count: 1, reason: 'duplicate grant' }))).toEqual({ username: player.username, cancelled: 1, replayed: false, available: 2 });
    expect(await ticketStates(player.memberId)).toEqual(['used', 'cancelled', 'available', 'available']);
    expect(errorOf(await spinRequest(player.token, ids[1], 'after-cancel'))).toEqual([409, 'prize_wheel.ticket.cancelled']);
    expect((await tickets(player.token)).tickets.map((ticket) => ticket.ticketId)).toEqual([ids[2], ids[3]]);

    expect(valueOf(await cancel(risk, { username: player.username, all: true, reason: 'bonus abuse' }))).toEqual({ username: player.username, cancelled: 2, replayed: false, available: 0 });
    expect(await ticketStates(player.memberId)).toEqual(['used', 'cancelled', 'cancelled', 'cancelled']);
    // The spin made before stays as it was, in the member's history.
    expect((await history(player.token)).list).toHaveLength(1);
    // Nothing left: all cancels nothing; a count is refused.
    expect(valueOf(await cancel(content, { username: player.username, all: true, reason: 'again' }))).toMatchObject({ cancelled: 0, available: 0 });
    const cancelled = await context.pool.query<{ requested: number | null; cancelled: number; reason: string }>(
      'SELECT requested, cancelled, reason FROM prize_ticket_cancellation WHERE member_id = $1 ORDER BY id',
      [player.memberId],
    );
    expect(cancelled.rows).toEqual([
      { requested: 1, cancelled: 1, reason: 'duplicate grant' },
      { requested: null, cancelled: 2, reason: 'bonus abuse' },
      { requested: null, cancelled: 0, reason: 'again' },
    ]);
    // Audited with the member's tickets before and after, and the reason.
    const changes = await context.pool.query<{ detail: object }>(
      "SELECT detail FROM operator_action WHERE action = 'prize_ticket.cancel' AND target_id = $1 AND outcome = 'ok' ORDER BY id",
      [player.username],
    );
    expect(changes.rows.map((row) => row.detail)).toEqual([
      { reason: 'duplicate grant', before: { available: 3 }, after: { available: 2, cancelled: 1, replayed: false } },
      { reason: 'bonus abuse', before: { available: 2 }, after: { available: 0, cancelled: 2, replayed: false } },
      { reason: 'again', before: { available: 0 }, after: { available: 0, cancelled: 0, replayed: false } },
    ]);
  });

  it('refuses more than the member has unused, with nothing changed, and bad requests', async () => {
    const player = await member();
    const ids = await grant(player.memberId, 3);
    valueOf<PrizeWheelSpun>(await spinRequest(player.token, ids[0], 'spent'));
    const refused = await cancel(content, { username: player.username, count: 3, reason: 'too many' });
    expect(errorOf(refused)).toEqual([409, 'prize_wheel.cancel.too_many']);
    expect(envelope(refused).message).toBe('The member has only 2 unused ticket(s) to cancel');
    expect(await ticketStates(player.memberId)).toEqual(['used', 'available', 'available']);
    expect((await context.pool.query('SELECT 1 FROM prize_ticket_cancellation WHERE member_id = $1', [player.memberId])).rowCount).toBe(0);
    expect(await auditOf('prize_ticket.cancel', player.username)).toEqual(['started', 'refused prize_wheel.cancel.too_many']);

    for (const body of [
      { username: player.username, reason: 'neither count nor all' },
      { username: player.username, count: 1, all: true, reason: 'both' },
      { username: player.username, count: 0, reason: 'zero' },
      { username: player.username, all: false, reason: 'all false' },
      { username: player.username, count: 1 },
      { username: player.username, count: 1, reason: '   ' },
    ]) {
      expect({ body, error: errorOf(await cancel(content, body)) }).toEqual({ body, error: [400, 'request.param.err'] });
    }
    expect(errorOf(await ops(content, 'POST', '/prize-wheel/tickets/cancel', { username: player.username, count: 1, reason: 'no key' }))).toEqual([400, 'wallet.idempotency.key.required']);
    expect(errorOf(await cancel(content, { username: 'nobody-here', all: true, reason: 'x' }))).toEqual([404, 'operator.member.not.found']);
    // Another merchant's operator cannot reach the member; a cashier may not cancel.
    expect(errorOf(await cancel(outsider, { username: player.username, all: true, reason: 'not mine' }))).toEqual([404, 'operator.member.not.found']);
    expect(errorOf(await cancel(cashier, { username: player.username, all: true, reason: 'not my role' }))).toEqual([403, 'operator.role.forbidden']);
    expect(await ticketStates(player.memberId)).toEqual(['used', 'available', 'available']);
  });

  it('cancels once per Idempotency-Key, even when the request is sent three times at once', async () => {
    const player = await member();
    await grant(player.memberId, 5);
    const key = newKey();
    expect(valueOf(await cancel(content, { username: player.username, count: 2, reason: 'retry me' }, key))).toEqual({ username: player.username, cancelled: 2, replayed: false, available: 3 });
    expect(valueOf(await cancel(content, { username: player.username, count: 2, reason: 'retry me' }, key))).toEqual({ username: player.username, cancelled: 2, replayed: true, available: 3 });
    const racing = await Promise.all(Array.from({ length: 3 }, () => cancel(content, { username: player.username, count: 1, reason: 'at once' }, `${key}-race`)));
    expect(racing.map((answer) => valueOf<{ replayed: boolean; cancelled: number }>(answer)).map((value) => `${value.replayed} ${value.cancelled}`).sort()).toEqual(['false 1', 'true 1', 'true 1']);
    expect(await ticketStates(player.memberId)).toEqual(['cancelled', 'cancelled', 'cancelled', 'available', 'available']);
  });

  it('never lets a spin and a cancellation take the same ticket when they come at once', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const player = await member();
      const [ticketId] = await grant(player.memberId, 1);
      const clientSeed = await clientSeedLandingOn(player.memberId, player.token, 'cash');
      const [spun, cancelled] = await Promise.all([spinRequest(player.token, ticketId, clientSeed), cancel(content, { username: player.username, count: 1, reason: 'race' })]);
      const spinWon = envelope(spun).success;
      const cancelWon = envelope(cancelled).success;
      expect(spinWon !== cancelWon).toBe(true);
      const state = await ticketStates(player.memberId);
      const spins = (await context.pool.query('SELECT 1 FROM prize_spin WHERE member_id = $1', [player.memberId])).rowCount;
      const balance = await memberBalanceMinor(context.pool, context.merchantId, player.memberId);
      if (spinWon) {
        expect(errorOf(cancelled)).toEqual([409, 'prize_wheel.cancel.too_many']);
        expect({ state, spins, paid: balance > 0 }).toEqual({ state: ['used'], spins: 1, paid: true });
      } else {
        expect(errorOf(spun)).toEqual([409, 'prize_wheel.ticket.cancelled']);
        expect({ state, spins, balance }).toEqual({ state: ['cancelled'], spins: 0, balance: 0 });
      }
      outcomes.add(spinWon ? 'spin' : 'cancel');
    }
    // Sent together, the spin usually reaches the ticket first; the next test orders them both ways.
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('whichever reaches the ticket first takes it, in either order, while both wait on it at the same moment', async () => {
    /** Requests waiting on a row lock in this test's database. */
    const waiting = async () =>
      (await context.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n;
    const until = async (count: number) => {
      for (let tries = 0; (await waiting()) < count; tries++) {
        if (tries > 500) throw new Error(`never ${count} waiting on the ticket`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    for (const first of ['spin', 'cancel'] as const) {
      const player = await member();
      const [ticketId] = await grant(player.memberId, 1);
      const clientSeed = await clientSeedLandingOn(player.memberId, player.token, 'cash');
      // A transaction holds the ticket, so both requests queue behind it, in the order sent.
      const holder = await context.pool.connect();
      let answers: [LightMyRequestResponse, LightMyRequestResponse];
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM prize_ticket WHERE id = $1 FOR UPDATE', [ticketId]);
        const sendSpin = () => spinRequest(player.token, ticketId, clientSeed);
        const sendCancel = () => cancel(content, { username: player.username, count: 1, reason: `queued ${first}` });
        const one = first === 'spin' ? sendSpin() : sendCancel();
        await until(1);
        const two = first === 'spin' ? sendCancel() : sendSpin();
        await until(2);
        await holder.query('COMMIT');
        answers = await Promise.all([one, two]);
      } finally {
        holder.release();
      }
      const [spun, cancelled] = first === 'spin' ? answers : [answers[1], answers[0]];
      if (first === 'spin') {
        expect({ spin: envelope(spun).success, cancel: errorOf(cancelled) }).toEqual({ spin: true, cancel: [409, 'prize_wheel.cancel.too_many'] });
        expect(await ticketStates(player.memberId)).toEqual(['used']);
        expect(await memberBalanceMinor(context.pool, context.merchantId, player.memberId)).toBeGreaterThan(0);
      } else {
        expect({ spin: errorOf(spun), cancel: valueOf(cancelled) }).toEqual({ spin: [409, 'prize_wheel.ticket.cancelled'], cancel: expect.objectContaining({ cancelled: 1, available: 0 }) });
        expect(await ticketStates(player.memberId)).toEqual(['cancelled']);
        expect(await memberBalanceMinor(context.pool, context.merchantId, player.memberId)).toBe(0);
        expect((await context.pool.query('SELECT 1 FROM prize_spin WHERE member_id = $1', [player.memberId])).rowCount).toBe(0);
      }
    }
  });

  it('cancelling all while a spin is under way leaves the spun ticket used and cancels the rest', async () => {
    const player = await member();
    const ids = await grant(player.memberId, 3);
    const [spun, cancelled] = await Promise.all([spinRequest(player.token, ids[1], 'racing'), cancel(content, { username: player.username, all: true, reason: 'race all' })]);
    const value = valueOf<{ cancelled: number; available: number }>(cancelled);
    if (envelope(spun).success) {
      expect(value).toEqual(expect.objectContaining({ cancelled: 2, available: 0 }));
      expect(await ticketStates(player.memberId)).toEqual(['cancelled', 'used', 'cancelled']);
    } else {
      expect(errorOf(spun)).toEqual([409, 'prize_wheel.ticket.cancelled']);
      expect(await ticketStates(player.memberId)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    }
  });
});

describe('the report', () => {
  it("counts a period's spins per segment, the cash paid (what the ledger paid), deliveries and tickets", async () => {
    const from = Date.now();
    const player = await member();
    const ids = await grant(player.memberId, 5);
    const kinds = ['cash', 'cash', 'none', 'physical'] as const;
    const spins: PrizeWheelSpun[] = [];
    for (const [index, kind] of kinds.entries()) {
      spins.push(valueOf<PrizeWheelSpun>(await spinRequest(player.token, ids[index], await clientSeedLandingOn(player.memberId, player.token, kind))));
    }
    valueOf(await cancel(content, { username: player.username, all: true, reason: 'report' }));
    valueOf(await deliver(content, spins[3].transactionId));
    const to = Date.now() + 1;

    const report = valueOf<Report>(await ops(risk, 'GET', `/prize-wheel/report?from=${from}&to=${to}`));
    const cashMinor = spins.reduce((sum, one) => sum + Math.round((one.prize.amount ?? 0) * 100), 0);
    expect(report).toMatchObject({ wheelId, name: 'Lucky Wheel', spins: 4, cashPaid: cashMinor / 100, physical: { pending: 0, delivered: 1 }, tickets: { granted: 5, cancelled: 1 } });
    expect(await memberBalanceMinor(context.pool, context.merchantId, player.memberId)).toBe(cashMinor);
    // Every segment of the wheel, in wheel order; the spins where they landed.
    expect(report.segments.map((segment) => segment.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(report.segments[7]).toEqual({ index: 7, label: 'Phone', kind: 'physical', amount: null, spins: 1, cashPaid: 0 });
    for (const spun of spins) expect(report.segments[spun.segmentIndex].spins).toBeGreaterThanOrEqual(1);
    expect(report.segments.reduce((sum, segment) => sum + segment.spins, 0)).toBe(4);
    expect(report.segments.reduce((sum, segment) => sum + Math.round(segment.cashPaid * 100), 0)).toBe(cashMinor);

    // A period with nothing in it: zeros, every segment listed.
    const empty = valueOf<Report>(await ops(content, 'GET', '/prize-wheel/report?from=0&to=86400000'));
    expect(empty).toMatchObject({ spins: 0, cashPaid: 0, physical: { pending: 0, delivered: 0 }, tickets: { granted: 0, cancelled: 0 } });
    expect(empty.segments.map((segment) => segment.spins)).toEqual(Array(8).fill(0));
    expect(valueOf<Report>(await ops(content, 'GET', `/prize-wheel/report?wheelId=${wheelId}`)).spins).toBeGreaterThanOrEqual(4);
    expect(errorOf(await ops(content, 'GET', `/prize-wheel/report?from=${to}&to=${from}`))).toEqual([400, 'prize_wheel.period.invalid']);
    expect(errorOf(await ops(content, 'GET', `/prize-wheel/report?from=0&to=${400 * 86_400_000}`))).toEqual([400, 'prize_wheel.period.invalid']);
    expect(errorOf(await ops(content, 'GET', `/prize-wheel/report?wheelId=${otherWheelId}`))).toEqual([404, 'prize_wheel.wheel.not_found']);
    expect(errorOf(await ops(outsider, 'GET', `/prize-wheel/report?wheelId=${wheelId}`))).toEqual([404, 'prize_wheel.wheel.not_found']);
    expect(errorOf(await ops(cashier, 'GET', '/prize-wheel/report'))).toEqual([403, 'operator.role.forbidden']);
  });
});

describe('the command-line tool', () => {
  const run = async (argv: string[], token = content) => {
    const lines: string[] = [];
    return { code: await runOps(argv, opsIoViaInject(context.app, token, lines)), lines };
  };

  it('cancel-tickets USERNAME COUNT|all --reason TEXT', async () => {
    const player = await member();
    await grant(player.memberId, 4);
    expect(await run(['cancel-tickets', player.username, '1', '--reason', 'cli', '--idempotency-key', 'cli-cancel-0001'])).toEqual({
      code: 0,
      lines: [`Cancelled 1 ticket(s): ${player.username} has 3 ticket(s) to spin.`],
    });
    expect((await run(['cancel-tickets', player.username, '1', '--reason', 'cli', '--idempotency-key', 'cli-cancel-0001'])).lines).toEqual([
      `Already done (1 cancelled): ${player.username} has 3 ticket(s) to spin.`,
    ]);
    expect(await run(['cancel-tickets', player.username, '5', '--reason', 'cli'])).toEqual({
      code: 1,
      lines: ['Refused (prize_wheel.cancel.too_many): The member has only 3 unused ticket(s) to cancel'],
    });
    expect((await run(['cancel-tickets', player.username, 'all', '--reason', 'cli'])).lines).toEqual([`Cancelled 3 ticket(s): ${player.username} has 0 ticket(s) to spin.`]);
    expect((await run(['cancel-tickets', player.username, 'all'])).code).toBe(2);
    expect((await run(['cancel-tickets', player.username, '0', '--reason', 'x'])).code).toBe(2);
    expect((await run(['cancel-tickets', player.username, '--reason', 'x'])).code).toBe(2);
  });

  it('prize-deliveries, prize-deliver SPIN_ID [--note TEXT] and prize-wheel-report', async () => {
    const winner = await phoneWinner();
    const listed = await run(['prize-deliveries', '--username', winner.username]);
    expect(listed.code).toBe(0);
    expect(listed.lines[0].split(/\s+/)).toEqual(['spinId', 'spunAt', 'username', 'prize', 'status', 'deliveredAt', 'deliveredBy', 'note']);
    expect(listed.lines[1]).toMatch(new RegExp(`^${winner.spun.transactionId}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\s+${winner.username}\\s+Phone\\s+pending$`));
    expect(listed.lines[2]).toBe('1 prize(s).');

    const delivered = await run(['prize-deliver', winner.spun.transactionId, '--note', 'handed over at the shop']);
    expect(delivered.code).toBe(0);
    expect(delivered.lines[0]).toMatch(new RegExp(`^Delivered: spin ${winner.spun.transactionId} \\(Phone\\) of ${winner.username}, on .+ UTC; note: handed over at the shop\\.$`));
    const again = await run(['prize-deliver', winner.spun.transactionId, '--note', 'other']);
    expect(again.lines[0]).toMatch(/^Already delivered: .+ by wheel-content; note: handed over at the shop\. Nothing changed\.$/);
    expect((await run(['prize-deliveries', '--status', 'delivered', '--username', winner.username])).lines[1]).toContain('handed over at the shop');
    expect(await run(['prize-deliver', '999999999'])).toEqual({ code: 1, lines: [expect.stringMatching(/^Refused \(prize_wheel\.spin\.not_found\)/)] });
    expect((await run(['prize-deliver', 'abc'])).code).toBe(2);
    expect((await run(['prize-deliveries', '--status', 'lost'])).code).toBe(2);

    const report = await run(['prize-wheel-report', '--days', '1'], risk);
    expect(report.code).toBe(0);
    expect(report.lines[0]).toMatch(/^Lucky Wheel \(wheel \d+\), .+ → .+ UTC:$/);
    expect(report.lines[1]).toMatch(/^\d+ spin\(s\), \d+\.\d{2} cash paid; physical prizes \d+ waiting, \d+ delivered; tickets \d+ granted, \d+ cancelled\.$/);
    expect(report.lines[2].split(/\s+/)).toEqual(['index', 'label', 'kind', 'amount', 'spins', 'share', 'cashPaid']);
    expect(report.lines.slice(3)).toHaveLength(8);
    expect((await run(['prize-wheel-report', '--days', '400'])).code).toBe(2);
    expect(await run(['prize-wheel-report', '--wheel', String(otherWheelId)])).toEqual({ code: 1, lines: [expect.stringMatching(/^Refused \(prize_wheel\.wheel\.not_found\)/)] });

    const help = await run(['--help']);
    for (const verb of ['cancel-tickets', 'prize-deliveries', 'prize-deliver', 'prize-wheel-report']) expect(help.lines.some((line) => line.startsWith(`  ${verb} `))).toBe(true);
  });
});

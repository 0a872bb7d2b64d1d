import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Envelope, MemberTransactions, PointConfig, PointConverted, PointRedeemed, PointRedeemList, PointReward } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, ensureMemberAccount } from '../ledger';
import { TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { deposit, mainBalanceMinor, memberWithSession, outcome, PAYMENT_PASSWORD, post, setPaymentPasswordOf, valueOf } from '../withdrawal/withdrawal.testing';
import { createPointsJob, creditPoints, earnClosedDays } from './index';
import { convertPoints, redeemItem } from './points.service';
import { testSecretsKey } from '../lottery/lottery.testing';

// Points and the point mall against the ways a player would game them, through the real routes on
// a real PostgreSQL: a day earns once however often it is counted (two runners, a recount), only
// settled real stakes earn, a redeem and a conversion need the payment password and spend once per
// Idempotency-Key, twenty redeems at once of an item with five in stock give five, a member's
// limit and its points hold under concurrent spends, an operator delivers a gift once, and the
// ledger reconciles with points in it.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock();
let context: TestContext;
let counter = 0;
const secretsKey = testSecretsKey();

/** 10:00 in Dhaka (the merchant's calendar) on 2026-11-28; the bets and deposits are made a day before. */
const NOW = Date.UTC(2026, 10, 28, 4);
const BET_DAY = '2026-11-27';
const BET_AT = NOW - DAY;

beforeAll(async () => {
  clock.nowMs = NOW;
  context = await createTestApp({ clock: clock.now });
  const token = await operatorToken();
  const settings = await operator('PUT', '/points/settings', token, {
    rules: [
      { source: 'rng', perAmount: 10, points: 1 },
      { source: 'live', perAmount: 10, points: 2 },
      { source: 'lott', perAmount: 10, points: 1 },
      { source: 'deposit', perAmount: 100, points: 1 },
      // Points 0: the source earns nothing (whatever the seed's rules gave the merchant).
      { source: 'fish', perAmount: 10, points: 0 },
      { source: 'elott', perAmount: 10, points: 0 },
      { source: 'pvp', perAmount: 10, points: 0 },
      { source: 'sports', perAmount: 10, points: 0 },
    ],
    convert: { points: 100, amount: 1, minPoints: 100 },
  });
  expect(settings.statusCode).toBe(200);
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const operatorTokens = new Map<string, Promise<string>>();
/** One operator of each role for the whole file (the clock never moves). */
const operatorToken = (role: 'content' | 'risk' | 'cashier' = 'content'): Promise<string> => {
  if (!operatorTokens.has(role)) operatorTokens.set(role, operatorLogin(context, { username: `points-${role}`, role, nowMs: clock.nowMs }).then((login) => login.token));
  return operatorTokens.get(role)!;
};

/** A member without a session (no password hashing: the service is called directly). */
async function bareMember(prefix: string): Promise<number> {
  const result = await context.pool.query<{ id: string }>(
    "INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at) VALUES ($1, $2, 'x', now(), now()) RETURNING id",
    [context.merchantId, `${prefix}${++counter}`],
  );
  return Number(result.rows[0].id);
}
const operator = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, token?: string) => context.app.inject({ method: 'GET', url, headers: { language: 'EN', ...(token ? { authorization: token } : {}) } });
const errorOf = (response: LightMyRequestResponse) => json<Envelope<unknown>>(response).errorCode;

const NAMES = (name: string) => ({ EN: name, BN: `${name} বাংলা`, CN: `${name} 中`, ID: `${name} id`, TH: `${name} ไทย`, TY: `${name} 繁`, VI: `${name} vi` });

async function createItem(body: Record<string, unknown>): Promise<number> {
  const response = await operator('POST', '/points/items', await operatorToken(), { names: NAMES(`Item ${++counter}`), ...body });
  if (response.statusCode !== 200) throw new Error(response.body);
  return json<Envelope<{ itemId: number }>>(response).value.itemId;
}

interface Player {
  memberId: number;
  username: string;
  token: string;
}

async function player(points = 0): Promise<Player> {
  const session = await memberWithSession(context, `points${String(++counter).padStart(4, '0')}`, clock.nowMs);
  await setPaymentPasswordOf(context.app, session.token);
  if (points > 0) await givePoints(session.memberId, points);
  return session;
}

async function givePoints(memberId: number, points: number): Promise<void> {
  const client = await context.pool.connect();
  try {
    await client.query('BEGIN');
    await creditPoints(client, { merchantId: context.merchantId, memberId, points, kind: 'point_promotion', idempotencyKey: `test-points:${randomUUID()}`, nowMs: clock.nowMs });
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const pointsOf = async (memberId: number): Promise<number> =>
  Number((await context.pool.query<{ b: string }>("SELECT balance_minor AS b FROM ledger_account WHERE member_id = $1 AND kind = 'member_points'", [memberId])).rows[0]?.b ?? 0);

const redeem = (who: Player, itemId: number, key = randomUUID(), password = PAYMENT_PASSWORD) =>
  post(context.app, '/wps/relay/MCS2_redeemPointReward', who.token, { itemId, paymentPassword: password }, { 'Idempotency-Key': key });
const convert = (who: Player, point: number, key = randomUUID(), password = PAYMENT_PASSWORD) =>
  post(context.app, '/wps/relay/MCS2_convertPoint', who.token, { point, paymentPassword: password }, { 'Idempotency-Key': key });

/** A settled vendor game round as the seamless-wallet API leaves it. */
async function gameRound(who: Player, category: string, stakeMinor: number, { status = 'settled', trial = false, endedAtMs = BET_AT } = {}) {
  const accountId = await ensureMemberAccount(context.pool, context.merchantId, who.memberId, 'REAL', clock.nowMs);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, $3, 'TESTVENDOR', 'G1', 'Game', $4, $5, $6, $7, $7, $8, $9, $10)`,
    [context.merchantId, trial ? null : who.memberId, trial, category, `r-${randomBytes(6).toString('hex')}`, trial ? null : accountId, stakeMinor, status, new Date(endedAtMs - 60_000), status === 'open' ? null : new Date(endedAtMs)],
  );
}

describe('earning', () => {
  it('credits a closed day once per member and category and once per deposit, however often it is counted', async () => {
    const alice = await player();
    const bob = await player();
    await gameRound(alice, 'RNG', 125_00); // 12 points (every whole 10.00)
    await gameRound(alice, 'INHOUSE', 10_00); // rng too: 135.00 → 13 points
    await gameRound(alice, 'LIVE', 50_00); // 2 per 10.00 → 10 points
    await gameRound(alice, 'FISH', 1000_00); // fish earns 0 points here: nothing
    await gameRound(alice, 'RNG', 500_00, { status: 'open' }); // not settled: nothing
    await gameRound(alice, 'RNG', 500_00, { endedAtMs: NOW }); // today: not yet
    await gameRound(bob, 'RNG', 9_99); // under 10.00: nothing
    await deposit(context.pool, context.merchantId, bob.memberId, 250_00, BET_AT); // 2 points
    await deposit(context.pool, context.merchantId, bob.memberId, 100_00, BET_AT + 1000); // 1 point (each deposit apart)

    // Two runners of the job and an operator's recount at once: each source credited once.
    const token = await operatorToken();
    const [first, second, recount] = await Promise.all([
      earnClosedDays(context.pool, clock.nowMs),
      earnClosedDays(context.pool, clock.nowMs),
      operator('POST', '/points/earn', token, { balanceDate: BET_DAY }),
    ]);
    expect(recount.statusCode).toBe(200);
    const credited = first.credits + second.credits + json<Envelope<{ credits: number }>>(recount).value.credits;
    expect(credited).toBeGreaterThanOrEqual(4);
    expect(await pointsOf(alice.memberId)).toBe(23);
    expect(await pointsOf(bob.memberId)).toBe(3);
    // Again: nothing more.
    expect(json<Envelope<{ credits: number }>>(await operator('POST', '/points/earn', token, { balanceDate: BET_DAY })).value.credits).toBe(0);
    expect(await pointsOf(alice.memberId)).toBe(23);

    // The balance call and the points records (POINT unit) say so; the money records show no points.
    expect(valueOf<{ point: number }>(await get('/wps/relay/MCS2_getPointBalance', alice.token)).point).toBe(23);
    const range = `startTime=${NOW - 3 * DAY}&endTime=${NOW}`;
    const pointRows = valueOf<MemberTransactions>(await get(`/wps/relay/ODSFE2_MemTransDet?${range}&unit=POINT`, alice.token));
    expect(pointRows.list.map((row) => [row.txTypeId, row.amount]).sort()).toEqual([[7001, 10], [7001, 13]]);
    const moneyRows = valueOf<MemberTransactions>(await get(`/wps/relay/ODSFE2_MemTransDet?${range}`, bob.token));
    expect(moneyRows.list.every((row) => row.txTypeId === 1001)).toBe(true);
  });

  it('refuses to count a day that has not ended', async () => {
    const today = new Date(NOW + 6 * HOUR).toISOString().slice(0, 10);
    const response = await operator('POST', '/points/earn', await operatorToken(), { balanceDate: today });
    expect([response.statusCode, errorOf(response)]).toEqual([409, 'point.day.not.closed']);
  });

  it('the job counts each closed day once and stops cleanly', async () => {
    const job = createPointsJob({ db: context.pool, clock: clock.now, intervalMs: 60_000 });
    await job.close();
    await expect(earnClosedDays(context.pool, clock.nowMs)).resolves.toMatchObject({ credits: 0 });
  });
});

describe('the catalogue and the rules', () => {
  it('shows enabled items to a visitor, and a member its redeem counts', async () => {
    const itemId = await createItem({ kind: 'credit', point: 100, amount: 1, stock: 3, memberLimit: 2, imageUrl: '/img/a.png' });
    const hidden = await createItem({ kind: 'credit', point: 100, amount: 1 });
    expect((await operator('POST', `/points/items/${hidden}`, await operatorToken(), { enabled: false })).statusCode).toBe(200);
    const visitor = valueOf<PointReward>(await get('/wps/relay/getPointReward'));
    const shown = visitor.list.find((item) => item.itemId === itemId)!;
    expect(shown).toMatchObject({ kind: 'credit', point: 100, amount: 1, stock: 3, memberLimit: 2, redeemed: null, imageUrl: '/img/a.png' });
    expect(visitor.list.some((item) => item.itemId === hidden)).toBe(false);
    const bn = json<Envelope<PointReward>>(await context.app.inject({ method: 'GET', url: '/wps/relay/getPointReward', headers: { language: 'BN' } })).value;
    expect(bn.list.find((item) => item.itemId === itemId)!.name).toContain('বাংলা');
    const config = valueOf<PointConfig>(await get('/wps/relay/getPointConfig'));
    expect(config).toMatchObject({ convertEnabled: true, convertPoint: 100, convertAmount: 1, minConvertPoint: 100 });
    expect(config.earnRules).toContainEqual({ source: 'deposit', perAmount: 100, point: 1 });
  });

  it('refuses an item whose fields are of another kind', async () => {
    const token = await operatorToken();
    const response = await operator('POST', '/points/items', token, { kind: 'tickets', names: NAMES('Bad'), point: 10, amount: 5 });
    expect([response.statusCode, errorOf(response)]).toEqual([400, 'operator.point.invalid']);
    const risk = await operator('POST', '/points/items', await operatorToken('risk'), { kind: 'physical', names: NAMES('Gift'), point: 10 });
    expect(risk.statusCode).toBe(403);
  });
});

describe('redeeming', () => {
  it('a credit item: the payment password, the points, the money, once per key', async () => {
    const itemId = await createItem({ kind: 'credit', point: 300, amount: 5 });
    const who = await player(1000);
    const wrong = await redeem(who, itemId, randomUUID(), '000000');
    expect(outcome(wrong)).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    expect(await pointsOf(who.memberId)).toBe(1000);

    const key = randomUUID();
    const [one, two] = await Promise.all([redeem(who, itemId, key), redeem(who, itemId, key)]);
    const values = [valueOf<PointRedeemed>(one), valueOf<PointRedeemed>(two)];
    expect(values.map((value) => value.replayed).sort()).toEqual([false, true]);
    expect(values[0].redeem.redeemId).toBe(values[1].redeem.redeemId);
    expect(await pointsOf(who.memberId)).toBe(700);
    expect(await mainBalanceMinor(context.pool, who.memberId)).toBe(5_00);
    // The same key for another item is refused and spends nothing.
    const other = await createItem({ kind: 'credit', point: 1, amount: 0.01 });
    expect(outcome(await redeem(who, other, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    // No key: refused.
    const keyless = await post(context.app, '/wps/relay/MCS2_redeemPointReward', who.token, { itemId, paymentPassword: PAYMENT_PASSWORD });
    expect(outcome(keyless).status).toBe(400);

    const history = valueOf<PointRedeemList>(await get('/wps/relay/getRedeemPointList', who.token));
    expect(history.list).toHaveLength(1);
    expect(history.list[0]).toMatchObject({ itemId, kind: 'credit', point: 300, amount: 5, deliveryStatus: null });
    expect(history.footer?.point).toBe(300);
  });

  it('not enough points, a disabled item, a member limit: refused, nothing spent', async () => {
    const itemId = await createItem({ kind: 'credit', point: 500, amount: 1, memberLimit: 1 });
    const poor = await player(499);
    expect(outcome(await redeem(poor, itemId))).toEqual({ status: 409, errorCode: 'point.insufficient' });
    expect(await pointsOf(poor.memberId)).toBe(499);
    const rich = await player(5000);
    // Five at once with different keys: the limit of one holds.
    const results = await Promise.all(Array.from({ length: 5 }, () => redeem(rich, itemId)));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.filter((response) => errorOf(response) === 'point.limit.reached')).toHaveLength(4);
    expect(await pointsOf(rich.memberId)).toBe(4500);
    await operator('POST', `/points/items/${itemId}`, await operatorToken(), { enabled: false });
    expect(outcome(await redeem(await player(1000), itemId))).toEqual({ status: 409, errorCode: 'point.item.unavailable' });
    expect(outcome(await redeem(rich, 999_999_999))).toEqual({ status: 404, errorCode: 'point.item.not.found' });
  });

  it('twenty redeems at once of an item with five in stock: five succeed, never oversold', async () => {
    const itemId = await createItem({ kind: 'credit', point: 10, amount: 0.1, stock: 5 });
    const members = await Promise.all(Array.from({ length: 20 }, async () => {
      const memberId = await bareMember('stock');
      await givePoints(memberId, 100);
      return memberId;
    }));
    const results = await Promise.allSettled(members.map((memberId) =>
      redeemItem(context.pool, secretsKey, { merchantId: context.merchantId, memberId, itemId, idempotencyKey: randomUUID(), nowMs: clock.nowMs, language: 'EN' })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((result) => result.status === 'rejected' && (result.reason as { errorCode?: string }).errorCode === 'point.item.sold.out')).toHaveLength(15);
    const stock = await context.pool.query<{ stock: number }>('SELECT stock FROM point_item WHERE id = $1', [itemId]);
    expect(stock.rows[0].stock).toBe(0);
    const spent = await Promise.all(members.map(pointsOf));
    expect(spent.filter((points) => points === 90)).toHaveLength(5);
    expect(spent.filter((points) => points === 100)).toHaveLength(15);
  });

  it("one member's spends at once never take its points below zero", async () => {
    const itemId = await createItem({ kind: 'credit', point: 100, amount: 0.5 });
    const memberId = await bareMember('burst');
    await givePoints(memberId, 350);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) =>
      index % 2 === 0
        ? redeemItem(context.pool, secretsKey, { merchantId: context.merchantId, memberId, itemId, idempotencyKey: randomUUID(), nowMs: clock.nowMs, language: 'EN' })
        : convertPoints(context.pool, { merchantId: context.merchantId, memberId, points: 100, idempotencyKey: randomUUID(), nowMs: clock.nowMs })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(await pointsOf(memberId)).toBe(50);
  });

  it('a bonus adds its wagering; a gift waits for delivery, marked once', async () => {
    const bonus = await createItem({ kind: 'bonus', point: 100, amount: 10, wageringMultiple: 3 });
    const gift = await createItem({ kind: 'physical', point: 100, stock: 2, descriptions: { EN: 'A cap' } });
    const who = await player(1000);
    valueOf(await redeem(who, bonus));
    const requirement = await context.pool.query<{ required: string }>(
      "SELECT COALESCE(sum(change_minor), 0) AS required FROM wagering_entry WHERE member_id = $1 AND kind = 'requirement_added' AND source_kind = 'point_mall_bonus'",
      [who.memberId],
    );
    expect(Number(requirement.rows[0].required)).toBe(30_00);
    const redeemed = valueOf<PointRedeemed>(await redeem(who, gift));
    expect(redeemed.redeem.deliveryStatus).toBe('pending');
    const token = await operatorToken();
    const pending = json<Envelope<{ list: { redeemId: number; username: string }[] }>>(await operator('GET', '/points/redeems?status=pending', token)).value.list;
    expect(pending.map((row) => row.redeemId)).toContain(redeemed.redeem.redeemId);
    const delivered = await operator('POST', `/points/redeems/${redeemed.redeem.redeemId}/deliver`, token, { note: 'courier 42' });
    expect(delivered.statusCode).toBe(200);
    const again = await operator('POST', `/points/redeems/${redeemed.redeem.redeemId}/deliver`, token, {});
    expect([again.statusCode, errorOf(again)]).toEqual([409, 'point.redeem.delivered']);
    const history = valueOf<PointRedeemList>(await get('/wps/relay/getRedeemPointList', who.token));
    expect(history.list.find((row) => row.redeemId === redeemed.redeem.redeemId)).toMatchObject({ deliveryStatus: 'delivered' });
    // Another member's history never shows it.
    const stranger = await player();
    expect(valueOf<PointRedeemList>(await get('/wps/relay/getRedeemPointList', stranger.token)).list).toHaveLength(0);
  });
});

describe('converting', () => {
  it('at the rate, at least the minimum, in whole steps, once per key', async () => {
    const who = await player(1234);
    expect(outcome(await convert(who, 99))).toEqual({ status: 400, errorCode: 'point.convert.too.small' });
    expect(outcome(await convert(who, 150))).toEqual({ status: 400, errorCode: 'point.convert.not.multiple' });
    expect(outcome(await convert(who, 1300))).toEqual({ status: 409, errorCode: 'point.insufficient' });
    expect(outcome(await convert(who, 200, randomUUID(), '999999'))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    const key = randomUUID();
    const [one, two] = await Promise.all([convert(who, 1200, key), convert(who, 1200, key)]);
    const values = [valueOf<PointConverted>(one), valueOf<PointConverted>(two)];
    expect(values.map((value) => value.replayed).sort()).toEqual([false, true]);
    expect(values[0]).toMatchObject({ point: 1200, amount: 12, pointBalance: 34, balance: 12 });
    expect(await pointsOf(who.memberId)).toBe(34);
    expect(await mainBalanceMinor(context.pool, who.memberId)).toBe(12_00);
    expect(outcome(await convert(who, 100, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
  });
});

describe('operators', () => {
  it("adjusts a member's points once per key, never below zero, audited", async () => {
    const who = await player(10);
    const cashier = await operatorToken('cashier');
    const key = `adjust-${randomUUID()}`;
    const first = await operator('POST', `/points/members/${who.username}/adjust`, cashier, { points: 40, reason: 'goodwill' }, { 'idempotency-key': key });
    const replay = await operator('POST', `/points/members/${who.username}/adjust`, cashier, { points: 40, reason: 'goodwill' }, { 'idempotency-key': key });
    expect(json<Envelope<{ point: number; replayed: boolean }>>(first).value).toMatchObject({ point: 50, replayed: false });
    expect(json<Envelope<{ point: number; replayed: boolean }>>(replay).value).toMatchObject({ point: 50, replayed: true });
    const over = await operator('POST', `/points/members/${who.username}/adjust`, cashier, { points: -51, reason: 'too much' }, { 'idempotency-key': `adjust-${randomUUID()}` });
    expect([over.statusCode, errorOf(over)]).toEqual([409, 'point.insufficient']);
    expect(await pointsOf(who.memberId)).toBe(50);
    const content = await operator('POST', `/points/members/${who.username}/adjust`, await operatorToken('content'), { points: 1, reason: 'x' }, { 'idempotency-key': `adjust-${randomUUID()}` });
    expect(content.statusCode).toBe(403);
    const audit = await context.pool.query("SELECT outcome FROM operator_action WHERE action = 'points.adjust' AND target_id = $1", [who.username]);
    expect(audit.rows.map((row: { outcome: string }) => row.outcome)).toContain('refused');
    // Each adjustment's outcome: the points before and after, and the reason; the replay moved nothing.
    const changes = await context.pool.query<{ detail: object }>("SELECT detail FROM operator_action WHERE action = 'points.adjust' AND target_id = $1 AND outcome = 'ok' ORDER BY id", [who.username]);
    expect(changes.rows.map((row) => row.detail)).toEqual([
      { reason: 'goodwill', before: { point: 10 }, after: { point: 50, replayed: false } },
      { reason: 'goodwill', before: { point: 50 }, after: { point: 50, replayed: true } },
    ]);
  });
});

describe('the chain of points', () => {
  it('any sequence of credits, redeems and conversions keeps the balance the sum of its movements, never negative', async () => {
    const itemId = await createItem({ kind: 'credit', point: 70, amount: 0.7 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.record({ op: fc.constant('credit' as const), n: fc.integer({ min: 1, max: 300 }) }), fc.record({ op: fc.constant('redeem' as const), n: fc.constant(70) }), fc.record({ op: fc.constant('convert' as const), n: fc.constantFrom(100, 200, 300) })), { maxLength: 12 }),
        async (steps) => {
          const memberId = await bareMember('chain');
          let expected = 0;
          for (const step of steps) {
            if (step.op === 'credit') {
              await givePoints(memberId, step.n);
              expected += step.n;
              continue;
            }
            const run = step.op === 'redeem'
              ? redeemItem(context.pool, secretsKey, { merchantId: context.merchantId, memberId, itemId, idempotencyKey: randomUUID(), nowMs: clock.nowMs, language: 'EN' })
              : convertPoints(context.pool, { merchantId: context.merchantId, memberId, points: step.n, idempotencyKey: randomUUID(), nowMs: clock.nowMs });
            const done = await run.then(() => true, (error: { errorCode?: string }) => {
              if (error.errorCode !== 'point.insufficient') throw error;
              return false;
            });
            expect(done).toBe(expected >= step.n);
            if (done) expected -= step.n;
          }
          expect(await pointsOf(memberId)).toBe(expected);
        },
      ),
      { numRuns: 8 },
    );
    await assertLedgerReconciled(context.pool);
  });
});

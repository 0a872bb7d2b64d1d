import http from 'node:http';
import type { Envelope, JlCrashBet, JlCrashCashout } from '@platform/shared/contract';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, sessionTokenOf } from '../game-provider/game-provider.testing';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransaction } from '../ledger';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { BETTING_MS, CrashGame, CrashScheduler, crashPointOf, PAUSE_MS } from './crash.service';
import { msUntilMultiplier, multiplierAt } from './engine';
import { openServerSeed, serverSeedHash } from './fairness';
import { injectTransport, ProviderClient } from './provider-client';
import type { InhouseDeps } from './slots.service';

// The crash game through HTTP with a clock moved by hand and the scheduler stepped by hand: a
// cash-out before the crash pays bet × the multiplier of the server's clock, one after it (even
// before the scheduler noticed) is refused, an automatic cash-out pays its target, and two
// players on the same round see each other's bets and cash-outs on their streams (masked names),
// then the crash with the seed whose hash was published when betting opened.

const clock = new TestClock();
let context: TestContext;
let baseUrl: string;
let deps: InhouseDeps;
let scheduler: CrashScheduler;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
  const secretsKey = secretsKeyFromEnv();
  deps = { db: context.pool, clock: clock.now, secretsKey, provider: new ProviderClient({ db: context.pool, secretsKey, transport: injectTransport(context.app) }) };
  // Stepped by hand: a tick interval that never comes.
  scheduler = new CrashScheduler(new CrashGame({ deps }), deps, 1e9);
});

afterAll(async () => {
  await scheduler.close();
  await context.close();
});

async function player(fundsMinor: number): Promise<{ memberId: number; session: string; username: string }> {
  const username = `crash${++counter}player`;
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', clock.now());
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', clock.now());
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `crash-test-${counter}`,
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -fundsMinor },
      { accountId: account, amountMinor: fundsMinor },
    ],
    nowMs: clock.now(),
  });
  const token = await tokenFor(context.app, username, 'secret123');
  const response = await launch(context.app, token, { gameId: 'JLC001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' });
  expect(response.statusCode).toBe(200);
  return { memberId, username, session: sessionTokenOf(json<Envelope<{ game_url: string }>>(response).value.game_url) };
}

const post = (url: string, body: unknown) => context.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
const balanceOf = (memberId: number) => memberBalanceMinor(context.pool, context.merchantId, memberId);

interface CurrentRound {
  id: number;
  crash: number;
  hash: string;
}

async function current(): Promise<CurrentRound | undefined> {
  const result = await context.pool.query<{ id: number; sealed: string; hash: string }>(
    "SELECT id::int, server_seed_sealed AS sealed, server_seed_hash AS hash FROM crash_round WHERE merchant_id = $1 AND phase = 'betting'",
    [context.merchantId],
  );
  const row = result.rows[0];
  return row && { id: row.id, hash: row.hash, crash: crashPointOf(openServerSeed(deps.secretsKey, 'crash_round', context.merchantId, row.sealed)) };
}

/** Steps rounds (with nobody betting) until one taking bets will crash at `atLeast` or later. */
async function roundCrashingAtLeast(atLeast: number): Promise<CurrentRound> {
  for (let attempt = 0; attempt < 40; attempt++) {
    await scheduler.tick();
    const round = await current();
    if (round && round.crash >= atLeast) return round;
    // Run it out: start, crash, pause.
    clock.advance(BETTING_MS);
    await scheduler.tick();
    clock.advance(msUntilMultiplier(round?.crash ?? 100) + 1);
    await scheduler.tick();
    clock.advance(PAUSE_MS);
  }
  throw new Error('no round crashing late enough');
}

interface Stream {
  events: { event: string; data: Record<string, unknown> }[];
  waitFor: (predicate: (event: { event: string; data: Record<string, unknown> }) => boolean, timeoutMs?: number) => Promise<{ event: string; data: Record<string, unknown> }>;
  close: () => void;
}

function openStream(session: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/jl/v1/crash/stream?session=${session}`, { agent: false }, (response) => {
      expect(response.statusCode).toBe(200);
      const events: Stream['events'] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split('\n').filter((line) => line && !line.startsWith(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
          if (fields.event) events.push({ event: fields.event, data: JSON.parse(fields.data) as Record<string, unknown> });
        }
      });
      resolve({
        events,
        waitFor: async (predicate, timeoutMs = 3000) => {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = events.find(predicate);
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no such event; got ${events.map((event) => event.event).join(', ')}`);
            await new Promise((done) => setTimeout(done, 10));
          }
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((done) => setTimeout(done, 20));
  }
}

it('pays a cash-out before the crash at the multiplier of the server clock, refuses one after it, and shows everyone the round', async () => {
  const [alice, bob, carol] = [await player(100_00), await player(100_00), await player(100_00)];
  const round = await roundCrashingAtLeast(200);
  const [aliceStream, bobStream] = [await openStream(alice.session), await openStream(bob.session)];
  const state = await aliceStream.waitFor((event) => event.event === 'state');
  expect(state.data.round).toMatchObject({ roundId: String(round.id), phase: 'betting', serverSeedHash: round.hash });

  expect(json<Envelope<JlCrashBet>>(await post('/jl/v1/crash/bet', { session: alice.session, amount: 10 })).value).toMatchObject({ roundId: String(round.id), bet: 10, autoCashout: null, balance: 90 });
  expect(json<Envelope<JlCrashBet>>(await post('/jl/v1/crash/bet', { session: bob.session, amount: 10, autoCashout: 1.5 })).value).toMatchObject({ autoCashout: 1.5, balance: 90 });
  expect((await post('/jl/v1/crash/bet', { session: carol.session, amount: 5 })).statusCode).toBe(200);
  // One bet each per round; nothing to cash out while betting.
  expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: alice.session, amount: 10 })).errorCode).toBe('inhouse.crash.bet_exists');
  expect(json<Envelope<null>>(await post('/jl/v1/crash/cashout', { session: alice.session })).errorCode).toBe('inhouse.crash.too_early');
  // Alice sees Bob's bet under a masked name.
  const bobsBet = await aliceStream.waitFor((event) => event.event === 'bet' && event.data.mine === false && event.data.bet === 10);
  expect(bobsBet.data.player).toMatch(/\*\*\*/);
  expect(JSON.stringify(aliceStream.events)).not.toContain(bob.username);

  clock.advance(BETTING_MS);
  await scheduler.tick();
  await aliceStream.waitFor((event) => event.event === 'running');
  expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: (await player(10_00)).session, amount: 1 })).errorCode).toBe('inhouse.crash.betting_closed');

  // 1.80x: Bob's automatic cash-out at 1.50 has passed; Alice cashes out by hand.
  const elapsed = msUntilMultiplier(180);
  clock.advance(elapsed);
  await scheduler.tick();
  const cashout = json<Envelope<JlCrashCashout>>(await post('/jl/v1/crash/cashout', { session: alice.session })).value;
  expect(cashout).toEqual({ roundId: String(round.id), multiplier: multiplierAt(elapsed) / 100, win: 18, balance: 108 });
  expect(await balanceOf(alice.memberId)).toBe(108_00);
  expect(json<Envelope<null>>(await post('/jl/v1/crash/cashout', { session: alice.session })).errorCode).toBe('inhouse.crash.no_bet');
  await eventually(async () => (await balanceOf(bob.memberId)) === 105_00);
  // Each sees the other's cash-out, and their own marked as theirs.
  expect((await aliceStream.waitFor((event) => event.event === 'cashout' && event.data.mine === false)).data).toMatchObject({ multiplier: 1.5, win: 15, status: 'cashed' });
  expect((await bobStream.waitFor((event) => event.event === 'cashout' && event.data.mine === false)).data).toMatchObject({ multiplier: 1.8, win: 18 });
  expect((await bobStream.waitFor((event) => event.event === 'cashout' && event.data.mine === true)).data).toMatchObject({ multiplier: 1.5 });
  await bobStream.waitFor((event) => event.event === 'balance' && event.data.balance === 105);

  // Past the crash point, before the scheduler marks it: refused all the same (the server's clock decides).
  clock.advance(msUntilMultiplier(round.crash) - elapsed);
  const late = await post('/jl/v1/crash/cashout', { session: carol.session });
  expect([late.statusCode, json<Envelope<null>>(late).errorCode]).toEqual([409, 'inhouse.crash.crashed']);
  await scheduler.tick();
  const crashed = await aliceStream.waitFor((event) => event.event === 'crashed');
  expect(crashed.data).toMatchObject({ roundId: String(round.id), crashPoint: round.crash / 100, serverSeedHash: round.hash });
  // The revealed seed is the one whose hash was published, and it alone gives the crash point.
  expect(serverSeedHash(crashed.data.serverSeed as string)).toBe(round.hash);
  expect(crashPointOf(crashed.data.serverSeed as string)).toBe(round.crash);
  expect(json<Envelope<null>>(await post('/jl/v1/crash/cashout', { session: carol.session })).errorCode).toBe('inhouse.crash.crashed');
  await eventually(async () => (await context.pool.query("SELECT count(*)::int AS n FROM crash_bet WHERE crash_round_id = $1 AND settled", [round.id])).rows[0].n === 3);
  expect(await balanceOf(carol.memberId)).toBe(95_00);
  // Each bet is a round of the provider API with its bet and its win (0 for Carol), settled.
  const rounds = await context.pool.query<{ member: string; bet: string; win: string; status: string }>(
    "SELECT member_id AS member, bet_minor AS bet, win_minor AS win, status FROM game_round WHERE game_code = 'JLC001' AND vendor_round_id LIKE $1 ORDER BY member_id",
    [`C${round.id}-%`],
  );
  expect(rounds.rows.map((row) => [Number(row.member), Number(row.bet), Number(row.win), row.status])).toEqual([
    [alice.memberId, 10_00, 18_00, 'settled'],
    [bob.memberId, 10_00, 15_00, 'settled'],
    [carol.memberId, 5_00, 0, 'settled'],
  ]);
  aliceStream.close();
  bobStream.close();
  await assertLedgerReconciled(context.pool);
});

it('refuses a bet the balance does not cover, and takes none outside betting', async () => {
  const poor = await player(1_50);
  await roundCrashingAtLeast(100);
  const refused = await post('/jl/v1/crash/bet', { session: poor.session, amount: 2 });
  expect([refused.statusCode, json<Envelope<null>>(refused).errorCode]).toEqual([409, 'inhouse.insufficient.funds']);
  expect(await balanceOf(poor.memberId)).toBe(1_50);
  for (const amount of [0.5, 1.234, 20_000]) expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: poor.session, amount })).errorCode).toBe('inhouse.bet.invalid');
  // An unknown session.
  expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: 'y'.repeat(40), amount: 1 })).errorCode).toBe('inhouse.session.expired');
});

import http from 'node:http';
import type { Envelope, JlCrashBet, JlCrashCashout } from '@platform/contract';
import type { PeriodicJob } from '../../db/periodic-job';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, sessionTokenOf } from '../game-provider/game-provider.testing';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransaction } from '../ledger';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { BETTING_MS, CRASH_CHAIN_LENGTH, CrashGame, createCrashScheduler, crashPointOf, crashSaltOf, PAUSE_MS } from './crash.service';
import { chainSeedVerifies, msUntilMultiplier, multiplierAt } from './engine';
import { openServerSeed, serverSeedHash } from './fairness';
import { injectTransport, ProviderClient } from './provider-client';
import type { InhouseDeps } from './slots.service';

// The crash game through HTTP with a clock moved by hand and the scheduler stepped by hand: a
// cash-out before the crash pays bet × the multiplier of the server's clock, one after it (even
// before the scheduler noticed) is refused, an automatic cash-out pays its target, and two
// players on the same round see each other's bets and cash-outs on their streams (masked names),
// then the crash with the seed whose hash was published when betting opened. The seeds come from
// a chain whose end the state published before the round opened: the revealed seed walks back to
// it, the crash point recomputes from it and the round's salt (its bets), and a seed swapped in
// the database after the fact fails that check.

const clock = new TestClock();
let context: TestContext;
let baseUrl: string;
let deps: InhouseDeps;
let scheduler: PeriodicJob<void>;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
  const secretsKey = secretsKeyFromEnv();
  deps = { db: context.pool, clock: clock.now, secretsKey, provider: new ProviderClient({ db: context.pool, secretsKey, transport: injectTransport(context.app), clock: clock.now }) };
  // Stepped by hand: a tick interval that never comes.
  scheduler = createCrashScheduler(new CrashGame({ deps }), deps, 1e9);
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
  hash: string;
  sealed: string;
}

async function current(): Promise<CurrentRound | undefined> {
  const result = await context.pool.query<{ id: number; sealed: string; hash: string }>(
    "SELECT id::int, server_seed_sealed AS sealed, server_seed_hash AS hash FROM crash_round WHERE merchant_id = $1 AND phase = 'betting'",
    [context.merchantId],
  );
  return result.rows[0];
}

/** Steps the scheduler until a round takes bets (the first steps make the seed chain). */
async function bettingRound(): Promise<CurrentRound> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await scheduler.runOnce();
    const round = await current();
    if (round) return round;
    clock.advance(PAUSE_MS);
  }
  throw new Error('no round takes bets');
}

/** The crash point the round will have if betting closes with the bets it has now. */
async function crashIfClosedNow(round: CurrentRound): Promise<number> {
  return crashPointOf(openServerSeed(deps.secretsKey, 'crash_round', context.merchantId, round.sealed), await crashSaltOf(context.pool, round.id));
}

/**
 * Adds 1.00 bets of new players until the round's crash point (which its bets decide) is at least
 * `atLeast`; answers it and the extra players' member ids.
 */
async function betUntilCrashAtLeast(round: CurrentRound, atLeast: number): Promise<{ crash: number; extra: number[] }> {
  const extra: number[] = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    const crash = await crashIfClosedNow(round);
    if (crash >= atLeast) return { crash, extra };
    const filler = await player(10_00);
    expect((await post('/jl/v1/crash/bet', { session: filler.session, amount: 1 })).statusCode).toBe(200);
    extra.push(filler.memberId);
  }
  throw new Error('no crash point late enough');
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
        waitFor: async (predicate, timeoutMs = 15_000) => {
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

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((done) => setTimeout(done, 20));
  }
}

it('pays a cash-out before the crash at the multiplier of the server clock, refuses one after it, and shows everyone the round', async () => {
  const [alice, bob, carol] = [await player(100_00), await player(100_00), await player(100_00)];
  const opened = await bettingRound();
  const [aliceStream, bobStream] = [await openStream(alice.session), await openStream(bob.session)];
  const state = await aliceStream.waitFor((event) => event.event === 'state');
  expect(state.data.round).toMatchObject({ roundId: String(opened.id), phase: 'betting', serverSeedHash: opened.hash });
  // The chain's end was published before this round opened (it is the chain's first round).
  const chain = state.data.chain as { chainEnd: string; length: number };
  expect(chain).toEqual({ chainEnd: expect.stringMatching(/^[0-9a-f]{64}$/), length: CRASH_CHAIN_LENGTH });
  expect(serverSeedHash(openServerSeed(deps.secretsKey, 'crash_round', context.merchantId, opened.sealed))).toBe(opened.hash);

  expect(json<Envelope<JlCrashBet>>(await post('/jl/v1/crash/bet', { session: alice.session, amount: 10 })).value).toMatchObject({ roundId: String(opened.id), bet: 10, autoCashout: null, balance: 90 });
  expect(json<Envelope<JlCrashBet>>(await post('/jl/v1/crash/bet', { session: bob.session, amount: 10, autoCashout: 1.5 })).value).toMatchObject({ autoCashout: 1.5, balance: 90 });
  expect((await post('/jl/v1/crash/bet', { session: carol.session, amount: 5 })).statusCode).toBe(200);
  // One bet each per round; nothing to cash out while betting.
  expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: alice.session, amount: 10 })).errorCode).toBe('inhouse.crash.bet_exists');
  expect(json<Envelope<null>>(await post('/jl/v1/crash/cashout', { session: alice.session })).errorCode).toBe('inhouse.crash.too_early');
  const { crash, extra } = await betUntilCrashAtLeast(opened, 200);
  const round = { ...opened, crash };
  // Alice sees Bob's bet under a masked name.
  const bobsBet = await aliceStream.waitFor((event) => event.event === 'bet' && event.data.mine === false && event.data.bet === 10);
  expect(bobsBet.data.player).toMatch(/\*\*\*/);
  expect(JSON.stringify(aliceStream.events)).not.toContain(bob.username);

  clock.advance(BETTING_MS);
  await scheduler.runOnce();
  await aliceStream.waitFor((event) => event.event === 'running');
  expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: (await player(10_00)).session, amount: 1 })).errorCode).toBe('inhouse.crash.betting_closed');

  // 1.80x: Bob's automatic cash-out at 1.50 has passed; Alice cashes out by hand.
  const elapsed = msUntilMultiplier(180);
  clock.advance(elapsed);
  await scheduler.runOnce();
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
  await scheduler.runOnce();
  const crashed = await aliceStream.waitFor((event) => event.event === 'crashed');
  const salt = await crashSaltOf(context.pool, round.id);
  expect(crashed.data).toMatchObject({ roundId: String(round.id), crashPoint: round.crash / 100, serverSeedHash: round.hash, clientSeed: salt, nonce: 0, scheme: 'chain', chainEnd: chain.chainEnd, chainIndex: 1 });
  // The revealed seed is the one whose hash was published, it leads back to the chain's end, and with the salt it gives the crash point.
  const revealed = crashed.data.serverSeed as string;
  expect(serverSeedHash(revealed)).toBe(round.hash);
  expect(await chainSeedVerifies(async (text) => serverSeedHash(text), revealed, 1, chain.chainEnd)).toBe(true);
  expect(crashPointOf(revealed, salt)).toBe(round.crash);
  expect(json<Envelope<null>>(await post('/jl/v1/crash/cashout', { session: carol.session })).errorCode).toBe('inhouse.crash.crashed');
  await eventually(async () => (await context.pool.query("SELECT count(*)::int AS n FROM crash_bet WHERE crash_round_id = $1 AND settled", [round.id])).rows[0].n === 3 + extra.length);
  expect(await balanceOf(carol.memberId)).toBe(95_00);
  // Each bet is a round of the provider API with its bet and its win (0 for Carol), settled.
  const rounds = await context.pool.query<{ member: string; bet: string; win: string; status: string }>(
    "SELECT member_id AS member, bet_minor AS bet, win_minor AS win, status FROM game_round WHERE game_code = 'JLC001' AND vendor_round_id LIKE $1 AND NOT member_id = ANY($2) ORDER BY member_id",
    [`C${round.id}-%`, extra],
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
  await bettingRound();
  const refused = await post('/jl/v1/crash/bet', { session: poor.session, amount: 2 });
  expect([refused.statusCode, json<Envelope<null>>(refused).errorCode]).toEqual([409, 'inhouse.insufficient.funds']);
  expect(await balanceOf(poor.memberId)).toBe(1_50);
  for (const amount of [0.5, 1.234, 20_000]) expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: poor.session, amount })).errorCode).toBe('inhouse.bet.invalid');
  // An unknown session.
  expect(json<Envelope<null>>(await post('/jl/v1/crash/bet', { session: 'y'.repeat(40), amount: 1 })).errorCode).toBe('inhouse.session.expired');
});

it('plays the next seeds of the chain, each verifiable from the published end; a seed swapped afterwards is caught', async () => {
  const chainEnd = (await context.pool.query<{ end: string }>('SELECT end_hash AS "end" FROM crash_chain WHERE merchant_id = $1', [context.merchantId])).rows[0].end;
  const sha = async (text: string) => serverSeedHash(text);
  // Run the open round and two more out, with nobody betting.
  for (let played = 0; played < 3; played++) {
    const round = await bettingRound();
    clock.advance(BETTING_MS);
    await scheduler.runOnce();
    const started = await context.pool.query<{ salt: string }>('SELECT client_seed AS salt FROM crash_round WHERE id = $1', [round.id]);
    expect(started.rows[0].salt).toBe(await crashSaltOf(context.pool, round.id));
    clock.advance(msUntilMultiplier(await crashIfClosedNow(round)) + 1);
    await scheduler.runOnce();
    clock.advance(PAUSE_MS);
  }
  const rounds = await context.pool.query<{ id: number; seed: string; hash: string; salt: string; index: number; crash: number; scheme: string }>(
    `SELECT id::int, server_seed AS seed, server_seed_hash AS hash, client_seed AS salt, chain_index AS index, crash_point_x100 AS crash, scheme
       FROM crash_round WHERE merchant_id = $1 AND phase = 'crashed' ORDER BY id`,
    [context.merchantId],
  );
  expect(rounds.rows.length).toBeGreaterThanOrEqual(4);
  for (const [position, round] of rounds.rows.entries()) {
    expect([round.scheme, round.index]).toEqual(['chain', position + 1]);
    expect(await chainSeedVerifies(sha, round.seed, round.index, chainEnd)).toBe(true);
    expect(crashPointOf(round.seed, round.salt)).toBe(round.crash);
    // Each round's published hash is the seed revealed the round before (the chain, walked back).
    if (position > 0) expect(round.hash).toBe(rounds.rows[position - 1].seed);
  }
  // A house that rewrites a played round with a seed of its choosing: the crash point recomputes
  // from what it shows, but the seed no longer leads to the published end.
  const forged = serverSeedHash('a seed chosen by the house');
  const last = rounds.rows[rounds.rows.length - 1];
  await context.pool.query('UPDATE crash_round SET server_seed = $2, crash_point_x100 = $3 WHERE id = $1', [last.id, forged, crashPointOf(forged, last.salt)]);
  const history = (await new CrashGame({ deps }).state(context.merchantId, 'nobody')).history;
  const shown = history.find((entry) => entry.roundId === String(last.id));
  expect(shown).toMatchObject({ serverSeed: forged, scheme: 'chain', chainEnd, chainIndex: last.index });
  expect(await chainSeedVerifies(sha, shown!.serverSeed, shown!.chainIndex!, shown!.chainEnd!)).toBe(false);
});

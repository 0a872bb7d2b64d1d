import type { Envelope, JlRotate, JlRound, JlRounds, JlSession, JlSpin } from '@platform/contract';
import { buildApp } from '../../app';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, sessionTokenOf } from '../game-provider/game-provider.testing';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransaction } from '../ledger';
import { createMember, tokenFor } from '../member/member.testing';
import { serverSeedHash } from './fairness';
import { outcomeOnWire, playSlot, slotGame } from './games';
import { injectTransport, ProviderClient, type ProviderMerchant } from './provider-client';
import { recoverPendingRounds, spin, type InhouseDeps } from './slots.service';

// The JL slot server through HTTP, against the real provider API and ledger: every spin moves the
// member's money by exactly −bet + win through the provider API, the outcome is reproducible from
// the revealed seeds (and from nothing else: not the house's balance), the client seed and
// rotation work, a refused bet uses up its nonce, and a round cut between bet and win is finished
// by the recovery job (or rolled back when the bet never reached the wallet).

let context: TestContext;
let merchant: ProviderMerchant;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp();
  const row = await context.pool.query<{ code: string }>('SELECT code FROM merchant WHERE id = $1', [context.merchantId]);
  merchant = { id: context.merchantId, code: row.rows[0].code };
});

afterAll(async () => {
  await context.close();
});

async function credit(memberId: number, amountMinor: number): Promise<void> {
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', Date.now());
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', Date.now());
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `inhouse-test-${++counter}`,
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -amountMinor },
      { accountId: account, amountMinor },
    ],
    nowMs: Date.now(),
  });
}

/** A member with `fundsMinor` and a game session launched for `gameCode` (JL, RNG lane). */
async function player(fundsMinor: number, gameCode = 'JLS001'): Promise<{ memberId: number; session: string }> {
  const username = `slot${++counter}`;
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  if (fundsMinor > 0) await credit(memberId, fundsMinor);
  const token = await tokenFor(context.app, username, 'secret123');
  const response = await launch(context.app, token, { gameId: gameCode, vassalage: 'JL', launchMode: 'GLS', language: 'EN' });
  expect(response.statusCode).toBe(200);
  return { memberId, session: sessionTokenOf(json<Envelope<{ game_url: string }>>(response).value.game_url) };
}

const get = (url: string) => context.app.inject({ method: 'GET', url });
const post = (url: string, body: unknown) => context.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
const balanceOf = (memberId: number) => memberBalanceMinor(context.pool, context.merchantId, memberId);

describe('slot spins', () => {
  it('shows the session: balance, the hash of the server seed, the game', async () => {
    const { session } = await player(50_00);
    const response = await get(`/jl/v1/session?session=${session}&game=JLS001`);
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<JlSession>>(response).value;
    expect(value).toMatchObject({ balance: 50, trial: false, game: { gameCode: 'JLS001', kind: 'slot', minBet: 0.2, reels: 5, rows: 3 } });
    expect(value.game.lines).toHaveLength(20);
    expect(value.fairness).toEqual({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), clientSeed: expect.any(String), nonce: 0 });
    // Another game than the session's, and an unknown session.
    expect(json<Envelope<null>>(await get(`/jl/v1/session?session=${session}&game=JLS002`)).errorCode).toBe('inhouse.game.unknown');
    const unknown = await get(`/jl/v1/session?session=${'x'.repeat(40)}&game=JLS001`);
    expect([unknown.statusCode, json<Envelope<null>>(unknown).errorCode]).toEqual([401, 'inhouse.session.expired']);
  });

  it('moves exactly −bet + win through the provider API, and the outcome is the seeds’ once revealed', async () => {
    const { memberId, session } = await player(100_00);
    const spins: JlSpin[] = [];
    let expected = 100_00;
    for (let index = 0; index < 12; index++) {
      const response = await post('/jl/v1/slots/JLS001/spin', { session, bet: 1 });
      expect(response.statusCode).toBe(200);
      const value = json<Envelope<JlSpin>>(response).value;
      expected += -100 + Math.round(value.win * 100);
      expect(value.nonce).toBe(index);
      expect(value.win).toBe(value.outcome.totalWin);
      expect(Math.round(value.balance * 100)).toBe(expected);
      expect(await balanceOf(memberId)).toBe(expected);
      spins.push(value);
    }
    // Each spin is one bet and one win of the provider API (a round of game_round), in the ledger once.
    const rounds = await context.pool.query<{ bet: string; win: string; status: string }>(
      "SELECT bet_minor AS bet, win_minor AS win, status FROM game_round WHERE member_id = $1 AND vassalage = 'JL' ORDER BY id",
      [memberId],
    );
    expect(rounds.rows.map((row) => [Number(row.bet), Number(row.win), row.status])).toEqual(spins.map((value) => [100, Math.round(value.win * 100), 'settled']));
    const kinds = await context.pool.query<{ kind: string; count: string }>(
      `SELECT t.kind, count(*) AS count FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE a.member_id = $1 AND t.kind LIKE 'game_%' GROUP BY t.kind ORDER BY t.kind`,
      [memberId],
    );
    expect(kinds.rows.find((row) => row.kind === 'game_bet')?.count).toBe('12');
    // The active seed is never shown; rotation reveals it, and every round reproduces from it.
    const before = json<Envelope<JlRound>>(await get(`/jl/v1/rounds/${spins[0].roundId}?session=${session}`)).value;
    expect(before.serverSeed).toBeNull();
    const rotation = json<Envelope<JlRotate>>(await post('/jl/v1/fairness/rotate', { session })).value;
    expect(rotation.revealed.serverSeedHash).toBe(spins[0].serverSeedHash);
    expect(serverSeedHash(rotation.revealed.serverSeed)).toBe(rotation.revealed.serverSeedHash);
    expect(rotation.revealed.nonces).toBe(12);
    expect(rotation.fairness).toMatchObject({ nonce: 0, clientSeed: spins[0].clientSeed });
    expect(rotation.fairness.serverSeedHash).not.toBe(rotation.revealed.serverSeedHash);
    const history = json<Envelope<JlRounds>>(await get(`/jl/v1/rounds?session=${session}&limit=50`)).value;
    expect(history.list).toHaveLength(12);
    for (const round of history.list) {
      expect(round.serverSeed).toBe(rotation.revealed.serverSeed);
      const replay = playSlot(slotGame('JLS001')!, { serverSeed: round.serverSeed!, clientSeed: round.clientSeed, nonce: round.nonce }, 100);
      expect(outcomeOnWire(replay)).toEqual(round.outcome);
      expect(round.outcome).toEqual(spins[round.nonce].outcome);
    }
    await assertLedgerReconciled(context.pool);
  });

  it('plays the next round with the client seed the player set', async () => {
    const { session } = await player(10_00, 'JLS002');
    const set = await post('/jl/v1/fairness/client-seed', { session, clientSeed: 'my-lucky-seed' });
    expect(json<Envelope<{ clientSeed: string; nonce: number }>>(set).value).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    const first = json<Envelope<JlSpin>>(await post('/jl/v1/slots/JLS002/spin', { session, bet: 0.2 })).value;
    expect(first.clientSeed).toBe('my-lucky-seed');
    await post('/jl/v1/fairness/client-seed', { session, clientSeed: 'another' });
    const second = json<Envelope<JlSpin>>(await post('/jl/v1/slots/JLS002/spin', { session, bet: 0.2 })).value;
    expect([second.clientSeed, second.nonce]).toEqual(['another', 1]);
    const { revealed } = json<Envelope<JlRotate>>(await post('/jl/v1/fairness/rotate', { session })).value;
    const game = slotGame('JLS002')!;
    expect(outcomeOnWire(playSlot(game, { serverSeed: revealed.serverSeed, clientSeed: 'my-lucky-seed', nonce: 0 }, 20))).toEqual(first.outcome);
    expect(outcomeOnWire(playSlot(game, { serverSeed: revealed.serverSeed, clientSeed: 'another', nonce: 1 }, 20))).toEqual(second.outcome);
    // Client seeds: printable, no spaces or ':'.
    for (const clientSeed of ['', 'has space', 'a:b', 'x'.repeat(65)]) {
      const response = await post('/jl/v1/fairness/client-seed', { session, clientSeed });
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses a bet the balance does not cover: no money moves, the nonce is used up', async () => {
    const { memberId, session } = await player(50);
    const refused = await post('/jl/v1/slots/JLS001/spin', { session, bet: 1 });
    expect([refused.statusCode, json<Envelope<null>>(refused).errorCode]).toEqual([409, 'inhouse.insufficient.funds']);
    expect(await balanceOf(memberId)).toBe(50);
    const state = json<Envelope<JlSession>>(await get(`/jl/v1/session?session=${session}&game=JLS001`)).value;
    expect(state.fairness.nonce).toBe(1);
    const played = json<Envelope<JlSpin>>(await post('/jl/v1/slots/JLS001/spin', { session, bet: 0.2 })).value;
    expect(played.nonce).toBe(1);
    const rounds = json<Envelope<JlRounds>>(await get(`/jl/v1/rounds?session=${session}`)).value.list;
    expect(rounds.map((round) => [round.nonce, round.state, round.outcome === null])).toEqual([
      [1, 'settled', false],
      [0, 'refused', true],
    ]);
  });

  it('refuses bets that are not a bet step, and games that do not exist', async () => {
    const { session } = await player(10_00);
    for (const bet of [0.1, 0.25, 0.201, 1000]) {
      expect(json<Envelope<null>>(await post('/jl/v1/slots/JLS001/spin', { session, bet })).errorCode).toBe('inhouse.bet.invalid');
    }
    expect(json<Envelope<null>>(await post('/jl/v1/slots/JLX999/spin', { session, bet: 1 })).errorCode).toBe('inhouse.game.unknown');
    // Rounds of someone else are not found.
    const other = await player(10_00);
    const mine = json<Envelope<JlSpin>>(await post('/jl/v1/slots/JLS001/spin', { session, bet: 0.2 })).value;
    expect(json<Envelope<null>>(await get(`/jl/v1/rounds/${mine.roundId}?session=${other.session}`)).errorCode).toBe('inhouse.round.not_found');
  });
});

describe('trial play', () => {
  it('plays the same game on the trial session’s play money: nothing reaches the ledger', async () => {
    const launched = await launch(context.app, null, { gameId: 'JLS002', vassalage: 'JL', language: 'EN' }, '/wps/game/launchTrial');
    expect(launched.statusCode).toBe(200);
    const session = sessionTokenOf(json<Envelope<{ game_url: string }>>(launched).value.game_url);
    const state = json<Envelope<JlSession>>(await get(`/jl/v1/session?session=${session}&game=JLS002`)).value;
    expect(state).toMatchObject({ trial: true, balance: 2000 });
    const ledgerBefore = (await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transaction')).rows[0].n;
    const played = json<Envelope<JlSpin>>(await post('/jl/v1/slots/JLS002/spin', { session, bet: 2 })).value;
    expect(played.balance).toBe(2000 - 2 + played.win);
    expect((await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transaction')).rows[0].n).toBe(ledgerBefore);
    const rounds = json<Envelope<JlRounds>>(await get(`/jl/v1/rounds?session=${session}`)).value.list;
    expect(rounds.map((round) => round.state)).toEqual(['settled']);
  });
});

describe('recovery of a round cut between its bet and its win', () => {
  const deps = (failOn: string | undefined, dropBeforeSending = false): InhouseDeps => {
    const transport = injectTransport(context.app);
    return {
      db: context.pool,
      clock: Date.now,
      secretsKey: secretsKeyFromEnv(),
      provider: new ProviderClient({
        db: context.pool,
        secretsKey: secretsKeyFromEnv(),
        transport: async (request) => {
          if (failOn && request.path.endsWith(`/${failOn}`)) {
            if (!dropBeforeSending) await transport(request);
            throw new Error('connection reset');
          }
          return transport(request);
        },
        clock: Date.now,
      }),
    };
  };

  it('pays the win of a bet that landed, once', async () => {
    const { memberId, session } = await player(10_00);
    // The server stops after the bet (the win never leaves).
    await expect(spin(deps('win', true), merchant, session, 'JLS001', 1)).rejects.toMatchObject({ errorCode: 'inhouse.provider.unavailable' });
    expect(await balanceOf(memberId)).toBe(9_00);
    const pending = await context.pool.query<{ state: string; bet_done: boolean; win: string }>('SELECT state, bet_done, win_minor AS win FROM inhouse_round ORDER BY id DESC LIMIT 1');
    expect(pending.rows[0]).toMatchObject({ state: 'pending', bet_done: true });
    const codeOf = async () => merchant.code;
    // Too recent for the job (its request may still be finishing it).
    expect(await recoverPendingRounds(deps(undefined), codeOf, 60_000)).toBe(0);
    expect(await recoverPendingRounds(deps(undefined), codeOf, 0)).toBe(1);
    const win = Number(pending.rows[0].win);
    expect(await balanceOf(memberId)).toBe(9_00 + win);
    // Again: nothing left, nothing paid twice.
    expect(await recoverPendingRounds(deps(undefined), codeOf, 0)).toBe(0);
    expect(await balanceOf(memberId)).toBe(9_00 + win);
    const round = json<Envelope<JlRounds>>(await get(`/jl/v1/rounds?session=${session}`)).value.list[0];
    expect([round.state, Math.round(round.win * 100)]).toEqual(['settled', win]);
  });

  it('pays a win whose answer was lost, once (the provider answers the repeat with its first answer)', async () => {
    const { memberId, session } = await player(10_00);
    await expect(spin(deps('win'), merchant, session, 'JLS001', 1)).rejects.toMatchObject({ errorCode: 'inhouse.provider.unavailable' });
    const win = Number((await context.pool.query<{ win: string }>('SELECT win_minor AS win FROM inhouse_round ORDER BY id DESC LIMIT 1')).rows[0].win);
    expect(await balanceOf(memberId)).toBe(9_00 + win);
    expect(await recoverPendingRounds(deps(undefined), async () => merchant.code, 0)).toBe(1);
    expect(await balanceOf(memberId)).toBe(9_00 + win);
  });

  it('an instance started while a cut round waits starts, and its recovery pays the win once it is ready', async () => {
    const { memberId, session } = await player(10_00);
    await expect(spin(deps('win', true), merchant, session, 'JLS001', 1)).rejects.toMatchObject({ errorCode: 'inhouse.provider.unavailable' });
    const round = (await context.pool.query<{ id: string; win: string }>('SELECT id, win_minor AS win FROM inhouse_round ORDER BY id DESC LIMIT 1')).rows[0];
    // Old enough for the recovery job's run at start-up.
    await context.pool.query("UPDATE inhouse_round SET created_at = created_at - interval '1 hour' WHERE id = $1", [round.id]);
    // Another instance on the same database, with its in-house jobs on: its recovery runs while
    // the app is still being built. The provider call waits for the app to be ready; made at once,
    // it made the app ready there and the build failed on its next hook.
    const instance = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {}, lotteryJobs: false, c2cSweep: false, delivery: false, inhouse: { jobs: true } });
    try {
      expect((await context.pool.query('SELECT state FROM inhouse_round WHERE id = $1', [round.id])).rows[0].state).toBe('pending');
      await instance.ready();
      // The recovery's first run, now let through: until the round is no longer pending.
      const stateOf = async (): Promise<string> => (await context.pool.query<{ state: string }>('SELECT state FROM inhouse_round WHERE id = $1', [round.id])).rows[0].state;
      let state = await stateOf();
      for (const deadline = Date.now() + 60_000; state === 'pending' && Date.now() < deadline; state = await stateOf()) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(state).toBe('settled');
      expect(await balanceOf(memberId)).toBe(9_00 + Number(round.win));
    } finally {
      await instance.close();
    }
  });

  it('rolls back a bet that never reached the wallet, so that it cannot land later', async () => {
    const { memberId, session } = await player(10_00);
    await expect(spin(deps('bet', true), merchant, session, 'JLS001', 1)).rejects.toMatchObject({ errorCode: 'inhouse.provider.unavailable' });
    const round = (await context.pool.query<{ id: number; bet_tx_id: string; provider_round_id: string }>('SELECT id::int, bet_tx_id, provider_round_id FROM inhouse_round ORDER BY id DESC LIMIT 1')).rows[0];
    expect(await recoverPendingRounds(deps(undefined), async () => merchant.code, 0)).toBe(1);
    expect((await context.pool.query('SELECT state FROM inhouse_round WHERE id = $1', [round.id])).rows[0].state).toBe('refused');
    expect(await balanceOf(memberId)).toBe(10_00);
    // The bet arriving late is refused by the provider API.
    const client = deps(undefined).provider;
    await expect(client.bet(merchant, { sessionToken: session, transactionId: round.bet_tx_id, roundId: round.provider_round_id, gameCode: 'JLS001', amount: 100 })).rejects.toMatchObject({
      errorCode: 'provider.transaction.rolled_back',
    });
    expect(await balanceOf(memberId)).toBe(10_00);
    await assertLedgerReconciled(context.pool);
  });
});

import { randomBytes } from 'node:crypto';
import type { Envelope, ProviderMoneyValue, ProviderRollbackValue } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled } from '../ledger';
import { MINUTE, TestClock } from '../member/member.testing';
import { credit, mainBalanceMinor, memberWithSession, valueOf } from '../withdrawal/withdrawal.testing';
import {
  injectTransport,
  launch,
  providerClientFor,
  providerPath,
  providerSignature,
  rawProviderCall,
  sessionTokenOf,
  signedProviderCall,
  vendorSecret,
} from './game-provider.testing';
import { createProviderClient, ProviderCallError, type ProviderClient } from './provider-client';

// The seamless-wallet API over HTTP on a real PostgreSQL, called as a vendor calls it (signed
// bodies through app.inject): signatures, idempotency and mismatches, rollbacks (after expiry, of
// ids never seen), wins after expiry, insufficient funds, maintenance, a race of 100 bets on one
// wallet, and trial play that never reaches the ledger.

const clock = new TestClock();
let context: TestContext;
let jl: ProviderClient;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  jl = await providerClientFor(context, 'JL', clock.now);
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const id = (prefix: string): string => `${prefix}-${randomBytes(6).toString('hex')}`;

interface Player {
  memberId: number;
  token: string;
  sessionToken: string;
  playerId: string;
}

/** A member with `balanceMinor` on the main wallet and a launched Fortune Gems session. */
async function player(balanceMinor = 10_000): Promise<Player> {
  const session = await memberWithSession(context, `gp${String(++counter).padStart(3, '0')}`, clock.nowMs);
  if (balanceMinor > 0) await credit(context.pool, context.merchantId, session.memberId, balanceMinor, clock.nowMs);
  const launched = valueOf<{ game_url: string }>(await launch(context.app, session.token, { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
  return { memberId: session.memberId, token: session.token, sessionToken: sessionTokenOf(launched.game_url), playerId: String(session.memberId) };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; errorCode: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderCallError) return { status: error.statusCode, errorCode: error.errorCode };
    throw error;
  }
  throw new Error('expected a refusal');
}

const ledgerTransactionsOf = async (memberId: number): Promise<number> =>
  Number(
    (
      await context.pool.query<{ count: string }>(
        `SELECT count(DISTINCT p.transaction_id) AS count FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id WHERE a.member_id = $1`,
        [memberId],
      )
    ).rows[0].count,
  );

describe('signatures', () => {
  let body: string;
  let secret: string;

  beforeAll(async () => {
    const p = await player();
    body = JSON.stringify({ sessionToken: p.sessionToken });
    secret = await vendorSecret(context);
  });

  it('accepts the body signed with the vendor secret', async () => {
    const response = await rawProviderCall(context.app, 'JL', 'authenticate', body, providerSignature(secret, providerPath('JL', 'authenticate'), body, clock.nowMs), clock.nowMs);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a missing, malformed or wrong signature with 401 provider.signature.invalid', async () => {
    // The right signature with its first digit changed (to one it is not), in capitals.
    const valid = providerSignature(secret, providerPath('JL', 'authenticate'), body, clock.nowMs);
    const oneDigitOff = `${valid[0] === '0' ? '1' : '0'}${valid.slice(1)}`.toUpperCase();
    const otherSecret = providerSignature('not-the-secret', providerPath('JL', 'authenticate'), body, clock.nowMs);
    for (const signature of [undefined, '', 'zz', otherSecret, oneDigitOff]) {
      const response = await rawProviderCall(context.app, 'JL', 'authenticate', body, signature, clock.nowMs);
      expect({ signature, status: response.statusCode, code: json<Envelope<null>>(response).errorCode }).toEqual({
        signature,
        status: 401,
        code: 'provider.signature.invalid',
      });
    }
  });

  it('refuses a call signed more than 5 minutes from the server clock, or without a timestamp, and moves nothing', async () => {
    const p = await player(5_000);
    const payload = JSON.stringify({ sessionToken: p.sessionToken, transactionId: id('t'), roundId: id('r'), gameCode: 'JLS001', amount: 100 });
    const path = providerPath('JL', 'bet');
    // A call captured and replayed later, or dated ahead to be replayed later: signed correctly for its own moment.
    for (const at of [clock.nowMs - 5 * MINUTE - 1, clock.nowMs + 5 * MINUTE + 1, clock.nowMs - 60 * MINUTE]) {
      const response = await rawProviderCall(context.app, 'JL', 'bet', payload, providerSignature(secret, path, payload, at), at);
      expect({ at, status: response.statusCode, code: json<Envelope<null>>(response).errorCode }).toEqual({ at, status: 401, code: 'provider.signature.invalid' });
    }
    const undated = await rawProviderCall(context.app, 'JL', 'bet', payload, providerSignature(secret, path, payload, clock.nowMs));
    expect(undated.statusCode).toBe(401);
    // A timestamp moved into the window without re-signing is a wrong signature.
    const stale = clock.nowMs - 10 * MINUTE;
    const redated = await rawProviderCall(context.app, 'JL', 'bet', payload, providerSignature(secret, path, payload, stale), clock.nowMs);
    expect(redated.statusCode).toBe(401);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(5_000);
    // Within 5 minutes either way it is taken.
    const edge = clock.nowMs - 5 * MINUTE;
    const taken = await rawProviderCall(context.app, 'JL', 'bet', payload, providerSignature(secret, path, payload, edge), edge);
    expect(taken.statusCode).toBe(200);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(4_900);
  });

  it('refuses a signed call replayed to another action (the path is signed) and moves nothing', async () => {
    const p = await player(5_000);
    const betId = id('t');
    const bet = JSON.stringify({ sessionToken: p.sessionToken, transactionId: betId, roundId: id('r'), gameCode: 'JLS001', amount: 100 });
    const signature = providerSignature(secret, providerPath('JL', 'bet'), bet, clock.nowMs);
    expect((await rawProviderCall(context.app, 'JL', 'bet', bet, signature, clock.nowMs)).statusCode).toBe(200);
    // A rollback signed for its own path, sent to the win path with a win body of the same bytes' shape: refused.
    const rollback = JSON.stringify({ transactionId: id('rb'), referenceTransactionId: betId });
    const rollbackSignature = providerSignature(secret, providerPath('JL', 'rollback'), rollback, clock.nowMs);
    const elsewhere = await rawProviderCall(context.app, 'JL', 'endRound', rollback, rollbackSignature, clock.nowMs, providerPath('JL', 'rollback').replace('rollback', 'endRound'));
    expect(elsewhere.statusCode).toBe(401);
    // The bet's own call sent to another vendor's path (or with a query added): refused.
    const withQuery = await rawProviderCall(context.app, 'JL', 'bet', bet, signature, clock.nowMs, `${providerPath('JL', 'bet')}?again=1`);
    expect(withQuery.statusCode).toBe(401);
    // The same signed call again moves nothing (idempotent by transaction id).
    const replayed = await rawProviderCall(context.app, 'JL', 'bet', bet, signature, clock.nowMs);
    expect(json<Envelope<ProviderMoneyValue>>(replayed).value.balance).toBe(4_900);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(4_900);
  });

  it("refuses a body signed with another vendor's secret", async () => {
    await context.pool.query("INSERT INTO game_provider (merchant_id, vassalage, adapter) VALUES ($1, 'OTHERV', 'inhouse')", [context.merchantId]);
    const other = await vendorSecret(context, 'OTHERV');
    expect(other).not.toBe(secret);
    const response = await rawProviderCall(context.app, 'JL', 'authenticate', body, providerSignature(other, providerPath('JL', 'authenticate'), body, clock.nowMs), clock.nowMs);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a tampered body (signature of the original) and changes nothing', async () => {
    const p = await player(5_000);
    const original = JSON.stringify({ sessionToken: p.sessionToken, transactionId: id('t'), roundId: id('r'), gameCode: 'JLS001', amount: 100 });
    const tampered = original.replace('"amount":100', '"amount":1');
    const response = await rawProviderCall(context.app, 'JL', 'bet', tampered, providerSignature(secret, providerPath('JL', 'bet'), original, clock.nowMs), clock.nowMs);
    expect(response.statusCode).toBe(401);
    // Whitespace counts too: the signature covers the bytes sent.
    const spaced = await rawProviderCall(context.app, 'JL', 'bet', ` ${original}`, providerSignature(secret, providerPath('JL', 'bet'), original, clock.nowMs), clock.nowMs);
    expect(spaced.statusCode).toBe(401);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(5_000);
  });

  it('answers 404 provider.vendor.unknown for a vendor not connected or disabled', async () => {
    const unknown = await rawProviderCall(context.app, 'NOPE', 'authenticate', body, providerSignature(secret, providerPath('NOPE', 'authenticate'), body, clock.nowMs), clock.nowMs);
    expect([unknown.statusCode, json<Envelope<null>>(unknown).errorCode]).toEqual([404, 'provider.vendor.unknown']);
    await context.pool.query("UPDATE game_provider SET enabled = false WHERE vassalage = 'OTHERV'");
    const other = await vendorSecret(context, 'OTHERV');
    const disabled = await rawProviderCall(context.app, 'OTHERV', 'authenticate', body, providerSignature(other, providerPath('OTHERV', 'authenticate'), body, clock.nowMs), clock.nowMs);
    expect(disabled.statusCode).toBe(404);
  });

  it('signs nothing for a session token of another vendor (the token is the vendor’s own)', async () => {
    await context.pool.query("UPDATE game_provider SET enabled = true WHERE vassalage = 'OTHERV'");
    const other = createProviderClient({ vassalage: 'OTHERV', secret: await vendorSecret(context, 'OTHERV'), transport: injectTransport(context.app), clock: clock.now });
    const p = await player();
    expect(await refusal(other.authenticate({ sessionToken: p.sessionToken }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
  });
});

describe('authenticate and balance', () => {
  it("answers the player, currency and balance in minor units of the game's wallet", async () => {
    const p = await player(12_345);
    const value = await jl.authenticate({ sessionToken: p.sessionToken });
    expect(value).toEqual({ playerId: p.playerId, currency: 'BDT', balance: 12_345, trial: false, gameCode: 'JLS001', expiresAt: clock.nowMs + 480 * MINUTE, language: 'EN' });
    expect(await jl.balance({ sessionToken: p.sessionToken })).toEqual({ balance: 12_345, currency: 'BDT' });
  });

  it('refuses an unknown token', async () => {
    expect(await refusal(jl.authenticate({ sessionToken: 'x'.repeat(43) }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
  });
});

describe('bets, wins and idempotency', () => {
  it('debits a bet and credits a win, each once however often it is repeated', async () => {
    const p = await player(10_000);
    const roundId = id('round');
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 250 };
    const first = await jl.bet(bet);
    expect(first).toEqual({ balance: 9_750, currency: 'BDT', transactionId: bet.transactionId });
    const win = { playerId: p.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 1_000 };
    expect(await jl.win(win)).toEqual({ balance: 10_750, currency: 'BDT', transactionId: win.transactionId });
    // Repeats answer the original result (the balance as it was then), nothing moves again.
    const repeats = await Promise.all([jl.bet(bet), jl.bet(bet), jl.win(win), jl.win(win)]);
    expect(repeats.map((value) => value.balance)).toEqual([9_750, 9_750, 10_750, 10_750]);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(10_750);
    // Opening credit + one bet + one win.
    expect(await ledgerTransactionsOf(p.memberId)).toBe(3);
    const round = await context.pool.query('SELECT bet_minor, win_minor, valid_bet_minor, status, game_category, game_name, member_id FROM game_round WHERE vendor_round_id = $1', [roundId]);
    expect(round.rows[0]).toEqual({ bet_minor: '250', win_minor: '1000', valid_bet_minor: '250', status: 'open', game_category: 'RNG', game_name: 'Fortune Gems', member_id: String(p.memberId) });
    const kinds = await context.pool.query(
      `SELECT t.kind FROM ledger_transaction t WHERE t.idempotency_key IN ($1, $2) ORDER BY t.kind`,
      [`game:${context.merchantId}:JL:${bet.transactionId}`, `game:${context.merchantId}:JL:${win.transactionId}`],
    );
    expect(kinds.rows.map((row) => row.kind)).toEqual(['game_bet', 'game_win']);
    expect(await jl.endRound({ playerId: p.playerId, roundId })).toEqual({ roundId, status: 'settled' });
  });

  it('refuses the same transaction id with other fields (409 provider.transaction.mismatch)', async () => {
    const p = await player(10_000);
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId: id('round'), gameCode: 'JLS001', amount: 100 };
    await jl.bet(bet);
    expect(await refusal(jl.bet({ ...bet, amount: 200 }))).toEqual({ status: 409, errorCode: 'provider.transaction.mismatch' });
    expect(await refusal(jl.bet({ ...bet, roundId: id('round') }))).toEqual({ status: 409, errorCode: 'provider.transaction.mismatch' });
    // A win or a rollback reusing a bet's id is another transaction too.
    expect(await refusal(jl.win({ playerId: p.playerId, transactionId: bet.transactionId, roundId: bet.roundId, gameCode: 'JLS001', amount: 100 }))).toEqual({
      status: 409,
      errorCode: 'provider.transaction.mismatch',
    });
    // Another player's session under the same id.
    const q = await player(10_000);
    expect(await refusal(jl.bet({ ...bet, sessionToken: q.sessionToken }))).toEqual({ status: 409, errorCode: 'provider.transaction.mismatch' });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(9_900);
    expect(await mainBalanceMinor(context.pool, q.memberId)).toBe(10_000);
  });

  it('refuses a bet beyond the balance (409 provider.insufficient.funds) and records nothing', async () => {
    const p = await player(300);
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId: id('round'), gameCode: 'JLS001', amount: 301 };
    expect(await refusal(jl.bet(bet))).toEqual({ status: 409, errorCode: 'provider.insufficient.funds' });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(300);
    const rows = await context.pool.query('SELECT 1 FROM game_transaction WHERE vendor_tx_id = $1 UNION ALL SELECT 1 FROM game_round WHERE vendor_round_id = $2', [bet.transactionId, bet.roundId]);
    expect(rows.rowCount).toBe(0);
    // The exact balance is fine.
    expect((await jl.bet({ ...bet, transactionId: id('bet'), amount: 300 })).balance).toBe(0);
  });

  it("refuses a win on another player's round, an unknown round and a closed round", async () => {
    const p = await player();
    const q = await player();
    const roundId = id('round');
    await jl.bet({ sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 });
    const win = { playerId: q.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 500 };
    expect(await refusal(jl.win(win))).toEqual({ status: 404, errorCode: 'provider.round.not_found' });
    expect(await refusal(jl.win({ ...win, playerId: p.playerId, roundId: id('nope') }))).toEqual({ status: 404, errorCode: 'provider.round.not_found' });
    // Betting into another player's round.
    expect(await refusal(jl.bet({ sessionToken: q.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 }))).toEqual({
      status: 404,
      errorCode: 'provider.round.not_found',
    });
    await jl.endRound({ playerId: p.playerId, roundId });
    expect(await refusal(jl.win({ ...win, playerId: p.playerId }))).toEqual({ status: 409, errorCode: 'provider.round.closed' });
    expect(await mainBalanceMinor(context.pool, q.memberId)).toBe(10_000);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(9_900);
  });

  it('credits a zero win without a ledger transaction', async () => {
    const p = await player();
    const roundId = id('round');
    await jl.bet({ sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 });
    const before = await ledgerTransactionsOf(p.memberId);
    expect((await jl.win({ playerId: p.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 0 })).balance).toBe(9_900);
    expect(await ledgerTransactionsOf(p.memberId)).toBe(before);
  });
});

describe('session expiry', () => {
  it('refuses a bet after the session expired, but takes the win, the rollback and repeats of what it answered', async () => {
    const p = await player(10_000);
    const roundId = id('round');
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 400 };
    const other = { ...bet, transactionId: id('bet'), amount: 600 };
    await jl.bet(bet);
    await jl.bet(other);
    clock.advance(481 * MINUTE);
    try {
      expect(await refusal(jl.bet({ ...bet, transactionId: id('bet') }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
      expect(await refusal(jl.balance({ sessionToken: p.sessionToken }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
      // The repeat of a bet it took still gets its answer.
      expect((await jl.bet(bet)).balance).toBe(9_600);
      const rolledBack = await jl.rollback({ transactionId: id('rb'), referenceTransactionId: other.transactionId });
      expect(rolledBack).toMatchObject({ balance: 9_600, rolledBack: true });
      const win = await jl.win({ playerId: p.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 2_000 });
      expect(win.balance).toBe(11_600);
      expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(11_600);
    } finally {
      clock.advance(-481 * MINUTE);
    }
  });
});

describe('the site session behind a game session', () => {
  const bet = (p: Player) => ({ sessionToken: p.sessionToken, transactionId: id('bet'), roundId: id('round'), gameCode: 'JLS001', amount: 300 });

  it('ends the game session when the member logs out: no bet, no balance, nothing moved', async () => {
    const p = await player(10_000);
    await jl.bet(bet(p));
    const logout = await context.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: p.token } });
    expect(logout.statusCode).toBe(200);
    expect(await refusal(jl.bet(bet(p)))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
    expect(await refusal(jl.balance({ sessionToken: p.sessionToken }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
    expect(await refusal(jl.authenticate({ sessionToken: p.sessionToken }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(9_700);
  });

  it('ends the game session when the site session expires, even before the game session would', async () => {
    const p = await player(10_000);
    // The site session's idle limit (30 minutes by default) passes; the game session's 480 minutes do not.
    clock.advance(31 * MINUTE);
    try {
      expect(await refusal(jl.bet(bet(p)))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
    } finally {
      clock.advance(-31 * MINUTE);
    }
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(10_000);
  });

  it("ends a blocked member's game sessions; a round already open still gets its win", async () => {
    const p = await player(10_000);
    const open = bet(p);
    await jl.bet(open);
    await context.pool.query("UPDATE member SET status = 'blocked' WHERE id = $1", [p.memberId]);
    expect(await refusal(jl.bet(bet(p)))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
    expect(await refusal(jl.balance({ sessionToken: p.sessionToken }))).toEqual({ status: 401, errorCode: 'provider.session.expired' });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(9_700);
    // The bet taken while the member could play is settled as the game decided.
    expect((await jl.win({ playerId: p.playerId, transactionId: id('win'), roundId: open.roundId, gameCode: 'JLS001', amount: 600 })).balance).toBe(10_300);
  });
});

describe('rollbacks', () => {
  it('gives a bet back once, however often and under however many rollback ids', async () => {
    const p = await player(10_000);
    const roundId = id('round');
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 700 };
    await jl.bet(bet);
    const rollback = { transactionId: id('rb'), referenceTransactionId: bet.transactionId };
    const answers = await Promise.all([jl.rollback(rollback), jl.rollback(rollback), jl.rollback({ transactionId: id('rb'), referenceTransactionId: bet.transactionId })]);
    expect(answers.map((answer) => answer.balance)).toEqual([10_000, 10_000, 10_000]);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(10_000);
    const round = await context.pool.query('SELECT bet_minor, status FROM game_round WHERE vendor_round_id = $1', [roundId]);
    expect(round.rows[0]).toEqual({ bet_minor: '0', status: 'rolled_back' });
    // The bet's id is now refused, and so is a rollback's id reused for another bet.
    expect(await refusal(jl.bet(bet))).toEqual({ status: 409, errorCode: 'provider.transaction.rolled_back' });
    expect(await refusal(jl.rollback({ ...rollback, referenceTransactionId: id('other') }))).toEqual({ status: 409, errorCode: 'provider.transaction.mismatch' });
    const kinds = await context.pool.query("SELECT count(*)::int AS n FROM ledger_transaction WHERE kind = 'game_rollback' AND idempotency_key LIKE $1", [`game:${context.merchantId}:JL:rb-%`]);
    expect(kinds.rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('remembers a rollback of an id never seen: the bet arriving later is refused and takes nothing', async () => {
    const p = await player(10_000);
    const betId = id('late');
    const answer = await jl.rollback({ transactionId: id('rb'), referenceTransactionId: betId });
    expect(answer).toMatchObject({ balance: null, rolledBack: false });
    expect(await refusal(jl.bet({ sessionToken: p.sessionToken, transactionId: betId, roundId: id('round'), gameCode: 'JLS001', amount: 500 }))).toEqual({
      status: 409,
      errorCode: 'provider.transaction.rolled_back',
    });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(10_000);
  });

  it('refuses to roll back a win', async () => {
    const p = await player();
    const roundId = id('round');
    await jl.bet({ sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 });
    const win = { playerId: p.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 300 };
    await jl.win(win);
    expect(await refusal(jl.rollback({ transactionId: id('rb'), referenceTransactionId: win.transactionId }))).toEqual({ status: 409, errorCode: 'provider.rollback.invalid' });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(10_200);
  });

  it('refuses to roll back a bet whose round paid a win (the stake and the win both) and moves nothing', async () => {
    const p = await player(10_000);
    const roundId = id('round');
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 1_000 };
    await jl.bet(bet);
    await jl.win({ playerId: p.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 5_000 });
    const rollback = { transactionId: id('rb'), referenceTransactionId: bet.transactionId };
    expect(await refusal(jl.rollback(rollback))).toEqual({ status: 409, errorCode: 'provider.rollback.settled' });
    // Once the round has ended too, and under the same rollback id again.
    expect(await jl.endRound({ playerId: p.playerId, roundId })).toEqual({ roundId, status: 'settled' });
    expect(await refusal(jl.rollback(rollback))).toEqual({ status: 409, errorCode: 'provider.rollback.settled' });
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(14_000);
    const round = await context.pool.query('SELECT bet_minor, win_minor, status FROM game_round WHERE vendor_round_id = $1', [roundId]);
    expect(round.rows[0]).toEqual({ bet_minor: '1000', win_minor: '5000', status: 'settled' });
    // The bet is still the bet: its repeat answers what it answered.
    expect((await jl.bet(bet)).balance).toBe(9_000);
  });

  it('settles a race of a bet and its rollback either way, never both', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const p = await player(1_000);
      const bet = { sessionToken: p.sessionToken, transactionId: id('race'), roundId: id('round'), gameCode: 'JLS001', amount: 1_000 };
      const [betAnswer] = await Promise.allSettled([jl.bet(bet), jl.rollback({ transactionId: id('rb'), referenceTransactionId: bet.transactionId })]);
      // Whichever came first, the money is back (rolled back) or the bet was refused.
      expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(1_000);
      if (betAnswer.status === 'rejected') expect((betAnswer.reason as ProviderCallError).errorCode).toBe('provider.transaction.rolled_back');
    }
  });
});

describe('maintenance', () => {
  afterEach(async () => {
    await context.pool.query('DELETE FROM game_vendor_maintenance');
  });

  it('refuses bets (503 provider.vendor.maintenance) but accepts wins and rollbacks', async () => {
    const p = await player(10_000);
    const roundId = id('round');
    const bet = { sessionToken: p.sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 500 };
    await jl.bet(bet);
    const other = { ...bet, transactionId: id('bet'), roundId: id('round'), amount: 200 };
    await jl.bet(other);
    await context.pool.query("INSERT INTO game_vendor_maintenance (merchant_id, vassalage, starts_at, ends_at, reason) VALUES ($1, 'JL', $2, $3, 'upgrade')", [
      context.merchantId,
      new Date(clock.nowMs - MINUTE),
      new Date(clock.nowMs + 60 * MINUTE),
    ]);
    expect(await refusal(jl.bet({ ...bet, transactionId: id('bet') }))).toEqual({ status: 503, errorCode: 'provider.vendor.maintenance' });
    expect((await jl.win({ playerId: p.playerId, transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 800 })).balance).toBe(10_100);
    expect((await jl.rollback({ transactionId: id('rb'), referenceTransactionId: other.transactionId })).balance).toBe(10_300);
    expect(await jl.endRound({ playerId: p.playerId, roundId })).toEqual({ roundId, status: 'settled' });
  });
});

describe('concurrency', () => {
  it('100 parallel bets on one wallet never overdraw it, and the balance equals the sum of the acknowledged bets', async () => {
    const opening = 7_550;
    const p = await player(opening);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        jl.bet({ sessionToken: p.sessionToken, transactionId: id(`c${index}`), roundId: id('round'), gameCode: 'JLS001', amount: 100 }),
      ),
    );
    const acknowledged = results.filter((result): result is PromiseFulfilledResult<ProviderMoneyValue> => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(acknowledged).toHaveLength(75);
    expect(refused.map((result) => (result.reason as ProviderCallError).errorCode)).toEqual(Array(25).fill('provider.insufficient.funds'));
    const balance = await mainBalanceMinor(context.pool, p.memberId);
    expect(balance).toBe(opening - acknowledged.length * 100);
    expect(balance).toBe(50);
    // Each acknowledged balance is distinct: every bet saw the one before it.
    expect(new Set(acknowledged.map((result) => result.value.balance)).size).toBe(75);
    expect(Math.min(...acknowledged.map((result) => result.value.balance))).toBe(50);
    const recorded = await context.pool.query<{ n: number; sum: string }>(
      "SELECT count(*)::int AS n, sum(amount_minor) AS sum FROM game_transaction WHERE member_id = $1 AND kind = 'bet'",
      [p.memberId],
    );
    expect(recorded.rows[0]).toEqual({ n: 75, sum: '7500' });
  });
});

describe('trial sessions', () => {
  it('play with play money on the session: nothing reaches the ledger or the bet records', async () => {
    const before = await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transaction');
    const launched = await launch(context.app, null, { gameId: 'JLS002', language: 'VI' }, '/wps/game/launchTrial');
    const url = valueOf<{ game_url: string }>(launched).game_url;
    expect(url).toMatch(/^\/jl\/play\/JLS002\?session=[A-Za-z0-9_-]{43}&lang=VI&trial=1$/);
    const sessionToken = sessionTokenOf(url);
    const auth = await jl.authenticate({ sessionToken });
    expect(auth).toMatchObject({ trial: true, balance: 200_000, gameCode: 'JLS002', language: 'VI' });
    expect(auth.playerId).toMatch(/^T[0-9]+$/);
    const roundId = id('trial');
    const bet = { sessionToken, transactionId: id('tb'), roundId, gameCode: 'JLS002', amount: 5_000 };
    expect((await jl.bet(bet)).balance).toBe(195_000);
    expect((await jl.bet(bet)).balance).toBe(195_000);
    expect((await jl.win({ playerId: auth.playerId, transactionId: id('tw'), roundId, gameCode: 'JLS002', amount: 12_000 })).balance).toBe(207_000);
    const second = { ...bet, transactionId: id('tb'), roundId: id('trial') };
    await jl.bet(second);
    expect((await jl.rollback({ transactionId: id('trb'), referenceTransactionId: second.transactionId })).balance).toBe(207_000);
    expect(await refusal(jl.bet({ ...bet, transactionId: id('tb'), amount: 207_001 }))).toEqual({ status: 409, errorCode: 'provider.insufficient.funds' });
    expect(await jl.balance({ sessionToken })).toEqual({ balance: 207_000, currency: 'BDT' });
    const after = await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transaction');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const rounds = await context.pool.query('SELECT member_id, trial FROM game_round WHERE vendor_round_id = $1', [roundId]);
    expect(rounds.rows).toEqual([{ member_id: null, trial: true }]);
  });

  it('refuses a trial of a game without one (the crash game)', async () => {
    const response = await launch(context.app, null, { gameId: 'JLC001' }, '/wps/game/launchTrial');
    expect([response.statusCode, json<Envelope<null>>(response).errorCode]).toEqual([404, 'game.not_found']);
  });
});

describe('the signed body is what counts', () => {
  it('takes a body signed as sent, with its own key order and spacing', async () => {
    const p = await player(1_000);
    const secret = await vendorSecret(context);
    const body = `{ "amount": 100, "gameCode": "JLS001", "roundId": "${id('r')}", "transactionId": "${id('t')}", "sessionToken": "${p.sessionToken}" }`;
    const response = await rawProviderCall(context.app, 'JL', 'bet', body, providerSignature(secret, providerPath('JL', 'bet'), body, clock.nowMs), clock.nowMs);
    expect(json<Envelope<ProviderMoneyValue>>(response).value.balance).toBe(900);
  });

  it('refuses bad fields after the signature (400), and a body that is not JSON before it (400 request.json.err)', async () => {
    const p = await player(1_000);
    const secret = await vendorSecret(context);
    const base = { sessionToken: p.sessionToken, transactionId: id('t'), roundId: id('r'), gameCode: 'JLS001', amount: 100 };
    for (const payload of [{ ...base, amount: 0 }, { ...base, amount: 1.5 }, { ...base, amount: -100 }, { ...base, gameCode: 'JLS 001' }]) {
      const response = await signedProviderCall(context.app, secret, 'JL', 'bet', payload, clock.nowMs);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    }
    const notJson = await rawProviderCall(context.app, 'JL', 'bet', '{not json', 'ab'.repeat(32), clock.nowMs);
    expect([notJson.statusCode, json<Envelope<null>>(notJson).errorCode]).toEqual([400, 'request.json.err']);
    expect(await mainBalanceMinor(context.pool, p.memberId)).toBe(1_000);
    const rolled = await signedProviderCall(context.app, secret, 'JL', 'rollback', { transactionId: id('rb'), referenceTransactionId: id('none') }, clock.nowMs);
    expect(json<Envelope<ProviderRollbackValue>>(rolled).value.rolledBack).toBe(false);
  });
});

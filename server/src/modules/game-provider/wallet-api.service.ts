import { createHash } from 'node:crypto';
import type {
  ProviderAuthenticateValue,
  ProviderBalanceValue,
  ProviderEndRoundValue,
  ProviderMoneyValue,
  ProviderRollbackValue,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { RetryOptions } from '../../db/transaction';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { ensureGameAccount, ensureHouseAccount, ensureMemberAccount, InsufficientFundsError, postTransactionIn } from '../ledger';
import type { ProviderConfig } from './provider-config';
import * as queries from './provider.queries';

// The seamless-wallet API (server/README.md "Provider API"): a vendor's server moves a
// player's money by bets, wins and rollbacks named by its own transaction ids.
//
// Exactly once: each vendor transaction is a game_transaction row, unique per (merchant, vendor,
// transaction id), inserted in the same database transaction as its ledger posting (postTransactionIn)
// and the round's totals, together with the answer it got. So a repeat finds the row and gets the
// same answer (the balance as it was then), a repeat with other fields is refused, two copies
// racing wait for each other on the unique index, and the ledger's own idempotency key
// (game:<merchant>:<vendor>:<transaction id>) is a second guard. A rollback locks the bet's row;
// a rollback of an id never seen inserts that row as a tombstone, so the bet arriving late (a
// vendor's retry after its own timeout) is refused rather than taking money that was given back;
// a rollback of a bet whose round has paid a win is refused (provider.rollback.settled).
//
// Lock order, the same in every action: the vendor transaction row(s), the round, the session (play
// money), then ledger accounts in id order (postTransaction).

/** The house account game money moves through. */
export const GAME_HOUSE_ACCOUNT = 'house_game_play';

export interface ProviderCall {
  pool: pg.Pool;
  /** The request's merchant (its config revision keys the cached configuration). */
  merchant: ResolvedMerchant;
  merchantId: number;
  vassalage: string;
  nowMs: number;
  /** The vendors' configuration and the wallet settings, cached per config revision. */
  config: ProviderConfig;
}

interface ResolvedSession {
  session: queries.PlaySession;
  game: queries.SessionGame;
}

const TRIAL_PLAYER = /^T([0-9]{1,19})$/;
const MEMBER_PLAYER = /^([0-9]{1,19})$/;

export const playerIdOf = (session: { trial: boolean; id: number; memberId: number | null }): string =>
  session.trial ? `T${session.id}` : String(session.memberId);

/** Retries of a provider transaction aborted by a deadlock or serialization failure (as the ledger's). */
const LEDGER_RETRY_OPTIONS: RetryOptions = { maxAttempts: 6, baseDelayMs: 5 };

const hashOf = (parts: unknown[]): Buffer => createHash('sha256').update(JSON.stringify(parts)).digest();

/** SHA-256 of a session token: what game_session keeps. */
export const tokenHashOf = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

const ledgerKey = (call: ProviderCall, vendorTxId: string): string => `game:${call.merchantId}:${call.vassalage}:${vendorTxId}`;

const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The session of a token with its game, wallets and (vendorTxId) the transaction recorded under
 * that id, in one query; 401 provider.session.expired when none (expired ones included).
 */
async function resolveSession(call: ProviderCall, token: string, vendorTxId?: string): Promise<ResolvedSession> {
  const session = await queries.selectPlaySession(call.pool, { merchantId: call.merchantId, vassalage: call.vassalage, tokenHash: tokenHashOf(token), vendorTxId });
  if (!session?.game) throw new AppError(401, 'provider.session.expired');
  return { session, game: session.game };
}

/** A live session: not expired, and (a member's) its site session not idle past its limit (migration 046). */
function assertLive(call: ProviderCall, session: queries.PlaySession): void {
  if (session.expiresAtMs <= call.nowMs) throw new AppError(401, 'provider.session.expired');
  if (session.siteIdleExpiresAtMs !== null && session.siteIdleExpiresAtMs <= call.nowMs) throw new AppError(401, 'provider.session.expired');
}

/**
 * The member account a game plays from: the main wallet of a single-wallet merchant, else the
 * member's game wallet of the game's vendor row (ledger/wallet.service.ts). Created when missing.
 */
export function playAccountOf(db: Db, merchantId: number, memberId: number, game: { gameVendorId: number }, single: boolean, nowMs: number): Promise<number> {
  return single ? ensureMemberAccount(db, merchantId, memberId, 'REAL', nowMs) : ensureGameAccount(db, merchantId, memberId, game.gameVendorId, nowMs);
}

/** The real-money session's play account (id and balance): as the session query found it, else created (empty). */
async function sessionAccount(call: ProviderCall, resolved: ResolvedSession): Promise<{ id: number; balanceMinor: number }> {
  const { single } = await call.config.walletSettings(call.merchant);
  const found = single ? resolved.session.mainAccount : resolved.session.gameAccount;
  if (found) return found;
  const id = await playAccountOf(call.pool, call.merchantId, resolved.session.memberId as number, resolved.game, single, call.nowMs);
  return { id, balanceMinor: await queries.selectAccountBalance(call.pool, id) };
}

const currencyOf = async (call: ProviderCall): Promise<string> => (await call.config.walletSettings(call.merchant)).currency;

/** The recorded answer to a repeated transaction id, or the refusal of a different request under it. */
function replayOf<T>(existing: queries.TransactionRow, kind: queries.TransactionRow['kind'], requestHash: Buffer): T {
  if (kind === 'bet' && existing.kind === 'bet' && existing.rolledBack) throw new AppError(409, 'provider.transaction.rolled_back');
  if (existing.kind !== kind || !existing.requestHash || !existing.requestHash.equals(requestHash) || existing.response === null) {
    throw new AppError(409, 'provider.transaction.mismatch');
  }
  return existing.response as T;
}

/** The transaction that took the id first (committed: the claim waited for it), replayed or refused. */
async function replayClaimed<T>(call: ProviderCall, client: pg.PoolClient, vendorTxId: string, kind: queries.TransactionRow['kind'], requestHash: Buffer): Promise<T> {
  const winner = await queries.lockTransaction(client, call.merchantId, call.vassalage, vendorTxId);
  if (!winner) throw new Error(`Vendor transaction ${vendorTxId} vanished`);
  return replayOf<T>(winner, kind, requestHash);
}

async function sessionBalance(call: ProviderCall, resolved: ResolvedSession): Promise<number> {
  if (resolved.session.trial) return resolved.session.playBalanceMinor ?? 0;
  return (await sessionAccount(call, resolved)).balanceMinor;
}

export async function authenticate(call: ProviderCall, sessionToken: string): Promise<ProviderAuthenticateValue> {
  const resolved = await resolveSession(call, sessionToken);
  const { session, game } = resolved;
  assertLive(call, session);
  return {
    playerId: playerIdOf(session),
    currency: await currencyOf(call),
    balance: await sessionBalance(call, resolved),
    trial: session.trial,
    gameCode: game.gameCode,
    expiresAt: session.expiresAtMs,
    language: session.language,
  };
}

export async function balance(call: ProviderCall, sessionToken: string): Promise<ProviderBalanceValue> {
  const resolved = await resolveSession(call, sessionToken);
  assertLive(call, resolved.session);
  return { balance: await sessionBalance(call, resolved), currency: await currencyOf(call) };
}

export interface BetInput {
  sessionToken: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: number;
}

// The house account's id per pool and merchant (it never changes once created). Per pool: tests
// run databases side by side, where one merchant id names other rows.
const houseAccounts = new WeakMap<pg.Pool, Map<number, number>>();
async function houseAccountOf(call: ProviderCall): Promise<number> {
  let byMerchant = houseAccounts.get(call.pool);
  if (!byMerchant) houseAccounts.set(call.pool, (byMerchant = new Map()));
  const known = byMerchant.get(call.merchantId);
  if (known !== undefined) return known;
  const id = await ensureHouseAccount(call.pool, call.merchantId, GAME_HOUSE_ACCOUNT, call.nowMs);
  byMerchant.set(call.merchantId, id);
  return id;
}

/**
 * A bet. Round trips, real money: the session query (session, game, wallets, a recorded answer
 * under the id), then BEGIN, the claim with the round (one statement), the ledger posting, the
 * completed row with its answer (the balance read in the same statement), COMMIT. The vendor row,
 * its maintenance and the wallet settings come from memory (per config revision).
 */
export async function bet(call: ProviderCall, input: BetInput): Promise<ProviderMoneyValue> {
  const resolved = await resolveSession(call, input.sessionToken, input.transactionId);
  const { session, game } = resolved;
  const player = playerIdOf(session);
  const requestHash = hashOf(['bet', player, input.roundId, input.gameCode, input.amount]);
  if (session.recorded) return replayOf(session.recorded, 'bet', requestHash);
  assertLive(call, session);
  if (input.gameCode !== game.gameCode) throw new AppError(404, 'game.not_found');
  if (await call.config.maintenance(call.merchant, call.vassalage, call.nowMs)) throw new AppError(503, 'provider.vendor.maintenance');
  const currency = await currencyOf(call);
  const memberAccount = session.trial ? null : (await sessionAccount(call, resolved)).id;
  const house = session.trial ? null : await houseAccountOf(call);

  return withTransaction(call.pool, async (client) => {
    const claimed = await queries.claimBet(client, {
      merchantId: call.merchantId,
      vassalage: call.vassalage,
      vendorTxId: input.transactionId,
      memberId: session.memberId,
      amountMinor: input.amount,
      requestHash,
      gameSessionId: session.id,
      trial: session.trial,
      gameId: game.id,
      gameCode: game.gameCode,
      gameName: game.name,
      gameCategory: game.gameCategory,
      vendorRoundId: input.roundId,
      ledgerAccountId: memberAccount,
      nowMs: call.nowMs,
    });
    if (claimed === undefined) return replayClaimed<ProviderMoneyValue>(call, client, input.transactionId, 'bet', requestHash);
    const round = claimed.round;
    if (!round) throw new Error(`Round ${input.roundId} of bet ${input.transactionId} vanished`);
    // The stake was added with the claim: a refusal here rolls both back.
    const ownRound = session.trial ? round.trial && round.gameSessionId === session.id : !round.trial && round.memberId === session.memberId;
    if (!ownRound || round.gameCode !== game.gameCode) throw new AppError(404, 'provider.round.not_found');
    if (round.status !== 'open') throw new AppError(409, 'provider.round.closed');
    let ledgerTransactionId: number | null = null;
    let playBalanceMinor: number | null = null;
    if (session.trial) {
      playBalanceMinor = (await queries.movePlayBalanceIfEnough(client, call.merchantId, call.vassalage, session.id, -input.amount)) ?? null;
      if (playBalanceMinor === null) throw new AppError(409, 'provider.insufficient.funds');
    } else {
      try {
        const posted = await postTransactionIn(client, {
          merchantId: call.merchantId,
          idempotencyKey: ledgerKey(call, input.transactionId),
          kind: 'game_bet',
          unit: 'REAL',
          postings: [
            { accountId: round.ledgerAccountId as number, amountMinor: -input.amount },
            { accountId: house as number, amountMinor: input.amount },
          ],
          nowMs: call.nowMs,
          orderNo: ORDER_NO.test(input.roundId) ? input.roundId : undefined,
          remark: `${game.name} (${call.vassalage})`,
        });
        ledgerTransactionId = posted.transactionId;
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new AppError(409, 'provider.insufficient.funds');
        throw error;
      }
    }
    return queries.completeMoneyTransaction(client, claimed.claimedId, {
      roundId: round.id,
      ledgerTransactionId,
      accountId: session.trial ? null : round.ledgerAccountId,
      playBalanceMinor,
      currency,
    });
  }, LEDGER_RETRY_OPTIONS);
}

export interface WinInput {
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: number;
}

interface Player {
  memberId: number | null;
  trialSessionId: number | null;
}

function parsePlayer(playerId: string): Player {
  const trial = TRIAL_PLAYER.exec(playerId);
  if (trial) return { memberId: null, trialSessionId: Number(trial[1]) };
  const member = MEMBER_PLAYER.exec(playerId);
  if (member) return { memberId: Number(member[1]), trialSessionId: null };
  throw new AppError(404, 'provider.round.not_found');
}

const ownsRound = (player: Player, round: queries.RoundRow): boolean =>
  player.trialSessionId !== null ? round.trial && round.gameSessionId === player.trialSessionId : !round.trial && round.memberId === player.memberId;

/**
 * A win (no session needed). Round trips: BEGIN, the claim with the round's total (one
 * statement; a repeat finds the id taken and answers what was recorded), the ledger posting (none
 * for 0), the completed row with its answer, COMMIT.
 */
export async function win(call: ProviderCall, input: WinInput): Promise<ProviderMoneyValue> {
  const player = parsePlayer(input.playerId);
  const requestHash = hashOf(['win', input.playerId, input.roundId, input.gameCode, input.amount]);
  const currency = await currencyOf(call);
  const house = await houseAccountOf(call);

  return withTransaction(call.pool, async (client) => {
    const claimed = await queries.claimWin(client, {
      merchantId: call.merchantId,
      vassalage: call.vassalage,
      vendorTxId: input.transactionId,
      memberId: player.memberId,
      amountMinor: input.amount,
      requestHash,
      vendorRoundId: input.roundId,
      nowMs: call.nowMs,
    });
    if (claimed === undefined) return replayClaimed<ProviderMoneyValue>(call, client, input.transactionId, 'win', requestHash);
    // The win was added to the round with the claim: a refusal here rolls both back.
    const round = claimed.round;
    if (!round || !ownsRound(player, round) || round.gameCode !== input.gameCode) throw new AppError(404, 'provider.round.not_found');
    if (round.status !== 'open') throw new AppError(409, 'provider.round.closed');
    let ledgerTransactionId: number | null = null;
    let playBalanceMinor: number | null = null;
    if (round.trial) {
      playBalanceMinor = (await queries.movePlayBalanceIfEnough(client, call.merchantId, call.vassalage, round.gameSessionId as number, input.amount)) ?? null;
      if (playBalanceMinor === null) throw new AppError(404, 'provider.round.not_found');
    } else if (input.amount > 0) {
      const posted = await postTransactionIn(client, {
        merchantId: call.merchantId,
        idempotencyKey: ledgerKey(call, input.transactionId),
        kind: 'game_win',
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -input.amount },
          { accountId: round.ledgerAccountId as number, amountMinor: input.amount },
        ],
        nowMs: call.nowMs,
        orderNo: ORDER_NO.test(input.roundId) ? input.roundId : undefined,
        remark: `${call.vassalage} ${input.gameCode}`,
      });
      ledgerTransactionId = posted.transactionId;
    }
    return queries.completeMoneyTransaction(client, claimed.claimedId, {
      roundId: round.id,
      ledgerTransactionId,
      accountId: round.trial ? null : round.ledgerAccountId,
      playBalanceMinor,
      currency,
    });
  }, LEDGER_RETRY_OPTIONS);
}

export interface RollbackInput {
  transactionId: string;
  referenceTransactionId: string;
}

export async function rollback(call: ProviderCall, input: RollbackInput): Promise<ProviderRollbackValue> {
  const requestHash = hashOf(['rollback', input.referenceTransactionId]);
  const currency = await currencyOf(call);
  const house = await houseAccountOf(call);

  return withTransaction(call.pool, async (client) => {
    const claimed = await queries.claimTransaction(client, {
      merchantId: call.merchantId,
      vassalage: call.vassalage,
      vendorTxId: input.transactionId,
      kind: 'rollback',
      memberId: null,
      amountMinor: 0,
      requestHash,
      nowMs: call.nowMs,
    });
    if (claimed === undefined) return replayClaimed<ProviderRollbackValue>(call, client, input.transactionId, 'rollback', requestHash);
    let target = await queries.lockTransaction(client, call.merchantId, call.vassalage, input.referenceTransactionId);
    if (!target) {
      // Never seen: a tombstone under its id, so that the bet is refused should it still arrive.
      const tombstone = await queries.claimTransaction(client, {
        merchantId: call.merchantId,
        vassalage: call.vassalage,
        vendorTxId: input.referenceTransactionId,
        kind: 'bet',
        memberId: null,
        amountMinor: 0,
        requestHash: null,
        rolledBack: true,
        nowMs: call.nowMs,
      });
      if (tombstone !== undefined) {
        const response: ProviderRollbackValue = { balance: null, currency, transactionId: input.transactionId, rolledBack: false };
        await queries.completeTransaction(client, claimed, { roundId: null, response, ledgerTransactionId: null });
        return response;
      }
      // The bet committed meanwhile: roll it back.
      target = await queries.lockTransaction(client, call.merchantId, call.vassalage, input.referenceTransactionId);
      if (!target) throw new Error(`Vendor transaction ${input.referenceTransactionId} vanished`);
    }
    if (target.kind !== 'bet') throw new AppError(409, 'provider.rollback.invalid');
    const round = target.roundId === null ? undefined : await queries.lockRoundById(client, target.roundId);
    if (!round) {
      // A tombstone rolled back again: still nothing to give back.
      const response: ProviderRollbackValue = { balance: null, currency, transactionId: input.transactionId, rolledBack: false };
      await queries.completeTransaction(client, claimed, { roundId: null, response, ledgerTransactionId: null });
      return response;
    }
    // A round that has paid a win keeps its bets: giving the stake back after the win would pay the
    // player twice for one outcome (a bet, a win, then a "rollback" of the bet). Checked under the
    // round's lock, so a win and a rollback racing on it cannot both land.
    if (!target.rolledBack && round.winMinor > 0) throw new AppError(409, 'provider.rollback.settled');
    let balanceMinor: number;
    let ledgerTransactionId: number | null = null;
    if (round.trial) {
      const session = await queries.lockTrialSession(client, call.merchantId, call.vassalage, round.gameSessionId as number);
      if (!session) throw new Error(`Trial session of round ${round.id} vanished`);
      balanceMinor = target.rolledBack ? (session.playBalanceMinor ?? 0) : await queries.movePlayBalance(client, session.id, target.amountMinor);
    } else {
      const account = round.ledgerAccountId as number;
      if (!target.rolledBack) {
        const posted = await postTransactionIn(client, {
          merchantId: call.merchantId,
          idempotencyKey: ledgerKey(call, input.transactionId),
          kind: 'game_rollback',
          unit: 'REAL',
          postings: [
            { accountId: house, amountMinor: -target.amountMinor },
            { accountId: account, amountMinor: target.amountMinor },
          ],
          nowMs: call.nowMs,
          remark: `${call.vassalage} ${round.gameCode}`,
          // The wagering requirement gets back what this bet's stake met (modules/wagering).
          refundsKey: ledgerKey(call, input.referenceTransactionId),
        });
        ledgerTransactionId = posted.transactionId;
      }
      balanceMinor = await queries.selectAccountBalance(client, account);
    }
    if (!target.rolledBack) {
      await queries.markRolledBack(client, target.id);
      await queries.addToRound(client, round.id, { betMinor: -target.amountMinor });
      if (round.status === 'open' && round.betMinor - target.amountMinor === 0 && round.winMinor === 0) {
        await queries.setRoundStatus(client, round.id, 'rolled_back', call.nowMs);
      }
    }
    const response: ProviderRollbackValue = { balance: balanceMinor, currency, transactionId: input.transactionId, rolledBack: true };
    await queries.completeTransaction(client, claimed, { roundId: round.id, response, ledgerTransactionId, memberId: round.memberId, amountMinor: target.rolledBack ? 0 : target.amountMinor });
    return response;
  }, LEDGER_RETRY_OPTIONS);
}

export async function endRound(call: ProviderCall, input: { playerId: string; roundId: string }): Promise<ProviderEndRoundValue> {
  const player = parsePlayer(input.playerId);
  return withTransaction(call.pool, async (client) => {
    const round = await queries.lockRound(client, call.merchantId, call.vassalage, input.roundId);
    if (!round || !ownsRound(player, round)) throw new AppError(404, 'provider.round.not_found');
    if (round.status === 'open') await queries.setRoundStatus(client, round.id, 'settled', call.nowMs);
    return { roundId: input.roundId, status: round.status === 'open' ? 'settled' : round.status };
  });
}

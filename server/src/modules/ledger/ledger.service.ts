import type pg from 'pg';
import type { Db } from '../../db/pool';
import { isRetryableTransactionError, type RetryOptions } from '../../db/transaction';
import { countsForWagering, recordWagering, type StakeRefund } from '../wagering';
import { ledgerMovements } from '../../metrics/process-metrics';
import * as queries from './ledger.queries';
import type { LedgerUnit } from './ledger.queries';

// The double-entry ledger, as small as the balance and the free-play grant need. The invariants
// (postings sum to zero, balances equal their postings, members never below zero, postings
// append-only, one transaction per idempotency key) are listed in migrations/005_accounts.sql;
// postTransaction keeps them, and the database refuses anything that breaks them: the application
// runs as a role that may only read and insert ledger rows (LEDGER_APP_ROLE_RIGHTS), and a
// posting's insert moves its balance (migration 015). reconcile() (ledger.reconcile.ts) proves it.

export type { LedgerUnit } from './ledger.queries';
export type { StakeRefund } from '../wagering';
export { ensureHouseAccount, ensureMemberAccount, ensureMemberAccounts, ensureMemberPointsAccount } from './ledger.queries';

/** Retries of a ledger transaction aborted by a deadlock or a serialization failure. */
export const LEDGER_RETRY: RetryOptions = { maxAttempts: 6, baseDelayMs: 5 };

/** Minor units per major unit (cents): every merchant currency has two decimals. */
export const MINOR_PER_MAJOR = 100;

/** 123456 → 1234.56 (a number with at most two decimals, for `sumBalance`). */
export const minorToMajor = (amountMinor: number): number => Math.round(amountMinor) / MINOR_PER_MAJOR;

export interface PostingInput {
  accountId: number;
  /** Positive credits the account, negative debits it. Never zero. */
  amountMinor: number;
}

export interface TransactionInput {
  merchantId: number;
  /**
   * The same key never moves money twice: a repeat with the same payload (kind, unit, postings)
   * returns the first transaction; with another payload it is refused (IdempotencyConflictError).
   */
  idempotencyKey: string;
  /** What the movement is for: free_play_grant, ... */
  kind: string;
  unit: LedgerUnit;
  postings: PostingInput[];
  nowMs: number;
  /**
   * Shown in the member's transaction records (migration 019): the order the movement belongs to
   * (a deposit's or withdrawal's number; the transaction id when absent) and a remark. Not part of
   * the payload an idempotency key is compared on.
   */
  orderNo?: string;
  remark?: string;
  /**
   * A refund of one whole stake (game_rollback): the idempotency key of the movement whose stake it
   * gives back, so that the wagering requirement gets back exactly what that stake met
   * (modules/wagering). Not part of the compared payload either.
   */
  refundsKey?: string;
  /**
   * A refund (bet_refund, game_rollback) of parts of stakes or of several: each stake it gives back
   * (the idempotency key of its movement) with the money refunded of it, so that the wagering
   * requirement gets back at most that part of what each stake met (modules/wagering). A refund
   * that names no stake puts nothing back. Not part of the compared payload either.
   */
  refunds?: readonly StakeRefund[];
  /**
   * A promotion's bonus: the wagering requirement it adds (modules/wagering, BONUS_KINDS). Not
   * part of the compared payload either.
   */
  wageringRequirementMinor?: number;
}

export interface PostedTransaction {
  transactionId: number;
  /** True when the idempotency key had been used: nothing was moved this time. */
  replayed: boolean;
}

/** A debit would take a member's balance below zero; nothing was recorded. */
export class InsufficientFundsError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Insufficient funds for ledger transaction ${idempotencyKey}`);
    this.name = 'InsufficientFundsError';
  }
}

/**
 * An idempotency key already recorded a transaction that moved something else: a client reusing a
 * key for another payment, or two different requests racing under one key. Nothing was moved, and
 * the first transaction is not claimed as this one's result.
 */
export class IdempotencyConflictError extends Error {
  constructor(
    readonly idempotencyKey: string,
    readonly transactionId: number,
  ) {
    super(`Idempotency key ${idempotencyKey} was used by ledger transaction ${transactionId} with another payload`);
    this.name = 'IdempotencyConflictError';
  }
}

/** The postings of a payload in account id order, for comparing with a recorded transaction. */
const canonicalPostings = (postings: PostingInput[]): string =>
  [...postings]
    .sort((a, b) => a.accountId - b.accountId)
    .map((posting) => `${posting.accountId}:${posting.amountMinor}`)
    .join(',');

function samePayload(recorded: queries.RecordedTransaction, input: TransactionInput): boolean {
  return recorded.kind === input.kind && recorded.unit === input.unit && canonicalPostings(recorded.postings) === canonicalPostings(input.postings);
}

function assertBalanced(input: TransactionInput): void {
  if (input.postings.length < 2) throw new Error('A ledger transaction needs at least two postings');
  const accounts = new Set<number>();
  let total = 0;
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amountMinor) || posting.amountMinor === 0) {
      throw new Error(`Posting amounts are non-zero integers of minor units, got ${posting.amountMinor}`);
    }
    if (accounts.has(posting.accountId)) throw new Error(`Account ${posting.accountId} appears twice in one transaction`);
    accounts.add(posting.accountId);
    total += posting.amountMinor;
  }
  if (total !== 0) throw new Error(`Ledger transaction ${input.idempotencyKey} does not balance (sum ${total})`);
}

/**
 * Records a transaction and moves the balances, atomically: one statement
 * (insertTransactionWithPostings) inserts the transaction and its postings in account id order;
 * each posting's insert moves and locks its account (the CHECK refuses a member going below zero)
 * and stores the balance after it; the deferred trigger re-checks the sum at commit. A key already
 * used returns its transaction when the payload is the same, and is refused otherwise; a
 * concurrent use of the key waits for the first to commit or roll back, then does the same.
 *
 * This is the one writer of balances: every money movement of the product (deposits,
 * withdrawals, transfers between wallets, bets, wins, bonuses, wages) is a call of it (or of
 * postTransactionIn). The statement is sent alone, without BEGIN / COMMIT: PostgreSQL runs it as a
 * transaction of its own (the deferred trigger fires at its end), so a movement is one round trip.
 * A movement PostgreSQL aborts for a deadlock (40P01) or a serialization failure (40001) is
 * retried from the start, a bounded number of times after a random pause; the idempotency key
 * makes the retry move money at most once even when the first attempt's outcome was lost.
 */
export async function postTransaction(pool: pg.Pool, input: TransactionInput, retry: RetryOptions = LEDGER_RETRY): Promise<PostedTransaction> {
  assertBalanced(input);
  const maxAttempts = Math.max(1, retry.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const baseDelayMs = retry.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await postAlone(pool, input);
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryableTransactionError(error)) throw error;
      retry.onRetry?.(attempt, (error as { code: string }).code);
    }
    const ceiling = Math.min(MAX_RETRY_DELAY_MS, baseDelayMs * 2 ** (attempt - 1));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
  }
}

/**
 * postTransaction inside the caller's open database transaction on `client`: the postings commit
 * with the caller's other writes or not at all (a withdrawal's row and its hold, a game round and
 * its bet). The same statement, the same guarantees (postings in account id order, the balance
 * CHECK, the idempotency key, the database's triggers, the sum checked at the caller's COMMIT).
 * Nothing is retried inside: a refusal (InsufficientFundsError, a deadlock, a wrong account) has
 * made PostgreSQL abort the caller's transaction, which the caller rolls back (and withTransaction
 * retries after a deadlock). An IdempotencyConflictError or a replay leaves it usable.
 */
export async function postTransactionIn(client: pg.PoolClient, input: TransactionInput): Promise<PostedTransaction> {
  assertBalanced(input);
  return post(client, input, false);
}

/**
 * Many movements of one merchant and unit inside the caller's open transaction, in one statement
 * (a round's prizes to thousands of members): the same guarantees as postTransactionIn for each
 * (balanced postings, the balance CHECK, the deferred sum check, one transaction per key; a key
 * already used is a replay when its payload is the same, an IdempotencyConflictError otherwise),
 * with every posting of the batch written in account id order. A refusal aborts the caller's
 * transaction, which it rolls back.
 */
export async function postTransactionsIn(client: pg.PoolClient, inputs: readonly TransactionInput[]): Promise<PostedTransaction[]> {
  if (inputs.length === 0) return [];
  const { merchantId, unit, nowMs } = inputs[0];
  const keys = new Set<string>();
  for (const input of inputs) {
    assertBalanced(input);
    if (input.merchantId !== merchantId || input.unit !== unit) throw new Error('A batch of ledger transactions is of one merchant and one unit');
    if (keys.has(input.idempotencyKey)) throw new Error(`Idempotency key ${input.idempotencyKey} appears twice in one batch`);
    keys.add(input.idempotencyKey);
  }
  let inserted: Map<string, number>;
  try {
    inserted = await queries.insertTransactionsWithPostings(client, merchantId, unit, nowMs, inputs);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23514') throw new InsufficientFundsError(inputs[0].idempotencyKey);
    if (code === '23503' || code === '23502') throw new Error(`A posting of a batch of ledger transactions names an account that is not merchant ${merchantId}'s in ${unit}`, { cause: error });
    throw error;
  }
  const posted: PostedTransaction[] = [];
  for (const input of inputs) {
    const transactionId = inserted.get(input.idempotencyKey);
    if (transactionId !== undefined) {
      if (countsForWagering(input.kind, input.unit)) await recordWagering(client, input, transactionId);
      ledgerMovements.inc({ kind: input.kind });
      posted.push({ transactionId, replayed: false });
      continue;
    }
    const existing = await queries.selectTransaction(client, merchantId, input.idempotencyKey);
    if (existing === undefined) throw new Error(`Ledger transaction ${input.idempotencyKey} vanished`);
    if (!samePayload(existing, input)) throw new IdempotencyConflictError(input.idempotencyKey, existing.id);
    posted.push({ transactionId: existing.id, replayed: true });
  }
  return posted;
}

/** One member's share of a batch of credits from a house account. */
export interface MemberCredit {
  memberId: number;
  amountMinor: number;
  /** A refund: the member's stakes it gives back, with the money refunded of each (TransactionInput.refunds). */
  refunds?: readonly StakeRefund[];
}

/**
 * Members credited in one ledger movement by creditMembersIn. The house account is one side of
 * every credit: one movement per member would update its row once per member in the caller's one
 * transaction (each update slower than the last), and one movement for all would make the
 * deferred sum check (a sum over the movement's postings, run for each posting) quadratic. Chunks
 * of this size keep both small (npm run bench -- --lottery).
 */
export const MEMBERS_PER_MOVEMENT = 50;

/**
 * Pays many members from a house account inside the caller's transaction (a lottery round's
 * prizes, a wage run): members in id order (zero amounts skipped), in movements of up to
 * MEMBERS_PER_MOVEMENT members keyed `<keyPrefix>:<chunk>`, all sent as one postTransactionsIn
 * batch. The same call again replays (the keys); another payload under them is refused.
 */
export async function creditMembersIn(
  client: pg.PoolClient,
  batch: { merchantId: number; houseAccount: number; kind: string; keyPrefix: string; orderNo?: string; remark?: string; credits: readonly MemberCredit[]; nowMs: number },
): Promise<void> {
  const due = batch.credits.filter((credit) => credit.amountMinor > 0).sort((a, b) => a.memberId - b.memberId);
  if (due.length === 0) return;
  const wallets = await queries.ensureMemberAccounts(client, batch.merchantId, due.map((credit) => credit.memberId), 'REAL', batch.nowMs);
  const movements: TransactionInput[] = [];
  for (let start = 0; start < due.length; start += MEMBERS_PER_MOVEMENT) {
    const chunk = due.slice(start, start + MEMBERS_PER_MOVEMENT);
    const total = chunk.reduce((sum, credit) => sum + credit.amountMinor, 0);
    const refunds = chunk.flatMap((credit) => credit.refunds ?? []);
    movements.push({
      merchantId: batch.merchantId,
      idempotencyKey: `${batch.keyPrefix}:${start / MEMBERS_PER_MOVEMENT}`,
      kind: batch.kind,
      unit: 'REAL',
      postings: [...chunk.map((credit) => ({ accountId: wallets.get(credit.memberId)!, amountMinor: credit.amountMinor })), { accountId: batch.houseAccount, amountMinor: -total }],
      nowMs: batch.nowMs,
      orderNo: batch.orderNo,
      remark: batch.remark,
      ...(refunds.length > 0 ? { refunds } : {}),
    });
  }
  await postTransactionsIn(client, movements);
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BASE_DELAY_MS = 4;
const MAX_RETRY_DELAY_MS = 200;

/** The statement and its outcome; `ownTransaction`: it ran as a transaction of its own. */
async function post(db: Db, input: TransactionInput, ownTransaction: boolean): Promise<PostedTransaction> {
  // In account id order: every transaction locks the accounts it touches in the same order.
  const ordered = [...input.postings].sort((a, b) => a.accountId - b.accountId);
  let transactionId: number | undefined;
  try {
    ({ transactionId } = await queries.insertTransactionWithPostings(db, input, ordered));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23514') throw new InsufficientFundsError(input.idempotencyKey);
    // 23503 / 23502: a posting named an account that is not the merchant's in the unit (see
    // insertTransactionWithPostings). Said precisely when the database can still be asked.
    if (code === '23503' || code === '23502') {
      if (ownTransaction) await explainRefusedAccounts(db, input, ordered);
      else throw new Error(`A posting of ledger transaction ${input.idempotencyKey} names an account that is not merchant ${input.merchantId}'s in ${input.unit}`, { cause: error });
    }
    throw error;
  }
  if (transactionId !== undefined) {
    if (countsForWagering(input.kind, input.unit)) await recordWagering(db, input, transactionId);
    ledgerMovements.inc({ kind: input.kind });
    return { transactionId, replayed: false };
  }
  const existing = await queries.selectTransaction(db, input.merchantId, input.idempotencyKey);
  if (existing === undefined) throw new Error(`Ledger transaction ${input.idempotencyKey} vanished`);
  if (!samePayload(existing, input)) throw new IdempotencyConflictError(input.idempotencyKey, existing.id);
  return { transactionId: existing.id, replayed: true };
}

/**
 * postTransaction's one attempt. A movement that moves a wagering requirement (a deposit, a stake,
 * a refund, money from an agent or an operator: modules/wagering) records it in the same database
 * transaction as its postings, so it is BEGIN, the statement, the wagering entries, COMMIT; any
 * other is the statement alone.
 */
async function postAlone(pool: pg.Pool, input: TransactionInput): Promise<PostedTransaction> {
  if (!countsForWagering(input.kind, input.unit)) return post(pool, input, true);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const posted = await post(client, input, false);
    await client.query('COMMIT');
    return posted;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    if (code === '23503' || code === '23502') {
      await explainRefusedAccounts(pool, input, [...input.postings].sort((a, b) => a.accountId - b.accountId));
    }
    throw error;
  } finally {
    client.release();
  }
}

/** Throws what was wrong with the accounts of a refused transaction, if anything was. */
async function explainRefusedAccounts(db: Db, input: TransactionInput, ordered: PostingInput[]): Promise<void> {
  const accounts = await queries.selectAccounts(db, input.merchantId, ordered.map((posting) => posting.accountId));
  if (accounts.length !== ordered.length) throw new Error('A posting names an account of another merchant or none');
  const other = accounts.find((account) => account.unit !== input.unit);
  if (other) throw new Error(`Account ${other.id} holds ${other.unit}, not ${input.unit}`);
}

/** A member's main-wallet balance in minor units (0 before the wallet exists). */
export const memberBalanceMinor = (db: Db, merchantId: number, memberId: number): Promise<number> =>
  queries.selectMemberBalanceMinor(db, merchantId, memberId);

/**
 * Play money for a free-play guest, from the merchant's play-money house account, once per
 * guest (the idempotency key is the member id).
 */
export async function grantFreePlay(pool: pg.Pool, merchantId: number, memberId: number, amountMinor: number, nowMs: number): Promise<void> {
  const memberAccount = await queries.ensureMemberAccount(pool, merchantId, memberId, 'PLAY', nowMs);
  if (amountMinor === 0) return;
  const houseAccount = await queries.ensureHouseAccount(pool, merchantId, 'house_play_money', nowMs);
  await postTransaction(pool, {
    merchantId,
    idempotencyKey: `free_play_grant:${memberId}`,
    kind: 'free_play_grant',
    unit: 'PLAY',
    postings: [
      { accountId: houseAccount, amountMinor: -amountMinor },
      { accountId: memberAccount, amountMinor },
    ],
    nowMs,
  });
}

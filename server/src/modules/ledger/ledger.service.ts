import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction, type RetryOptions } from '../../db/transaction';
import * as queries from './ledger.queries';
import type { LedgerUnit } from './ledger.queries';

// The double-entry ledger, as small as the balance and the free-play grant need. The invariants
// (postings sum to zero, balances equal their postings, members never below zero, postings
// append-only, one transaction per idempotency key) are listed in migrations/005_accounts.sql;
// postTransaction keeps them, and the database refuses anything that breaks them: the application
// runs as a role that may only read and insert ledger rows (LEDGER_APP_ROLE_RIGHTS), and a
// posting's insert moves its balance (migration 015). reconcile() (ledger.reconcile.ts) proves it.

export type { LedgerUnit } from './ledger.queries';
export { ensureHouseAccount, ensureMemberAccount } from './ledger.queries';

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
 * Records a transaction and moves the balances, atomically: the postings are inserted in account
 * id order, each one's insert moves and locks its account (the CHECK refuses a member going below
 * zero) and stores the balance after it; the deferred trigger re-checks the sum at commit. A key
 * already used returns its transaction when the payload is the same, and is refused otherwise; a
 * concurrent use of the key waits for the first to commit or roll back, then does the same.
 *
 * This is the one writer of balances: every money movement of the product (deposits,
 * withdrawals, transfers between wallets, bets, wins, bonuses, wages) is a call of it. A
 * transaction PostgreSQL aborts for a deadlock (40P01) or a serialization failure (40001) is
 * retried from the start on a fresh connection, a bounded number of times after a random pause
 * (withTransaction); the idempotency key makes the retry move money at most once even when the
 * first attempt's COMMIT outcome was lost.
 */
export async function postTransaction(pool: pg.Pool, input: TransactionInput, retry: RetryOptions = LEDGER_RETRY): Promise<PostedTransaction> {
  assertBalanced(input);
  try {
    return await withTransaction(pool, async (client) => {
      // In account id order: every transaction locks the accounts it touches in the same order.
      const ordered = [...input.postings].sort((a, b) => a.accountId - b.accountId);
      const { transactionId, recorded } = await queries.insertTransactionWithPostings(client, input, ordered);
      if (transactionId === undefined) {
        const existing = await queries.selectTransaction(client, input.merchantId, input.idempotencyKey);
        if (existing === undefined) throw new Error(`Ledger transaction ${input.idempotencyKey} vanished`);
        if (!samePayload(existing, input)) throw new IdempotencyConflictError(input.idempotencyKey, existing.id);
        return { transactionId: existing.id, replayed: true };
      }
      if (recorded !== ordered.length) {
        // Rolled back below; say which account was wrong.
        const accounts = await queries.selectAccounts(client, input.merchantId, ordered.map((posting) => posting.accountId));
        if (accounts.length !== ordered.length) throw new Error('A posting names an account of another merchant or none');
        const other = accounts.find((account) => account.unit !== input.unit);
        throw new Error(`Account ${other?.id} holds ${other?.unit}, not ${input.unit}`);
      }
      return { transactionId, replayed: false };
    }, retry);
  } catch (error) {
    if ((error as { code?: string }).code === '23514') throw new InsufficientFundsError(input.idempotencyKey);
    throw error;
  }
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

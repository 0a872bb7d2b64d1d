import pg from 'pg';
import { postTransaction, transferBetweenWallets } from '../../modules/ledger';
import { holdWithdrawal } from '../../modules/withdrawal';

// The bank test's operations: transfers between a member's main
// wallet and game wallets through the wallet service, withdrawal requests through the withdrawal
// service (the amount held from the main wallet until an operator pays or rejects it), and bets
// and wins as ledger transactions against the house account through the one money service
// (postTransaction; the games issue brings their real flows, which call it). Used in-process by
// bank.test.ts and in a child process by bank-child.ts.

export interface BankMember {
  memberId: number;
  mainAccount: number;
  /** The bank card the member's withdrawals go to. */
  cardId: number;
  /** vendor id → game wallet account id */
  gameAccounts: Record<number, number>;
}

export type BankOperation =
  | { key: string; kind: 'transfer'; member: number; from: number; to: number; amountMinor: number }
  | { key: string; kind: 'bet'; member: number; wallet: number; amountMinor: number }
  | { key: string; kind: 'withdrawal'; member: number; wallet: 0; amountMinor: number }
  | { key: string; kind: 'win'; member: number; wallet: number; amountMinor: number };

export interface BankWorld {
  merchantId: number;
  houseAccount: number;
  /** house_withdrawal_hold: where a requested withdrawal waits. */
  holdAccount: number;
  members: BankMember[];
  vendorIds: number[];
}

export type BankOutcome = 'moved' | 'replayed' | 'refused';

/**
 * The ledger transaction's idempotency key of an operation; a withdrawal's is its row's
 * (`withdraw_request:<id>`), found through the member's key in `withdrawalIds`.
 */
export function ledgerKeyOf(world: BankWorld, op: BankOperation, withdrawalIds: Map<string, number> = new Map()): string {
  if (op.kind === 'transfer') return `wallet_transfer:${world.members[op.member].memberId}:${op.key}`;
  if (op.kind === 'withdrawal') return `withdraw_request:${withdrawalIds.get(`${world.members[op.member].memberId}:${op.key}`) ?? 'none'}`;
  return op.key;
}

/** The account of wallet `wallet` (0 main, else a vendor id) of member index `member`. */
export const accountOf = (world: BankWorld, member: number, wallet: number): number =>
  wallet === 0 ? world.members[member].mainAccount : world.members[member].gameAccounts[wallet];

/** What the operation moves, account → amount, when it is applied. */
export function effectsOf(world: BankWorld, op: BankOperation): [number, number][] {
  switch (op.kind) {
    case 'transfer':
      return [
        [accountOf(world, op.member, op.from), -op.amountMinor],
        [accountOf(world, op.member, op.to), op.amountMinor],
      ];
    case 'bet':
      return [
        [accountOf(world, op.member, op.wallet), -op.amountMinor],
        [world.houseAccount, op.amountMinor],
      ];
    case 'withdrawal':
      return [
        [accountOf(world, op.member, 0), -op.amountMinor],
        [world.holdAccount, op.amountMinor],
      ];
    case 'win':
      return [
        [world.houseAccount, -op.amountMinor],
        [accountOf(world, op.member, op.wallet), op.amountMinor],
      ];
  }
}

/** A deterministic pseudo-random generator (mulberry32), so a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` random operations: 40% transfers in, 20% out, 20% bets, 10% wins, 10% withdrawals. */
export function planOperations(world: BankWorld, count: number, seed: number, prefix: string): BankOperation[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const operations: BankOperation[] = [];
  for (let index = 0; index < count; index++) {
    const key = `${prefix}:${index}`;
    const member = Math.floor(random() * world.members.length);
    const amountMinor = 1 + Math.floor(random() * 30_000);
    const vendor = pick(world.vendorIds);
    const roll = random();
    const anyWallet = random() < 0.5 ? 0 : vendor;
    if (roll < 0.4) operations.push({ key, kind: 'transfer', member, from: 0, to: vendor, amountMinor });
    else if (roll < 0.6) operations.push({ key, kind: 'transfer', member, from: vendor, to: 0, amountMinor });
    else if (roll < 0.8) operations.push({ key, kind: 'bet', member, wallet: anyWallet, amountMinor });
    else if (roll < 0.9) operations.push({ key, kind: 'win', member, wallet: anyWallet, amountMinor: Math.floor(amountMinor * 1.5) });
    else operations.push({ key, kind: 'withdrawal', member, wallet: 0, amountMinor });
  }
  return operations;
}

const NOW = Date.UTC(2025, 0, 1);

/** Applies one operation through the money service; 'refused' when the wallet had too little. */
export async function applyOperation(pool: pg.Pool, world: BankWorld, op: BankOperation): Promise<BankOutcome> {
  try {
    if (op.kind === 'transfer') {
      const result = await transferBetweenWallets(pool, {
        merchantId: world.merchantId,
        memberId: world.members[op.member].memberId,
        fromAccountTypeId: op.from,
        toAccountTypeId: op.to,
        amountMinor: op.amountMinor,
        idempotencyKey: op.key,
        nowMs: NOW,
      });
      return result.replayed ? 'replayed' : 'moved';
    }
    if (op.kind === 'withdrawal') {
      const result = await holdWithdrawal(pool, {
        merchantId: world.merchantId,
        memberId: world.members[op.member].memberId,
        amountMinor: op.amountMinor,
        cardId: world.members[op.member].cardId,
        withdrawType: 'BC',
        idempotencyKey: op.key,
        nowMs: NOW,
      });
      return result.replayed ? 'replayed' : 'moved';
    }
    const posted = await postTransaction(pool, {
      merchantId: world.merchantId,
      idempotencyKey: op.key,
      kind: op.kind,
      unit: 'REAL',
      postings: effectsOf(world, op).map(([accountId, amountMinor]) => ({ accountId, amountMinor })),
      nowMs: NOW,
    });
    return posted.replayed ? 'replayed' : 'moved';
  } catch (error) {
    const code = (error as { errorCode?: string; name?: string }).errorCode ?? (error as { name?: string }).name;
    if (code === 'wallet.insufficient.balance' || code === 'withdraw.insufficient.balance' || code === 'InsufficientFundsError') return 'refused';
    throw error;
  }
}

/**
 * Runs `operations` with `clients` concurrent clients, each taking the next one; `onAck` after each
 * commit. When one fails, the others take no further operation, and it returns (rejecting with the
 * first failure) only once none is still moving money, so a failed run never leaks operations into
 * what the caller does next.
 */
export async function runOperations(
  pool: pg.Pool,
  world: BankWorld,
  operations: BankOperation[],
  clients: number,
  onAck: (op: BankOperation, outcome: BankOutcome) => void,
): Promise<void> {
  let next = 0;
  let failed = false;
  const client = async () => {
    while (next < operations.length && !failed) {
      const op = operations[next++];
      try {
        onAck(op, await applyOperation(pool, world, op));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: clients }, client));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * The pool the bank's clients share: 10 connections for 50 clients, as the site's pool, but without
 * its 5-second limit on waiting for a free connection (db/pool.ts): on a busy machine a client can
 * wait longer than that behind the other 49, and these tests are about the books, not the wait.
 */
export function bankClientsPool(databaseUrl: string): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: 10 });
}

import { MAIN_WALLET_ACCOUNT_TYPE_ID } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import * as ledgerQueries from './ledger.queries';
import { IdempotencyConflictError, InsufficientFundsError, minorToMajor, postTransaction } from './ledger.service';
import { readMerchantCurrency } from '../merchant';
import * as queries from './wallet.queries';

// A member's wallets: the main wallet (accountTypeId 0) and, when the merchant is not
// single-wallet, one game wallet per game vendor (accountTypeId = game_vendor.id), each a ledger
// account of its own (migration 017), created on first transfer into it. Money moves between
// them only through postTransaction, under an idempotency key the client chose (scoped to the
// member, so one member's key never meets another's).
//
// Single or not is the merchant setting 'wallet' {"single": boolean}.
// Default: single. Games move money through the seamless-wallet API (modules/game-provider),
// which debits and credits the main wallet directly, so a merchant needs game wallets only for a
// vendor that keeps its own balance; an operator turns them on with {"single": false}.
// The currency and its symbol are the merchant's one currency (currency.ts), as every page shows it.

export interface WalletSettings {
  single: boolean;
  currency: string;
  currencySymbol: string;
}

export const DEFAULT_WALLET_SETTINGS: WalletSettings = { single: true, currency: 'BDT', currencySymbol: '৳' };

export async function readWalletSettings(db: Db, merchantId: number): Promise<WalletSettings> {
  const [stored, currency] = await Promise.all([
    queries.selectWalletSetting(db, merchantId) as Promise<Partial<Record<keyof WalletSettings, unknown>> | undefined>,
    readMerchantCurrency(db, merchantId),
  ]);
  const settings = { ...DEFAULT_WALLET_SETTINGS, currency: currency.code, currencySymbol: currency.symbol };
  if (stored && typeof stored === 'object' && typeof stored.single === 'boolean') settings.single = stored.single;
  return settings;
}

export interface WalletBalances {
  balances: { accountTypeId: number; accountTypeName: string; availBalance: number }[];
  sumBalance: number;
  currency: string;
  currencySymbol: string;
}

/**
 * Every wallet of the member: main, then one per enabled vendor when not single-wallet, and any
 * game wallet still holding money (a vendor disabled, or the merchant turned single since).
 */
export async function walletBalances(db: Db, merchantId: number, memberId: number): Promise<WalletBalances> {
  const [settings, accounts, vendors] = await Promise.all([
    readWalletSettings(db, merchantId),
    ledgerQueries.selectMemberAccounts(db, merchantId, memberId),
    queries.selectVendors(db, merchantId),
  ]);
  const main = accounts.find((account) => account.kind === 'member_main');
  const byVendor = new Map(accounts.filter((account) => account.kind === 'member_game').map((account) => [account.gameVendorId as number, account]));
  const balances: WalletBalances['balances'] = [
    { accountTypeId: MAIN_WALLET_ACCOUNT_TYPE_ID, accountTypeName: 'MAIN', availBalance: minorToMajor(main?.balanceMinor ?? 0) },
  ];
  let sumMinor = main?.balanceMinor ?? 0;
  for (const vendor of vendors) {
    const balanceMinor = byVendor.get(vendor.id)?.balanceMinor ?? 0;
    if ((settings.single || !vendor.enabled) && balanceMinor === 0) continue;
    balances.push({ accountTypeId: vendor.id, accountTypeName: vendor.vassalage, availBalance: minorToMajor(balanceMinor) });
    sumMinor += balanceMinor;
  }
  return { balances, sumBalance: minorToMajor(sumMinor), currency: settings.currency, currencySymbol: settings.currencySymbol };
}

/** The sum of every wallet of the member, in minor units. */
export async function totalBalanceMinor(db: Db, merchantId: number, memberId: number): Promise<number> {
  const accounts = await ledgerQueries.selectMemberAccounts(db, merchantId, memberId);
  return accounts.reduce((sum, account) => sum + account.balanceMinor, 0);
}

const MAJOR_AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** A wire amount (major units, ≤ 2 decimals, positive) in minor units; wallet.amount.invalid otherwise. */
export function transferAmountMinor(amount: number): number {
  const match = MAJOR_AMOUNT.exec(String(amount));
  if (!match) throw new AppError(400, 'wallet.amount.invalid');
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor <= 0 || !Number.isSafeInteger(minor)) throw new AppError(400, 'wallet.amount.invalid');
  return minor;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The client's Idempotency-Key header, checked; wallet.idempotency.key.required when absent or malformed. */
export function idempotencyKeyOf(header: unknown): string {
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw new AppError(400, 'wallet.idempotency.key.required');
  return header;
}

export interface TransferInput {
  merchantId: number;
  memberId: number;
  fromAccountTypeId: number;
  toAccountTypeId: number;
  amountMinor: number;
  /** The client's key (Idempotency-Key); the ledger's is `wallet_transfer:<member>:<key>`. */
  idempotencyKey: string;
  nowMs: number;
}

/**
 * Moves money between the main wallet and one game wallet. Refused: a single-wallet merchant
 * (wallet.single), neither side main or both the same (wallet.transfer.invalid), a vendor the
 * merchant does not have or has disabled (wallet.not.found; a disabled vendor's wallet can still be
 * emptied), not enough money (wallet.insufficient.balance), the key reused for another transfer
 * (409 wallet.idempotency.conflict). Replaying the key returns without moving anything again.
 */
export async function transferBetweenWallets(pool: pg.Pool, input: TransferInput): Promise<{ replayed: boolean }> {
  const settings = await readWalletSettings(pool, input.merchantId);
  if (settings.single) throw new AppError(400, 'wallet.single');
  const { fromAccountTypeId: from, toAccountTypeId: to } = input;
  if (from === to || (from !== MAIN_WALLET_ACCOUNT_TYPE_ID && to !== MAIN_WALLET_ACCOUNT_TYPE_ID)) throw new AppError(400, 'wallet.transfer.invalid');
  const toGame = to !== MAIN_WALLET_ACCOUNT_TYPE_ID;
  const vendorId = toGame ? to : from;
  const vendor = (await queries.selectVendors(pool, input.merchantId)).find((row) => row.id === vendorId);
  if (!vendor || (toGame && !vendor.enabled)) throw new AppError(400, 'wallet.not.found');
  const mainAccount = await ledgerQueries.ensureMemberAccount(pool, input.merchantId, input.memberId, 'REAL', input.nowMs);
  const gameAccount = await ledgerQueries.ensureGameAccount(pool, input.merchantId, input.memberId, vendor.id, input.nowMs);
  const [fromAccount, toAccount] = toGame ? [mainAccount, gameAccount] : [gameAccount, mainAccount];
  try {
    const posted = await postTransaction(pool, {
      merchantId: input.merchantId,
      idempotencyKey: `wallet_transfer:${input.memberId}:${input.idempotencyKey}`,
      kind: 'wallet_transfer',
      unit: 'REAL',
      postings: [
        { accountId: fromAccount, amountMinor: -input.amountMinor },
        { accountId: toAccount, amountMinor: input.amountMinor },
      ],
      nowMs: input.nowMs,
    });
    return { replayed: posted.replayed };
  } catch (error) {
    throw walletErrorOf(error);
  }
}

function walletErrorOf(error: unknown): unknown {
  if (error instanceof InsufficientFundsError) return new AppError(400, 'wallet.insufficient.balance');
  if (error instanceof IdempotencyConflictError) return new AppError(409, 'wallet.idempotency.conflict');
  return error;
}

/**
 * Recalls every game wallet's money to the main wallet in one ledger transaction (allowed for
 * single-wallet merchants too: money left in game wallets must be recoverable). Idempotent: the
 * key already used returns without moving anything; with nothing to recall nothing is recorded.
 * The amounts are read just before posting; a game wallet debited meanwhile makes the posting
 * fail on its CHECK, and the recall is read and tried again.
 */
export async function recallAllToMain(
  pool: pg.Pool,
  input: { merchantId: number; memberId: number; idempotencyKey: string; nowMs: number },
): Promise<{ replayed: boolean; movedMinor: number }> {
  const ledgerKey = `wallet_return:${input.memberId}:${input.idempotencyKey}`;
  for (let attempt = 1; ; attempt++) {
    if (await ledgerQueries.selectTransaction(pool, input.merchantId, ledgerKey)) return { replayed: true, movedMinor: 0 };
    const accounts = await ledgerQueries.selectMemberAccounts(pool, input.merchantId, input.memberId);
    const games = accounts.filter((account) => account.kind === 'member_game' && account.balanceMinor > 0);
    if (games.length === 0) return { replayed: false, movedMinor: 0 };
    const mainAccount = await ledgerQueries.ensureMemberAccount(pool, input.merchantId, input.memberId, 'REAL', input.nowMs);
    const movedMinor = games.reduce((sum, account) => sum + account.balanceMinor, 0);
    try {
      const posted = await postTransaction(pool, {
        merchantId: input.merchantId,
        idempotencyKey: ledgerKey,
        kind: 'wallet_return',
        unit: 'REAL',
        postings: [...games.map((account) => ({ accountId: account.id, amountMinor: -account.balanceMinor })), { accountId: mainAccount, amountMinor: movedMinor }],
        nowMs: input.nowMs,
      });
      return { replayed: posted.replayed, movedMinor: posted.replayed ? 0 : movedMinor };
    } catch (error) {
      // Another request under this key won the race: it did the recall.
      if (error instanceof IdempotencyConflictError) return { replayed: true, movedMinor: 0 };
      if (error instanceof InsufficientFundsError && attempt < 5) continue;
      throw error;
    }
  }
}

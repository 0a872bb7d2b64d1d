import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAIN_WALLET_ACCOUNT_TYPE_ID,
  TX_TYPE_TRANSFER_OUT,
  allWalletBalanceCall,
  gameVendorsCall,
  memberTransactionsCall,
  merchantWalletCall,
  walletReturnCall,
  walletTransferCall,
  type AllWalletBalance,
} from '@platform/contract';

// The wallet calls of the page, and the one place their answers turn from major units (the wire)
// into minor units (what the page computes and formats with).

export interface Wallet {
  /** 0: the main wallet; otherwise the game vendor's id. */
  accountTypeId: number;
  /** MAIN, or the vendor's code. */
  code: string;
  balanceMinor: AmountMinor;
}

export interface Wallets {
  isSingle: boolean;
  main: Wallet;
  games: Wallet[];
  totalMinor: AmountMinor;
}

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** The wallets as the page keeps them, from a balances answer (also what a transfer answers). */
export function walletsOf(value: AllWalletBalance, isSingle: boolean): Wallets {
  const all = value.balances.map((wallet) => ({ accountTypeId: wallet.accountTypeId, code: wallet.accountTypeName, balanceMinor: minor(wallet.availBalance) }));
  const main = all.find((wallet) => wallet.accountTypeId === MAIN_WALLET_ACCOUNT_TYPE_ID) ?? { accountTypeId: MAIN_WALLET_ACCOUNT_TYPE_ID, code: 'MAIN', balanceMinor: amountMinorOf(0) };
  return {
    isSingle,
    main,
    // A single-wallet site shows the main wallet only (a game wallet left with money is still
    // recalled by "recall all").
    games: all.filter((wallet) => wallet.accountTypeId !== MAIN_WALLET_ACCOUNT_TYPE_ID),
    totalMinor: minor(value.sumBalance),
  };
}

export async function loadWallets(signal: AbortSignal): Promise<Wallets> {
  const [merchant, balances] = await Promise.all([api.call(merchantWalletCall, { signal }), api.call(allWalletBalanceCall, { signal })]);
  return walletsOf(balances, merchant.isSingle);
}

/** Vendor code → its name, for the wallets' labels; empty when the list cannot be had (codes show). */
export async function loadVendorNames(): Promise<Map<string, string>> {
  try {
    const value = await api.cached(gameVendorsCall, { platform: 'html5-desktop' });
    return new Map(value.data.lanes.flatMap((lane) => lane.vendors.map((vendor) => [vendor.vassalage, vendor.vendorName] as const)));
  } catch {
    return new Map();
  }
}

/** Major units with two decimals, as the wire takes amounts (minor units are exact integers). */

/** Moves money between the main wallet and a game wallet under the caller's idempotency key. */
export async function transfer(
  input: { fromAccountTypeId: number; toAccountTypeId: number; amountMinor: AmountMinor },
  idempotencyKey: string,
): Promise<AllWalletBalance> {
  return api.call(walletTransferCall, {
    data: { fromAccountTypeId: input.fromAccountTypeId, toAccountTypeId: input.toAccountTypeId, amount: amountMajorForWire(input.amountMinor) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Recalls every game wallet to the main wallet under the caller's idempotency key. */
export async function recallAll(idempotencyKey: string): Promise<AllWalletBalance> {
  return api.call(walletReturnCall, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export interface RecentTransfer {
  orderNo: string;
  timeMs: number;
  amountMinor: AmountMinor;
  /** "Main wallet → <game>" as the server names the wallets, in the member's language. */
  remark: string;
}

/**
 * One page of the transfers between the member's wallets in [startMs, endMs], newest first: one
 * row per transfer (its "transfer out" side; the "transfer in" side is the same money arriving).
 */
export async function loadRecentTransfers(
  range: { startMs: number; endMs: number },
  page: number,
  size: number,
  signal: AbortSignal,
): Promise<{ list: RecentTransfer[]; totalPages: number }> {
  const value = await api.call(memberTransactionsCall, {
    params: { startTime: range.startMs, endTime: range.endMs, txTypeIds: String(TX_TYPE_TRANSFER_OUT), page, size },
    signal,
  });
  return {
    list: value.list.map((row) => ({ orderNo: row.orderNo, timeMs: row.txTimeInTimestamp, amountMinor: minor(Math.abs(row.amount)), remark: row.remark })),
    totalPages: value.totalPages,
  };
}

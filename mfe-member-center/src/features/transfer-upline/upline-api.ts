import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAIN_WALLET_ACCOUNT_TYPE_ID,
  TX_TYPE_UPLINE_TRANSFER_OUT,
  agentDownlineTransferCall,
  allWalletBalanceCall,
  memberTransactionsCall,
  uplineTransferSettingsCall,
} from '@platform/contract';

// The page's calls, and the one place their answers turn from major units (the wire) into minor
// units (what the page computes and formats with).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);
/** Major units with two decimals, as the wire takes amounts (minor units are exact integers). */

export interface UplineTransferState {
  /** An agent with an upline able to receive (the server's rule). */
  allowed: boolean;
  minimumMinor: AmountMinor;
  maximumMinor: AmountMinor;
  /** The main wallet: what a transfer takes from. */
  mainMinor: AmountMinor;
  /** Every wallet together. */
  totalMinor: AmountMinor;
}

export async function loadUplineTransfer(signal: AbortSignal): Promise<UplineTransferState> {
  const [settings, balances] = await Promise.all([api.call(uplineTransferSettingsCall, { signal }), api.call(allWalletBalanceCall, { signal })]);
  const main = balances.balances.find((wallet) => wallet.accountTypeId === MAIN_WALLET_ACCOUNT_TYPE_ID);
  return {
    allowed: settings.allowed,
    minimumMinor: minor(settings.minimumAmount),
    maximumMinor: minor(settings.maximumAmount),
    mainMinor: minor(main?.availBalance ?? 0),
    totalMinor: minor(balances.sumBalance),
  };
}

export interface UplineTransferOrder {
  amountMinor: AmountMinor;
  remark: string;
  password: string;
}

/** Sends the transfer under the caller's idempotency key; answers its number. */
export async function transferToUpline(order: UplineTransferOrder, idempotencyKey: string): Promise<{ orderNo: string }> {
  const value = await api.call(agentDownlineTransferCall, {
    data: { transferAmount: amountMajorForWire(order.amountMinor), password: order.password, remark: order.remark },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return { orderNo: value.orderNo };
}

export interface UplineTransferLogRow {
  orderNo: string;
  timeMs: number;
  /** Positive: the money sent. */
  amountMinor: AmountMinor;
  remark: string;
}

export interface AmountFooter {
  amountMinor: AmountMinor;
}

/** One page of the member's transfers to their upline in [startMs, endMs], newest first, with the period's total. */
export async function loadTransferLog(
  range: { startMs: number; endMs: number },
  page: number,
  size: number,
  signal: AbortSignal,
): Promise<{ list: UplineTransferLogRow[]; totalPages: number; footer: AmountFooter }> {
  const value = await api.call(memberTransactionsCall, {
    params: { startTime: range.startMs, endTime: range.endMs, txTypeIds: String(TX_TYPE_UPLINE_TRANSFER_OUT), page, size },
    signal,
  });
  return {
    list: value.list.map((row) => ({ orderNo: row.orderNo, timeMs: row.txTimeInTimestamp, amountMinor: minor(Math.abs(row.amount)), remark: row.remark })),
    totalPages: value.totalPages,
    footer: { amountMinor: minor(Math.abs(value.footer?.amount ?? 0)) },
  };
}

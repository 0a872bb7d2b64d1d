import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAIN_WALLET_ACCOUNT_TYPE_ID,
  agentDownlineRemarkCall,
  agentDownlinesCall,
  agentDownlineStatusCall,
  agentPromoteCall,
  agentTransferDownlineCall,
  allWalletBalanceCall,
  type AgentDownline,
} from '@platform/contract';

// The page's calls, and the one place their answers turn from major units (the wire) into minor
// units (what the page computes and formats with).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);
/** Major units with two decimals, as the wire takes amounts (minor units are exact integers). */

export type DownlineTab = 'agent' | 'player';

export interface DownlineFilters {
  accountType: DownlineTab;
  /** Part of a username; '' for every direct downline of the tab. */
  username: string;
}

export type DownlineRow = Omit<AgentDownline, 'balance' | 'teamBalance'> & {
  balanceMinor: AmountMinor;
  teamBalanceMinor: AmountMinor;
};

/** One page of the agent's direct downlines of a tab. */
export async function loadDownlines(query: { filters: DownlineFilters; page: number; size: number }, signal: AbortSignal): Promise<PagedList<DownlineRow>> {
  const { accountType, username } = query.filters;
  const value = await api.call(agentDownlinesCall, {
    params: { accountType, ...(username ? { username } : {}), page: query.page, size: query.size },
    signal,
  });
  return {
    list: value.list.map(({ balance, teamBalance, ...row }) => ({ ...row, balanceMinor: minor(balance), teamBalanceMinor: minor(teamBalance) })),
    totalPages: value.totalPages,
  };
}

export async function promoteToAgent(memberId: number): Promise<void> {
  await api.call(agentPromoteCall, { data: { memberId } });
}

export async function saveRemark(memberId: number, remark: string): Promise<void> {
  await api.call(agentDownlineRemarkCall, { data: { memberId, remark } });
}

export async function setDownlineStatus(memberId: number, status: AgentDownline['status']): Promise<void> {
  await api.call(agentDownlineStatusCall, { data: { memberId, status } });
}

/** The agent's main wallet: what a transfer to a downline takes from. */
export async function loadMainBalance(signal: AbortSignal): Promise<AmountMinor> {
  const value = await api.call(allWalletBalanceCall, { signal });
  return minor(value.balances.find((wallet) => wallet.accountTypeId === MAIN_WALLET_ACCOUNT_TYPE_ID)?.availBalance ?? 0);
}

export interface DownlineTransferOrder {
  memberId: number;
  amountMinor: AmountMinor;
  /** The agent's payment password. */
  password: string;
  remark: string;
}

/** Sends the transfer (encrypted by its contract row) under the caller's idempotency key; answers the agent's balance after it. */
export async function transferToDownline(order: DownlineTransferOrder, idempotencyKey: string): Promise<{ balanceMinor: AmountMinor }> {
  const value = await api.call(agentTransferDownlineCall, {
    data: { memberId: order.memberId, transferAmount: amountMajorForWire(order.amountMinor), password: order.password, ...(order.remark ? { remark: order.remark } : {}) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return { balanceMinor: minor(value.balance) };
}

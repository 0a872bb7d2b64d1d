import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAIN_WALLET_ACCOUNT_TYPE_ID,
  agentDownlinesCall,
  agentRedEnvelopeCall,
  allWalletBalanceCall,
  type AgentDownline,
  type RED_ENVELOPE_TYPES,
} from '@platform/contract';

// The page's calls, and the one place their answers turn from major units (the wire) into minor
// units (what the page computes and formats with).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);
/** Major units with two decimals, as the wire takes amounts (minor units are exact integers). */

export type RedEnvelopeType = (typeof RED_ENVELOPE_TYPES)[number];

/** A direct downline as the receiver checklist shows it. */
export type ReceiverOption = Pick<AgentDownline, 'memberId' | 'username' | 'accountType' | 'status'>;

/** One page of the agent's direct downlines (agents and players), by a part of a username. */
export async function loadReceiverOptions(query: { username: string; page: number; size: number }, signal: AbortSignal): Promise<PagedList<ReceiverOption>> {
  const value = await api.call(agentDownlinesCall, {
    params: { ...(query.username ? { username: query.username } : {}), page: query.page, size: query.size },
    signal,
  });
  return {
    list: value.list.map(({ memberId, username, accountType, status }) => ({ memberId, username, accountType, status })),
    totalPages: value.totalPages,
  };
}

/** The agent's main wallet: what a red envelope is paid from. */
export async function loadMainBalance(signal: AbortSignal): Promise<AmountMinor> {
  const value = await api.call(allWalletBalanceCall, { signal });
  return minor(value.balances.find((wallet) => wallet.accountTypeId === MAIN_WALLET_ACCOUNT_TYPE_ID)?.availBalance ?? 0);
}

export interface RedEnvelopeOrder {
  type: RedEnvelopeType;
  totalMinor: AmountMinor;
  /** The picked direct downlines; null: every direct downline (memberIds left out). */
  memberIds: number[] | null;
  remark: string;
  /** The agent's payment password. */
  password: string;
}

export interface RedEnvelopeReceipt {
  memberId: number;
  username: string;
  amountMinor: AmountMinor;
}

export interface RedEnvelopeResult {
  totalMinor: AmountMinor;
  /** The agent's main wallet after it. */
  balanceMinor: AmountMinor;
  receivers: RedEnvelopeReceipt[];
}

/** Sends the envelope (encrypted by its contract row) under the caller's idempotency key; answers what each receiver got. */
export async function sendRedEnvelope(order: RedEnvelopeOrder, idempotencyKey: string): Promise<RedEnvelopeResult> {
  const value = await api.call(agentRedEnvelopeCall, {
    data: {
      type: order.type,
      totalAmount: amountMajorForWire(order.totalMinor),
      ...(order.memberIds ? { memberIds: order.memberIds } : {}),
      password: order.password,
      ...(order.remark ? { remark: order.remark } : {}),
    },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return {
    totalMinor: minor(value.totalAmount),
    balanceMinor: minor(value.balance),
    receivers: value.receivers.map(({ memberId, username, amount }) => ({ memberId, username, amountMinor: minor(amount) })),
  };
}

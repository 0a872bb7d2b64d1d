import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import { agentDownlinesCall, memberTransactionsCall, type AgentDownline, type TransactionCodeType } from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The page's calls: the downline picker's list, and the chosen member's transaction records
// (the member centre's call, naming the member: subordinateName). Amounts turn from major units
// (the wire) into minor units here.

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export type DownlineChoice = Pick<AgentDownline, 'memberId' | 'username' | 'accountType' | 'teamSize'>;

/** One page of the agent's direct downlines, agents and players, whose name contains `username` ('' for all). */
export async function loadDownlineChoices(query: { username: string; page: number; size: number }, signal: AbortSignal): Promise<PagedList<DownlineChoice>> {
  const value = await api.call(agentDownlinesCall, {
    params: { ...(query.username ? { username: query.username } : {}), page: query.page, size: query.size },
    signal,
  });
  return {
    list: value.list.map(({ memberId, username, accountType, teamSize }) => ({ memberId, username, accountType, teamSize })),
    totalPages: value.totalPages,
  };
}

export interface TransactionRow {
  /** Unique per row: a transfer's two postings share an order number. */
  key: string;
  txTypeName: string;
  timeMs: number;
  amountMinor: AmountMinor;
  balanceMinor: AmountMinor;
  orderNo: string;
  remark: string;
}

export interface AmountFooter {
  amountMinor: AmountMinor;
}

export interface MemberTransactionsQuery {
  /** A member of the agent's team (any depth). */
  username: string;
  range: PeriodRange;
  /** null: every type. */
  codeType: TransactionCodeType | null;
  page: number;
  size: number;
}

/**
 * One page of a team member's transaction records, with the total of the whole filtered period.
 * Fails with agent.downline.unknown when the member is not in the agent's team.
 */
export async function loadMemberTransactions(query: MemberTransactionsQuery, signal: AbortSignal): Promise<PagedList<TransactionRow, AmountFooter>> {
  const value = await api.call(memberTransactionsCall, {
    params: {
      startTime: query.range.startMs,
      endTime: query.range.endMs,
      subordinateName: query.username,
      ...(query.codeType ? { codeTypes: query.codeType } : {}),
      page: query.page,
      size: query.size,
    },
    signal,
  });
  return {
    list: value.list.map((row, index) => ({
      key: `${query.page}:${index}:${row.orderNo}:${row.accountTypeId}`,
      txTypeName: row.txTypeName,
      timeMs: row.txTimeInTimestamp,
      amountMinor: minor(row.amount),
      balanceMinor: minor(row.currentAvailBalance),
      orderNo: row.orderNo,
      remark: row.remark,
    })),
    totalPages: value.totalPages,
    footer: value.footer && { amountMinor: minor(value.footer.amount) },
  };
}

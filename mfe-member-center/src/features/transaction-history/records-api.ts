import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  depositReportCall,
  memberTransactionsCall,
  withdrawReportCall,
  type DepositMethod,
  type DepositState,
  type TransactionCodeType,
  type WithdrawalStatus,
  type WithdrawType,
} from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The three logs' calls, and where their answers turn from major units (the wire) into minor
// units (what the tables format).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export interface TransactionRow {
  /** Unique per row: a transfer's two postings share an order number. */
  key: string;
  txTypeId: number;
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

/** One page of the member's transaction log (ODSFE2_MemTransDet). */
export async function loadTransactions(
  query: { range: PeriodRange; codeType: TransactionCodeType | null; page: number; size: number },
  signal: AbortSignal,
): Promise<PagedList<TransactionRow, AmountFooter>> {
  const value = await api.call(memberTransactionsCall, {
    params: {
      startTime: query.range.startMs,
      endTime: query.range.endMs,
      ...(query.codeType ? { codeTypes: query.codeType } : {}),
      page: query.page,
      size: query.size,
    },
    signal,
  });
  return {
    list: value.list.map((row, index) => ({
      key: `${query.page}:${index}:${row.orderNo}:${row.accountTypeId}`,
      txTypeId: row.txTypeId,
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

export interface DepositRow {
  depositId: number;
  refCode: string;
  method: DepositMethod;
  channel: string;
  requestedMinor: AmountMinor;
  amountMinor: AmountMinor;
  chargeMinor: AmountMinor;
  depositDateMs: number;
  actualDateMs: number | null;
  state: DepositState;
}

export interface DepositFooter {
  requestedMinor: AmountMinor;
  amountMinor: AmountMinor;
  chargeMinor: AmountMinor;
}

/** One page of the member's deposits (MCSFE_getDepositTransactionReport). */
export async function loadDeposits(
  query: { range: PeriodRange; state: DepositState | null; page: number; size: number },
  signal: AbortSignal,
): Promise<PagedList<DepositRow, DepositFooter>> {
  const value = await api.call(depositReportCall, {
    params: {
      startDate: query.range.startMs,
      endDate: query.range.endMs,
      ...(query.state ? { depositState: query.state } : {}),
      page: query.page,
      size: query.size,
    },
    signal,
  });
  return {
    list: value.list.map((row) => ({
      depositId: row.depositId,
      refCode: row.refCode,
      method: row.depositMethod,
      channel: row.vendorName,
      requestedMinor: minor(row.requestedAmount),
      amountMinor: minor(row.amount),
      chargeMinor: minor(row.customerBankCharge),
      depositDateMs: row.depositDate,
      actualDateMs: row.actualDepositDate,
      state: row.state,
    })),
    totalPages: value.totalPages,
    footer: value.footer && {
      requestedMinor: minor(value.footer.requestedAmount),
      amountMinor: minor(value.footer.amount),
      chargeMinor: minor(value.footer.customerBankCharge),
    },
  };
}

export interface WithdrawalRow {
  withdrawId: number;
  orderNo: string;
  withdrawType: WithdrawType;
  /** VM: the crypto amount paid out (not money of the site's currency); null otherwise. */
  virtualAmount: number | null;
  amountMinor: AmountMinor;
  bankName: string;
  withdrawDateMs: number;
  status: WithdrawalStatus;
  remark: string;
}

/** One page of the member's withdrawals (getWithdrawTransactionReport: rows start..end of the period). */
export async function loadWithdrawals(
  query: { range: PeriodRange; status: WithdrawalStatus | null; page: number; size: number },
  signal: AbortSignal,
): Promise<PagedList<WithdrawalRow, AmountFooter>> {
  const value = await api.call(withdrawReportCall, {
    params: {
      startDateTs: query.range.startMs,
      endDateTs: query.range.endMs,
      start: (query.page - 1) * query.size,
      end: query.page * query.size,
      status: query.status ?? '',
    },
    signal,
  });
  return {
    list: value.records.map((row) => ({
      withdrawId: row.withdrawId,
      orderNo: row.orderNo,
      withdrawType: row.withdrawType,
      virtualAmount: row.virtualAmount,
      amountMinor: minor(row.amount),
      bankName: row.bankName,
      withdrawDateMs: row.withdrawDate,
      status: row.status,
      remark: row.remark ?? '',
    })),
    totalPages: Math.ceil(value.total / query.size),
    footer: { amountMinor: minor(value.footer.amount) },
  };
}

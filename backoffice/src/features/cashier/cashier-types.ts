// The cashier's rows as the operator API answers them (server/src/modules/operator/cashier.routes.ts).

export interface DepositRow {
  number: string;
  username: string;
  method: string;
  channel: string;
  requestedAmount: number;
  creditedAmount: number | null;
  status: string;
  payeeName: string | null;
  referenceNo: string | null;
  hasReceipt: boolean;
  createdAt: number;
  settledAt: number | null;
  operator: string | null;
  rejectReason: string | null;
}

export interface WithdrawalRow {
  number: string;
  username: string;
  withdrawType: string;
  bankName: string;
  cardNumber: string;
  payeeName: string;
  amount: number;
  charge: number;
  payout: number;
  c2cSettled: number;
  status: string;
  priority: boolean;
  createdAt: number;
  decidedAt: number | null;
  operator: string | null;
  remark: string | null;
  /** Pending ones: the member's wagering requirement now (still to stake, counted since last met). */
  wagering?: { remaining: number; counted: number } | null;
}

/** What GET /deposits?status= takes (the operator API's list; crediting is a moment inside an approval). */
export const DEPOSIT_STATUSES = ['pending', 'crediting', 'approved', 'rejected', 'cancelled', 'failed', 'expired'] as const;
export { WITHDRAWAL_STATUSES } from '@platform/contract';

/** Queues refresh this often while in view: new requests arrive, and other cashiers decide. */
export const QUEUE_REFRESH_MS = 15_000;

/** A balance adjustment as GET /adjustments answers it (server/src/modules/operator/adjustments.routes.ts). */
export interface AdjustmentRow {
  id: number;
  username: string;
  /** Signed, major units: positive credits the member. */
  amount: number;
  reason: string;
  requestedBy: string;
  /** awaiting: a second cashier is to approve; applied: the money moved; rejected: nothing moved. */
  status: 'awaiting' | 'applied' | 'rejected';
  decidedBy: string | null;
  decidedAt: number | null;
  decisionReason: string | null;
  transactionId: number | null;
  createdAt: number;
}

export const ADJUSTMENT_STATUSES = ['awaiting', 'applied', 'rejected'] as const;

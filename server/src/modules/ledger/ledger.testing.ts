import type { TransactionInput } from './ledger.service';

/** Test fixture: `amountMinor` of real money from one account to another under `idempotencyKey`. */
export function movement(
  merchantId: number,
  idempotencyKey: string,
  { from, to, amountMinor, nowMs, kind = 'test_deposit' }: { from: number; to: number; amountMinor: number; nowMs: number; kind?: string },
): TransactionInput {
  return {
    merchantId,
    idempotencyKey,
    kind,
    unit: 'REAL',
    postings: [
      { accountId: from, amountMinor: -amountMinor },
      { accountId: to, amountMinor },
    ],
    nowMs,
  };
}

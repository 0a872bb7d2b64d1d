import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, parseAmountInput, type AmountMinor } from '@platform/shared';
import {
  DEPOSIT_RECEIPT_MAX_BYTES,
  IDEMPOTENCY_KEY_HEADER,
  c2cDepositDetailCall,
  cancelC2CDepositCall,
  confirmC2CPaidCall,
  confirmC2CReceiptCall,
  depositC2CCall,
  paymentConfirmationListCall,
  uploadC2CProofCall,
  type C2CConfirmation,
  type C2CConfirmationList,
  type C2CDeposit,
  type C2CReceiptResult,
} from '@platform/contract';
import { imageOf as imageOfAtMost } from '@platform/ui-blocks';

// The C2C calls of the two panels, and the helpers they share: amounts typed by the member (minor
// units here, major units on the wire), one Idempotency-Key per money action kept for a retry
// whose outcome is unknown, and images checked before they are sent (png or jpg, 5 MB).

export const toMinor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** What the member typed as an amount ('1,000.5', ' 500 ') in minor units; null if it is not a positive one. */
export function parseAmount(text: string): AmountMinor | null {
  const amount = parseAmountInput(text);
  return amount !== null && amount > 0 ? amount : null;
}

// ── Images ───────────────────────────────────────────────────────────────────

export { IMAGE_ACCEPT, type ImageProblem } from '@platform/ui-blocks';

/** A chosen file as a data URL to send, or the problem with it (an image of at most the receipt's size). */
export const imageOf = (file: File) => imageOfAtMost(file, DEPOSIT_RECEIPT_MAX_BYTES);

// ── The depositor ────────────────────────────────────────────────────────────

export type C2COrder = C2CDeposit;

/** The member's latest open C2C deposit (null when none), or one by id. */
export const loadOrder = (depositId: number | undefined, signal?: AbortSignal): Promise<C2COrder | null> =>
  api.call(c2cDepositDetailCall, { params: depositId === undefined ? {} : { depositId }, signal });

export const depositBody = (amountMinor: AmountMinor, payerName: string) => ({ amount: amountMajorForWire(amountMinor), ...(payerName.trim() ? { payerName: payerName.trim() } : {}) });

export const createOrder = (amountMinor: AmountMinor, payerName: string, idempotencyKey: string): Promise<C2COrder> =>
  api.call(depositC2CCall, { data: depositBody(amountMinor, payerName), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const uploadProof = (depositId: number, image: string): Promise<C2COrder> => api.call(uploadC2CProofCall, { data: { depositId, image } });
export const markPaid = (depositId: number): Promise<C2COrder> => api.call(confirmC2CPaidCall, { data: { depositId } });
export const cancelOrder = (depositId: number): Promise<C2COrder> => api.call(cancelC2CDepositCall, { data: { depositId } });

// ── The withdrawer ───────────────────────────────────────────────────────────

export const loadConfirmations = (signal: AbortSignal): Promise<C2CConfirmationList> => api.call(paymentConfirmationListCall, { signal });

export interface ReceiptAnswer {
  orderId: number;
  result: C2CReceiptResult;
  receivedMinor?: AmountMinor;
  images?: string[];
}

export const answerBody = (answer: ReceiptAnswer) => ({
  orderId: answer.orderId,
  result: answer.result,
  ...(answer.result === 'partial' && answer.receivedMinor !== undefined ? { receivedAmount: amountMajorForWire(answer.receivedMinor) } : {}),
  ...(answer.result === 'not_received' ? { images: answer.images ?? [] } : {}),
});

export const sendAnswer = (answer: ReceiptAnswer, idempotencyKey: string): Promise<C2CConfirmation> =>
  api.call(confirmC2CReceiptCall, { data: answerBody(answer), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

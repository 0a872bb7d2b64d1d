import { DEPOSIT_RECEIPT_MAX_BYTES } from '@platform/contract';
import { imageProblem, type ImageProblem } from '@platform/ui-blocks';

// The receipt of a manual transfer: an image of at most the deposit's size, checked as every image
// a member sends is (@platform/ui-blocks, image-file).

export { IMAGE_ACCEPT as RECEIPT_ACCEPT, imageDataUrl as receiptDataUrl, readAsDataUrl } from '@platform/ui-blocks';
export type ReceiptProblem = ImageProblem;

/** What is wrong with a chosen file (type, then size), or null when it may be sent. */
export const receiptProblem = (file: Pick<File, 'name' | 'type' | 'size'>): ReceiptProblem | null => imageProblem(file, DEPOSIT_RECEIPT_MAX_BYTES);

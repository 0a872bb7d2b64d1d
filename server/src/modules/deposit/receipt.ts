import { DEPOSIT_RECEIPT_MAX_BYTES, type ServerErrorCode } from '@platform/contract';
import { AppError } from '../../http/envelope';
import { decodeImageDataUrl, type ImageDataUrlProblem } from '../../http/image-data-url';

// A receipt image as the browser sends it: a data URL of a png or jpg. The type is read from the
// bytes (the magic numbers), never from what the URL declares; anything else is refused with
// deposit.image.invalid, anything decoding to more than 5 MB with deposit.image.too.large.

export interface ReceiptImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** The error codes of a refused image: the deposit's own, or those of the module that reuses the decoding. */
export interface ImageRefusalCodes {
  invalid: ServerErrorCode;
  tooLarge: ServerErrorCode;
}

const RECEIPT_CODES: ImageRefusalCodes = { invalid: 'deposit.image.invalid', tooLarge: 'deposit.image.too.large' };

const DETAILS: Record<Exclude<ImageDataUrlProblem, 'tooLarge'>, string> = {
  notDataUrl: 'not a data URL of a png or jpeg',
  notBase64: 'not base64',
  notImage: 'the bytes are neither png nor jpeg',
};

export function decodeReceiptImage(dataUrl: string, codes: ImageRefusalCodes = RECEIPT_CODES): ReceiptImage {
  const decoded = decodeImageDataUrl(dataUrl, { types: ['image/png', 'image/jpeg'], maxBytes: DEPOSIT_RECEIPT_MAX_BYTES });
  if (decoded.ok) return { contentType: decoded.contentType, bytes: decoded.bytes };
  if (decoded.problem === 'tooLarge') throw new AppError(400, codes.tooLarge);
  throw new AppError(400, codes.invalid, { detail: DETAILS[decoded.problem] });
}

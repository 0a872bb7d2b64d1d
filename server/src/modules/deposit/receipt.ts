import { DEPOSIT_RECEIPT_MAX_BYTES, type ServerErrorCode } from '@platform/contract';
import { AppError } from '../../http/envelope';

// A receipt image as the browser sends it: a data URL of a png or jpg. The type is read from the
// bytes (the magic numbers), never from what the URL declares; anything else is refused with
// deposit.image.invalid, anything decoding to more than 5 MB with deposit.image.too.large.

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

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

export function decodeReceiptImage(dataUrl: string, codes: ImageRefusalCodes = RECEIPT_CODES): ReceiptImage {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw new AppError(400, codes.invalid, { detail: 'not a data URL of a png or jpeg' });
  const base64 = dataUrl.slice(prefix[0].length);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw new AppError(400, codes.invalid, { detail: 'not base64' });
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  // Measured before decoding: nothing too large is ever held twice.
  if ((base64.length / 4) * 3 - padding > DEPOSIT_RECEIPT_MAX_BYTES) throw new AppError(400, codes.tooLarge);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { contentType: 'image/png', bytes };
  if (bytes.length > JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { contentType: 'image/jpeg', bytes };
  throw new AppError(400, codes.invalid, { detail: 'the bytes are neither png nor jpeg' });
}

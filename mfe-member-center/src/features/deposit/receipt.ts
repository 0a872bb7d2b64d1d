import { DEPOSIT_RECEIPT_MAX_BYTES } from '@platform/contract';

// The receipt of a manual transfer, checked here before it is sent: a png or jpg (by its type or
// name, then by its first bytes) of at most 5 MB. The server checks the same again by the bytes.

/** The types the server takes, and the file input's `accept`. */
export const RECEIPT_TYPES = ['image/png', 'image/jpeg'] as const;
export const RECEIPT_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Why a file cannot be the receipt. */
export type ReceiptProblem = 'type' | 'size' | 'empty';

const RECEIPT_NAME = /\.(png|jpe?g)$/i;

/** What is wrong with a chosen file (type, then size), or null when it may be sent. */
export function receiptProblem(file: Pick<File, 'name' | 'type' | 'size'>): ReceiptProblem | null {
  const typed = (RECEIPT_TYPES as readonly string[]).includes(file.type);
  // Some systems give no type: the name decides then. A declared other type is refused.
  if (!typed && (file.type !== '' || !RECEIPT_NAME.test(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > DEPOSIT_RECEIPT_MAX_BYTES) return 'size';
  return null;
}

/** The base64 openings of a png (\x89PNG\r\n\x1a\n) and a jpeg (\xff\xd8\xff). */
const SIGNATURES: Record<(typeof RECEIPT_TYPES)[number], string> = { 'image/png': 'iVBORw0KGgo', 'image/jpeg': '/9j/' };

/**
 * The data URL the server takes (data:image/png;base64,…), typed by the file's first bytes; null
 * when its bytes are neither a png nor a jpeg (a renamed file).
 */
export function receiptDataUrl(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !/;base64$/.test(dataUrl.slice(0, comma))) return null;
  const base64 = dataUrl.slice(comma + 1);
  for (const [type, signature] of Object.entries(SIGNATURES)) {
    if (base64.startsWith(signature)) return `data:${type};base64,${base64}`;
  }
  return null;
}

/** Reads a chosen file as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

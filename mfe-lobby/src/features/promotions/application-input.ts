import { PROMOTION_APPLICATION_COMMENT_MAX, PROMOTION_APPLICATION_IMAGE_MAX_BYTES, PROMOTION_APPLICATION_IMAGES_MAX } from '@platform/contract';

// What an application (comment and images) may be, checked here before anything is sent: the
// server's own limits (contract/src/promotion.ts), which it checks again by the bytes.

export const COMMENT_MAX = PROMOTION_APPLICATION_COMMENT_MAX;
export const IMAGES_MAX = PROMOTION_APPLICATION_IMAGES_MAX;
export const IMAGE_MAX_BYTES = PROMOTION_APPLICATION_IMAGE_MAX_BYTES;

/**
 * The comment's length as the server counts it: the trimmed text (what is sent) in code points,
 * so an emoji is one character, not the two UTF-16 units `String.length` and a textarea's
 * `maxLength` count.
 */
export function commentLength(comment: string): number {
  return [...comment.trim()].length;
}

/** The types the server takes, and the file input's `accept`. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Why a chosen file cannot be one of the images. */
export type ImageProblem = 'type' | 'size' | 'empty';

const IMAGE_NAME = /\.(png|jpe?g)$/i;

/** What is wrong with a chosen file (type, then size), or null when it may be sent. */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>): ImageProblem | null {
  const typed = (IMAGE_TYPES as readonly string[]).includes(file.type);
  // Some systems give no type: the name decides then. A declared other type is refused.
  if (!typed && (file.type !== '' || !IMAGE_NAME.test(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** The base64 openings of a png (\x89PNG\r\n\x1a\n) and a jpeg (\xff\xd8\xff). */
const SIGNATURES: Record<(typeof IMAGE_TYPES)[number], string> = { 'image/png': 'iVBORw0KGgo', 'image/jpeg': '/9j/' };

/**
 * The data URL the server takes (data:image/png;base64,…), typed by the file's first bytes; null
 * when its bytes are neither a png nor a jpeg (a renamed file).
 */
export function imageDataUrl(dataUrl: string): string | null {
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

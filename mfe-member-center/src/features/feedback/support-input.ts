import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGES_MAX, SUPPORT_TEXT_MAX_LENGTH, SUPPORT_TEXT_MIN_LENGTH } from '@platform/contract';
import { imageProblem as checkImage, type ImageProblem } from '@platform/ui-blocks';

// What a support question may be, checked here before anything is sent: the server's own limits
// (contract/src/support.ts), which it checks again, the images by their bytes.

export const TEXT_MIN = SUPPORT_TEXT_MIN_LENGTH;
export const TEXT_MAX = SUPPORT_TEXT_MAX_LENGTH;
export const IMAGES_MAX = SUPPORT_IMAGES_MAX;
/** In MB, as the texts say it. */
export const IMAGE_MAX_MB = SUPPORT_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * The text's length as the server counts it: trimmed (what is sent), in code points, so an emoji
 * is one character, not the two UTF-16 units `String.length` and a textarea's `maxLength` count.
 */
export function textLength(text: string): number {
  return [...text.trim()].length;
}

export { IMAGE_ACCEPT, imageDataUrl, readAsDataUrl, type ImageProblem } from '@platform/ui-blocks';

/** What is wrong with a chosen file (type, then size), or null when it may be sent. */
export const imageProblem = (file: Pick<File, 'name' | 'type' | 'size'>): ImageProblem | null => checkImage(file, SUPPORT_IMAGE_MAX_BYTES);

import { PROMOTION_APPLICATION_COMMENT_MAX, PROMOTION_APPLICATION_IMAGE_MAX_BYTES, PROMOTION_APPLICATION_IMAGES_MAX } from '@platform/contract';
import { imageProblem as checkImage, type ImageProblem } from '@platform/ui-blocks';

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

export { IMAGE_ACCEPT, imageDataUrl, readAsDataUrl, type ImageProblem } from '@platform/ui-blocks';

/** What is wrong with a chosen file (type, then size), or null when it may be sent. */
export const imageProblem = (file: Pick<File, 'name' | 'type' | 'size'>): ImageProblem | null => checkImage(file, IMAGE_MAX_BYTES);

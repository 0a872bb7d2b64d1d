import { createHash } from 'node:crypto';
import { decodeImageDataUrl, imageTypeOf, type ImageDataUrlProblem, type ImageType } from '../../http/image-data-url';

export { imageTypeOf };

// A banner image as the back office uploads it: a data URL of a png, jpg or webp of at most 2 MB.
// The type is read from the bytes (their magic numbers), never from what the URL declares. Stored
// content-addressed (content_image, migration 074) and served by the site from its own origin at
// CONTENT_IMAGE_PATH/<sha256>.<ext>: the address a banner names.

export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Where the site serves uploaded images (content.routes.ts), under its own origin. */
export const CONTENT_IMAGE_PATH = '/wps/content/images';
/** What a request's body may weigh with the largest image in it (base64 is 4/3 of the bytes). */
export const CONTENT_IMAGE_BODY_LIMIT = Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

export type ContentImageType = ImageType;

const EXTENSIONS: Record<ContentImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const TYPES_BY_EXTENSION: Record<string, ContentImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The last segment of an uploaded image's address: its SHA-256 in hex and the extension of its type. */
export const CONTENT_IMAGE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

export interface ContentImage {
  contentType: ContentImageType;
  bytes: Buffer;
  sha256: Buffer;
}

/** Why an upload is refused, in the operator's words (the detail of operator.content.invalid). */
export class ContentImageRefusal extends Error {}

const REFUSALS: Record<ImageDataUrlProblem, string> = {
  notDataUrl: 'the image must be a data URL of a png, jpg or webp file',
  notBase64: 'the image is not valid base64',
  tooLarge: 'the image is larger than 2 MB',
  notImage: 'the file is not a png, jpg or webp image',
};

/** Decodes and checks an uploaded image; throws ContentImageRefusal saying what is wrong. */
export function decodeContentImage(dataUrl: string): ContentImage {
  const decoded = decodeImageDataUrl(dataUrl, { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: CONTENT_IMAGE_MAX_BYTES });
  // An empty file is no image: said as the base64 that is missing.
  if (!decoded.ok) throw new ContentImageRefusal(REFUSALS[decoded.problem === 'notImage' && dataUrl.endsWith(';base64,') ? 'notBase64' : decoded.problem]);
  return { contentType: decoded.contentType, bytes: decoded.bytes, sha256: createHash('sha256').update(decoded.bytes).digest() };
}

/** The address the site serves an uploaded image at (same origin: a path). */
export const contentImageUrl = (sha256: Buffer, contentType: ContentImageType): string => `${CONTENT_IMAGE_PATH}/${sha256.toString('hex')}.${EXTENSIONS[contentType]}`;

/** The uploaded image an address names (its hash and type), or undefined for any other address. */
export function parseContentImageUrl(url: string): { sha256: Buffer; contentType: ContentImageType } | undefined {
  if (!url.startsWith(`${CONTENT_IMAGE_PATH}/`)) return undefined;
  const match = CONTENT_IMAGE_NAME.exec(url.slice(CONTENT_IMAGE_PATH.length + 1));
  return match ? { sha256: Buffer.from(match[1], 'hex'), contentType: TYPES_BY_EXTENSION[match[2]] } : undefined;
}

import { createHash } from 'node:crypto';

// A banner image as the back office uploads it: a data URL of a png, jpg or webp of at most 2 MB.
// The type is read from the bytes (their magic numbers), never from what the URL declares. Stored
// content-addressed (content_image, migration 074) and served by the site from its own origin at
// CONTENT_IMAGE_PATH/<sha256>.<ext>: the address a banner names.

export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Where the site serves uploaded images (content.routes.ts), under its own origin. */
export const CONTENT_IMAGE_PATH = '/wps/content/images';
/** What a request's body may weigh with the largest image in it (base64 is 4/3 of the bytes). */
export const CONTENT_IMAGE_BODY_LIMIT = Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

export type ContentImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const EXTENSIONS: Record<ContentImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const TYPES_BY_EXTENSION: Record<string, ContentImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The last segment of an uploaded image's address: its SHA-256 in hex and the extension of its type. */
export const CONTENT_IMAGE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const RIFF = Buffer.from('RIFF', 'ascii');
const WEBP = Buffer.from('WEBP', 'ascii');
const DATA_URL = /^data:image\/(png|jpeg|jpg|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ContentImage {
  contentType: ContentImageType;
  bytes: Buffer;
  sha256: Buffer;
}

/** Why an upload is refused, in the operator's words (the detail of operator.content.invalid). */
export class ContentImageRefusal extends Error {}

/** The type the bytes are, by their magic numbers; undefined for anything else. */
export function imageTypeOf(bytes: Buffer): ContentImageType | undefined {
  if (bytes.length > PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.length > JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (bytes.length > 12 && bytes.subarray(0, 4).equals(RIFF) && bytes.subarray(8, 12).equals(WEBP)) return 'image/webp';
  return undefined;
}

/** Decodes and checks an uploaded image; throws ContentImageRefusal saying what is wrong. */
export function decodeContentImage(dataUrl: string): ContentImage {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw new ContentImageRefusal('the image must be a data URL of a png, jpg or webp file');
  const base64 = dataUrl.slice(prefix[0].length);
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) throw new ContentImageRefusal('the image is not valid base64');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  // Measured before decoding: nothing too large is ever held twice.
  if ((base64.length / 4) * 3 - padding > CONTENT_IMAGE_MAX_BYTES) throw new ContentImageRefusal('the image is larger than 2 MB');
  const bytes = Buffer.from(base64, 'base64');
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new ContentImageRefusal('the file is not a png, jpg or webp image');
  return { contentType, bytes, sha256: createHash('sha256').update(bytes).digest() };
}

/** The address the site serves an uploaded image at (same origin: a path). */
export const contentImageUrl = (sha256: Buffer, contentType: ContentImageType): string => `${CONTENT_IMAGE_PATH}/${sha256.toString('hex')}.${EXTENSIONS[contentType]}`;

/** The uploaded image an address names (its hash and type), or undefined for any other address. */
export function parseContentImageUrl(url: string): { sha256: Buffer; contentType: ContentImageType } | undefined {
  if (!url.startsWith(`${CONTENT_IMAGE_PATH}/`)) return undefined;
  const match = CONTENT_IMAGE_NAME.exec(url.slice(CONTENT_IMAGE_PATH.length + 1));
  return match ? { sha256: Buffer.from(match[1], 'hex'), contentType: TYPES_BY_EXTENSION[match[2]] } : undefined;
}

// An image sent in a JSON body as a data URL (a deposit receipt, a chat picture, a support
// question's screenshot, a banner): the size measured before decoding, so nothing too large is
// ever held twice, and the type read from the bytes (their magic numbers), never from what the
// URL declares. Each caller words the refusal itself (its own error codes or messages).

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Why a data URL is not an image of the kind asked for. */
export type ImageDataUrlProblem = 'notDataUrl' | 'notBase64' | 'tooLarge' | 'notImage';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const RIFF = Buffer.from('RIFF', 'ascii');
const WEBP = Buffer.from('WEBP', 'ascii');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** The subtypes a data URL may declare for each type (jpg is a common misspelling browsers send). */
const DECLARED: Record<ImageType, string[]> = { 'image/png': ['png'], 'image/jpeg': ['jpeg', 'jpg'], 'image/webp': ['webp'] };

/** The type the bytes are, by their magic numbers; undefined for anything else. */
export function imageTypeOf(bytes: Buffer): ImageType | undefined {
  if (bytes.length > PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.length > JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (bytes.length > 12 && bytes.subarray(0, 4).equals(RIFF) && bytes.subarray(8, 12).equals(WEBP)) return 'image/webp';
  return undefined;
}

/** Decodes a data URL of one of `types` whose bytes are at most `maxBytes`; answers the problem otherwise. */
export function decodeImageDataUrl<T extends ImageType>(
  dataUrl: string,
  { types, maxBytes }: { types: readonly T[]; maxBytes: number },
): { ok: true; contentType: T; bytes: Buffer } | { ok: false; problem: ImageDataUrlProblem } {
  const prefix = new RegExp(`^data:image/(${types.flatMap((type) => DECLARED[type]).join('|')});base64,`, 'i').exec(dataUrl);
  if (!prefix) return { ok: false, problem: 'notDataUrl' };
  const base64 = dataUrl.slice(prefix[0].length);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return { ok: false, problem: 'notBase64' };
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > maxBytes) return { ok: false, problem: 'tooLarge' };
  const bytes = Buffer.from(base64, 'base64');
  const contentType = imageTypeOf(bytes);
  if (!contentType || !(types as readonly ImageType[]).includes(contentType)) return { ok: false, problem: 'notImage' };
  return { ok: true, contentType: contentType as T, bytes };
}

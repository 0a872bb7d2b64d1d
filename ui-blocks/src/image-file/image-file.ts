// An image a member sends (a deposit's receipt, a C2C payment proof, a promotion application's
// picture), checked in the browser before it is sent: a png or jpg (by its type or name, then by
// its first bytes) of at most the server's size. The server checks the same again by the bytes.

/** The types the server takes, and a file input's `accept`. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Why a chosen file cannot be sent. */
export type ImageProblem = 'type' | 'size' | 'empty';

const IMAGE_NAME = /\.(png|jpe?g)$/i;

/** What is wrong with a chosen file (type, then size), or null when it may be sent. */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number): ImageProblem | null {
  const typed = (IMAGE_TYPES as readonly string[]).includes(file.type);
  // Some systems give no type: the name decides then. A declared other type is refused.
  if (!typed && (file.type !== '' || !IMAGE_NAME.test(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'size';
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

/** A chosen file as a data URL to send, or the problem with it. */
export async function imageOf(file: File, maxBytes: number): Promise<{ dataUrl: string } | { problem: ImageProblem }> {
  const problem = imageProblem(file, maxBytes);
  if (problem) return { problem };
  const dataUrl = imageDataUrl(await readAsDataUrl(file));
  return dataUrl ? { dataUrl } : { problem: 'type' };
}

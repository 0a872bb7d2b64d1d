import { CONTENT_IMAGE_MAX_BYTES, ContentImageRefusal, contentImageUrl, decodeContentImage, imageTypeOf, parseContentImageUrl } from './content-image';

// Uploaded banner images: the type read from the bytes, 2 MB at most, and the address they are
// served at (their SHA-256), read back.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(8)]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

it('reads the type from the bytes, whatever the data URL declares', () => {
  expect(imageTypeOf(PNG)).toBe('image/png');
  expect(imageTypeOf(JPEG)).toBe('image/jpeg');
  expect(imageTypeOf(WEBP)).toBe('image/webp');
  expect(imageTypeOf(Buffer.from('GIF89a....'))).toBeUndefined();
  expect(imageTypeOf(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt '))).toBeUndefined();
  expect(decodeContentImage(dataUrl('image/webp', PNG)).contentType).toBe('image/png');
  expect(decodeContentImage(dataUrl('image/jpg', JPEG)).contentType).toBe('image/jpeg');
});

it('refuses anything but a png, jpg or webp of 2 MB at most, saying why', () => {
  const refusal = (text: string) => {
    try {
      decodeContentImage(text);
      return 'accepted';
    } catch (error) {
      return error instanceof ContentImageRefusal ? error.message : `unexpected ${String(error)}`;
    }
  };
  expect(refusal('https://example.com/a.png')).toMatch(/data URL/);
  expect(refusal('data:image/svg+xml;base64,PHN2Zz4=')).toMatch(/data URL/);
  expect(refusal('data:image/png;base64,')).toMatch(/base64/);
  expect(refusal('data:image/png;base64,abc')).toMatch(/base64/);
  expect(refusal(dataUrl('image/png', Buffer.from('GIF89a-not-a-png')))).toMatch(/not a png, jpg or webp/);
  expect(refusal(dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(CONTENT_IMAGE_MAX_BYTES - PNG.length)])))).toBe('accepted');
  expect(refusal(dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(CONTENT_IMAGE_MAX_BYTES - PNG.length + 1)])))).toMatch(/2 MB/);
});

it('names an image by its SHA-256 and type, and reads the address back', () => {
  const image = decodeContentImage(dataUrl('image/png', PNG));
  const url = contentImageUrl(image.sha256, image.contentType);
  expect(url).toBe(`/wps/content/images/${image.sha256.toString('hex')}.png`);
  expect(parseContentImageUrl(url)).toEqual({ sha256: image.sha256, contentType: 'image/png' });
  expect(parseContentImageUrl(url.replace('.png', '.gif'))).toBeUndefined();
  expect(parseContentImageUrl(`${url}?v=1`)).toBeUndefined();
  expect(parseContentImageUrl('/assets/banners/home-welcome.svg')).toBeUndefined();
  expect(parseContentImageUrl(`https://cdn.example${url}`)).toBeUndefined();
});

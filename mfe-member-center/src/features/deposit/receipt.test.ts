import { DEPOSIT_RECEIPT_MAX_BYTES } from '@platform/contract';
import { readAsDataUrl, receiptDataUrl, receiptProblem } from './receipt';

const file = (name: string, type: string, size: number) => ({ name, type, size });
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46];

describe('the receipt file', () => {
  it('takes a png or jpg of at most 5 MB', () => {
    expect(receiptProblem(file('receipt.png', 'image/png', 1234))).toBeNull();
    expect(receiptProblem(file('receipt.jpg', 'image/jpeg', DEPOSIT_RECEIPT_MAX_BYTES))).toBeNull();
    // No type given by the system: the name decides.
    expect(receiptProblem(file('RECEIPT.JPEG', '', 10))).toBeNull();
  });

  it('refuses other types, whatever the name says', () => {
    expect(receiptProblem(file('receipt.gif', 'image/gif', 10))).toBe('type');
    expect(receiptProblem(file('receipt.png', 'image/svg+xml', 10))).toBe('type');
    expect(receiptProblem(file('receipt.pdf', 'application/pdf', 10))).toBe('type');
    expect(receiptProblem(file('receipt', '', 10))).toBe('type');
    expect(receiptProblem(file('receipt.webp', 'image/webp', 10))).toBe('type');
  });

  it('refuses a file over 5 MB and an empty one', () => {
    expect(receiptProblem(file('receipt.png', 'image/png', DEPOSIT_RECEIPT_MAX_BYTES + 1))).toBe('size');
    expect(receiptProblem(file('receipt.png', 'image/png', 0))).toBe('empty');
  });

  it('types the data URL by the first bytes, and refuses bytes that are neither', async () => {
    const png = await readAsDataUrl(new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/jpeg' }));
    expect(receiptDataUrl(png)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const jpeg = await readAsDataUrl(new Blob([new Uint8Array(JPEG_BYTES)], { type: 'image/png' }));
    expect(receiptDataUrl(jpeg)).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const gif = await readAsDataUrl(new Blob(['GIF89a....'], { type: 'image/png' }));
    expect(receiptDataUrl(gif)).toBeNull();
    expect(receiptDataUrl('data:image/png,plain')).toBeNull();
    expect(receiptDataUrl('not a data url')).toBeNull();
  });
});

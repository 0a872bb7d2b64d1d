import { resetTestState } from '@platform/shared/testing';
import { commentLength, imageDataUrl, imageProblem } from './application-input';

// What an application may carry, checked before it is sent: the comment counted as the server
// counts it, the images' kind and size, and a data URL typed by its first bytes.

// The runtime's strings load as the page starts: waited for, so none arrives after the tests end.
beforeAll(() => resetTestState());

describe('the application input', () => {
  it('counts the comment as the server does: trimmed, in code points', () => {
    expect(commentLength('')).toBe(0);
    expect(commentLength('  hello  ')).toBe(5);
    expect(commentLength('🎉')).toBe(1);
    expect('🎉'.length).toBe(2);
    expect(commentLength('অ্যাকাউন্ট')).toBe([...'অ্যাকাউন্ট'].length);
  });

  it('png or jpg (by type, or by name when the system gives none), not empty, at most 5 MB', () => {
    const file = (name: string, type: string, size: number) => ({ name, type, size });
    expect(imageProblem(file('a.png', 'image/png', 10))).toBeNull();
    expect(imageProblem(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeNull();
    expect(imageProblem(file('a.jpeg', '', 10))).toBeNull();
    expect(imageProblem(file('a.gif', 'image/gif', 10))).toBe('type');
    expect(imageProblem(file('a.png', 'image/gif', 10))).toBe('type');
    expect(imageProblem(file('a.webp', '', 10))).toBe('type');
    expect(imageProblem(file('a.png', 'image/png', 0))).toBe('empty');
    expect(imageProblem(file('a.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe('size');
  });

  it('types the data URL by its first bytes, refusing anything else', () => {
    expect(imageDataUrl('data:application/octet-stream;base64,iVBORw0KGgoAAA')).toBe('data:image/png;base64,iVBORw0KGgoAAA');
    expect(imageDataUrl('data:image/png;base64,/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(imageDataUrl('data:image/png;base64,PHN2Zz4=')).toBeNull();
    expect(imageDataUrl('data:image/png,iVBORw0KGgo')).toBeNull();
  });
});

import { act, render, screen } from '@testing-library/react';
import { createDomPurifyHtmlSanitizer } from './dompurify-html-sanitizer';
import { createNativeHtmlSanitizer } from './native-html-sanitizer';
import { loadHtmlSanitizer, useSanitizedHtml } from './sanitize-html';

// jsdom has no HTML Sanitizer API: these are the DOMPurify path's tests, which every browser
// without it takes. The native path runs in Chromium: e2e/tests/html-sanitizer.spec.ts.
const sanitizeHtml = createDomPurifyHtmlSanitizer();

describe('the DOMPurify HTML sanitizer', () => {
  it('keeps formatting and images', () => {
    const html = '<p style="color:red"><b>Bonus</b> <i>now</i></p><img src="https://cdn.example.com/a.png" alt="a">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: links, page-wide styles and forms', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>steal()</script></p><img src="x" onerror="steal()"><a href="javascript:steal()">x</a><style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="password"></form>';
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<style|<iframe|<form/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('gives links rel="noopener noreferrer" and keeps their target', () => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeHtml('<a href="https://promo.example.com" target="_blank">Promo</a><a href="/help">Help</a>');
    const [promo, help] = container.querySelectorAll('a');
    expect(promo.getAttribute('rel')).toBe('noopener noreferrer');
    expect(promo.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toBe('noopener noreferrer');
    expect(help.hasAttribute('target')).toBe(false);
  });

  it('returns an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('choosing the sanitizer', () => {
  it('has no native sanitizer without the Sanitizer API', () => {
    expect(createNativeHtmlSanitizer(globalThis)).toBeNull();
  });

  it('falls back to DOMPurify, fetched once', async () => {
    const first = await loadHtmlSanitizer();
    expect(await loadHtmlSanitizer()).toBe(first);
    expect(first('<b onclick="x()">ok</b>')).toBe('<b>ok</b>');
  });

  it('useSanitizedHtml shows nothing unsanitized while the sanitizer loads', async () => {
    function Content({ html }: { html: string }) {
      const sanitized = useSanitizedHtml(html);
      return sanitized.status === 'ready' ? <div data-testid="content" dangerouslySetInnerHTML={{ __html: sanitized.html }} /> : <p>{sanitized.status}</p>;
    }
    await act(async () => {
      render(<Content html={'<img src="x" onerror="steal()"><b>Bonus</b>'} />);
    });
    expect(screen.getByTestId('content').innerHTML).toBe('<img src="x"><b>Bonus</b>');
  });
});

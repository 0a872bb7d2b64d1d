import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting and images', () => {
    const html = '<p style="color:red"><b>Bonus</b> <i>now</i></p><img src="https://cdn.example.com/a.png" alt="a">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: links and page-wide styles', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>steal()</script></p><img src="x" onerror="steal()"><a href="javascript:steal()">x</a><style>body{display:none}</style><iframe src="https://evil.example"></iframe>';
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<style|<iframe/i);
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from '@swc/core';
import { expect, test } from '../harness/test';

// The browser's own HTML Sanitizer API, as @platform/shared/sanitize-html uses it where a browser
// has it (Chromium does): the same guarantees as the DOMPurify path's unit tests
// (shared/src/security/sanitize-html.test.tsx), checked in the browser the site runs in.
const source = readFileSync(path.resolve(__dirname, '..', '..', 'shared', 'src', 'security', 'native-html-sanitizer.ts'), 'utf8');
const moduleCode = transformSync(source, { filename: 'native-html-sanitizer.ts', jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }).code;

test.describe('the native HTML sanitizer', () => {
  test.beforeEach(async ({ page }) => {
    await page.setContent('<!doctype html><title>sanitizer</title>');
    await page.addScriptTag({ type: 'module', content: `${moduleCode}\nwindow.__sanitize = createNativeHtmlSanitizer();` });
    await page.waitForFunction(() => '__sanitize' in window);
  });

  const sanitize = (page: import('@playwright/test').Page, html: string | null) =>
    page.evaluate((input) => {
      const sanitizer = (window as unknown as { __sanitize: ((html: string | null) => string) | null }).__sanitize;
      if (!sanitizer) throw new Error('no native sanitizer in this browser');
      return sanitizer(input);
    }, html);

  test('keeps formatting, images, tables and inline styles', async ({ page }) => {
    const html = '<p style="color:red"><b>Bonus</b> <i>now</i></p><img src="https://cdn.example.com/a.png" alt="a"><table><tbody><tr><td colspan="2">t</td></tr></tbody></table>';
    expect(await sanitize(page, html)).toBe(html);
  });

  test('removes scripts, event handlers, javascript: links, frames, page-wide styles and forms', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    const dirty =
      '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a><a href=" JaVa&#x09;script:alert(5)">y</a><style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="password"></form><svg><script>alert(6)</script><a href="javascript:alert(7)"><text>z</text></a></svg><math><mi xlink:href="javascript:alert(8)">m</mi></math>';
    const clean = await sanitize(page, dirty);
    expect(clean).not.toMatch(/<script|onclick|onerror|javascript:|<style|<iframe|<form|<input/i);
    expect(clean).toContain('<p>Hi</p>');
    // Rendered, it runs nothing.
    await page.evaluate((html) => {
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      container.querySelectorAll('a').forEach((link) => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    }, clean);
    // The pictures have finished failing (an onerror left in would have run) and the tasks the
    // clicks queued (a javascript: link's navigation) have run before this later one.
    await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete))).toBe(true);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(dialogs).toBe(0);
  });

  test('gives links rel="noopener noreferrer" and keeps their target', async ({ page }) => {
    const clean = await sanitize(page, '<a href="https://promo.example.com" target="_blank">Promo</a><a href="/help">Help</a>');
    expect(clean).toBe('<a href="https://promo.example.com" target="_blank" rel="noopener noreferrer">Promo</a><a href="/help" rel="noopener noreferrer">Help</a>');
  });

  test('returns an empty string for nothing', async ({ page }) => {
    expect(await sanitize(page, null)).toBe('');
    expect(await sanitize(page, '')).toBe('');
  });
});

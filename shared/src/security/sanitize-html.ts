// @platform/shared/sanitize-html: not in the package's index, so it is bundled only by an app that
// shows server HTML, in the chunk that shows it, not loaded with every page.
import { useEffect, useMemo, useState } from 'react';
import { createNativeHtmlSanitizer, type HtmlSanitizer } from './native-html-sanitizer';

export type { HtmlSanitizer } from './native-html-sanitizer';

let sanitizer: HtmlSanitizer | null = typeof window === 'undefined' ? null : createNativeHtmlSanitizer();
let loading: Promise<HtmlSanitizer> | null = null;

/**
 * Server HTML (announcements, help, promotions) made safe to render: no scripts, no event
 * handlers, no `javascript:` links, no page-wide styles or forms; links cannot reach back into the
 * page (rel noopener). The browser's Sanitizer API where it has one, else DOMPurify, fetched on
 * the first call.
 */
export function loadHtmlSanitizer(): Promise<HtmlSanitizer> {
  if (sanitizer) return Promise.resolve(sanitizer);
  loading ??= import(/* webpackChunkName: "dompurify-sanitizer" */ './dompurify-html-sanitizer').then(
    ({ createDomPurifyHtmlSanitizer }) => (sanitizer = createDomPurifyHtmlSanitizer()),
    (error: unknown) => {
      loading = null; // a failed fetch is tried again next time
      throw error;
    },
  );
  return loading;
}

export type SanitizedHtml = { status: 'ready'; html: string } | { status: 'loading' | 'failed'; html: null };

/**
 * `html` made safe to render: at once where the browser has the Sanitizer API; elsewhere
 * 'loading' while DOMPurify is fetched, and 'failed' if it could not be (never the unsanitized text).
 */
export function useSanitizedHtml(html: string | null | undefined): SanitizedHtml {
  const [current, setCurrent] = useState<HtmlSanitizer | 'failed' | null>(() => sanitizer);
  useEffect(() => {
    if (current) return undefined;
    let active = true;
    loadHtmlSanitizer().then(
      (loaded) => active && setCurrent(() => loaded),
      (error: unknown) => {
        console.error('[shared] the HTML sanitizer could not be loaded', error);
        if (active) setCurrent('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [current]);
  // Parsing HTML is not free: once per text and sanitizer, not on every render.
  return useMemo<SanitizedHtml>(() => {
    if (current === 'failed') return { status: 'failed', html: null };
    return current ? { status: 'ready', html: current(html) } : { status: 'loading', html: null };
  }, [current, html]);
}

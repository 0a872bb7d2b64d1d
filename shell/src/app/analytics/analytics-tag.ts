// The merchant's Google tag (info.analytics.gtagId: the system status, asked for at app start,
// supplies the analytics config). Loaded as the tag's own snippet does it, without an inline script
// (the page's Content-Security-Policy allows none): the dataLayer queue and gtag() are set up here,
// then gtag.js is added as an async <script> from www.googletagmanager.com, which the server's page
// policy allows while the merchant has a tag (security-headers/content-security-policy.ts).

export const GTAG_ORIGIN = 'https://www.googletagmanager.com';

/** Google tag ids: G-XXXXXXX (GA4), AW-…, DC-…, GT-…, UA-NNNN-N. Anything else is not loaded. */
const TAG_ID = /^[A-Z]{1,4}-[A-Z0-9][A-Z0-9-]{2,30}$/i;

export function isTagId(id: string): boolean {
  return TAG_ID.test(id);
}

/** The address of gtag.js for a tag id. */
export function gtagScriptUrl(id: string): string {
  return `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Adds the tag `id` to the page once (a second call, even with another id, does nothing). Answers
 * the script element, or null when the id is not a tag id.
 */
export function loadAnalyticsTag(id: string, doc: Document = document): HTMLScriptElement | null {
  if (!isTagId(id)) return null;
  const existing = doc.querySelector<HTMLScriptElement>('script[data-analytics-tag]');
  if (existing) return existing;
  const view = (doc.defaultView ?? window) as Window;
  view.dataLayer = view.dataLayer ?? [];
  // gtag.js reads the queue's entries as `arguments` objects, exactly as the official snippet pushes them.
  view.gtag =
    view.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      view.dataLayer!.push(arguments);
    };
  view.gtag('js', new Date());
  view.gtag('config', id);
  const script = doc.createElement('script');
  script.async = true;
  script.src = gtagScriptUrl(id);
  script.setAttribute('data-analytics-tag', id);
  doc.head.appendChild(script);
  return script;
}

import createDOMPurify, { type DOMPurify } from 'dompurify';

// Operator HTML (announcements, help articles) made safe to draw in the back office's preview:
// the site sanitizes it on the server (server/src/modules/content/sanitize-html.ts) and again in
// the player's browser (@platform/shared's sanitizer, DOMPurify where the browser has no
// Sanitizer API); the preview does what the latter does, with the same forbidden elements, so the
// operator sees what survives. Links open in a new tab: a click never leaves the back office.

/** What the site's sanitizer removes besides DOMPurify's own (shared/src/security/native-html-sanitizer.ts FORBIDDEN_ELEMENTS). */
const FORBIDDEN = ['style', 'form'];

let purifier: DOMPurify | null = null;

function purifierOf(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/** `html` as the preview may draw it: no scripts, event handlers, javascript: links, forms or page-wide styles. */
export function previewHtml(html: string): string {
  if (!html) return '';
  return purifierOf().sanitize(html, { FORBID_TAGS: FORBIDDEN, ADD_ATTR: ['target'] });
}

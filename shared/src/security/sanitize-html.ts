// @platform/shared/sanitize-html: not in the package's index, so DOMPurify is bundled only by an app
// that shows server HTML, in the chunk that shows it, not loaded with every page.
import createDOMPurify, { type DOMPurify } from 'dompurify';

let purifier: DOMPurify | null = null;

/** A DOMPurify of our own, so its link hook does not change anyone else's. */
function getPurifier(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return purifier;
}

/**
 * Server HTML (announcements, help, promotions) made safe to render: no scripts, no event
 * handlers, no `javascript:` links, no page-wide styles; links cannot reach back into the page (rel noopener).
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html || typeof window === 'undefined') return '';
  return getPurifier().sanitize(html, { FORBID_TAGS: ['style', 'form'], ADD_ATTR: ['target'] });
}

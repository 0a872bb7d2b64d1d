// DOMPurify, for browsers without the HTML Sanitizer API (native-html-sanitizer.ts): fetched only
// by such a browser, when it first has server HTML to show.
import createDOMPurify from 'dompurify';
import { FORBIDDEN_ELEMENTS, protectLinks, type HtmlSanitizer } from './native-html-sanitizer';

/** A DOMPurify of our own, so its settings do not change anyone else's. */
export function createDomPurifyHtmlSanitizer(): HtmlSanitizer {
  const purifier = createDOMPurify(window);
  return (html) => {
    if (!html) return '';
    const fragment = purifier.sanitize(html, { FORBID_TAGS: [...FORBIDDEN_ELEMENTS], ADD_ATTR: ['target'], RETURN_DOM_FRAGMENT: true });
    protectLinks(fragment);
    const container = document.createElement('div');
    container.append(fragment);
    return container.innerHTML;
  };
}

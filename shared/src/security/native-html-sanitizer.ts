// The browser's own HTML Sanitizer API (Element.setHTML's parser: Document.parseHTML with a
// Sanitizer), used instead of DOMPurify where the browser has it, so a phone showing an
// announcement downloads no sanitizer. This file imports nothing: the browser tests load it alone
// (e2e/tests/html-sanitizer.spec.ts).

/** Server HTML to safe markup, or '' for nothing. */
export type HtmlSanitizer = (html: string | null | undefined) => string;

/** Elements removed with their content on top of what the safe parser always removes (scripts,
 * frames, embeds, event handlers, `javascript:` URLs): page-wide styles and forms. */
export const FORBIDDEN_ELEMENTS = ['style', 'form'] as const;

interface SanitizerLike {
  removeElement(name: string): void;
}
type SanitizerConstructor = new (config?: object) => SanitizerLike;
type ParseHtml = (html: string, options: { sanitizer: SanitizerLike }) => Document;

/** Links cannot reach back into the page that opened them. */
export function protectLinks(root: ParentNode): void {
  for (const link of root.querySelectorAll('a[href]')) link.setAttribute('rel', 'noopener noreferrer');
}

/**
 * The native sanitizer, or null when this browser has no Sanitizer API (then DOMPurify is
 * fetched: sanitize-html.ts). Everything outside the safe parser's always-removed set is kept, as
 * DOMPurify keeps it: formatting, images, tables, inline styles, links and their target.
 */
export function createNativeHtmlSanitizer(scope: typeof globalThis = globalThis): HtmlSanitizer | null {
  const SanitizerClass = (scope as { Sanitizer?: SanitizerConstructor }).Sanitizer;
  const parseHtml = (scope.Document as unknown as { parseHTML?: ParseHtml } | undefined)?.parseHTML;
  if (typeof SanitizerClass !== 'function' || typeof parseHtml !== 'function') return null;
  const sanitizer = new SanitizerClass({});
  for (const element of FORBIDDEN_ELEMENTS) sanitizer.removeElement(element);
  return (html) => {
    if (!html) return '';
    const document = parseHtml.call(scope.Document, html, { sanitizer });
    if (!document.body) return '';
    protectLinks(document.body);
    return document.body.innerHTML;
  };
}

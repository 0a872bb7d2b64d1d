// Allow-list sanitiser for operator-authored HTML (announcements, help articles). The browser
// sanitises again (DOMPurify) before display; this pass means the API itself never hands out
// script, event handlers or javascript: links, whatever an operator pasted into the database.
//
// Anything not recognised as a well-formed tag is treated as text and escaped, so a broken or
// hostile fragment degrades to visible text rather than markup.

const ALLOWED_TAGS = new Set([
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'p', 'br', 'hr', 'span', 'div',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
]);

/** Tags removed together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'template', 'svg', 'math', 'textarea', 'select', 'title', 'xmp', 'plaintext', 'head',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img']);

const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  '*': new Set(['class', 'title', 'align']),
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
};

const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/y;

function escapeText(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&(?![A-Za-z]+;|#\d+;|#x[0-9A-Fa-f]+;)/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Decodes the entities an attacker would use to hide a scheme ("javascript&#58;", "&colon;"). */
function decodeForCheck(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');
}

export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = decodeForCheck(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(compact);
  return scheme ? SAFE_SCHEMES.has(scheme[1].toLowerCase()) : true;
}

function sanitizeAttributes(tag: string, source: string): string {
  const allowed = ALLOWED_ATTRIBUTES[tag];
  const kept: string[] = [];
  let opensNewWindow = false;
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!ALLOWED_ATTRIBUTES['*'].has(name) && !allowed?.has(name)) continue;
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue;
    if (name === 'rel') continue; // set below when needed
    if (name === 'target') {
      if (value !== '_blank') continue;
      opensNewWindow = true;
    }
    kept.push(` ${name}="${escapeAttribute(value)}"`);
  }
  // A page opened with target=_blank must not get a handle on ours.
  if (opensNewWindow) kept.push(' rel="noopener noreferrer"');
  return kept.join('');
}

export function sanitizeHtml(html: string): string {
  let output = '';
  let index = 0;
  while (index < html.length) {
    const next = html.indexOf('<', index);
    if (next === -1) {
      output += escapeText(html.slice(index));
      break;
    }
    output += escapeText(html.slice(index, next));
    index = next;

    COMMENT.lastIndex = index;
    const comment = COMMENT.exec(html);
    if (comment) {
      index += comment[0].length;
      continue;
    }

    TAG.lastIndex = index;
    const tag = TAG.exec(html);
    if (!tag) {
      // Not a tag: a literal "<".
      output += '&lt;';
      index += 1;
      continue;
    }
    index += tag[0].length;
    const closing = tag[1] === '/';
    const name = tag[2].toLowerCase();

    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing) {
        // Skip to the matching close tag, or to the end if there is none.
        const close = new RegExp(`</${name}\\s*>`, 'ig');
        close.lastIndex = index;
        const end = close.exec(html);
        index = end ? end.index + end[0].length : html.length;
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue; // unknown tag: drop it, keep its text
    if (closing) {
      if (!VOID_TAGS.has(name)) output += `</${name}>`;
      continue;
    }
    output += `<${name}${sanitizeAttributes(name, tag[3])}>`;
  }
  return output;
}

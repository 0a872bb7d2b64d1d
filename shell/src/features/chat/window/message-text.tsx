import { isWebUrl } from '@platform/shared';
import { Fragment } from 'react';

/** A web address in a message: http or https only, up to the next space. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»。，！？、]+$/;

export interface TextPart {
  text: string;
  /** Set for a web address: where its link leads. */
  href?: string;
}

/**
 * A message's plain text cut into text and web addresses (http and https only; anything else,
 * javascript: included, stays text).
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? '';
    const address = match[0].slice(0, match[0].length - trailing.length);
    if (!isWebUrl(address)) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: address, href: new URL(address).href });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message's text as text, never as HTML (React escapes it), with its web addresses as links
 * that open in a new tab and cannot reach back into this page.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className} data-testid="chat-text">
      {textParts(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

// Messages: one text per error code and language. Error codes double as i18n keys on the front
// end; `message` is what a person reads, in the caller's `Language`. TY is the front end's
// Traditional Chinese set; TW (the legacy API's code) is accepted as the same. The codes themselves are
// the contract's (SERVER_ERROR_CODES in @platform/contract).
//
// The texts live with whoever raises the code: each module's `<module>.messages.ts` (exported by
// its index.ts), and `src/http/http.messages.ts` for the codes raised below the modules.
// `src/messages.ts` composes them into the one catalogue; this file holds only the machinery, as
// i18n/ sits under the modules and imports none of them.
import type { ServerErrorCode } from '@platform/contract';

export const MESSAGE_LANGUAGES = ['EN', 'BN', 'CN', 'ID', 'TH', 'TY', 'VI'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** The texts of one code: every language, a missing one fails type-check. */
export type MessageTexts = Readonly<Record<MessageLanguage, string>>;

/** The texts of some codes: one owner's part of the catalogue. */
export type MessagePart<Code extends ServerErrorCode = ServerErrorCode> = { readonly [C in Code]: MessageTexts };

/** Texts for every code the server answers. */
export type Catalogue = MessagePart<ServerErrorCode>;

/**
 * A part of the catalogue, its codes kept as literal types (so the composed catalogue knows which
 * codes it has). A code the contract does not list, or a missing language, fails type-check.
 */
export function defineMessages<const Code extends ServerErrorCode>(part: { readonly [C in Code]: MessageTexts }): MessagePart<Code> {
  return part;
}

type AnyPart = Readonly<Partial<Record<ServerErrorCode, MessageTexts>>>;
type CodesOf<Parts extends Readonly<Record<string, AnyPart>>> = { [Name in keyof Parts]: keyof Parts[Name] }[keyof Parts] & ServerErrorCode;

/**
 * The parts, named by owner, as one catalogue of the codes they hold. Throws when two parts hold
 * the same code: a code has one owner, and one would silently replace the other's texts.
 */
export function composeCatalogue<const Parts extends Readonly<Record<string, AnyPart>>>(parts: Parts): MessagePart<CodesOf<Parts>> {
  const catalogue: Partial<Record<ServerErrorCode, MessageTexts>> = {};
  const ownerOf = new Map<string, string>();
  for (const [owner, part] of Object.entries(parts)) {
    for (const [code, texts] of Object.entries(part) as [ServerErrorCode, MessageTexts][]) {
      const earlier = ownerOf.get(code);
      if (earlier !== undefined) throw new Error(`message code ${code} is defined by two parts: ${earlier} and ${owner}`);
      ownerOf.set(code, owner);
      catalogue[code] = texts;
    }
  }
  return catalogue as MessagePart<CodesOf<Parts>>;
}

/** Codes other clients of the platform family send for the same languages. */
const LANGUAGE_ALIASES: Record<string, MessageLanguage> = {
  TW: 'TY',
  ZH: 'CN',
  VN: 'VI',
};

/** Maps a `Language` header (EN, bn, zh-TW, TY, ...) to a catalogue language; EN if unknown. */
export function resolveLanguage(header: string | undefined): MessageLanguage {
  if (!header) return 'EN';
  const upper = header.trim().toUpperCase();
  // zh-TW / zh-Hant: Traditional Chinese; other zh-*: Simplified.
  if (/^ZH[-_](TW|HK|HANT)/.test(upper)) return 'TY';
  const primary = upper.slice(0, 2);
  if ((MESSAGE_LANGUAGES as readonly string[]).includes(primary)) return primary as MessageLanguage;
  return LANGUAGE_ALIASES[primary] ?? 'EN';
}

/**
 * The message for `code` from `messages` (the whole catalogue, or one owner's part), with
 * `{name}` placeholders filled from `params`; unknown placeholders stay visible.
 */
export function translate<Code extends ServerErrorCode>(
  messages: MessagePart<Code>,
  code: NoInfer<Code>,
  language: MessageLanguage,
  params: Record<string, string> = {},
): string {
  const texts: MessageTexts = messages[code];
  const template = texts[language] ?? texts.EN;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => params[name] ?? placeholder);
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SPEC_MESSAGES, SPEC_NAMESPACE_FOLDERS, type SpecMessage, type SpecNamespace } from '../../shared/src/i18n/spec-messages';

// Messages with a prescribed wording must each appear with that wording in English and
// translated in the six other sets. The list (shared/src/i18n/spec-messages.ts) says where each
// lives; this check reads the front-end translation files and the server's message catalogue.

const root = path.resolve(__dirname, '../..');
const SETS = ['bn', 'cn', 'en', 'id', 'th', 'ty', 'vi'] as const;
type Texts = Record<(typeof SETS)[number], string | undefined>;

const setsOf = new Map<SpecNamespace, Record<string, unknown>[]>();
function frontEndTexts(namespace: SpecNamespace, key: string): Texts {
  if (!setsOf.has(namespace)) {
    const folder = path.join(root, SPEC_NAMESPACE_FOLDERS[namespace]);
    setsOf.set(namespace, SETS.map((set) => JSON.parse(readFileSync(path.join(folder, `${set}.json`), 'utf8')) as Record<string, unknown>));
  }
  const sets = setsOf.get(namespace)!;
  const lookUp = (tree: Record<string, unknown>) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
    return typeof found === 'string' ? found : undefined;
  };
  return Object.fromEntries(SETS.map((set, index) => [set, lookUp(sets[index])])) as Texts;
}

/** Every part of the server's catalogue: the exports of server/src/**\/*.messages.ts. */
function serverCatalogue(): Map<string, Record<string, string>> {
  const catalogue = new Map<string, Record<string, string>>();
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(folder, entry.name)) : entry.name.endsWith('.messages.ts') ? [path.join(folder, entry.name)] : [],
    );
  for (const file of walk(path.join(root, 'server/src'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, unknown>;
    for (const part of Object.values(exported)) {
      if (!part || typeof part !== 'object') continue;
      for (const [code, texts] of Object.entries(part as Record<string, unknown>)) {
        if (texts && typeof texts === 'object' && typeof (texts as Record<string, unknown>).EN === 'string') catalogue.set(code, texts as Record<string, string>);
      }
    }
  }
  return catalogue;
}
const server = serverCatalogue();
const serverTexts = (code: string): Texts => {
  const texts = server.get(code);
  return Object.fromEntries(SETS.map((set) => [set, texts?.[set.toUpperCase()]])) as Texts;
};

/** The English with its placeholders ({{x}} or {x}) filled from the entry's values. */
function filled(english: string, values: SpecMessage['values'] = {}): string {
  return english.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, double?: string, single?: string) => {
    const name = (double ?? single)!;
    return name in values ? String(values[name]) : whole;
  });
}
/** Equal, but for the case of the first letter (a message shown alone starts with a capital). */
const sameWording = (actual: string, quoted: string) =>
  actual === quoted || (actual.length > 0 && actual.slice(1) === quoted.slice(1) && actual[0].toLowerCase() === quoted[0].toLowerCase());

const placeName = (place: SpecMessage['places'][number]) => (place.serverCode ? `server ${place.serverCode}` : `${place.namespace}:${place.key}`);

describe('the messages SPEC quotes', () => {
  it('lists every message of issue 13, each somewhere', () => {
    const issueList = [
      'Please enter a valid verification code', 'Incorrect confirmation input', 'Real name format is incorrect',
      'Phone number format is incorrect', 'Invalid invitation code', 'Input cannot be empty', 'Items marked with * are required',
      'Please enter the username and password', 'Account format is incorrect', 'Password format is incorrect',
      'E-mail format is incorrect', 'Please enter the captcha', 'Please enter correct mobile number', '{field} not empty',
      'quota not sufficient, contact customer service', 'Non-member account unable to login', 'Non-agents cannot log in',
    ];
    const listed = new Set(SPEC_MESSAGES.map((message) => message.text));
    expect(issueList.filter((text) => !listed.has(text))).toEqual([]);
    expect(SPEC_MESSAGES.every((message) => message.places.length > 0)).toBe(true);
  });

  it('lists every quote of SPEC §5 and §8 that is a message', () => {
    const spec = path.join(root, '..', 'shared', 'SPEC.md');
    let text: string;
    try {
      text = readFileSync(spec, 'utf8');
    } catch {
      return; // The spec is beside the checkout on the team's machines, not inside it.
    }
    const sectionOf = (number: number) => text.slice(text.indexOf(`## ${number}.`), text.indexOf(`## ${number + 1}.`));
    // A quote opens after a space or '(' and closes before punctuation, a space or the line's end
    // (so "Can't" inside one does not end it).
    const quotes = [5, 8].flatMap((number) => [...sectionOf(number).matchAll(/(?<=^|[\s(])'(.+?)'(?=[\s,.;)/:]|$)/gm)].map((match) => match[1]));
    expect(quotes.length).toBeGreaterThan(25);
    const listed = new Set(SPEC_MESSAGES.flatMap((message) => [message.text, ...(message.alsoQuotedAs ?? [])]));
    expect(quotes.filter((quote) => !listed.has(quote))).toEqual([]);
  });

  describe.each(SPEC_MESSAGES.map((message) => [message.text, message] as const))('%s', (_text, message) => {
    it.each(message.places.map((place) => [placeName(place), place] as const))('is in all seven sets of %s, in the spec’s English', (_name, place) => {
      const texts = place.serverCode ? serverTexts(place.serverCode) : frontEndTexts(place.namespace!, place.key!);
      const missing = SETS.filter((set) => !texts[set]?.trim());
      expect(missing).toEqual([]);
      const english = filled(texts.en!, message.values);
      expect({ english, spec: sameWording(english, message.text) }).toEqual({ english, spec: true });
      // Translated, not copied: the other sets differ from the English (but for placeholders alone).
      const copied = SETS.filter((set) => set !== 'en' && texts[set] === texts.en);
      expect(copied).toEqual([]);
    });
  });
});

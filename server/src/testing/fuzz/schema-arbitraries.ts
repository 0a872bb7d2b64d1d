import fc from 'fast-check';
import { nested, object, raw, type Json } from './json-text';

// Values built from a route's JSON Schema (the subset the contract rows use: type, properties,
// required, additionalProperties, minLength, maxLength, pattern, enum, minimum, maximum, items).
//
//   validValue(schema)  passes the schema: reaches the handler, whose own checks must refuse it;
//   badValue(schema)    certainly fails the schema *as the server validates it*: ajv with
//                       coerceTypes 'array' and removeAdditional (app.ts). So a number is no wrong
//                       type for a string (ajv coerces 5 to "5"), nor null (coerced to ""), nor a
//                       one-item array (unwrapped); an unknown field is no fault where
//                       additionalProperties is false (it is removed); a null body is no body
//                       (which a route may take). Those still appear, as noise;
//   noiseValue()        anything at all: deep nesting, huge strings, prototype keys.

export interface FuzzSchema {
  type?: string | string[];
  properties?: Record<string, FuzzSchema>;
  required?: string[];
  additionalProperties?: boolean | FuzzSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  items?: FuzzSchema;
}

/** A value with the reason it must be refused. */
export interface Faulty<T> {
  value: T;
  fault: string;
}

/** Above Fastify's default body limit (1 MiB): the whole request must be refused as too large. */
export const OVER_BODY_LIMIT = 1_100_000;

/** Pieces that broke parsers, databases, templates and string handling elsewhere. */
const NASTY_PIECES = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u202e',
  '\ufeff',
  '\u2028',
  '\u0085',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '%00',
  '%',
  "' OR '1'='1",
  '"; DROP TABLE member; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  '/%2F%2Fevil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '😀',
  'ǅİß𝕏',
  'ﷺ',
  '\u0301\u0301\u0301',
  '%s%n%x',
  '-1',
  '0',
  '1e309',
  '-0',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  ' ',
  '+880',
  '+',
  '00',
];

/** Keys that mean something to JavaScript objects. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

const stringUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_PIECES) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }) },
);

const junkStrings = new Map<number, fc.Arbitrary<string>>();

/** A short string of nasty and random pieces (no length guarantee beyond `maxPieces`). */
export function junkString(maxPieces = 6): fc.Arbitrary<string> {
  let junk = junkStrings.get(maxPieces);
  if (!junk) junkStrings.set(maxPieces, (junk = fc.array(stringUnit, { maxLength: maxPieces }).map((pieces) => pieces.join(''))));
  return junk;
}

const lengthUnit = fc.constantFrom('x', 'ab', '0', ' ', '%', '9');
const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Strings of one of `lengths` UTF-16 units (ASCII, so as many code points, as ajv counts). */
export const stringOfLength = (...lengths: number[]): fc.Arbitrary<string> =>
  fc.tuple(lengthUnit, fc.constantFrom(...lengths)).map(([unit, length]) => repeatTo(unit, length));

/** Strings of `min` to `max` UTF-16 units (ASCII). */
export const stringOfLengthBetween = (min: number, max: number): fc.Arbitrary<string> =>
  fc.tuple(lengthUnit, fc.integer({ min, max })).map(([unit, length]) => repeatTo(unit, length));

/** Huge strings: past a column's width, past 64 KiB, past the body limit. */
export const hugeString = (): fc.Arbitrary<string> => stringOfLength(2_000, 70_000, OVER_BODY_LIMIT);

/** Consecutive rejections after which a filtered arbitrary is a bug of the generator, not bad luck. */
const MAX_CONSECUTIVE_REJECTIONS = 1_000;

/**
 * `arbitrary.filter(predicate)` that fails loudly instead of looping for ever: fast-check retries a
 * filter until it passes, so a predicate that (almost) never holds would stall the whole run (it
 * once did: a boolean query field whose only "bad strings" were values of other types).
 */
export function filtered<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => boolean, what: string): fc.Arbitrary<T> {
  let rejections = 0;
  return arbitrary.filter((value) => {
    if (predicate(value)) {
      rejections = 0;
      return true;
    }
    if (++rejections >= MAX_CONSECUTIVE_REJECTIONS) {
      rejections = 0;
      throw new Error(`fuzz generator: ${what} rejected ${MAX_CONSECUTIVE_REJECTIONS} values in a row`);
    }
    return false;
  });
}

const typesOf = (schema: FuzzSchema): string[] => (schema.type === undefined ? [] : [schema.type].flat());

function clip(text: string, schema: FuzzSchema): string {
  const max = schema.maxLength ?? 200;
  const min = schema.minLength ?? 0;
  let clipped = [...text].slice(0, max).join('');
  while ([...clipped].length < min) clipped += 'a';
  return clipped;
}

/** Strings the schema accepts (its pattern, enum and length). */
export function validString(schema: FuzzSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  const { minLength = 0, maxLength = 200 } = schema;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    return filtered(
      fc.stringMatching(pattern),
      (text) => {
        const length = [...text].length;
        return length >= minLength && length <= maxLength;
      },
      `strings matching ${schema.pattern} of ${minLength}–${maxLength} characters`,
    );
  }
  return fc.oneof(junkString(), fc.string({ maxLength: Math.min(maxLength, 40) }), plausibleString).map((text) => clip(text, schema));
}

/** What a person would type: names, passwords, e-mail addresses, numbers (they pass a handler's first checks). */
const plausibleString = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9]{5,11}$/),
  fc.stringMatching(/^[A-Z][a-z]{3,6}[0-9]{2,4}[!#]?$/),
  fc.stringMatching(/^[a-z]{3,8}@[a-z]{3,8}\.(com|net)$/),
  fc.stringMatching(/^\+?[0-9]{7,12}$/),
  fc.stringMatching(/^[0-9]{6}$/),
);

/** Values that pass `schema` (optional properties sometimes left out, unknown fields sometimes added). */
export function validValue(schema: FuzzSchema): fc.Arbitrary<Json> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]));
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string':
      return validString(schema);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : noiseValue(), { maxLength: 4 });
    case 'null':
      return fc.constant(null);
    case 'object':
      return validObject(schema);
    default:
      return noiseValue();
  }
}

/** Keys that are not properties of `schema` (so they can never supply or replace one). */
export function unknownKey(schema: FuzzSchema): fc.Arbitrary<string> {
  const known = new Set(Object.keys(schema.properties ?? {}));
  return filtered(
    fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'admin', 'memberType', 'balance', 'merchantId', 'id', 'isAgent', 'role', ''), junkString(3)),
    (key) => !known.has(key),
    'unknown keys',
  );
}

function validObject(schema: FuzzSchema): fc.Arbitrary<Json> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) =>
    required.has(name) ? validValue(property).map((value) => [[name, value] as const]) : fc.option(validValue(property), { nil: undefined }).map((value) => (value === undefined ? [] : [[name, value] as const])),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.array(fc.tuple(unknownKey(schema), noiseValue(1)), { maxLength: 2 }))
    .map(([chosen, extra]) => object([...chosen.flat(), ...extra]));
}

/** A whole value of a type ajv will not coerce into any of `types`. */
function wrongTypeValue(types: string[]): fc.Arbitrary<Faulty<Json>> {
  const candidates: fc.Arbitrary<Json>[] = [];
  const scalar = types.some((type) => ['string', 'boolean', 'integer', 'number', 'null'].includes(type));
  if (!types.includes('object')) candidates.push(fc.constant(object([])), fc.tuple(unknownKeyFree, noiseValue(1)).map(([key, value]) => object([[key, value]])));
  // Arrays of two or more: ajv unwraps only a one-item array into a scalar.
  if (!types.includes('array')) candidates.push(fc.array(noiseValue(1), { minLength: 2, maxLength: 3 }));
  // Not null: a JSON null body is no body, which a route with an optional body takes (free play).
  if (types.includes('object') && !scalar) candidates.push(fc.constantFrom<Json>('text', 0, true, ''));
  if (types.includes('boolean') && !types.includes('string')) candidates.push(fc.constantFrom<Json>('maybe', 2, -1, 'yes', 'TRUE '));
  if ((types.includes('integer') || types.includes('number')) && !types.includes('string')) candidates.push(fc.constantFrom<Json>('abc', '1x', '', '0x10'));
  return fc.oneof(...candidates).map((value) => ({ value, fault: `type: not ${types.join('|')}` }));
}

const unknownKeyFree = fc.oneof(fc.constantFrom('a', 'x', ...PROTOTYPE_KEYS), junkString(2));

/**
 * Strings that break `schema`'s length, pattern or enum (empty when it has none of them); with
 * `huge` false, none past 8,000 characters (a URL past 16 KiB never reaches a handler).
 */
export function badStrings(schema: FuzzSchema, { huge = true } = {}): fc.Arbitrary<Faulty<string>>[] {
  const bad: fc.Arbitrary<Faulty<string>>[] = [];
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    const tooLong = [stringOfLengthBetween(max + 1, max + 20)];
    if (huge) tooLong.push(filtered(hugeString(), (text) => text.length > max, `strings over ${max} characters`));
    bad.push(fc.oneof(...tooLong).map((value) => ({ value, fault: `maxLength ${max}` })));
  }
  if (schema.minLength) bad.push(fc.constant({ value: '', fault: `minLength ${schema.minLength}` }));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    bad.push(filtered(fc.oneof(junkString(), fc.string({ maxLength: 12 })), (text) => !pattern.test(text), `strings off ${schema.pattern}`).map((value) => ({ value, fault: `pattern ${schema.pattern}` })));
  }
  if (schema.enum) {
    const allowed = new Set(schema.enum);
    bad.push(
      filtered(
        fc.oneof(junkString(3), fc.constantFrom(...(schema.enum as string[])).map((value) => `${String(value).toLowerCase()} `)),
        (text) => !allowed.has(text),
        'strings off the enum',
      ).map((value) => ({ value, fault: 'enum' })),
    );
  }
  return bad;
}

/** Values `schema` refuses whatever ajv coerces (see the top of this file). */
export function badValue(schema: FuzzSchema): fc.Arbitrary<Faulty<Json>> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<Faulty<Json>>[] = [];
  if (types.length > 0) options.push(wrongTypeValue(types));
  if (types.includes('string') || (types.length === 0 && (schema.enum || schema.pattern))) options.push(...badStrings(schema));
  if (types.includes('object')) {
    const properties = Object.entries(schema.properties ?? {});
    const required = schema.required ?? [];
    const valid = validObject(schema);
    const entriesOf = (value: Json) => (value as { entries: ReadonlyArray<readonly [string, Json]> }).entries;
    for (const missing of required) {
      options.push(valid.map((value) => ({ value: object(entriesOf(value).filter(([key]) => key !== missing)), fault: `required ${missing}` })));
    }
    for (const [name, property] of properties) {
      if (typesOf(property).length === 0 && !property.enum && !property.pattern) continue;
      options.push(
        fc.tuple(valid, badValue(property)).map(([value, bad]) => ({
          // The bad property goes last: a valid copy of it earlier is overridden (JSON keeps the last).
          value: object([...entriesOf(value).filter(([key]) => key !== name), [name, bad.value]]),
          fault: `${name}: ${bad.fault}`,
        })),
      );
    }
  }
  if (options.length === 0) throw new Error(`no way to break schema ${JSON.stringify(schema)}`);
  return fc.oneof(...options);
}

const noiseValues = new Map<number, fc.Arbitrary<Json>>();

/** Any value at all; `depth` bounds the generated tree (deep nesting comes as raw text). */
export function noiseValue(depth = 2): fc.Arbitrary<Json> {
  let noise = noiseValues.get(depth);
  if (!noise) noiseValues.set(depth, (noise = buildNoiseValue(depth)));
  return noise;
}

function buildNoiseValue(depth: number): fc.Arbitrary<Json> {
  const leaves: fc.Arbitrary<Json> = fc.oneof(
    { weight: 3, arbitrary: junkString() },
    { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, 0, -0, 1, -1, 2 ** 53 + 1, -(2 ** 63), 1e308, 5e-324, 0.1) },
    { weight: 1, arbitrary: fc.constantFrom(raw('1e999'), raw('-1e999'), raw('1E400'), raw('123456789012345678901234567890'), raw('0.0000000000000000000000001')) },
    { weight: 1, arbitrary: stringOfLength(2_000, 70_000) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(100, 1_000, 10_000), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([levels, shape]) => nested(levels, shape)),
    },
  );
  if (depth <= 0) return leaves;
  return fc.oneof(
    { weight: 4, arbitrary: leaves },
    { weight: 1, arbitrary: fc.array(noiseValue(depth - 1), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(unknownKeyFree, noiseValue(depth - 1)), { maxLength: 3 }).map(object) },
  );
}

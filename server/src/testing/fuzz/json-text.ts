// The values the fuzzer sends, before they become bytes. JSON.stringify cannot write everything a
// hostile client can: a key named "__proto__" (an object literal would set the prototype instead),
// the same key twice, 10,000 levels of nesting, or text that is not JSON at all. So a value is a
// small tree whose objects are lists of entries and which may hold raw text, written out by
// `toJsonText` exactly as given.

export type Json = null | boolean | number | string | Json[] | JsonObject | RawJson;

export interface JsonObject {
  readonly kind: 'object';
  readonly entries: ReadonlyArray<readonly [string, Json]>;
}

/** Text written into the JSON as it is (it may make the whole document malformed). */
export interface RawJson {
  readonly kind: 'raw';
  readonly text: string;
}

export const object = (entries: ReadonlyArray<readonly [string, Json]>): JsonObject => ({ kind: 'object', entries });
export const raw = (text: string): RawJson => ({ kind: 'raw', text });

export function isJsonObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'object';
}

function isRaw(value: Json): value is RawJson {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'raw';
}

/** The JSON text of `value`; strings through JSON.stringify (lone surrogates become \u escapes). */
export function toJsonText(value: Json): string {
  if (value === null || typeof value === 'boolean') return String(value);
  // NaN and ±Infinity have no JSON spelling: JSON.stringify writes null, as a client library would.
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (isRaw(value)) return value.text;
  return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
}

/** `depth` levels of arrays or objects around `inner`, as text (a tree that deep would overflow the stack here). */
export function nested(depth: number, shape: 'array' | 'object', inner = '1'): RawJson {
  return shape === 'array' ? raw(`${'['.repeat(depth)}${inner}${']'.repeat(depth)}`) : raw(`${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`);
}

import fc from 'fast-check';
import { isJsonObject, nested, object, toJsonText, type Json } from './json-text';
import {
  OVER_BODY_LIMIT,
  PROTOTYPE_KEYS,
  badStrings,
  badValue,
  filtered,
  junkString,
  noiseValue,
  stringOfLength,
  unknownKey,
  validString,
  validValue,
  type Faulty,
  type FuzzSchema,
} from './schema-arbitraries';

// One generated request = a plan (plain data, printable when a property fails) that the harness
// turns into bytes: its route, method, path, query, headers, identity and body. Each plan lists
// its `faults`: the parts that CERTAINLY make the server refuse it (a schema it breaks, a body that
// does not parse, an unknown merchant, no session on a closed route, …). A plan for a route that
// changes state carries at least one fault, unless the route cannot succeed without a secret the
// fuzzer never has (`semantic` routes: a login with an unknown account, a ticket or reset token
// nobody issued); those also get well-formed inputs, so the handlers' own checks are exercised.

export type AnswerKind = 'envelope' | 'redirect' | 'remotes';

export interface FuzzRoute {
  /** "POST /wps/session/login", as the OpenAPI document names it ("{provider}" for parameters). */
  key: string;
  method: string;
  /** The route's Fastify URL (":provider"). */
  url: string;
  auth: 'public' | 'optional' | 'member';
  realAccountOnly: boolean;
  encrypted: boolean;
  body?: FuzzSchema;
  querystring?: FuzzSchema;
  params?: FuzzSchema;
  /** Every method the server has for this URL (a wrong one is a fault). */
  methodsOfUrl: string[];
  answer: AnswerKind;
  /** Changes state when it succeeds: every input sent to it must be refused. */
  mutating: boolean;
  /** Cannot succeed without a secret the fuzzer never has: well-formed inputs are sent too. */
  semantic: boolean;
  /** Fields every well-formed input carries (an account name that is taken, …). */
  fixed?: Readonly<Record<string, Json>>;
}

/** Well-formed bodies of a semantic route: valid for its schema, with its fixed fields. */
function wellFormedBody(route: FuzzRoute, schema: FuzzSchema): fc.Arbitrary<Json> {
  const fixed = Object.entries(route.fixed ?? {});
  return validValue(schema).map((value) => (isJsonObject(value) && fixed.length > 0 ? object([...value.entries.filter(([key]) => !(key in route.fixed!)), ...fixed]) : value));
}

/** No token, junk, the member's or the guest's live token, or a token whose session was logged out. */
export type Identity = 'none' | 'junk' | 'member' | 'guest' | 'revoked';

/** Bytes of a body or of a sealed plaintext: text, with invalid UTF-8 bytes spliced in. */
export interface Payload {
  text: string;
  /** Raw bytes inserted at `at` (a fraction of the text's length). */
  splice?: { at: number; bytes: readonly number[] };
  /** Sent as UTF-16LE instead of UTF-8. */
  utf16?: boolean;
}

export type SealKind =
  | 'plaintext' // the body in clear, no Encryption header
  | 'no-header' // { value } but no Encryption header
  | 'junk-header' // an Encryption header that wraps no key of the server's
  | 'foreign-key' // sealed correctly, with a key pair that is not the server's
  | 'short-key' // the server's key wraps an AES key of the wrong length
  | 'truncated' // a correct seal, cut short
  | 'tampered' // a correct seal, one byte flipped
  | 'bad-value' // body { value } that is not a non-empty string
  | 'sealed'; // a correct seal of `plaintext` (itself malformed, schema-breaking, noise or valid)

export interface BodyPlan {
  contentType?: string;
  contentEncoding?: string;
  /** gzip the payload before sending; 'bomb' sends 50 MB of spaces gzipped to some 50 KB instead. */
  gzip?: 'valid' | 'garbage' | 'bomb';
  payload?: Payload;
  /** Encrypted routes: how the body is sealed; `payload` is then the plaintext. */
  seal?: SealKind;
  /** For seal 'bad-value': the JSON body sent instead of a sealed value. */
  badValue?: string;
  /** For 'short-key': the length of the AES key wrapped. */
  keyBytes?: number;
  /** For 'truncated' and 'tampered': where (a fraction of the sealed bytes). */
  cut?: number;
  /** For 'junk-header': the header sent. */
  header?: string;
  /** A well-formed value for a `semantic` route: sealed the way the browser seals it. */
  plainValue?: unknown;
}

export interface RequestPlan {
  route: string;
  method: string;
  path: string;
  query: string;
  identity: Identity;
  /** How a member's token is written: as is, "Bearer <token>", or junk instead of a token. */
  authorization?: string;
  /** An array: the header sent that many times. */
  headers: Record<string, string | string[]>;
  body: BodyPlan;
  remoteAddress: string;
  faults: string[];
  /** A well-formed input for a semantic route (no fault needed). */
  wellFormed: boolean;
}

/** Placeholder in `authorization` for the member's (or guest's) real token. */
export const TOKEN = '{token}';

/** The code of the second merchant the harness adds (the fuzzer's accounts belong to DEFAULT). */
export const OTHER_MERCHANT = 'FUZZOTHER';

const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const ADDRESSES = ['198.51.100.7', '198.51.100.8', '203.0.113.9', '203.0.113.200', '192.0.2.1', '2001:db8::1', '2001:db8::bad', '127.0.0.1', '::1'];

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
const encode = (text: string): string => encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Header values a client can actually send (Node refuses NUL, CR, LF and other controls). */
const headerSafe = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '').trim();

const headerJunk = (maxPieces = 6): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: junkString(maxPieces).map(headerSafe) },
    { weight: 1, arbitrary: stringOfLength(300, 8_000) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }).map(headerSafe) },
  );

function shorten(text: string): string {
  return text.length > 160 ? `${JSON.stringify(text.slice(0, 120))}…(${text.length} chars)` : JSON.stringify(text);
}

/** A readable description of a plan (counterexamples can hold megabytes of text). */
export function describePlan(plan: RequestPlan): string {
  const body = plan.body;
  const payload = body.payload ? `${shorten(body.payload.text)}${body.payload.splice ? ` +bytes[${body.payload.splice.bytes.join(',')}]` : ''}${body.payload.utf16 ? ' (utf-16)' : ''}` : 'none';
  return [
    `${plan.method} ${shorten(plan.path)}${plan.query ? `?${shorten(plan.query)}` : ''} (${plan.route})`,
    `  faults: ${plan.faults.join('; ') || (plan.wellFormed ? 'none (well-formed input)' : 'none')}`,
    `  identity: ${plan.identity}${plan.authorization !== undefined ? ` as ${shorten(plan.authorization)}` : ''}, from ${plan.remoteAddress}`,
    `  headers: ${Object.entries(plan.headers)
      .map(([name, value]) => `${name}=${Array.isArray(value) ? `[${value.map(shorten).join(', ')}]` : shorten(value)}`)
      .join(', ')}`,
    `  body: ${[
      body.seal ? `seal ${body.seal}` : '',
      body.contentType !== undefined ? `type ${shorten(body.contentType)}` : '',
      body.contentEncoding ? `encoding ${body.contentEncoding}` : '',
      body.gzip ? `gzip ${body.gzip}` : '',
      body.badValue ? `value ${shorten(body.badValue)}` : '',
      body.keyBytes ? `key ${body.keyBytes} bytes` : '',
      body.cut !== undefined ? `at ${body.cut.toFixed(3)}` : '',
      body.header !== undefined ? `header ${shorten(body.header)}` : '',
      body.plainValue !== undefined ? `value ${shorten(JSON.stringify(body.plainValue))}` : '',
      `payload ${payload}`,
    ]
      .filter(Boolean)
      .join(', ')}`,
  ].join('\n');
}

function withDescription(plan: RequestPlan): RequestPlan {
  Object.defineProperty(plan, fc.toStringMethod, { value: () => describePlan(plan), enumerable: false });
  return plan;
}

// ── Headers ──────────────────────────────────────────────────────────────────

interface Part<T> {
  value: T;
  faults: string[];
}

const clean = <T>(value: T): Part<T> => ({ value, faults: [] });
const faulty = <T>(value: T, fault: string): Part<T> => ({ value, faults: [fault] });

function merchantHeader(): fc.Arbitrary<Part<string | string[] | undefined>> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(clean(undefined)) },
    { weight: 3, arbitrary: fc.constant(clean('DEFAULT')) },
    // A second brand the harness adds, bare: no settings, switches or content of its own.
    { weight: 1, arbitrary: fc.constant(clean(OTHER_MERCHANT)) },
    // Exactly one Merchant header.
    { weight: 1, arbitrary: fc.constantFrom(['DEFAULT', 'DEFAULT'], ['DEFAULT', 'OTHER'], ['', 'DEFAULT']).map((values) => faulty<string[]>([...values], 'merchant: header repeated')) },
    {
      weight: 2,
      arbitrary: filtered(headerJunk(), (code) => code !== 'DEFAULT' && code !== OTHER_MERCHANT, 'unknown merchant codes').map((code) => (code === '' ? clean<string | string[] | undefined>(code) : faulty<string | string[] | undefined>(code, 'merchant: unknown code'))),
    },
  );
}

function identity(route: FuzzRoute): fc.Arbitrary<Part<{ identity: Identity; authorization?: string }>> {
  const closed = route.auth === 'member';
  const junkAuthorization = fc.oneof(
    headerJunk(),
    fc.constantFrom('Bearer', 'Bearer ', 'null', 'undefined', `${TOKEN}x`, `x${TOKEN}`, `Bearer  ${TOKEN}0`, `${TOKEN},${TOKEN}`, `Basic ${TOKEN}`),
    fc.stringMatching(/^[0-9a-f]{64}$/),
  );
  const member = fc.constantFrom(TOKEN, `Bearer ${TOKEN}`, `bearer   ${TOKEN}`).map((authorization) => ({ identity: 'member' as const, authorization }));
  const guest = fc.constant({ identity: 'guest' as const, authorization: TOKEN });
  const revoked = fc.constant({ identity: 'revoked' as const, authorization: TOKEN });
  return fc.oneof(
    { weight: closed ? 6 : 2, arbitrary: member.map((value) => clean(value)) },
    {
      weight: 1,
      arbitrary: guest.map((value) => (route.realAccountOnly ? faulty(value, 'identity: a guest on a real-account route') : clean(value))),
    },
    { weight: closed ? 1 : 4, arbitrary: fc.constant({ identity: 'none' as const }).map((value) => (closed ? faulty(value, 'identity: no session') : clean(value))) },
    { weight: 1, arbitrary: revoked.map((value) => (closed ? faulty(value, 'identity: a logged-out session') : clean(value))) },
    {
      weight: 2,
      // A junk Authorization that happens to contain the real token as is ("x{token}") is still no token.
      arbitrary: junkAuthorization.map((authorization) => ({ identity: 'junk' as const, authorization })).map((value) => (closed ? faulty(value, 'identity: junk token') : clean(value))),
    },
  );
}

/**
 * Up to three other headers, junk or odd. Kept sparse: the headers every /wps route declares have
 * length limits, and a request refused for a long Language header tells nothing about the rest.
 */
function otherHeaders(route: FuzzRoute): fc.Arbitrary<Record<string, string>> {
  const entry = (name: string, value: fc.Arbitrary<string>) => value.map((text) => [name, text] as const);
  const short = (max: number) => headerJunk(3).map((text) => text.slice(0, max));
  const entries = [
    entry('language', fc.oneof(fc.constantFrom('EN', 'VI', 'zh-TW', 'cn', 'xx', ''), short(16), headerJunk())),
    entry('device', fc.oneof(fc.constant('web'), short(32), headerJunk())),
    entry('x-gateway-version', fc.oneof(fc.constant('1'), short(8))),
    entry('x-request-id', headerJunk()),
    entry('x-forwarded-for', fc.oneof(fc.constantFrom('1.2.3.4', '1.2.3.4, 5.6.7.8', 'unknown', '::ffff:1.2.3.4', '999.1.1.1'), headerJunk())),
    entry('x-forwarded-proto', fc.constantFrom('https', 'http', 'gopher', '')),
    entry('x-country-code', fc.oneof(fc.constantFrom('US', 'CN', 'KP', ''), headerJunk(2))),
    entry('accept-encoding', fc.constantFrom('gzip', 'br', 'deflate', '*', 'identity;q=0, *;q=0', 'gzip;q=x', 'zstd')),
    entry('accept-language', headerJunk()),
    entry('user-agent', headerJunk()),
    entry('cookie', fc.oneof(fc.constantFrom('oauthBinding=abc', 'oauthBinding=', 'oauthBinding=a; oauthBinding=b', `oauthBinding=${'A'.repeat(100)}`, '=; ;;'), headerJunk())),
    entry('origin', fc.oneof(fc.constantFrom('null', 'https://evil.example', 'http://localhost'), headerJunk())),
    entry('host', fc.oneof(fc.constantFrom('localhost', 'example.com:99999', '[::1]', 'a..b', ''), headerJunk(2))),
    ...(route.encrypted ? [] : [entry('encryption', headerJunk())]),
  ];
  return fc.array(fc.oneof(...entries), { maxLength: 3 }).map((chosen) => Object.fromEntries(chosen));
}

// ── Path and query ───────────────────────────────────────────────────────────

/** Path segments a router and a URL decoder must survive. */
const junkSegment = fc.oneof(
  junkString(3).map((text) => encode(text)),
  fc.constantFrom('%', '%ZZ', '%C0%AF', '%E0%A4%A', '%00', '..', '.', '%2e%2e', '%2e%2e%2fdocs', '%2F', '%u0041', ';a=b', '~', '%FF%FE', '%ED%A0%80'),
  stringOfLength(101, 2_000),
);

function pathOf(route: FuzzRoute): fc.Arbitrary<Part<string>> {
  const params = Object.entries(route.params?.properties ?? {});
  const segment = (name: string, schema: FuzzSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: validString(schema).map((value) => clean(encode(value))) },
      // A parameter its schema refuses (an unknown provider), or one the URL decoder refuses.
      { weight: 2, arbitrary: filtered(junkSegment, (text) => !(schema.enum ?? []).includes(text), `segments off ${name}'s values`).map((text) => faulty(text, `params: ${name} is not a known value`)) },
    );
  const filled = fc.tuple(...params.map(([name, schema]) => segment(name, schema))).map((segments) => {
    let path = route.url;
    params.forEach(([name], index) => (path = path.replace(`:${name}`, segments[index].value)));
    return { value: path, faults: segments.flatMap((part) => part.faults) };
  });
  return fc.oneof(
    { weight: 9, arbitrary: filled },
    {
      weight: 1,
      // Past the route's last segment: no route there.
      arbitrary: fc.tuple(filled, fc.oneof(junkSegment, fc.constant(''))).map(([path, extra]) => ({ value: `${path.value}/${extra}`, faults: [...path.faults, 'path: no route at this path'] })),
    },
  );
}

type QueryPairs = Array<readonly [string, string]>;

const encodePairs = (pairs: QueryPairs): string => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');

function valueToQuery(name: string, value: Json): QueryPairs {
  if (Array.isArray(value)) return value.map((item) => [name, typeof item === 'string' ? item : toJsonText(item)] as const);
  return [[name, typeof value === 'string' ? value : toJsonText(value)]];
}

/** A query the schema refuses: a value too long, off pattern or enum, repeated, or a required one missing. */
/** Query text a number or integer property must refuse. */
function badNumberText(property: FuzzSchema): fc.Arbitrary<string> {
  const bounds = property as { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number };
  const texts = ['abc', 'NaN', '1,5', '--1', '１２', 'true', '1 2'];
  const low = bounds.minimum ?? bounds.exclusiveMinimum;
  const high = bounds.maximum ?? bounds.exclusiveMaximum;
  if (low !== undefined) texts.push(String(low - 1), String(low - 1e9));
  if (high !== undefined) texts.push(String(high + 1), String(high * 10 + 1e9));
  if ([property.type].flat().includes('integer')) texts.push('1.5', String((low ?? 0) + 0.25));
  return fc.constantFrom(...texts);
}

function badQuery(schema: FuzzSchema): fc.Arbitrary<Faulty<QueryPairs>> | undefined {
  const properties = Object.entries(schema.properties ?? {});
  const options: fc.Arbitrary<Faulty<QueryPairs>>[] = [];
  const validPairs = validValue(schema).map((value) => (isJsonObject(value) ? value.entries.flatMap(([key, item]) => valueToQuery(key, item)) : []));
  for (const [name, property] of properties) {
    const broken: fc.Arbitrary<Faulty<string[]>>[] = [];
    // Strings only (a query holds nothing else), capped: a URL past 16 KiB never reaches a handler.
    const types = [property.type].flat();
    if (types.some((type) => type === 'number' || type === 'integer')) {
      // A number's bad strings: text that is no number, and numbers the schema refuses (a string
      // copy of the schema would have no rule left that a string could break).
      broken.push(badNumberText(property).map((value) => ({ value: [value], fault: `bad number ${JSON.stringify(value)}` })));
    } else if (types.includes('boolean') && !types.includes('string')) {
      // ajv turns only "true" and "false" into a boolean.
      broken.push(fc.constantFrom('maybe', 'yes', '2', '-1', 'TRUE ', 'truee', 'null').map((value) => ({ value: [value], fault: `bad boolean ${JSON.stringify(value)}` })));
    } else {
      // Only strings the schema's own rules refuse (none when it has no length, pattern or enum).
      broken.push(...badStrings({ ...property, type: 'string' }, { huge: false }).map((bad) => bad.map((candidate) => ({ value: [candidate.value], fault: candidate.fault }))));
    }
    // Two values: ajv unwraps only a one-item array into the string the schema wants.
    broken.push(fc.tuple(validString(property), validString(property)).map(([first, second]) => ({ value: [first, second], fault: 'repeated' })));
    options.push(
      fc.tuple(validPairs, fc.oneof(...broken)).map(([pairs, candidate]) => ({
        value: [...pairs.filter(([key]) => key !== name), ...candidate.value.map((item) => [name, item] as const)],
        fault: `query: ${name}: ${candidate.fault}`,
      })),
    );
  }
  for (const missing of schema.required ?? []) {
    options.push(validPairs.map((pairs) => ({ value: pairs.filter(([key]) => key !== missing), fault: `query: required ${missing}` })));
  }
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

/** Text appended to a query as is: malformed escapes, prototype keys, odd separators. */
function junkQuery(schema: FuzzSchema | undefined): fc.Arbitrary<string> {
  const key = unknownKey(schema ?? {}).map((text) => encode(text));
  return fc.oneof(
    fc.tuple(key, junkSegment).map(([name, value]) => `${name}=${value}`),
    key.map((name) => `${name}[__proto__][polluted]=1&${name}[constructor][prototype][polluted]=1`),
    fc.constantFrom('&&&', '=', '==', '%', '%ZZ=1', '__proto__=1', 'constructor=1', 'a', '?a=1', '#frag', '%00=%00', 'a=%E0%A4%A'),
  );
}

function queryOf(route: FuzzRoute): fc.Arbitrary<Part<string>> {
  const schema = route.querystring;
  const junk = fc.option(junkQuery(schema), { nil: undefined, freq: 3 });
  const join = (base: string, extra: string | undefined) => [base, extra].filter(Boolean).join('&');
  if (!schema) return junk.map((extra) => clean(extra ?? ''));
  const valid = validValue(schema).map((value) => (isJsonObject(value) ? encodePairs(value.entries.flatMap(([key, item]) => valueToQuery(key, item))) : ''));
  const bad = badQuery(schema);
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(valid, junk).map(([base, extra]) => clean(join(base, extra))) },
    ...(bad ? [{ weight: 3, arbitrary: fc.tuple(bad, junk).map(([candidate, extra]) => faulty(join(encodePairs(candidate.value), extra), candidate.fault)) }] : []),
  );
}

// ── Bodies ───────────────────────────────────────────────────────────────────

/** Bytes that are not UTF-8: a lone continuation byte, an overlong NUL, an encoded surrogate, a cut sequence. */
const invalidUtf8 = fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xfe, 0xff]);

/** A JSON text, sometimes with invalid UTF-8 spliced into it or sent as UTF-16. */
function payloadOf(text: fc.Arbitrary<string>): fc.Arbitrary<Payload> {
  return fc.oneof(
    { weight: 6, arbitrary: text.map((value) => ({ text: value })) },
    { weight: 2, arbitrary: fc.tuple(text, fc.double({ min: 0, max: 1, noNaN: true }), invalidUtf8).map(([value, at, bytes]) => ({ text: value, splice: { at, bytes } })) },
    { weight: 1, arbitrary: text.map((value) => ({ text: value, utf16: true })) },
  );
}

/** JSON texts that do not parse: any document cut short, or one of the classics. */
const malformedJson = (base: fc.Arbitrary<Json>): fc.Arbitrary<string> =>
  fc.oneof(
    filtered(base.map(toJsonText), (text) => text.length > 1 && (text.endsWith('}') || text.endsWith(']')), 'JSON texts to cut short').map((text) => text.slice(0, -1)),
    fc.constantFrom('{', '{"a":', '[1,]', "{'a':1}", '{"a":1} x', 'NaN', 'undefined', '{"a":01}', '{"a":1,}', '{"\\u00"}', '{"a":"\\x41"}', '{a:1}', '\u0000', ']', '{"a" 1}', 'nul'),
  );

/** Content types no parser of the server takes (text/plain and form bodies are taken, so they are noise). */
const UNSUPPORTED_TYPES = ['application/xml', 'text/html', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png', 'application/jsonx', 'json', 'application/csp-report'];

/** Content types of a JSON body that still parse (or may), and others that are noise. */
const JSON_TYPE_VARIANTS = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;;', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded'];

function transportFault(base: fc.Arbitrary<Json>): fc.Arbitrary<Part<BodyPlan>> {
  return fc.oneof(
    payloadOf(malformedJson(base)).map((payload) => faulty<BodyPlan>({ contentType: 'application/json', payload }, 'body: malformed JSON')),
    fc.constant(faulty<BodyPlan>({ contentType: 'application/json', payload: { text: '' } }, 'body: empty JSON body')),
    fc.tuple(fc.constantFrom(...UNSUPPORTED_TYPES), base.map(toJsonText)).map(([contentType, text]) => faulty<BodyPlan>({ contentType, payload: { text } }, `body: unsupported type ${contentType}`)),
    base.map((value) => faulty<BodyPlan>({ contentType: 'application/json', payload: { text: toJsonText(object([['a', 'x'.repeat(OVER_BODY_LIMIT)], ['b', value]])) } }, 'body: over the body limit')),
  );
}

/** Bodies that are no certain fault: odd types and encodings, compression, deep nesting, prototype keys. */
function noiseBody(base: fc.Arbitrary<Json>): fc.Arbitrary<Part<BodyPlan>> {
  const protoKeyed = fc.tuple(base, fc.constantFrom(...PROTOTYPE_KEYS), noiseValue(1)).map(([value, key, inner]) =>
    isJsonObject(value) ? object([[key, object([['polluted', inner]])], ...value.entries]) : object([[key, value]]),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...JSON_TYPE_VARIANTS), payloadOf(fc.oneof(base, protoKeyed).map(toJsonText))).map(([contentType, payload]) => clean<BodyPlan>({ contentType, payload })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(10_000, 100_000, 400_000), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([depth, shape]) => clean<BodyPlan>({ contentType: 'application/json', payload: { text: nested(depth, shape).text } })) },
    { weight: 1, arbitrary: fc.tuple(base.map(toJsonText), fc.constantFrom<'valid' | 'garbage' | 'bomb'>('valid', 'garbage', 'bomb'), fc.constantFrom('gzip', 'deflate', 'br', 'gzip, gzip', 'identity', 'x-junk')).map(([text, gzip, contentEncoding]) => clean<BodyPlan>({ contentType: 'application/json', contentEncoding, gzip, payload: { text } })) },
    { weight: 1, arbitrary: fc.constant(clean<BodyPlan>({})) },
    { weight: 1, arbitrary: fc.constant(clean<BodyPlan>({ contentType: 'application/json' })) },
  );
}

function plainBody(route: FuzzRoute): fc.Arbitrary<Part<BodyPlan> & { wellFormed: boolean }> {
  const schema = route.body;
  const base = schema ? validValue(schema) : noiseValue();
  const notWellFormed = (part: Part<BodyPlan>) => ({ ...part, wellFormed: false });
  const options: fc.WeightedArbitrary<Part<BodyPlan> & { wellFormed: boolean }>[] = [
    { weight: 2, arbitrary: transportFault(base).map(notWellFormed) },
    { weight: 2, arbitrary: noiseBody(base).map(notWellFormed) },
  ];
  if (schema) {
    options.push({
      weight: 4,
      arbitrary: fc.tuple(badValue(schema), fc.constantFrom('application/json', 'application/json; charset=utf-8')).map(([candidate, contentType]) => ({
        value: { contentType, payload: { text: toJsonText(candidate.value) } },
        faults: [`body: ${candidate.fault}`],
        wellFormed: false,
      })),
    });
    if (route.semantic) {
      options.push({ weight: 3, arbitrary: wellFormedBody(route, schema).map((value) => ({ value: { contentType: 'application/json', payload: { text: toJsonText(value) } }, faults: [], wellFormed: true })) });
    }
  } else if (route.semantic) {
    // No body at all: what the client sends.
    options.push({ weight: 3, arbitrary: fc.constant({ value: {}, faults: [], wellFormed: true }) });
  }
  return fc.oneof(...options);
}

/** The value as a plain JavaScript value when it has no raw text (what a browser could encrypt). */
function plainOf(value: Json): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plainOf);
  if (!isJsonObject(value)) throw new Error('raw JSON has no plain value');
  const result: Record<string, unknown> = {};
  for (const [key, item] of value.entries) Object.defineProperty(result, key, { value: plainOf(item), enumerable: true, writable: true, configurable: true });
  return result;
}

function hasRaw(value: Json): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasRaw);
  return isJsonObject(value) ? value.entries.some(([, item]) => hasRaw(item)) : true;
}

function encryptedBody(route: FuzzRoute): fc.Arbitrary<Part<BodyPlan> & { wellFormed: boolean }> {
  const schema = route.body ?? {};
  const base = validValue(schema);
  const text = base.map(toJsonText);
  const fault = (plan: BodyPlan, why: string) => ({ value: plan, faults: [`encryption: ${why}`], wellFormed: false });
  const at = fc.double({ min: 0, max: 1, noNaN: true });
  const options: fc.WeightedArbitrary<Part<BodyPlan> & { wellFormed: boolean }>[] = [
    { weight: 1, arbitrary: text.map((value) => fault({ seal: 'plaintext', contentType: 'application/json', payload: { text: value } }, 'body sent in clear')) },
    { weight: 1, arbitrary: text.map((value) => fault({ seal: 'no-header', contentType: 'application/json', payload: { text: value } }, 'no Encryption header')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(headerJunk(), fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64'))), text)
        .map(([header, value]) => fault({ seal: 'junk-header', header, contentType: 'application/json', payload: { text: value } }, 'Encryption header wraps no key of the server')),
    },
    { weight: 1, arbitrary: text.map((value) => fault({ seal: 'foreign-key', contentType: 'application/json', payload: { text: value } }, 'sealed for another key pair')) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(0, 1, 16, 24, 31, 33, 64), text).map(([keyBytes, value]) => fault({ seal: 'short-key', keyBytes, contentType: 'application/json', payload: { text: value } }, `AES key of ${keyBytes} bytes`)),
    },
    { weight: 1, arbitrary: fc.tuple(at, text).map(([cut, value]) => fault({ seal: 'truncated', cut, contentType: 'application/json', payload: { text: value } }, 'sealed value cut short')) },
    { weight: 1, arbitrary: fc.tuple(at, text).map(([cut, value]) => fault({ seal: 'tampered', cut, contentType: 'application/json', payload: { text: value } }, 'one sealed byte flipped')) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"value":""}', '{"value":123}', '{"value":null}', '{"value":["a"]}', '{"value":{"a":1}}', '[]', '"text"', '{}', '{"Value":"abc"}')
        .map((badValue) => fault({ seal: 'bad-value', badValue, contentType: 'application/json' }, `body ${badValue}`)),
    },
    // Correct seals of plaintext the server must refuse after decrypting it.
    { weight: 1, arbitrary: payloadOf(malformedJson(base)).map((payload) => fault({ seal: 'sealed', contentType: 'application/json', payload }, 'sealed text is not JSON')) },
    { weight: 1, arbitrary: fc.constant(fault({ seal: 'sealed', contentType: 'application/json', payload: { text: '' } }, 'sealed text is empty')) },
  ];
  if (route.body) {
    options.push({
      weight: 4,
      arbitrary: fc.tuple(payloadOf(fc.constant('')), badValue(schema)).map(([shape, candidate]) => ({
        value: { seal: 'sealed' as const, contentType: 'application/json', payload: { ...shape, text: toJsonText(candidate.value) } },
        faults: [`body: ${candidate.fault}`],
        wellFormed: false,
      })),
    });
  }
  options.push({
    weight: 2,
    arbitrary: payloadOf(
      fc.oneof(
        noiseValue(2).map(toJsonText),
        fc.tuple(fc.constantFrom(10_000, 100_000), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([depth, shape]) => nested(depth, shape).text),
        base.map((value) => toJsonText(isJsonObject(value) ? object([['__proto__', object([['polluted', true]])], ...value.entries]) : value)),
      ),
    ).map((payload) => ({ value: { seal: 'sealed' as const, contentType: 'application/json', payload }, faults: [], wellFormed: false })),
  });
  if (route.semantic && route.body) {
    options.push({
      weight: 4,
      arbitrary: filtered(wellFormedBody(route, schema), (value) => !hasRaw(value), `well-formed bodies of ${route.key} without raw JSON`).map((value) => ({ value: { seal: 'sealed' as const, contentType: 'application/json', plainValue: plainOf(value) }, faults: [], wellFormed: true })),
    });
  }
  return fc.oneof(...options);
}

function bodyOf(route: FuzzRoute, method: string): fc.Arbitrary<Part<BodyPlan> & { wellFormed: boolean }> {
  if (!BODY_METHODS.has(method) || method !== route.method) {
    // A body on a GET is ignored by the server; sent now and then all the same.
    return fc.option(noiseBody(noiseValue()), { nil: undefined, freq: 4 }).map((part) => ({ ...(part ?? clean<BodyPlan>({})), wellFormed: false }));
  }
  return route.encrypted ? encryptedBody(route) : plainBody(route);
}

// ── Whole requests ───────────────────────────────────────────────────────────

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'SEARCH', 'PROPFIND'];

function methodOf(route: FuzzRoute): fc.Arbitrary<Part<string>> {
  const wrong = ALL_METHODS.filter((method) => !route.methodsOfUrl.includes(method) && !(method === 'HEAD' && route.methodsOfUrl.includes('GET')));
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(clean(route.method)) },
    ...(route.method === 'GET' ? [{ weight: 1, arbitrary: fc.constant(clean('HEAD')) }] : []),
    ...(wrong.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...wrong).map((method) => faulty(method, `method: no ${method} route here`)) }] : []),
  );
}

/** Requests for one route (see the top of this file for what every plan guarantees). */
export function requestPlans(route: FuzzRoute): fc.Arbitrary<RequestPlan> {
  // Built once: an arbitrary made inside chain() would be made again for every request.
  const bodiesByMethod = new Map(ALL_METHODS.map((method) => [method, bodyOf(route, method)]));
  const plans = fc
    .record({
      method: methodOf(route),
      path: pathOf(route),
      query: queryOf(route),
      merchant: merchantHeader(),
      identity: route.auth === 'public' ? fc.oneof({ weight: 3, arbitrary: fc.constant(clean<{ identity: Identity; authorization?: string }>({ identity: 'none' })) }, { weight: 1, arbitrary: identity(route) }) : identity(route),
      headers: otherHeaders(route),
      remoteAddress: fc.constantFrom(...ADDRESSES),
    })
    .chain((parts) => bodiesByMethod.get(parts.method.value)!.map((body) => ({ ...parts, body })))
    .map((parts) => {
      const headers = { ...parts.headers, ...(parts.merchant.value !== undefined ? { merchant: parts.merchant.value } : {}) };
      const faults = [parts.method, parts.path, parts.query, parts.merchant, parts.identity, parts.body].flatMap((part) => part.faults);
      // A session belongs to its merchant: under another one the token is no token.
      if (parts.merchant.value === OTHER_MERCHANT && route.auth === 'member' && ['member', 'guest'].includes(parts.identity.value.identity)) {
        faults.push('identity: a session of another merchant');
      }
      return withDescription({
        route: route.key,
        method: parts.method.value,
        path: parts.path.value,
        query: parts.query.value,
        identity: parts.identity.value.identity,
        authorization: parts.identity.value.authorization,
        headers,
        body: parts.body.value,
        remoteAddress: parts.remoteAddress,
        faults,
        wellFormed: parts.body.wellFormed && faults.length === 0,
      });
    });
  return filtered(plans, (plan) => !route.mutating || plan.faults.length > 0 || (route.semantic && plan.wellFormed), `plans for ${route.key} with a fault`);
}

/** First segments of the server's paths under /wps/ (an unknown path avoids all of them). */
export function unknownPathPlans(knownFirstSegments: string[]): fc.Arbitrary<RequestPlan> {
  const known = new Set(knownFirstSegments);
  const noise = noiseBody(noiseValue());
  const first = filtered(junkSegment, (segment) => !known.has(segment) && !known.has(decodeURIComponentSafe(segment)), 'unknown first segments');
  return fc
    .record({
      method: fc.constantFrom(...ALL_METHODS),
      segments: fc.tuple(first, fc.array(junkSegment, { maxLength: 3 })),
      query: fc.option(junkQuery(undefined), { nil: '' }),
      merchant: merchantHeader(),
      headers: otherHeaders({ encrypted: false } as FuzzRoute),
      remoteAddress: fc.constantFrom(...ADDRESSES),
    })
    .chain((parts) => noise.map((body) => ({ ...parts, body })))
    .map((parts) =>
      withDescription({
        route: 'ANY /wps/<unknown>',
        method: parts.method,
        path: `/wps/${[parts.segments[0], ...parts.segments[1]].join('/')}`,
        query: parts.query,
        identity: 'none',
        headers: { ...parts.headers, ...(parts.merchant.value !== undefined ? { merchant: parts.merchant.value } : {}) },
        body: parts.method === 'GET' || parts.method === 'HEAD' ? {} : parts.body.value,
        remoteAddress: parts.remoteAddress,
        faults: ['path: no route at this path'],
        wellFormed: false,
      }),
    );
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}



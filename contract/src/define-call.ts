// One endpoint of the wire contract: how the client sends it and the JSON Schemas of its request
// and answer. The server registers its route from the row (validation and OpenAPI), the caller
// imports the row and hands it to `api.call`: the row travels with its caller, so the shell's
// API client needs no table of its own (shared/README.md, "Compatibility").
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ModuleId } from './feature-switches';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallDefinition {
  /** Stable name of the call (errors and test stubs name it). */
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Whitelabel module id the call belongs to (sent as the `ModuleId` header). */
  readonly moduleId: ModuleId;
  /** Needs a session token: without one the client opens the login popup instead of sending. */
  readonly token: boolean;
  /** The body is encrypted (RSA-OAEP + AES-GCM, GET /wps/session/key/rsa). */
  readonly encrypted: boolean;
  /** Form-encoded body instead of JSON. */
  readonly form: boolean;
  /** Failures are handled by the caller: no toast (the legacy client's "quiet" calls). */
  readonly quiet: boolean;
  /** A GET whose answer is kept per language and merchant (`api.cached`). */
  readonly cached: boolean;
  /** JSON Schema of the query string. */
  readonly query?: JSONSchema;
  /** JSON Schema of the path parameters. */
  readonly params?: JSONSchema;
  /** JSON Schema of the request body (before encryption). */
  readonly body?: JSONSchema;
  /** JSON Schema of `value` in a successful envelope. */
  readonly value: JSONSchema;
}

type Flags = 'token' | 'encrypted' | 'form' | 'quiet' | 'cached';

/** What a row spells out: the flags default to false. */
export type CallInput = Omit<CallDefinition, Flags> & Partial<Pick<CallDefinition, Flags>>;

type FlagOf<C, K extends Flags> = C extends { readonly [P in K]: infer V extends boolean } ? V : false;

export type DefinedCall<C extends CallInput> = Omit<C, Flags> & { readonly [K in Flags]: FlagOf<C, K> };

/**
 * A row of the contract; its literal schemas type its request and answer (`RequestOf`, `ValueOf`).
 * Each row carries a `#__PURE__` annotation before `defineCall(…)`, so that a bundle keeps only
 * the rows its app imports (mfe-auth's contract chunk: 20.4 → 13.6 KB).
 */
export function defineCall<const C extends CallInput>(call: C): DefinedCall<C> {
  return { token: false, encrypted: false, form: false, quiet: false, cached: false, ...call } as DefinedCall<C>;
}

/** A client may leave out a property the server fills with its default. */
type Parsed<S> = S extends JSONSchema ? FromSchema<S, { keepDefaultedPropertiesOptional: true }> : never;

/** The body a call sends (undefined when it sends none). */
export type RequestOf<C extends CallDefinition> = C extends { readonly body: infer S } ? Parsed<S> : undefined;
/** The query string of a call (undefined when it takes none). */
export type QueryOf<C extends CallDefinition> = C extends { readonly query: infer S } ? Parsed<S> : undefined;
/** The path parameters of a call (undefined when it has none). */
export type ParamsOf<C extends CallDefinition> = C extends { readonly params: infer S } ? Parsed<S> : undefined;
/** The `value` of a successful answer. */
export type ValueOf<C extends CallDefinition> = Parsed<C['value']>;

/** A row `api.cached` may keep. */
export type CachedCall = CallDefinition & { readonly cached: true };

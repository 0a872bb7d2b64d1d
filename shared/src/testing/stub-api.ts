import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { api } from '../api/client';
import * as contract from '@platform/contract';
import type { CallDefinition, ValueOf } from '@platform/contract';
import { COUNTRIES, REGISTER_RULES } from './fixtures';

/** Every row of the contract. */
type ContractRow = Extract<(typeof contract)[keyof typeof contract], CallDefinition>;
/** The name of every row of the contract (a stub answers by the row's name). */
export type CallName = ContractRow['name'];
/** The row a name stands for (a row built for two kinds may carry either name). */
export type RowNamed<N extends CallName> = ContractRow extends infer Row ? (Row extends { readonly name: infer Named } ? (N extends Named ? Row : never) : never) : never;

export type CallOptionsSeen = { params?: Record<string, unknown>; data?: unknown; headers?: Record<string, string | false> } | undefined;
/** What a stub hands out for call N: the `value` the server's envelope carries, or an Error to fail with. */
export type StubValue<N extends CallName = CallName> = ValueOf<RowNamed<N>> | Error;
/**
 * A stubbed answer: a value, an Error to fail with, or a function of the call's options giving
 * either (or a promise of either, for a test that holds the answer back).
 */
export type StubAnswer<N extends CallName = CallName> = StubValue<N> | ((options: CallOptionsSeen) => StubValue<N> | Promise<StubValue<N>>);
/** A stub's table: each call's answer typed by its contract row. */
export type StubAnswers = { [N in CallName]?: StubAnswer<N> };

/** What the site-wide lists answer unless a test says otherwise: the country list and the registration rules. */
export const DEFAULT_ANSWERS: StubAnswers = { countries: COUNTRIES, registerSettings: REGISTER_RULES };

const rowsByName = new Map<string, CallDefinition>(
  Object.values(contract)
    .filter((row): row is ContractRow => typeof row === 'object' && row !== null && 'name' in row && 'value' in row && 'path' in row)
    .map((row) => [row.name, row]),
);

// The server checks and serialises each answer's `value` with its row's schema (server/src/http/
// schemas.ts); a stub is held to the same schema so a test cannot pass on a shape the server never
// sends. No coercion and no removal of extra properties: the stub must already be what goes on the wire.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

// A component may swallow the failed call (an error notice, an empty list), so a mismatch also
// fails the test that made it, after the test, whatever the component did with the rejection.
const mismatches: Error[] = [];
if (typeof afterEach === 'function') {
  afterEach(() => {
    const found = takeContractMismatches();
    if (found.length > 0) throw new Error(found.map((mismatch) => mismatch.message).join('\n'));
  });
}

function validatorOf(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const row = rowsByName.get(name);
    if (!row) throw new Error(`stubApi: no contract row is named ${name}`);
    validate = ajv.compile(row.value as object);
    validators.set(name, validate);
  }
  return validate;
}

const describeError = (error: ErrorObject) => `${error.instancePath || '(the value)'} ${error.message ?? 'is invalid'}${
  error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : ''
}${error.keyword === 'enum' ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})` : ''}`;

/** The mismatches found since the last test ended, taken off the list (the stub's own tests read them). */
export function takeContractMismatches(): Error[] {
  return mismatches.splice(0);
}

/**
 * Throws when `value` is not what the server could send as call `name`'s value: the message names
 * the call and each Ajv error's path and message. An Error answer is a failure, not a value, and passes.
 */
export function assertStubMatchesContract(name: string, value: unknown): void {
  if (value instanceof Error) return;
  const validate = validatorOf(name);
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(describeError);
  throw new Error(`stubApi: the stubbed answer of ${name} is not what the server sends (its contract row's value schema):\n  ${problems.join('\n  ')}`);
}

/**
 * Stubs the network edge: `api.call` and `api.cached` answer from the table (over
 * DEFAULT_ANSWERS). A call missing from the table fails, so an unexpected call fails loudly; an
 * answer that does not match its row's schema fails the call and the test (see assertStubMatchesContract).
 */
export function stubApi(answers: StubAnswers) {
  const table: StubAnswers = { ...DEFAULT_ANSWERS, ...answers };
  const answer = (name: CallName, options?: CallOptionsSeen): Promise<unknown> => {
    if (!(name in table)) return Promise.reject(new Error(`unexpected call ${name}`));
    const entry: unknown = table[name];
    let held: unknown;
    try {
      held = typeof entry === 'function' ? (entry as (seen: CallOptionsSeen) => unknown)(options) : entry;
    } catch (error) {
      return Promise.reject(error);
    }
    return Promise.resolve(held).then((value) => {
      try {
        assertStubMatchesContract(name, value);
      } catch (mismatch) {
        mismatches.push(mismatch as Error);
        throw mismatch;
      }
      if (value instanceof Error) throw value;
      return value;
    });
  };
  const call = jest.spyOn(api, 'call').mockImplementation(((row: CallDefinition, options?: CallOptionsSeen) =>
    answer(row.name as CallName, options)) as unknown as typeof api.call);
  const cached = jest.spyOn(api, 'cached').mockImplementation(((row: CallDefinition, params?: Record<string, unknown>) =>
    answer(row.name as CallName, { params })) as unknown as typeof api.cached);
  /** The options of every call of one name, in order. */
  const callsOf = (name: CallName) => call.mock.calls.filter(([called]) => called.name === name).map(([, options]) => options as CallOptionsSeen);
  return { call, cached, callsOf };
}

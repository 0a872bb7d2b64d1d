import { api } from '../api/client';
import type * as contract from '../contract';
import type { CallDefinition } from '../contract';
import { COUNTRIES, REGISTER_RULES } from './fixtures';

/** The name of every row of the contract (a stub answers by the row's name). */
export type CallName = Extract<(typeof contract)[keyof typeof contract], CallDefinition>['name'];

export type CallOptionsSeen = { params?: Record<string, unknown>; data?: unknown; headers?: Record<string, string | false> } | undefined;
/** A stubbed answer: a value, a function of the call's options, or an Error to fail with. */
export type StubAnswer = unknown | ((options: CallOptionsSeen) => unknown);

/** What the site-wide lists answer unless a test says otherwise: the country list and the registration rules. */
export const DEFAULT_ANSWERS: Partial<Record<CallName, StubAnswer>> = { countries: COUNTRIES, registerSettings: REGISTER_RULES };

/**
 * Stubs the network edge: `api.call` and `api.cached` answer from the table (over
 * DEFAULT_ANSWERS). A call missing from the table fails, so an unexpected call fails loudly.
 */
export function stubApi(answers: Partial<Record<CallName, StubAnswer>>) {
  const table: Partial<Record<CallName, StubAnswer>> = { ...DEFAULT_ANSWERS, ...answers };
  const answer = (name: CallName, options?: CallOptionsSeen): Promise<unknown> => {
    if (!(name in table)) return Promise.reject(new Error(`unexpected call ${name}`));
    const entry = table[name];
    let value: unknown;
    try {
      value = typeof entry === 'function' ? (entry as (seen: CallOptionsSeen) => unknown)(options) : entry;
    } catch (error) {
      return Promise.reject(error);
    }
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  const call = jest.spyOn(api, 'call').mockImplementation(((row: CallDefinition, options?: CallOptionsSeen) =>
    answer(row.name as CallName, options)) as unknown as typeof api.call);
  const cached = jest.spyOn(api, 'cached').mockImplementation(((row: CallDefinition, params?: Record<string, unknown>) =>
    answer(row.name as CallName, { params })) as unknown as typeof api.cached);
  /** The options of every call of one name, in order. */
  const callsOf = (name: CallName) => call.mock.calls.filter(([called]) => called.name === name).map(([, options]) => options as CallOptionsSeen);
  return { call, cached, callsOf };
}

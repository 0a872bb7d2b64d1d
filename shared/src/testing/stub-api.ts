import type { CallName } from '../api/call-table';
import { api } from '../api/client';
import { COUNTRIES, REGISTER_RULES } from './fixtures';

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
  const call = jest.spyOn(api, 'call').mockImplementation(((name: CallName, options?: CallOptionsSeen) => answer(name, options)) as unknown as typeof api.call);
  const cached = jest.spyOn(api, 'cached').mockImplementation(((name: CallName, params?: Record<string, unknown>) =>
    answer(name, { params })) as unknown as typeof api.cached);
  /** The options of every call of one name, in order. */
  const callsOf = (name: CallName) => call.mock.calls.filter(([called]) => called === name).map(([, options]) => options as CallOptionsSeen);
  return { call, cached, callsOf };
}
